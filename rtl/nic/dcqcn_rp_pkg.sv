// Copyright ccsilicon contributors.
//
// Shared types and codes of the DCQCN reaction point (next-blocks section c): the per-QP context
// kept in qp_table_core, the update's opcodes, operands and result codes, used by dcqcn_rp and
// dcqcn_rp_update. Every value mirrors a Java declaration (DcqcnRpContext.LAYOUT, DcqcnRpUpdate,
// DcqcnRpParams); the test RtlPackagesTest fails if one drifts.
package dcqcn_rp_pkg;

  // A package declares what every user needs; no one user needs all of it.
  /* verilator lint_off UNUSEDPARAM */

  localparam int unsigned RateWidth  = 24;  // Rc, Rt, R_line...: u24 in Delta_R = 156.25 kb/s
  localparam int unsigned AlphaWidth = 16;  // alpha, UQ1.15
  localparam int unsigned CntWidth   = 8;   // T, BC: u8 saturating
  localparam int unsigned RemWidth   = 28;  // bc_rem: s28 bytes
  localparam int unsigned GenWidth   = 4;   // generation per timer kind
  localparam int unsigned GWidth     = 16;  // g16 = g * 2^16
  localparam int unsigned FWidth     = 4;   // F
  localparam int unsigned BytesWidth = 16;  // a TX report's bytes

  // alpha = 1.0.
  localparam logic [AlphaWidth-1:0] AlphaOne = 16'h8000;

  // Profiles (DcqcnRpParams.PROFILE_*).
  typedef enum logic [0:0] {
    ProfilePaper = 1'b0,  // next-blocks c.2
    ProfileNs3   = 1'b1   // HPCC ns-3 "mlx" (c.7 item 6), on-demand decrease timer
  } profile_e;

  // Per-QP context, DcqcnRpContext.LAYOUT: rc in the LSBs.
  typedef struct packed {
    logic [GenWidth-1:0]   gen_alpha;
    logic [GenWidth-1:0]   gen_inc;
    logic                  alpha_flag;   // ns3: a CNP arrived in this alpha period
    logic                  dec_pending;  // ns3: the increase-kind timer is the decrease timer
    logic                  alpha_run;    // alpha timer armed
    logic                  seen;         // alpha valid (0 after the init sweep: alpha = 1.0)
    logic                  limited;      // limiter installed (0: rc, rt are the line rate)
    logic [RemWidth-1:0]   bc_rem;
    logic [CntWidth-1:0]   bc_cnt;
    logic [CntWidth-1:0]   t_cnt;
    logic [AlphaWidth-1:0] alpha;
    logic [RateWidth-1:0]  rt;
    logic [RateWidth-1:0]  rc;
  } ctx_t;

  localparam int unsigned CtxWidth = 2 * GenWidth + 5 + RemWidth + 2 * CntWidth + AlphaWidth +
                                     2 * RateWidth;

  localparam int unsigned OpWidth = 2;

  // Events of the update (DcqcnRpUpdate.OP_*).
  typedef enum logic [OpWidth-1:0] {
    OpCnp     = 2'd0,  // a CNP
    OpTx      = 2'd1,  // a TX report: operand = bytes
    OpExpire  = 2'd2,  // first pass of a timer expiry: operand = kind (probe)
    OpConfirm = 2'd3   // second pass: operand = confirm_operand_t
  } op_e;

  // Timer kinds: wheel id = {qp, kind}.
  localparam logic KindInc   = 1'b0;
  localparam logic KindAlpha = 1'b1;

  localparam int unsigned OperandWidth = BytesWidth;

  // Operand of OpConfirm: {kind, ok, gen} in the LSBs (DcqcnRpUpdate.confirmOperand).
  typedef struct packed {
    logic [OperandWidth-GenWidth-3:0] zero;  // unused, driven 0
    logic                             kind;
    logic                             ok;    // the wheel answered the probe "armed"
    logic [GenWidth-1:0]              gen;   // the kind's generation after the probe
  } confirm_operand_t;

  localparam int unsigned ResultWidth = 5;

  // What an event did (DcqcnRpUpdate.RES_*). Codes 16..31 are increases:
  // {1, bytes (byte counter, else timer), removed (reached the line rate), branch[1:0]}.
  typedef enum logic [ResultWidth-1:0] {
    ResCnpCut       = 5'd0,   // paper E_CNP: cut, alpha raised, timers reset
    ResNs3Cut       = 5'd1,   // ns3 decrease check with a CNP pending: cut
    ResNs3Cnp       = 5'd2,   // ns3 CNP: flags (first: alpha = 1), timers armed on demand
    ResTx           = 5'd3,   // bytes counted, no byte-counter event
    ResAlpha        = 5'd4,   // alpha timer: decay
    ResAlphaRaise   = 5'd5,   // ns3 alpha timer with a CNP in the period
    ResAlphaStop    = 5'd6,   // decay reached 0: alpha timer cancelled
    ResProbeInc     = 5'd7,   // increase expiry, probe re-arms at T_inc
    ResProbeIncHalf = 5'd8,   // increase expiry in HAI, probe re-arms at T_inc / 2
    ResProbeDec     = 5'd9,   // ns3 decrease expiry, probe re-arms at T_inc
    ResProbeAlpha   = 5'd10,  // alpha expiry, probe re-arms at K
    ResStaleWheel   = 5'd11,  // confirm: the timer was re-armed after it popped
    ResStaleGen     = 5'd12,  // confirm: re-armed or stopped since the probe
    ResIgnored      = 5'd13,  // expiry of a stopped timer, TX without a byte counter
    ResNone         = 5'd15   // no change
  } res_e;

  localparam int unsigned ResIncBit    = 4;  // increase
  localparam int unsigned ResBytesBit  = 3;  // triggered by the byte counter
  localparam int unsigned ResRemoveBit = 2;  // limiter removed

  // INCREASE branches (low two bits of an increase code).
  localparam logic [1:0] BranchFr  = 2'd1;
  localparam logic [1:0] BranchAi  = 2'd2;
  localparam logic [1:0] BranchHai = 2'd3;

  /* verilator lint_on UNUSEDPARAM */

endpackage
