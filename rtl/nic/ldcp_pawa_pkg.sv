// Copyright ccsilicon contributors.
//
// Shared types and codes of the LDCP per-ACK window adjustment (next-blocks section d): the
// per-QP context kept in qp_table_core, the update's opcodes, operands and result codes, used by
// ldcp_pawa and ldcp_pawa_update. Every value mirrors a Java declaration (LdcpPawaContext.LAYOUT,
// LdcpPawaUpdate, LdcpPawaMath, LdcpPawaParams); the test RtlPackagesTest fails if one drifts.
package ldcp_pawa_pkg;

  // A package declares what every user needs; no one user needs all of it.
  /* verilator lint_off UNUSEDPARAM */

  localparam int unsigned XWidth      = 40;  // cw * 2^24, UQ16.24
  localparam int unsigned Frac        = 24;  // fraction bits of x
  localparam int unsigned RttWidth    = 20;  // srtt, samples, rtt_base: u20 cycles
  localparam int unsigned CntWidth    = 16;  // fs_sent, fs_acked: u16 saturating
  localparam int unsigned GenWidth    = 4;   // tick timer generation
  localparam int unsigned NWidth      = 6;   // packets newly acknowledged by one ACK
  localparam int unsigned AlphaWidth  = 9;   // A = alpha * 256
  localparam int unsigned BetaWidth   = 9;   // Bt = beta * 256
  localparam int unsigned ShiftWidth  = 3;   // gamma = 2^-gs, eta = 2^-es
  localparam int unsigned IwWidth     = 16;  // IW, cw_max in packets
  localparam int unsigned MtuWidth    = 14;  // bytes per packet
  localparam int unsigned WindowWidth = 30;  // (x * MTU) >> 24
  localparam int unsigned TickWidth   = 21;  // tick interval in cycles, < 2^21
  localparam int unsigned CauseWidth  = 4;

  // Per-QP context, LdcpPawaContext.LAYOUT: x in the LSBs.
  typedef struct packed {
    logic [GenWidth-1:0]  gen;
    logic                 tick_ok;       // timer mode: one packet may leave
    logic                 fs_first_ack;  // an ACK arrived in this fast start
    logic                 fs;            // FAST_START
    logic                 live;          // 0 after the init sweep: the QP reads as just started
    logic [CntWidth-1:0]  fs_acked;
    logic [CntWidth-1:0]  fs_sent;
    logic [RttWidth-1:0]  srtt;
    logic [XWidth-1:0]    x;
  } ctx_t;

  localparam int unsigned CtxWidth = GenWidth + 4 + 2 * CntWidth + RttWidth + XWidth;

  localparam int unsigned OpWidth = 3;

  // Events of the update (LdcpPawaUpdate.OP_*).
  typedef enum logic [OpWidth-1:0] {
    OpStart   = 3'd0,  // a new flow: the started state
    OpTx      = 3'd1,  // a TX-start: operand[0] = last of message
    OpAck     = 3'd2,  // an ACK: operand = ack_operand_t
    OpLoss    = 3'd3,  // a NAK or RTO
    OpExpire  = 3'd4,  // first pass of a tick expiry (probe)
    OpConfirm = 3'd5   // second pass: operand = confirm_operand_t
  } op_e;

  localparam int unsigned OperandWidth = NWidth + 2 + RttWidth;

  // Operand of OpAck (LdcpPawaUpdate.ackOperand).
  typedef struct packed {
    logic [RttWidth-1:0] rtt;
    logic                rtt_valid;
    logic                ece;
    logic [NWidth-1:0]   n;
  } ack_operand_t;

  // Operand of OpConfirm: {ok, gen} in the LSBs (LdcpPawaUpdate.confirmOperand).
  typedef struct packed {
    logic [OperandWidth-GenWidth-2:0] zero;  // unused, driven 0
    logic                             ok;    // the wheel answered the probe "armed"
    logic [GenWidth-1:0]              gen;   // the generation after the probe
  } confirm_operand_t;

  localparam int unsigned ResultWidth = 7;

  // Result: {leave, enter, ect, cause[3:0]} (LdcpPawaUpdate). Causes 0..10 produce an update
  // record (LdcpPawaMath.CAUSE_*), 11..14 are internal (LdcpPawaUpdate.RES_*).
  typedef enum logic [CauseWidth-1:0] {
    CauseStart      = 4'd0,   // a new flow
    CauseTx         = 4'd1,   // a TX-start
    CauseFsAck      = 4'd2,   // an ACK in fast start: fs_acked counted
    CauseFsDone     = 4'd3,   // transition 2: cw = IW
    CauseFsLoss     = 4'd4,   // transition 1: cw = max(gamma, fs_acked)
    CauseLoss       = 4'd5,   // a loss in STABLE: no change
    CauseAi         = 4'd6,   // window mode, unmarked: + n alpha / cw
    CauseMd         = 4'd7,   // window mode, marked: - n beta
    CauseSubAi      = 4'd8,   // timer mode, unmarked: + n gamma
    CauseSubMd      = 4'd9,   // timer mode, marked: * eta
    CauseTick       = 4'd10,  // tick expiry: tick_ok set
    ResProbe        = 4'd11,  // expiry of a live tick: probe re-arms it
    ResStaleWheel   = 4'd12,  // confirm: the wheel held a newer tick
    ResStaleGen     = 4'd13,  // confirm: re-armed or stopped since the probe
    ResIgnored      = 4'd14   // expiry of a tick no longer live
  } cause_e;

  localparam int unsigned ResEctBit   = 4;  // TX: the packet is ECN-capable
  localparam int unsigned ResEnterBit = 5;  // cw fell below one packet: timer mode entered
  localparam int unsigned ResLeaveBit = 6;  // cw rose to one packet or more: timer mode left

  // ECN field of a packet.
  localparam logic [1:0] EcnNotEct = 2'b00;
  localparam logic [1:0] EcnEct0   = 2'b10;

  /* verilator lint_on UNUSEDPARAM */

endpackage
