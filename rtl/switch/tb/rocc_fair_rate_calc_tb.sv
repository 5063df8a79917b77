// Copyright ccsilicon contributors.
//
// Smoke test of rocc_fair_rate_calc with the 40 Gb/s defaults against vectors computed by hand
// from Algorithm 1 (the same ones RoccFairRateAlgorithmTest checks in Java). Not part of the
// co-simulation; run with rtl/switch/tb/run_smoke.sh.
module rocc_fair_rate_calc_tb;

  logic [15:0] f, f_o;
  logic [14:0] q_old, q_cur;
  logic [1:0]  branch, clamp;
  logic [2:0]  ratio;
  int          errors = 0;

  rocc_fair_rate_calc #(.QWidth(15)) u_dut (
    .f_i          (f),
    .q_old_i      (q_old),
    .q_cur_i      (q_cur),
    .cfg_q_ref_i  (15'd250),
    .cfg_q_mid_i  (15'd500),
    .cfg_q_max_i  (15'd600),
    .cfg_f_min_i  (16'd10),
    .cfg_f_max_i  (16'd4000),
    .cfg_alpha_i  (12'd77),
    .cfg_beta_i   (12'd384),
    .f_o          (f_o),
    .branch_o     (branch),
    .clamp_o      (clamp),
    .ratio_log2_o (ratio)
  );

  task automatic check(input int fi, input int qo, input int qc,
                       input int fe, input int be, input int ce, input int re);
    f = 16'(fi); q_old = 15'(qo); q_cur = 15'(qc);
    #1;
    if (int'(f_o) != fe || int'(branch) != be || int'(clamp) != ce || int'(ratio) != re) begin
      $display("FAIL F=%0d Qold=%0d Qcur=%0d: got F=%0d b=%0d c=%0d r=%0d, want %0d %0d %0d %0d",
               fi, qo, qc, f_o, branch, clamp, ratio, fe, be, ce, re);
      errors++;
    end
  endtask

  initial begin
    check(3000, 600, 600, 10, 1, 0, 0);
    check(3000, 599, 599, 2895, 0, 0, 0);
    check(3000, 50, 550, 1500, 2, 0, 0);
    check(3001, 50, 550, 1500, 2, 0, 0);
    check(500, 600, 600, 473, 0, 0, 2);
    check(501, 50, 550, 250, 2, 0, 2);
    check(500, 50, 550, 289, 0, 0, 2);
    check(3000, 442, 506, 2827, 0, 0, 0);
    check(1500, 442, 506, 1413, 0, 0, 1);
    check(800, 442, 506, 756, 0, 0, 2);
    check(400, 442, 506, 378, 0, 0, 3);
    check(200, 442, 506, 189, 0, 0, 4);
    check(100, 442, 506, 94, 0, 0, 5);
    check(3990, 0, 0, 4000, 0, 1, 0);
    check(12, 590, 590, 10, 0, 2, 5);
    check(100, 0, 16000, 10, 0, 2, 5);
    // Hand-computed trace (period by period).
    check(4000, 0, 500, 2000, 2, 0, 0);
    check(2000, 500, 450, 2014, 0, 0, 0);
    check(2014, 450, 600, 10, 1, 0, 0);
    check(10, 600, 500, 12, 0, 0, 5);
    check(12, 500, 250, 23, 0, 0, 5);
    check(23, 250, 0, 37, 0, 0, 5);
    check(37, 0, 150, 30, 0, 0, 5);
    if (errors == 0) $display("PASS rocc_fair_rate_calc_tb");
    else $fatal(1, "%0d failures", errors);
    $finish;
  end

endmodule
