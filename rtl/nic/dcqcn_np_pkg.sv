// Copyright ccsilicon contributors.
//
// Shared types and codes of the DCQCN notification point (next-blocks.md (b); seed 004 Fig. 6):
// the mode codes, the per-QP context kept in qp_table_core, the update's opcodes and result codes,
// used by dcqcn_np and dcqcn_np_update. Every value mirrors a Java declaration
// (DcqcnNpReference.MODE_*, DcqcnNpUpdate.LAYOUT / OP_* / RES_* / *_WIDTH); RtlPackagesTest fails if
// one drifts.
package dcqcn_np_pkg;

  // A package declares what every user needs; no one user needs all of it.
  /* verilator lint_off UNUSEDPARAM */

  // Time base: the wheel's cycle counter, the CE arrival stamp, last_cnp and N are all u32 cycles
  // (a 4.29 s wrap at 1 GHz; a 16-bit stamp would alias after 65 us of silence).
  localparam int unsigned TimeWidth = 32;

  // Bits of a mode code.
  localparam int unsigned ModeWidth = 2;

  // cfg_mode_i (DcqcnNpReference.MODE_*); the fourth code behaves as echo.
  typedef enum logic [ModeWidth-1:0] {
    ModePaper = 2'd0,  // Fig. 6 timer loop: CNP on the first mark, then at most one per window
    ModeLazy  = 2'd1,  // minimum spacing N between CNPs, marks inside the window forgotten
    ModeEcho  = 2'd2   // block disabled: the ACK generator echoes ECN (HPCC ns-3)
  } mode_e;

  // Per-QP context, DcqcnNpUpdate.LAYOUT: active in the LSB, then pending, then last_cnp.
  // paper uses {pending, active} = {pending, st == ACTIVE}; lazy uses {last_cnp, active = valid}.
  typedef struct packed {
    logic [TimeWidth-1:0] last_cnp;  // lazy: arrival stamp of the CE that sent the last CNP
    logic                 pending;   // paper: a mark arrived since the last CNP
    logic                 active;    // paper: st == ACTIVE (timer armed); lazy: valid
  } ctx_t;

  // Bits of ctx_t (the qp_table_core CtxWidth of dcqcn_np).
  localparam int unsigned CtxWidth = TimeWidth + 2;

  // Bits of an opcode.
  localparam int unsigned OpWidth = 1;

  // Events of the update (DcqcnNpUpdate.OP_*).
  typedef enum logic [OpWidth-1:0] {
    OpCe     = 1'd0,  // a CE-marked data packet; operand = its arrival stamp
    OpExpire = 1'd1   // the QP's window timer expired (paper)
  } op_e;

  // Bits of an operand: the arrival stamp.
  localparam int unsigned OperandWidth = TimeWidth;

  // Bits of a result code.
  localparam int unsigned ResultWidth = 4;

  // What an event did (DcqcnNpUpdate.RES_*). res < ResPendSet sends a CNP (cnp_cause_o = res);
  // res < ResLazyFirst also arms the QP's timer.
  typedef enum logic [ResultWidth-1:0] {
    ResArmFirst   = 4'd0,  // paper: first mark on an IDLE QP: CNP now, ACTIVE, arm
    ResArmTimer   = 4'd1,  // paper: expiry with pending: CNP, re-arm
    ResLazyFirst  = 4'd2,  // lazy: first mark of a QP never notified: CNP
    ResLazySpaced = 4'd3,  // lazy: at least N since the last CNP: CNP
    ResPendSet    = 4'd4,  // paper: mark inside the window, pending 0 -> 1
    ResPendHeld   = 4'd5,  // paper: mark inside the window, pending already 1
    ResInWindow   = 4'd6,  // lazy: mark less than N after the last CNP: suppressed, forgotten
    ResIdle       = 4'd7,  // paper: expiry without a mark: back to IDLE, no re-arm
    ResEcho       = 4'd8   // echo mode: no state, no CNP
  } res_e;

  // Bits of cnp_cause_o: the result code of a CNP (ResArmFirst .. ResLazySpaced).
  localparam int unsigned CauseWidth = 2;

  /* verilator lint_on UNUSEDPARAM */

endpackage
