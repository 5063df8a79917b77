// Copyright ccsilicon contributors.
//
// QP state table (SPEC 6.3) with the generic test update: qp_table_core (the reusable RMW
// pipeline over the per-QP context SRAM) wired to qp_table_update_generic. This is the block's
// co-simulation top; an algorithm (e.g. rocc_rp) instantiates qp_table_core with its own update
// module and context width instead. Ports, timing and layouts: docs/blocks/qp_table.md.
//
// Parameters:
//   NumQps           - QPs (SRAM entries); a power of two >= 2 (1K..1M in products).
//   SramLatency      - SRAM read latency in cycles (>= 1) = hazard window.
//   OutDepth         - output FIFO entries; one event per cycle needs >= SramLatency + 2.
//   StatWidth        - width of the saturating statistics counters.
//   F0Width..F3Width - generic test layout field widths (1..32 each).
//   QpWidth, FwdWidth, CtxWidth - derived, do not override.
module qp_table #(
  parameter int unsigned NumQps      = 1024,
  parameter int unsigned SramLatency = 2,
  parameter int unsigned OutDepth    = 4,
  parameter int unsigned StatWidth   = 32,
  parameter int unsigned F0Width     = 24,
  parameter int unsigned F1Width     = 32,
  parameter int unsigned F2Width     = 16,
  parameter int unsigned F3Width     = 20,
  // Derived, do not override.
  parameter int unsigned QpWidth     = $clog2(NumQps),
  parameter int unsigned FwdWidth    = $clog2(SramLatency + 1),
  parameter int unsigned CtxWidth    = F0Width + F1Width + F2Width + F3Width
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,

  input  logic                 in_valid_i,
  output logic                 in_ready_o,
  input  logic [QpWidth-1:0]   in_qp_i,
  input  logic [2:0]           in_op_i,
  input  logic [33:0]          in_operand_i,   // {sel[1:0], value[31:0]}

  output logic                 out_valid_o,
  input  logic                 out_ready_i,
  output logic [QpWidth-1:0]   out_qp_o,
  output logic [2:0]           out_op_o,
  output logic [FwdWidth-1:0]  out_fwd_o,
  output logic [CtxWidth-1:0]  out_old_ctx_o,
  output logic [CtxWidth-1:0]  out_new_ctx_o,
  output logic [31:0]          out_result_o,

  output logic                 init_busy_o,
  output logic [StatWidth-1:0] stat_fwd_o,
  output logic [StatWidth-1:0] stat_stall_o
);

  logic [2:0]          upd_op;
  logic [33:0]         upd_operand;
  logic [CtxWidth-1:0] upd_old_ctx, upd_new_ctx;
  logic [31:0]         upd_result;

  qp_table_core #(
    .NumQps       (NumQps),
    .SramLatency  (SramLatency),
    .OutDepth     (OutDepth),
    .CtxWidth     (CtxWidth),
    .OpWidth      (3),
    .OperandWidth (34),
    .ResultWidth  (32),
    .StatWidth    (StatWidth)
  ) u_core (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .in_valid_i    (in_valid_i),
    .in_ready_o    (in_ready_o),
    .in_qp_i       (in_qp_i),
    .in_op_i       (in_op_i),
    .in_operand_i  (in_operand_i),
    .out_valid_o   (out_valid_o),
    .out_ready_i   (out_ready_i),
    .out_qp_o      (out_qp_o),
    .out_op_o      (out_op_o),
    .out_fwd_o     (out_fwd_o),
    .out_old_ctx_o (out_old_ctx_o),
    .out_new_ctx_o (out_new_ctx_o),
    .out_result_o  (out_result_o),
    .init_busy_o   (init_busy_o),
    .stat_fwd_o    (stat_fwd_o),
    .stat_stall_o  (stat_stall_o),
    .upd_op_o      (upd_op),
    .upd_operand_o (upd_operand),
    .upd_old_ctx_o (upd_old_ctx),
    .upd_new_ctx_i (upd_new_ctx),
    .upd_result_i  (upd_result)
  );

  qp_table_update_generic #(
    .F0Width (F0Width),
    .F1Width (F1Width),
    .F2Width (F2Width),
    .F3Width (F3Width)
  ) u_update (
    .op_i      (upd_op),
    .operand_i (upd_operand),
    .old_ctx_i (upd_old_ctx),
    .new_ctx_o (upd_new_ctx),
    .result_o  (upd_result)
  );

endmodule
