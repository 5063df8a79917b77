// Copyright ccsilicon contributors.
//
// Shared codes of the RoCC fair-rate block (SPEC 6.1): what rocc_fair_rate_calc reports on
// branch_o / clamp_o and the RoundMode parameter's values. Every value mirrors a Java declaration
// (RoccFairRateAlgorithm.BRANCH_* / CLAMP_*, the cosim spec's RoundMode mapping of Rounding); the
// test RtlPackagesTest fails if one drifts.
package rocc_fair_rate_pkg;

  // A package declares what every user needs; no one user needs all of it.
  /* verilator lint_off UNUSEDPARAM */

  // Bits of out_branch_o.
  localparam int unsigned BranchWidth = 2;

  // Which line of Algorithm 1 computed F (RoccFairRateAlgorithm.BRANCH_*).
  typedef enum logic [BranchWidth-1:0] {
    BranchPi       = 2'd0,  // PI update (lines 6-7)
    BranchMdQmax   = 2'd1,  // multiplicative decrease to Fmin: Qcur >= Qmax (lines 2-3)
    BranchMdGrowth = 2'd2   // multiplicative decrease, halving: queue growth (lines 4-5)
  } branch_e;

  // Bits of out_clamp_o, one flag each (RoccFairRateAlgorithm.CLAMP_* = 1 << bit).
  localparam int unsigned ClampWidth  = 2;
  // Set when F was clamped down to Fmax (line 9).
  localparam int unsigned ClampMaxBit = 0;
  // Set when F was raised to Fmin (line 11).
  localparam int unsigned ClampMinBit = 1;

  // Bits of out_ratio_log2_o (the auto-tune ratio is 2^value).
  localparam int unsigned RatioWidth = 3;

  // Values of the RoundMode parameter (dev.ccsilicon.hdl.fixed.Rounding).
  localparam int unsigned RoundFloor  = 0;
  localparam int unsigned RoundTrunc  = 1;
  localparam int unsigned RoundHalfUp = 2;

  /* verilator lint_on UNUSEDPARAM */

endpackage
