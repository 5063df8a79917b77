// Copyright ccsilicon contributors.
//
// RoCC fair-rate block (SPEC 6.1): the congestion point of seed 000, Algorithm 1, for NumPorts
// egress ports sharing one compute pipeline. Every cfg_period_i cycles a sweep updates every port
// once, in port order, one port per cycle; each update reads the port's queue depth from the
// traffic manager, computes the next fair rate F and emits (port, F) on a valid/ready stream.
// Micro-architecture, formats and timing: docs/blocks/rocc_fair_rate.md.
//
// Parameters:
//   NumPorts     - egress ports served by the one pipeline (>= 2, so a port is never in the
//                  compute stage while it is being read again).
//   QBytesWidth  - width of the queue depth in bytes returned by the traffic manager.
//   QuantBytes   - Delta^Q in bytes (600 in the paper). Compile-time: the quantiser is an exact
//                  multiply by a reciprocal, not a divider.
//   FIntWidth    - integer bits of F, Fmin, Fmax, Finit (units of Delta^F = 10 Mb/s).
//   FFracWidth   - fraction bits of F (0 as in the authors' simulation; <= AbFracWidth).
//   AbIntWidth   - integer bits of alpha~ / beta~.
//   AbFracWidth  - fraction bits of alpha~ / beta~ (8).
//   PeriodWidth  - width of the period counter and of cfg_period_i.
//   RoundMode    - 0 FLOOR, 1 TRUNCATE, 2 HALF_UP for the PI scaling and the MD halving.
//   OutDepth     - output FIFO entries; >= 3 sustains one update per cycle (see docs).
//   StatWidth    - width of the saturating tick statistics counters.
//
// Configuration ports are static: software writes them while enable_i is low and holds them.
module rocc_fair_rate #(
  parameter int unsigned NumPorts    = 64,
  parameter int unsigned QBytesWidth = 24,
  parameter int unsigned QuantBytes  = 600,
  parameter int unsigned FIntWidth   = 16,
  parameter int unsigned FFracWidth  = 0,
  parameter int unsigned AbIntWidth  = 4,
  parameter int unsigned AbFracWidth = 8,
  parameter int unsigned PeriodWidth = 24,
  parameter int unsigned RoundMode   = rocc_fair_rate_pkg::RoundFloor,
  parameter int unsigned OutDepth    = 3,
  parameter int unsigned StatWidth   = 16,
  // Derived, do not override.
  parameter int unsigned PortWidth   = (NumPorts > 1) ? $clog2(NumPorts) : 1,
  parameter int unsigned QWidth      = $clog2(((2 ** QBytesWidth) - 1) / QuantBytes + 1),
  parameter int unsigned FWidth      = FIntWidth + FFracWidth,
  parameter int unsigned AbWidth     = AbIntWidth + AbFracWidth
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,

  // Starts the period timer; while low no sweep begins (a running sweep completes).
  input  logic                   enable_i,

  // Static configuration, in Delta units (see docs for the per-link-speed defaults).
  input  logic [PeriodWidth-1:0] cfg_period_i,   // T in cycles, >= NumPorts
  input  logic [QWidth-1:0]      cfg_q_ref_i,    // Qref, Delta^Q units
  input  logic [QWidth-1:0]      cfg_q_mid_i,    // Qmid, Delta^Q units
  input  logic [QWidth-1:0]      cfg_q_max_i,    // Qmax, Delta^Q units
  input  logic [FIntWidth-1:0]   cfg_f_min_i,    // Fmin, Delta^F units
  input  logic [FIntWidth-1:0]   cfg_f_max_i,    // Fmax, Delta^F units
  input  logic [FIntWidth-1:0]   cfg_f_init_i,   // F of a port before its first update
  input  logic [AbWidth-1:0]     cfg_alpha_i,    // alpha~, AbFracWidth fraction bits
  input  logic [AbWidth-1:0]     cfg_beta_i,     // beta~, AbFracWidth fraction bits

  // Queue depth read port to the traffic manager: fixed one-cycle latency, always answered.
  output logic                   q_rd_req_o,
  output logic [PortWidth-1:0]   q_rd_port_o,
  input  logic [QBytesWidth-1:0] q_rd_bytes_i,   // depth of the port requested last cycle

  // Fair-rate updates to the flow table / CNP generator.
  output logic                   out_valid_o,
  input  logic                   out_ready_i,
  output logic [PortWidth-1:0]   out_port_o,
  output logic [FWidth-1:0]      out_f_o,        // F, Delta^F units, FFracWidth fraction bits
  output logic [rocc_fair_rate_pkg::BranchWidth-1:0] out_branch_o, // branch_e: PI, MD to Fmin,
                                                                   // MD halving
  output logic [rocc_fair_rate_pkg::ClampWidth-1:0]  out_clamp_o,  // [ClampMaxBit] clamped to Fmax,
                                                                   // [ClampMinBit] raised to Fmin
  output logic [rocc_fair_rate_pkg::RatioWidth-1:0]  out_ratio_log2_o, // auto-tune: ratio = 2^value

  // Saturating statistics: ticks that found the previous sweep unfinished (deferred), and
  // ticks that found one already deferred (merged into it: a period was skipped).
  output logic [StatWidth-1:0]   stat_late_ticks_o,
  output logic [StatWidth-1:0]   stat_merged_ticks_o
);
  // Exact floor(bytes / QuantBytes) for every bytes < 2^QBytesWidth: with
  // s = QBytesWidth + clog2(d) and M = ceil(2^s / d), the error e = M*d - 2^s < d gives
  // bytes * e < 2^s, which keeps floor(bytes * M / 2^s) equal to floor(bytes / d).
  localparam int unsigned RecipShift = QBytesWidth + $clog2(QuantBytes);
  localparam logic [63:0] RecipM64 =
      ((64'd1 << RecipShift) + 64'(QuantBytes) - 64'd1) / 64'(QuantBytes);
  localparam int unsigned ProdWidth  = 2 * QBytesWidth + 1;
  localparam logic [QBytesWidth:0] RecipM = RecipM64[QBytesWidth:0];
  localparam logic [PortWidth-1:0] LastPort = PortWidth'(NumPorts - 1);
  localparam int unsigned FifoCntWidth = $clog2(OutDepth + 1);
  localparam int unsigned EntryWidth   = PortWidth + FWidth + rocc_fair_rate_pkg::BranchWidth +
                                         rocc_fair_rate_pkg::ClampWidth +
                                         rocc_fair_rate_pkg::RatioWidth;

  ///////////
  // Timer //
  ///////////

  logic [PeriodWidth-1:0] period_cnt_q;
  logic                   tick;

  assign tick = enable_i && (period_cnt_q == cfg_period_i - PeriodWidth'(1));

  // Free-running period counter: one tick every cfg_period_i enabled cycles.
  always_ff @(posedge clk_i) begin : period_counter
    if (!rst_ni) begin
      period_cnt_q <= '0;
    end else if (!enable_i || tick) begin
      period_cnt_q <= '0;
    end else begin
      period_cnt_q <= period_cnt_q + PeriodWidth'(1);
    end
  end

  ///////////
  // Sweep //
  ///////////

  logic                 active_q, deferred_q;
  logic [PortWidth-1:0] ptr_q;
  logic                 issue, sweep_done, busy;
  logic                 s1_valid_q;
  logic [FifoCntWidth-1:0] fifo_cnt;

  // Credit check: the port issued now reaches the FIFO at the end of the next cycle, after at
  // most one other update (the one in S1) and with no pop guaranteed.
  assign issue      = active_q &&
                      ({1'b0, fifo_cnt} + (FifoCntWidth+1)'(s1_valid_q)
                       < (FifoCntWidth+1)'(OutDepth));
  assign sweep_done = issue && (ptr_q == LastPort);
  assign busy       = active_q && !sweep_done;

  // Sweep sequencer: a tick starts a sweep over ports 0..NumPorts-1. A tick during a sweep is
  // deferred until the sweep has issued its last port (no update is dropped, the period of every
  // port stretches); a further tick while one is deferred merges with it.
  always_ff @(posedge clk_i) begin : sweep_fsm
    if (!rst_ni) begin
      active_q   <= 1'b0;
      deferred_q <= 1'b0;
      ptr_q      <= '0;
    end else begin
      if (issue) begin
        ptr_q <= sweep_done ? '0 : ptr_q + PortWidth'(1);
      end
      if (sweep_done) begin
        active_q   <= deferred_q || tick;
        deferred_q <= 1'b0;
      end else if (tick) begin
        active_q   <= 1'b1;
        deferred_q <= deferred_q || active_q;
      end
    end
  end

  logic tick_late, tick_merged;
  assign tick_late   = tick && busy && !deferred_q;
  assign tick_merged = tick && deferred_q;

  // Saturating counters of deferred and merged ticks.
  always_ff @(posedge clk_i) begin : tick_stats
    if (!rst_ni) begin
      stat_late_ticks_o   <= '0;
      stat_merged_ticks_o <= '0;
    end else begin
      if (tick_late && (stat_late_ticks_o != '1)) begin
        stat_late_ticks_o <= stat_late_ticks_o + StatWidth'(1);
      end
      if (tick_merged && (stat_merged_ticks_o != '1)) begin
        stat_merged_ticks_o <= stat_merged_ticks_o + StatWidth'(1);
      end
    end
  end

  assign q_rd_req_o  = issue;
  assign q_rd_port_o = ptr_q;

  //////////////////////////
  // Per-port state (RAM) //
  //////////////////////////

  logic [NumPorts-1:0]  init_q;
  logic [FWidth-1:0]    rd_f_q;
  logic [QWidth-1:0]    rd_qold_q;
  logic                 rd_init_q;
  logic [PortWidth-1:0] s1_port_q;
  logic [FWidth-1:0]    calc_f;
  logic [QWidth-1:0]    q_cur;

  // S0 -> S1: synchronous read of the port's {F, Qold}; S1 writes back F and Qold = Qcur. A port
  // is never read in the cycle it is written (NumPorts >= 2), so the read-during-write mode does
  // not matter (OLD_DATA, as the model's Sram). No reset: init_q qualifies the entries.
  prim_ram_1r1w #(
    .Depth      (NumPorts),
    .Width      (FWidth + QWidth),
    .Latency    (1),
    .WriteFirst (1'b0)
  ) u_state (
    .clk_i   (clk_i),
    .re_i    (issue),
    .raddr_i (ptr_q),
    .rdata_o ({rd_f_q, rd_qold_q}),
    .we_i    (s1_valid_q),
    .waddr_i (s1_port_q),
    .wdata_i ({calc_f, q_cur})
  );

  // The port's "state written" flag and the port number travel with the RAM read.
  always_ff @(posedge clk_i) begin : state_read
    if (issue) begin
      rd_init_q <= init_q[ptr_q];
      s1_port_q <= ptr_q;
    end
  end

  // Per-port "state written" flags: the only reset needed; an unwritten port reads as
  // F = cfg_f_init_i, Qold = 0 (the authors' initial values), so reset takes one cycle.
  always_ff @(posedge clk_i) begin : init_flags
    if (!rst_ni) begin
      init_q <= '0;
    end else if (s1_valid_q) begin
      init_q[s1_port_q] <= 1'b1;
    end
  end

  // S1 valid flag.
  always_ff @(posedge clk_i) begin : s1_valid
    if (!rst_ni) begin
      s1_valid_q <= 1'b0;
    end else begin
      s1_valid_q <= issue;
    end
  end

  ///////////////////
  // S1: compute   //
  ///////////////////

  logic [ProdWidth-1:0] q_prod;
  logic [FWidth-1:0]    f_cur;
  logic [QWidth-1:0]    q_old;
  logic [rocc_fair_rate_pkg::BranchWidth-1:0] calc_branch;
  logic [rocc_fair_rate_pkg::ClampWidth-1:0]  calc_clamp;
  logic [rocc_fair_rate_pkg::RatioWidth-1:0]  calc_ratio;

  assign q_prod = ProdWidth'(q_rd_bytes_i) * ProdWidth'(RecipM);
  assign q_cur  = QWidth'(q_prod >> RecipShift);
  assign f_cur  = rd_init_q ? rd_f_q : (FWidth'(cfg_f_init_i) << FFracWidth);
  assign q_old  = rd_init_q ? rd_qold_q : '0;

  rocc_fair_rate_calc #(
    .QWidth      (QWidth),
    .FIntWidth   (FIntWidth),
    .FFracWidth  (FFracWidth),
    .AbIntWidth  (AbIntWidth),
    .AbFracWidth (AbFracWidth),
    .RoundMode   (RoundMode)
  ) u_calc (
    .f_i          (f_cur),
    .q_old_i      (q_old),
    .q_cur_i      (q_cur),
    .cfg_q_ref_i  (cfg_q_ref_i),
    .cfg_q_mid_i  (cfg_q_mid_i),
    .cfg_q_max_i  (cfg_q_max_i),
    .cfg_f_min_i  (cfg_f_min_i),
    .cfg_f_max_i  (cfg_f_max_i),
    .cfg_alpha_i  (cfg_alpha_i),
    .cfg_beta_i   (cfg_beta_i),
    .f_o          (calc_f),
    .branch_o     (calc_branch),
    .clamp_o      (calc_clamp),
    .ratio_log2_o (calc_ratio)
  );

  /////////////////
  // Output FIFO //
  /////////////////

  logic                  unused_fifo_wready;
  logic [EntryWidth-1:0] head;

  // Push never meets a full FIFO: the issue credit check above reserves the entry two cycles
  // ahead, so wready is always high here.
  prim_fifo_sync #(
    .Width (EntryWidth),
    .Depth (OutDepth)
  ) u_out_fifo (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .wvalid_i (s1_valid_q),
    .wready_o (unused_fifo_wready),
    .wdata_i  ({s1_port_q, calc_f, calc_branch, calc_clamp, calc_ratio}),
    .rvalid_o (out_valid_o),
    .rready_i (out_ready_i),
    .rdata_o  (head),
    .depth_o  (fifo_cnt)
  );

  assign {out_port_o, out_f_o, out_branch_o, out_clamp_o, out_ratio_log2_o} = head;

endmodule
