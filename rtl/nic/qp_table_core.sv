// Copyright ccsilicon contributors.
//
// QP state table (SPEC 6.3): a read-modify-write pipeline over a per-QP context SRAM, one event
// per cycle. The update function is not part of this module: it is a combinational block outside,
// wired to the upd_* ports (old context, opcode and operand out; new context and result in), so
// every algorithm reuses this pipeline with its own update module and context layout. qp_table
// is this core plus the generic test update; docs/blocks/qp_table.md has the timing diagrams.
//
// Pipeline: an event accepted in cycle t issues the SRAM read of its QP in t and reaches the
// write-back stage WB in t + SramLatency, where the update runs, the new context is written back
// and the result is pushed into the output FIFO. Nothing stalls once accepted: admission is
// credit-based (events in flight + results in the FIFO < OutDepth), so output backpressure stops
// admission (in_ready_o low) and never drops or overwrites a result.
//
// Same-QP hazards: an event accepted d <= SramLatency cycles after an earlier event on the same QP
// read the SRAM before that event's write-back landed. WB therefore compares its QP with the last
// SramLatency write-backs (a history shift register) and takes the context from the newest match
// (forward distance d, reported on out_fwd_o, counted in stat_fwd_o) instead of the SRAM data.
// Hazards never stall.
//
// Init: after reset the table writes zero to QP 0..NumQps-1, one per cycle, with in_ready_o low
// (init_busy_o high) for exactly NumQps cycles.
//
// Parameters:
//   NumQps       - QPs (SRAM entries); a power of two >= 2.
//   SramLatency  - SRAM read latency in cycles (>= 1); also the hazard window and the number of
//                  write-back history entries.
//   OutDepth     - output FIFO entries (>= 2); one event per cycle needs OutDepth >= SramLatency+2.
//   CtxWidth     - bits per QP of the update's context layout.
//   OpWidth      - opcode width of the update.
//   OperandWidth - operand width of the update.
//   ResultWidth  - per-algorithm result width of the update.
//   StatWidth    - width of the saturating statistics counters.
module qp_table_core #(
  parameter int unsigned NumQps       = 1024,
  parameter int unsigned SramLatency  = 2,
  parameter int unsigned OutDepth     = 4,
  parameter int unsigned CtxWidth     = 92,
  parameter int unsigned OpWidth      = 3,
  parameter int unsigned OperandWidth = 34,
  parameter int unsigned ResultWidth  = 32,
  parameter int unsigned StatWidth    = 32,
  // Derived, do not override.
  parameter int unsigned QpWidth      = $clog2(NumQps),
  parameter int unsigned FwdWidth     = $clog2(SramLatency + 1)
) (
  input  logic                    clk_i,
  input  logic                    rst_ni,

  // Events.
  input  logic                    in_valid_i,
  output logic                    in_ready_o,
  input  logic [QpWidth-1:0]      in_qp_i,
  input  logic [OpWidth-1:0]      in_op_i,
  input  logic [OperandWidth-1:0] in_operand_i,

  // Results, in event order.
  output logic                    out_valid_o,
  input  logic                    out_ready_i,
  output logic [QpWidth-1:0]      out_qp_o,
  output logic [OpWidth-1:0]      out_op_o,
  output logic [FwdWidth-1:0]     out_fwd_o,      // 0: context from SRAM; d: forwarded from the
                                                  // write-back d cycles earlier
  output logic [CtxWidth-1:0]     out_old_ctx_o,
  output logic [CtxWidth-1:0]     out_new_ctx_o,
  output logic [ResultWidth-1:0]  out_result_o,

  // Status and saturating statistics.
  output logic                    init_busy_o,    // init sweep running, input not ready
  output logic [StatWidth-1:0]    stat_fwd_o,     // events whose context was forwarded
  output logic [StatWidth-1:0]    stat_stall_o,   // cycles with in_valid_i high and in_ready_o low

  // Update function (combinational, outside this module).
  output logic [OpWidth-1:0]      upd_op_o,
  output logic [OperandWidth-1:0] upd_operand_o,
  output logic [CtxWidth-1:0]     upd_old_ctx_o,
  input  logic [CtxWidth-1:0]     upd_new_ctx_i,
  input  logic [ResultWidth-1:0]  upd_result_i
);

  localparam int unsigned L          = SramLatency;
  localparam int unsigned CntWidth   = $clog2(OutDepth + 1);
  localparam int unsigned EntryWidth = QpWidth + OpWidth + FwdWidth + 2 * CtxWidth + ResultWidth;
  localparam logic [QpWidth-1:0]  LastQp   = QpWidth'(NumQps - 1);

  ///////////////
  // Admission //
  ///////////////

  logic                init_q;
  logic [QpWidth-1:0]  init_ptr_q;
  logic [CntWidth-1:0] credit_q;     // events in flight + results in the FIFO
  logic                fire, push, pop;

  // Ready depends on registered state only, so no combinational path from out_ready_i.
  assign in_ready_o  = !init_q && (credit_q < CntWidth'(OutDepth));
  assign fire        = in_valid_i && in_ready_o;
  assign init_busy_o = init_q;

  // Init sweep: writes zero to every QP after reset, one per cycle, while the input is held off.
  always_ff @(posedge clk_i) begin : init_sweep
    if (!rst_ni) begin
      init_q     <= 1'b1;
      init_ptr_q <= '0;
    end else if (init_q) begin
      init_ptr_q <= init_ptr_q + QpWidth'(1);
      if (init_ptr_q == LastQp) begin
        init_q <= 1'b0;
      end
    end
  end

  // Credits: taken when an event is accepted, returned when its result leaves the FIFO.
  always_ff @(posedge clk_i) begin : credit_count
    if (!rst_ni) begin
      credit_q <= '0;
    end else begin
      credit_q <= credit_q + CntWidth'(fire) - CntWidth'(pop);
    end
  end

  /////////////////////
  // Read pipeline   //
  /////////////////////

  logic [L-1:0]            st_valid_q;
  logic [QpWidth-1:0]      st_qp_q      [L];
  logic [OpWidth-1:0]      st_op_q      [L];
  logic [OperandWidth-1:0] st_operand_q [L];

  // Stage valid bits: stage k holds the event accepted k+1 cycles ago; it never stalls.
  always_ff @(posedge clk_i) begin : stage_valid
    if (!rst_ni) begin
      st_valid_q <= '0;
    end else begin
      st_valid_q[0] <= fire;
      for (int unsigned k = 1; k < L; k++) begin
        st_valid_q[k] <= st_valid_q[k-1];
      end
    end
  end

  // Stage payloads, shifted unconditionally (qualified by the valid bits).
  always_ff @(posedge clk_i) begin : stage_data
    st_qp_q[0]      <= in_qp_i;
    st_op_q[0]      <= in_op_i;
    st_operand_q[0] <= in_operand_i;
    for (int unsigned k = 1; k < L; k++) begin
      st_qp_q[k]      <= st_qp_q[k-1];
      st_op_q[k]      <= st_op_q[k-1];
      st_operand_q[k] <= st_operand_q[k-1];
    end
  end

  logic                wb_valid;
  logic [QpWidth-1:0]  wb_qp;
  logic [CtxWidth-1:0] sram_rdata, sram_wdata;
  logic [QpWidth-1:0]  sram_waddr;
  logic                sram_we;

  assign wb_valid = st_valid_q[L-1];
  assign wb_qp    = st_qp_q[L-1];

  // The init sweep and write-back never meet: no event is in flight while init_q is high.
  assign sram_we    = wb_valid || init_q;
  assign sram_waddr = init_q ? init_ptr_q : wb_qp;
  assign sram_wdata = init_q ? '0 : upd_new_ctx_i;

  // The QP context SRAM macro: latency L, OLD_DATA (a same-entry write-back in the reading cycle
  // is covered by the bypass below, not by the macro). No reset: the init sweep clears it.
  prim_ram_1r1w #(
    .Depth      (NumQps),
    .Width      (CtxWidth),
    .Latency    (L),
    .WriteFirst (1'b0)
  ) u_sram (
    .clk_i   (clk_i),
    .re_i    (fire),
    .raddr_i (in_qp_i),
    .rdata_o (sram_rdata),
    .we_i    (sram_we),
    .waddr_i (sram_waddr),
    .wdata_i (sram_wdata)
  );

  //////////////////////////
  // Write-back and bypass //
  //////////////////////////

  logic [L-1:0]          hist_valid_q;
  logic [QpWidth-1:0]    hist_qp_q  [L];
  logic [CtxWidth-1:0]   hist_ctx_q [L];
  logic [FwdWidth-1:0]   fwd_dist;
  logic [CtxWidth-1:0]   old_ctx;

  // Bypass select: the newest of the last L write-backs to WB's QP wins; scanning from the oldest
  // entry lets a newer match overwrite an older one.
  always_comb begin : bypass_select
    fwd_dist = '0;
    old_ctx  = sram_rdata;
    for (int unsigned k = 0; k < L; k++) begin
      if (hist_valid_q[L-1-k] && (hist_qp_q[L-1-k] == wb_qp)) begin
        fwd_dist = FwdWidth'(L - k);
        old_ctx  = hist_ctx_q[L-1-k];
      end
    end
  end

  // Write-back history: entry k is the write-back issued k+1 cycles ago.
  always_ff @(posedge clk_i) begin : history_valid
    if (!rst_ni) begin
      hist_valid_q <= '0;
    end else begin
      hist_valid_q[0] <= wb_valid;
      for (int unsigned k = 1; k < L; k++) begin
        hist_valid_q[k] <= hist_valid_q[k-1];
      end
    end
  end

  // History payloads, shifted unconditionally (qualified by the valid bits).
  always_ff @(posedge clk_i) begin : history_data
    hist_qp_q[0]  <= wb_qp;
    hist_ctx_q[0] <= upd_new_ctx_i;
    for (int unsigned k = 1; k < L; k++) begin
      hist_qp_q[k]  <= hist_qp_q[k-1];
      hist_ctx_q[k] <= hist_ctx_q[k-1];
    end
  end

  assign upd_op_o      = st_op_q[L-1];
  assign upd_operand_o = st_operand_q[L-1];
  assign upd_old_ctx_o = old_ctx;

  /////////////////
  // Output FIFO //
  /////////////////

  logic                  unused_fifo_wready;
  logic [CntWidth-1:0]   unused_fifo_depth;
  logic [EntryWidth-1:0] fifo_rdata;

  assign push = wb_valid;
  assign pop  = out_valid_o && out_ready_i;

  // The credit check guarantees a free entry for every push, so wready is always high here.
  prim_fifo_sync #(
    .Width (EntryWidth),
    .Depth (OutDepth)
  ) u_out_fifo (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .wvalid_i (push),
    .wready_o (unused_fifo_wready),
    .wdata_i  ({wb_qp, st_op_q[L-1], fwd_dist, old_ctx, upd_new_ctx_i, upd_result_i}),
    .rvalid_o (out_valid_o),
    .rready_i (out_ready_i),
    .rdata_o  (fifo_rdata),
    .depth_o  (unused_fifo_depth)
  );

  assign {out_qp_o, out_op_o, out_fwd_o, out_old_ctx_o, out_new_ctx_o, out_result_o} = fifo_rdata;

  ////////////////
  // Statistics //
  ////////////////

  // Saturating counters of forwarded events and of input stall cycles.
  always_ff @(posedge clk_i) begin : stats
    if (!rst_ni) begin
      stat_fwd_o   <= '0;
      stat_stall_o <= '0;
    end else begin
      if (wb_valid && (fwd_dist != '0) && (stat_fwd_o != '1)) begin
        stat_fwd_o <= stat_fwd_o + StatWidth'(1);
      end
      if (in_valid_i && !in_ready_o && (stat_stall_o != '1)) begin
        stat_stall_o <= stat_stall_o + StatWidth'(1);
      end
    end
  end

endmodule
