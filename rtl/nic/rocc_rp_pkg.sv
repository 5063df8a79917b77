// Copyright ccsilicon contributors.
//
// Shared types and codes of the RoCC reaction point (SPEC 6.5): the per-QP context kept in
// qp_table_core, the update's opcodes, operands and result codes, used by rocc_rp and
// rocc_rp_update. Every value mirrors a Java declaration (RoccRpContext.LAYOUT and its *_WIDTH,
// RoccRpUpdate.OP_* / RES_* / OPERAND_WIDTH); the test RtlPackagesTest fails if one drifts.
package rocc_rp_pkg;

  // A package declares what every user needs; no one user needs all of it.
  /* verilator lint_off UNUSEDPARAM */

  // R_cur / R_rcvd in Delta^F units: the CNP's 24-bit rate field (RoccRpContext.RATE_WIDTH).
  localparam int unsigned RateWidth     = 24;
  // CP id {switch id[15:0], egress port[15:0]} (RoccRpContext.CP_WIDTH).
  localparam int unsigned CpWidth       = 32;
  // Generation of the armed recovery timer (RoccRpContext.TIMER_GEN_WIDTH).
  localparam int unsigned TimerGenWidth = 4;

  // Per-QP context, RoccRpContext.LAYOUT: rate in the LSBs, then cp, limiter, timer_gen.
  typedef struct packed {
    logic [TimerGenWidth-1:0] timer_gen;  // bumped by every arm; a stale expiry's differs
    logic                     limiter;    // rate limiter installed (0 after the init sweep)
    logic [CpWidth-1:0]       cp;         // CP_cur, congestion point of the last accepted CNP
    logic [RateWidth-1:0]     rate;       // R_cur
  } ctx_t;

  // Bits of ctx_t (the qp_table_core CtxWidth of rocc_rp).
  localparam int unsigned CtxWidth = TimerGenWidth + 1 + CpWidth + RateWidth;

  // Bits of an opcode.
  localparam int unsigned OpWidth = 2;

  // Events of the update (RoccRpUpdate.OP_*); the fourth code is reserved: no change.
  typedef enum logic [OpWidth-1:0] {
    OpCnp     = 2'd0,  // a CNP: the acceptance rule
    OpExpire  = 2'd1,  // first pass of a timer expiry: re-arms the timer (probe)
    OpConfirm = 2'd2   // second pass: the wheel's answer to the probe
  } op_e;

  // Operand of OpCnp: {cp, rate} (RoccRpUpdate.cnpOperand).
  typedef struct packed {
    logic [CpWidth-1:0]   cp;
    logic [RateWidth-1:0] rate;
  } cnp_operand_t;

  // Bits of an operand: the widest, the CNP's (RoccRpUpdate.OPERAND_WIDTH).
  localparam int unsigned OperandWidth = CpWidth + RateWidth;

  // Operand of OpConfirm: {ok, gen} in the LSBs (RoccRpUpdate.confirmOperand).
  typedef struct packed {
    logic [OperandWidth-TimerGenWidth-2:0] zero;  // unused, driven 0
    logic                                  ok;    // the wheel answered the probe "armed"
    logic [TimerGenWidth-1:0]              gen;   // timer_gen after the probe
  } confirm_operand_t;

  // Bits of a result code.
  localparam int unsigned ResultWidth = 4;

  // What an event did (RoccRpUpdate.RES_*); docs/blocks/rocc_rp.md maps them to Algorithm 2.
  // The four acceptances come first: res < ResReject is "accepted".
  typedef enum logic [ResultWidth-1:0] {
    ResAcceptNew    = 4'd0,   // CNP, no limiter yet
    ResAcceptLower  = 4'd1,   // CNP, R_rcvd < R_cur
    ResAcceptEqual  = 4'd2,   // CNP, R_rcvd == R_cur
    ResAcceptSameCp = 4'd3,   // CNP, from the current CP
    ResReject       = 4'd4,   // CNP rejected
    ResProbe        = 4'd5,   // expiry, limiter present: re-arm and confirm
    ResIgnored      = 4'd6,   // expiry without a limiter
    ResDouble       = 4'd7,   // confirmed expiry: rate doubled
    ResDoubleClamp  = 4'd8,   // confirmed expiry: doubled rate clamped to R_max
    ResRemove       = 4'd9,   // confirmed expiry at R_max: limiter removed
    ResStaleWheel   = 4'd10,  // confirm: the timer was re-armed after it popped
    ResStaleGen     = 4'd11,  // confirm: a CNP was accepted since the probe
    ResNone         = 4'd15   // reserved opcode: no change
  } res_e;

  /* verilator lint_on UNUSEDPARAM */

endpackage
