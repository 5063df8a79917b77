// Copyright ccsilicon contributors.
//
// Co-simulation top of rocc_fair_rate: the block with a traffic-manager stub on its queue-depth
// read port. The co-simulation engine drives valid/ready streams and static pins only, while the
// block's q_rd_bytes_i is a fixed-latency answer that must follow q_rd_port_o cycle by cycle; the
// stub turns that into a stream of depth writes (qd_*), always accepted, into a per-port depth
// table, and answers every cycle with the depth of the port requested in the previous cycle.
// A run ends when the block has been quiet for a while, but the period timer never stops on its
// own: the stub therefore holds the block's enable low once no depth write has arrived for
// SilenceLimit cycles (the stimulus's gaps are far shorter), which ends the run after the last
// write.
// The Java side (dev.ccsilicon.cosim.blocks.roccfairrate) models the same stub around the model.
//
// Parameters: those of rocc_fair_rate (see there), and
//   SilenceLimit - cycles without a depth write after which the block is disabled.
module rocc_fair_rate_cosim #(
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
  parameter int unsigned SilenceLimit = 256,
  // Derived, do not override.
  parameter int unsigned PortWidth   = (NumPorts > 1) ? $clog2(NumPorts) : 1,
  parameter int unsigned QWidth      = $clog2(((2 ** QBytesWidth) - 1) / QuantBytes + 1),
  parameter int unsigned FWidth      = FIntWidth + FFracWidth,
  parameter int unsigned AbWidth     = AbIntWidth + AbFracWidth
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,
  input  logic                   enable_i,
  input  logic [PeriodWidth-1:0] cfg_period_i,
  input  logic [QWidth-1:0]      cfg_q_ref_i,
  input  logic [QWidth-1:0]      cfg_q_mid_i,
  input  logic [QWidth-1:0]      cfg_q_max_i,
  input  logic [FIntWidth-1:0]   cfg_f_min_i,
  input  logic [FIntWidth-1:0]   cfg_f_max_i,
  input  logic [FIntWidth-1:0]   cfg_f_init_i,
  input  logic [AbWidth-1:0]     cfg_alpha_i,
  input  logic [AbWidth-1:0]     cfg_beta_i,
  output logic                   q_rd_req_o,
  output logic [PortWidth-1:0]   q_rd_port_o,
  // Traffic-manager stub: set the depth of one port.
  input  logic                   qd_valid_i,
  output logic                   qd_ready_o,
  input  logic [PortWidth-1:0]   qd_port_i,
  input  logic [QBytesWidth-1:0] qd_bytes_i,
  output logic                   out_valid_o,
  input  logic                   out_ready_i,
  output logic [PortWidth-1:0]   out_port_o,
  output logic [FWidth-1:0]      out_f_o,
  output logic [rocc_fair_rate_pkg::BranchWidth-1:0] out_branch_o,
  output logic [rocc_fair_rate_pkg::ClampWidth-1:0]  out_clamp_o,
  output logic [rocc_fair_rate_pkg::RatioWidth-1:0]  out_ratio_log2_o,
  output logic [StatWidth-1:0]   stat_late_ticks_o,
  output logic [StatWidth-1:0]   stat_merged_ticks_o
);

  localparam int unsigned SilenceWidth = $clog2(SilenceLimit + 1);

  logic [QBytesWidth-1:0]  depth_q [NumPorts];
  logic [QBytesWidth-1:0]  resp_q;
  logic [SilenceWidth-1:0] silence_q;
  logic                    dut_enable;

  assign qd_ready_o = 1'b1;
  assign dut_enable = enable_i && (silence_q != SilenceWidth'(SilenceLimit));

  // Cycles since the last depth write, saturating at SilenceLimit.
  always_ff @(posedge clk_i) begin : silence
    if (!rst_ni || qd_valid_i) begin
      silence_q <= '0;
    end else if (silence_q != SilenceWidth'(SilenceLimit)) begin
      silence_q <= silence_q + SilenceWidth'(1);
    end
  end

  // Depth table: written by the stimulus, read (old data) by the answer register.
  always_ff @(posedge clk_i) begin : depth_table
    if (!rst_ni) begin
      for (int p = 0; p < NumPorts; p++) begin
        depth_q[p] <= '0;
      end
    end else if (qd_valid_i) begin
      depth_q[qd_port_i] <= qd_bytes_i;
    end
  end

  // Fixed one-cycle answer to whatever port is on q_rd_port_o.
  always_ff @(posedge clk_i) begin : answer
    if (!rst_ni) begin
      resp_q <= '0;
    end else begin
      resp_q <= depth_q[q_rd_port_o];
    end
  end

  rocc_fair_rate #(
    .NumPorts    (NumPorts),
    .QBytesWidth (QBytesWidth),
    .QuantBytes  (QuantBytes),
    .FIntWidth   (FIntWidth),
    .FFracWidth  (FFracWidth),
    .AbIntWidth  (AbIntWidth),
    .AbFracWidth (AbFracWidth),
    .PeriodWidth (PeriodWidth),
    .RoundMode   (RoundMode),
    .OutDepth    (OutDepth),
    .StatWidth   (StatWidth)
  ) u_dut (
    .clk_i,
    .rst_ni,
    .enable_i     (dut_enable),
    .cfg_period_i,
    .cfg_q_ref_i,
    .cfg_q_mid_i,
    .cfg_q_max_i,
    .cfg_f_min_i,
    .cfg_f_max_i,
    .cfg_f_init_i,
    .cfg_alpha_i,
    .cfg_beta_i,
    .q_rd_req_o,
    .q_rd_port_o,
    .q_rd_bytes_i (resp_q),
    .out_valid_o,
    .out_ready_i,
    .out_port_o,
    .out_f_o,
    .out_branch_o,
    .out_clamp_o,
    .out_ratio_log2_o,
    .stat_late_ticks_o,
    .stat_merged_ticks_o
  );

endmodule
