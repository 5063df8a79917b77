// Copyright ccsilicon contributors.
//
// One decision hook of the DCQCN congestion point (docs/blocks/dcqcn_cp.md §3): a queue sample in,
// the RED/WRED draw out, two pipeline stages, one packet per cycle with backpressure.
//
// Stage 1 (the input handshake): the hook's queue average (UQ25.8; with shift 0 it equals the
//   sample, so one datapath serves both), its LFSR advanced 16 steps (r16 = state[15:0]), the
//   region of the profile's curve by the profile's boundary convention, q_eff - Kmin.
// Stage 2: p16 = min(65535, ((q_eff - Kmin) * slope) >> 24) in the linear region (25 x 32 bit
//   product), hit = force || (linear && r16 < p16). The owner turns {hit, tag} into its result
//   (dec_res_i, combinational) and counts its statistics on load_o; the output register holds
//   {result, region, p16}.
// The average and the LFSR advance for every packet taken, whether or not the draw is used, so the
// random stream does not depend on the branch taken.
//
// LFSR seeding: the register resets to 0, which is not an LFSR state; a 0 state reads as
// cfg_seed_i, so the first packet after reset draws from the seed advanced 16 steps without a
// reset-time dependency on the configuration pins.
//
// Parameters:
//   TagWidth - per-packet bits carried from the input to the decision (the owner's).
//   ResWidth - width of the owner's result.
module dcqcn_cp_hook #(
  parameter int unsigned TagWidth = 1,
  parameter int unsigned ResWidth = 2
) (
  input  logic                                  clk_i,
  input  logic                                  rst_ni,

  // Profile and hook configuration, held static.
  input  logic [dcqcn_cp_pkg::QWidth-1:0]       cfg_kmin_i,
  input  logic [dcqcn_cp_pkg::QWidth-1:0]       cfg_kmax_i,
  input  logic [dcqcn_cp_pkg::SlopeWidth-1:0]   cfg_slope_i,
  input  logic                                  cfg_boundary_i,   // dcqcn_cp_pkg::boundary_e
  input  logic [dcqcn_cp_pkg::ShiftWidth-1:0]   cfg_ewma_shift_i,
  input  logic [dcqcn_cp_pkg::LfsrWidth-1:0]    cfg_seed_i,

  // Packets presented to the hook.
  input  logic                                  in_valid_i,
  output logic                                  in_ready_o,
  input  logic [dcqcn_cp_pkg::QWidth-1:0]       in_q_i,
  input  logic                                  in_eval_i,        // 0: region skip, no draw used
  input  logic [TagWidth-1:0]                   in_tag_i,

  // Decision plug-in, stage 2 (combinational through the owner).
  output logic                                  dec_hit_o,
  output logic [TagWidth-1:0]                   dec_tag_o,
  input  logic [ResWidth-1:0]                   dec_res_i,
  output logic                                  load_o,           // stage 2 enters the output register

  // Results.
  output logic                                  out_valid_o,
  input  logic                                  out_ready_i,
  output logic [ResWidth-1:0]                   out_res_o,
  output logic [dcqcn_cp_pkg::RegionWidth-1:0]  out_region_o,
  output logic [dcqcn_cp_pkg::ProbWidth-1:0]    out_prob_o
);
  localparam int unsigned QWidth    = dcqcn_cp_pkg::QWidth;
  localparam int unsigned AvgWidth  = dcqcn_cp_pkg::AvgWidth;
  localparam int unsigned AvgFrac   = dcqcn_cp_pkg::AvgFrac;
  localparam int unsigned DiffWidth = AvgWidth + 1;
  localparam int unsigned ProdWidth = QWidth + dcqcn_cp_pkg::SlopeWidth;
  localparam int unsigned ProbWidth = dcqcn_cp_pkg::ProbWidth;
  localparam int unsigned LfsrWidth = dcqcn_cp_pkg::LfsrWidth;
  localparam logic [ProbWidth-1:0] ProbMax = {ProbWidth{1'b1}};

  logic [AvgWidth-1:0]  avg_q;
  logic [LfsrWidth-1:0] lfsr_q;
  logic                 s1_valid_q;
  logic [dcqcn_cp_pkg::RegionWidth-1:0] s1_region_q;
  logic [QWidth-1:0]    s1_diff_q;
  logic [ProbWidth-1:0] s1_r16_q;
  logic [TagWidth-1:0]  s1_tag_q;
  logic                 out_valid_q;
  logic [ResWidth-1:0]  out_res_q;
  logic [dcqcn_cp_pkg::RegionWidth-1:0] out_region_q;
  logic [ProbWidth-1:0] out_prob_q;

  //////////////////////////////
  // Stage 1: average, draw, region
  //////////////////////////////

  logic signed [DiffWidth-1:0] avg_diff;
  logic signed [DiffWidth-1:0] avg_step;
  logic [AvgWidth-1:0]         avg_next;
  logic [QWidth-1:0]           q_eff;
  logic [LfsrWidth-1:0]        lfsr_cur;
  logic [LfsrWidth-1:0]        lfsr_next;
  logic                        below;
  logic                        above;
  logic [dcqcn_cp_pkg::RegionWidth-1:0] region;

  always_comb begin
    // avg + ((q * 2^8 - avg) >>> w): the step never leaves [avg, q * 2^8], so 33 bits hold it.
    avg_diff = $signed({1'b0, in_q_i, {AvgFrac{1'b0}}}) - $signed({1'b0, avg_q});
    avg_step = avg_diff >>> cfg_ewma_shift_i;
    avg_next = avg_q + avg_step[AvgWidth-1:0];
    q_eff    = avg_next[AvgWidth-1:AvgFrac];
  end

  always_comb begin
    lfsr_cur = (lfsr_q == '0) ? cfg_seed_i : lfsr_q;
    lfsr_next = lfsr_cur;
    for (int i = 0; i < dcqcn_cp_pkg::LfsrSteps; i++) begin
      lfsr_next = {1'b0, lfsr_next[LfsrWidth-1:1]} ^ (lfsr_next[0] ? dcqcn_cp_pkg::LfsrTaps : '0);
    end
  end

  always_comb begin
    if (cfg_boundary_i == dcqcn_cp_pkg::BoundaryLdcp) begin
      below = q_eff < cfg_kmin_i;
      above = q_eff >= cfg_kmax_i;
    end else begin
      below = q_eff <= cfg_kmin_i;
      above = q_eff > cfg_kmax_i;
    end
    if (!in_eval_i) begin
      region = dcqcn_cp_pkg::RegionSkip;
    end else if (below) begin
      region = dcqcn_cp_pkg::RegionZero;
    end else if (above) begin
      region = dcqcn_cp_pkg::RegionForce;
    end else begin
      region = dcqcn_cp_pkg::RegionLinear;
    end
  end

  //////////////////////////////
  // Stage 2: probability and draw
  //////////////////////////////

  logic [ProdWidth-1:0]  prod;
  logic [ProdWidth-dcqcn_cp_pkg::SlopeFrac-1:0] scaled;
  logic [ProbWidth-1:0]  p16;
  logic                  linear;

  always_comb begin
    prod   = ProdWidth'(s1_diff_q) * ProdWidth'(cfg_slope_i);
    scaled = prod[ProdWidth-1:dcqcn_cp_pkg::SlopeFrac];
    linear = s1_region_q == dcqcn_cp_pkg::RegionLinear;
    if (!linear) begin
      p16 = '0;
    end else if (scaled > {{(ProdWidth-dcqcn_cp_pkg::SlopeFrac-ProbWidth){1'b0}}, ProbMax}) begin
      p16 = ProbMax;
    end else begin
      p16 = scaled[ProbWidth-1:0];
    end
    dec_hit_o = (s1_region_q == dcqcn_cp_pkg::RegionForce) || (linear && (s1_r16_q < p16));
  end

  assign dec_tag_o = s1_tag_q;

  // The step's sign bit (the sum stays in range, docs/blocks/dcqcn_cp.md §2) and the product's fraction bits are not needed.
  logic unused_bits;
  assign unused_bits = ^{avg_step[DiffWidth-1], prod[dcqcn_cp_pkg::SlopeFrac-1:0]};

  //////////////////////////////
  // Handshakes and registers
  //////////////////////////////

  logic out_free;
  logic in_fire;

  // Each register may be refilled in the cycle it drains: one packet per cycle.
  assign out_free   = !out_valid_q || out_ready_i;
  assign load_o     = s1_valid_q && out_free;
  assign in_ready_o = !s1_valid_q || out_free;
  assign in_fire    = in_valid_i && in_ready_o;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      avg_q       <= '0;
      lfsr_q      <= '0;
      s1_valid_q  <= 1'b0;
      s1_region_q <= '0;
      s1_diff_q   <= '0;
      s1_r16_q    <= '0;
      s1_tag_q    <= '0;
    end else if (in_fire) begin
      avg_q       <= avg_next;
      lfsr_q      <= lfsr_next;
      s1_valid_q  <= 1'b1;
      s1_region_q <= region;
      s1_diff_q   <= q_eff - cfg_kmin_i;
      s1_r16_q    <= lfsr_next[ProbWidth-1:0];
      s1_tag_q    <= in_tag_i;
    end else if (load_o) begin
      s1_valid_q  <= 1'b0;
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      out_valid_q  <= 1'b0;
      out_res_q    <= '0;
      out_region_q <= '0;
      out_prob_q   <= '0;
    end else if (load_o) begin
      out_valid_q  <= 1'b1;
      out_res_q    <= dec_res_i;
      out_region_q <= s1_region_q;
      out_prob_q   <= p16;
    end else if (out_ready_i) begin
      out_valid_q  <= 1'b0;
    end
  end

  assign out_valid_o  = out_valid_q;
  assign out_res_o    = out_res_q;
  assign out_region_o = out_region_q;
  assign out_prob_o   = out_prob_q;

endmodule
