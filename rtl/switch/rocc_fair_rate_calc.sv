// Copyright ccsilicon contributors.
//
// RoCC fair-rate datapath: one update of Algorithm 1 (RoCC, CoNEXT'20, seed 000), purely
// combinational. The caller owns the per-port state (F, Qold) and the pipeline registers.
// Formats and the width proofs are in docs/blocks/rocc_fair_rate.md; the Java reference
// dev.ccsilicon.blocks.roccfairrate.RoccFairRateAlgorithm computes the same bits.
//
// Parameters:
//   QWidth      - width of every queue quantity (Qcur, Qold, Qref, Qmid, Qmax), unsigned, in
//                 units of Delta^Q, no fraction bits.
//   FIntWidth   - integer bits of F, Fmin, Fmax (unsigned, units of Delta^F).
//   FFracWidth  - fraction bits of F (Fmin/Fmax are integers and get aligned). Must be
//                 <= AbFracWidth so the PI scaling is a right shift.
//   AbIntWidth  - integer bits of alpha~ and beta~ (unsigned).
//   AbFracWidth - fraction bits of alpha~ and beta~.
//   RoundMode   - rounding of the two divisions (PI scaling by 1/ratio, MD halving):
//                 0 FLOOR (arithmetic shift), 1 TRUNCATE toward zero, 2 HALF_UP.
//
// Branch encoding on branch_o: rocc_fair_rate_pkg::branch_e (PI, MD to Fmin as Qcur >= Qmax, MD
// halving on growth). clamp_o[ClampMaxBit]: result was clamped down to Fmax; clamp_o[ClampMinBit]:
// result was raised to Fmin.
module rocc_fair_rate_calc #(
  parameter int unsigned QWidth      = 15,
  parameter int unsigned FIntWidth   = 16,
  parameter int unsigned FFracWidth  = 0,
  parameter int unsigned AbIntWidth  = 4,
  parameter int unsigned AbFracWidth = 8,
  parameter int unsigned RoundMode   = rocc_fair_rate_pkg::RoundFloor,
  // Derived, do not override.
  parameter int unsigned FWidth      = FIntWidth + FFracWidth,
  parameter int unsigned AbWidth     = AbIntWidth + AbFracWidth
) (
  input  logic [FWidth-1:0]    f_i,
  input  logic [QWidth-1:0]    q_old_i,
  input  logic [QWidth-1:0]    q_cur_i,
  input  logic [QWidth-1:0]    cfg_q_ref_i,
  input  logic [QWidth-1:0]    cfg_q_mid_i,
  input  logic [QWidth-1:0]    cfg_q_max_i,
  input  logic [FIntWidth-1:0] cfg_f_min_i,
  input  logic [FIntWidth-1:0] cfg_f_max_i,
  input  logic [AbWidth-1:0]   cfg_alpha_i,
  input  logic [AbWidth-1:0]   cfg_beta_i,
  output logic [FWidth-1:0]    f_o,
  output logic [rocc_fair_rate_pkg::BranchWidth-1:0] branch_o,    // rocc_fair_rate_pkg::branch_e
  output logic [rocc_fair_rate_pkg::ClampWidth-1:0]  clamp_o,
  output logic [rocc_fair_rate_pkg::RatioWidth-1:0]  ratio_log2_o
);
  localparam int unsigned DiffWidth = QWidth + 1;             // Q - Q, signed
  // |e| <= 2^QWidth - 1 and coefficient <= 2^AbWidth - 1, so each product and the sum of both
  // stay below 2^(QWidth+AbWidth+1) in magnitude; two more bits hold the rounding bias.
  localparam int unsigned AccWidth  = QWidth + AbWidth + 3;
  localparam int unsigned SumWidth  = ((FWidth + 1 > AccWidth) ? FWidth + 1 : AccWidth) + 1;
  localparam int unsigned CmpWidth  = FWidth + 5;              // F << 5 never overflows
  localparam int unsigned ShiftBase = AbFracWidth - FFracWidth;

  // RoundMode RoundFloor needs no bias (rocc_fair_rate_pkg has the mode values).

  // Fmin/Fmax carry no fraction bits; align them with F once.
  logic [CmpWidth-1:0] f_ext, fmax_ext;
  assign f_ext    = CmpWidth'(f_i);
  assign fmax_ext = CmpWidth'(cfg_f_max_i) << FFracWidth;

  // MD guard F > Fmax/8 and the auto-tune comparisons F < Fmax/2^k, evaluated exactly (as the
  // paper's real division) by scaling F up instead of truncating Fmax down.
  logic       f_above_eighth;
  logic [4:0] below;
  assign f_above_eighth = (f_ext << 3) > fmax_ext;
  assign below[0] = (f_ext << 1) < fmax_ext;
  assign below[1] = (f_ext << 2) < fmax_ext;
  assign below[2] = (f_ext << 3) < fmax_ext;
  assign below[3] = (f_ext << 4) < fmax_ext;
  assign below[4] = (f_ext << 5) < fmax_ext;

  // The auto-tune loop: level doubles while the comparison holds and level < 64. The
  // comparisons are monotone in k (F * 2^k grows with k), so the number of iterations is the
  // number of true comparisons; log2(ratio) = iterations.
  logic [2:0] ratio_log2;
  always_comb begin : autotune
    ratio_log2 = 3'd0;
    for (int k = 0; k < 5; k++) begin
      if (below[k]) begin
        ratio_log2 = 3'(k + 1);
      end
    end
  end

  // Queue errors, negated so the PI term is added to F.
  logic signed [DiffWidth-1:0] growth, e_ref_n, e_old_n;
  assign growth  = $signed({1'b0, q_cur_i}) - $signed({1'b0, q_old_i});
  assign e_ref_n = $signed({1'b0, cfg_q_ref_i}) - $signed({1'b0, q_cur_i});
  assign e_old_n = -growth;

  logic md_qmax, md_growth;
  assign md_qmax   = (q_cur_i >= cfg_q_max_i) && f_above_eighth;
  assign md_growth = (growth >= $signed({1'b0, cfg_q_mid_i})) && f_above_eighth;

  // PI increment alpha~*(Qref-Qcur) + beta~*(Qold-Qcur) in AbFracWidth fraction bits.
  logic signed [AccWidth-1:0] acc, acc_a, acc_b, coef_a, coef_b;
  assign coef_a = $signed(AccWidth'(cfg_alpha_i));
  assign coef_b = $signed(AccWidth'(cfg_beta_i));
  assign acc_a  = AccWidth'(e_ref_n) * coef_a;
  assign acc_b  = AccWidth'(e_old_n) * coef_b;
  assign acc    = acc_a + acc_b;

  // Division by 2^AbFracWidth (to F's LSB) and by ratio as one arithmetic right shift, with the
  // declared rounding added as a bias before the shift.
  logic [4:0]                 shift;
  logic signed [AccWidth-1:0] bias, corr;
  always_comb begin : pi_scale
    shift = 5'(ShiftBase) + {2'b0, ratio_log2};
    bias  = '0;
    if (RoundMode == rocc_fair_rate_pkg::RoundTrunc) begin
      if (acc < 0) begin
        bias = (AccWidth'(1) << shift) - AccWidth'(1);
      end
    end else if (RoundMode == rocc_fair_rate_pkg::RoundHalfUp) begin
      if (shift != 5'd0) begin
        bias = AccWidth'(1) << (shift - 5'd1);
      end
    end
    corr = (acc + bias) >>> shift;
  end

  // MD halving of a non-negative F: FLOOR and TRUNCATE agree; HALF_UP rounds .5 up.
  logic [FWidth:0] f_half;
  assign f_half = (RoundMode == rocc_fair_rate_pkg::RoundHalfUp) ? ((FWidth+1)'(f_i) + 1'b1) >> 1
                                             : (FWidth+1)'(f_i) >> 1;

  // Branch selection (Algorithm 1 lines 2-8) followed by the clamps in the paper's order:
  // first Fmax (line 9), then Fmin (line 11).
  logic signed [SumWidth-1:0] pre, hi, lo, post_hi;
  always_comb begin : select_clamp
    hi = $signed(SumWidth'(cfg_f_max_i) << FFracWidth);
    lo = $signed(SumWidth'(cfg_f_min_i) << FFracWidth);
    if (md_qmax) begin
      branch_o = rocc_fair_rate_pkg::BranchMdQmax;
      pre      = lo;
    end else if (md_growth) begin
      branch_o = rocc_fair_rate_pkg::BranchMdGrowth;
      pre      = $signed(SumWidth'(f_half));
    end else begin
      branch_o = rocc_fair_rate_pkg::BranchPi;
      pre      = $signed(SumWidth'(f_i)) + SumWidth'(corr);
    end
    clamp_o[rocc_fair_rate_pkg::ClampMaxBit] = pre > hi;
    post_hi              = clamp_o[rocc_fair_rate_pkg::ClampMaxBit] ? hi : pre;
    clamp_o[rocc_fair_rate_pkg::ClampMinBit] = post_hi < lo;
    f_o                  = FWidth'(clamp_o[rocc_fair_rate_pkg::ClampMinBit] ? lo : post_hi);
  end

  // ratio is reported for every branch (it is what PI would have used) for coverage.
  assign ratio_log2_o = ratio_log2;

endmodule
