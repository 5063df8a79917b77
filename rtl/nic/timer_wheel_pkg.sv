// Copyright ccsilicon contributors.
//
// Shared types and codes of the timer wheel (SPEC 6.4), for timer_wheel, timer_wheel_bank and the
// blocks that read the wheel's responses (rocc_rp). Every value here mirrors a Java declaration of
// dev.ccsilicon.blocks.timerwheel (TimerWheel.RSP_*, TimerWheelConfig.HIST_BUCKETS); the test
// RtlPackagesTest fails if one drifts.
package timer_wheel_pkg;

  // A package declares what every user needs; no one user needs all of it.
  /* verilator lint_off UNUSEDPARAM */

  // Bits of a response code on rsp_code_o.
  localparam int unsigned RspCodeWidth = 3;

  // Response to a command, one per command in command order (TimerWheel.RSP_*).
  typedef enum logic [RspCodeWidth-1:0] {
    RspArmed         = 3'd0,  // arm of an idle timer
    RspRearmed       = 3'd1,  // arm of an armed timer: moved to the new deadline
    RspCancelled     = 3'd2,  // cancel of an armed timer
    RspCancelUnarmed = 3'd3,  // cancel of an idle timer: no effect
    RspRejected      = 3'd4   // arm beyond the horizon: no effect
  } rsp_code_e;

  // Buckets of the lateness histogram stat_late_hist_o: [0,G) [G,2G) [2G,4G) [4G,inf).
  localparam int unsigned HistBuckets = 4;

  /* verilator lint_on UNUSEDPARAM */

endpackage
