// Copyright ccsilicon contributors.
//
// RoCC reaction point (SPEC 6.5, seed 000 Algorithm 2) on the NIC pipeline: CNPs in, per-QP rate
// updates for the pacer out. The per-QP context (rate, congestion point, limiter, timer_gen) lives
// in qp_table_core with the rocc_rp_update function plugged in; the recovery timers live in
// timer_wheel. Both CNPs and timer expiries are read-modify-write events on the one qp_table
// pipeline. docs/blocks/rocc_rp.md has the interface, timing and the proofs.
//
// Event sources, highest priority first (one admitted per cycle, never dropped):
//   CONFIRM - the wheel answered an expiry's probe: second pass of the expiry, doubles the rate
//             (or removes the limiter) unless the expiry was stale;
//   EXPIRE  - a timer expiry from the wheel (one lane per cycle from a holding register): first
//             pass, re-arms the timer (the probe) and bumps timer_gen;
//   CNP     - the input stream; backpressured while a higher-priority event is pending.
// Stale expiries: an expiry is stale if an arm of its QP was applied in the wheel after the timer
// popped (the probe is then answered "re-armed") or a CNP was accepted between the probe and the
// confirmation (timer_gen differs). Commands reach the wheel in qp_table write-back order and the
// wheel answers in command order, so both checks are exact.
//
// Post stage: each qp_table result leaves when the wheel command it needs (arm on accept or probe,
// cancel on limiter removal) and the rate update it produces both fit.
//
// Parameters:
//   NumQps        - QPs, power of two >= 2 * NumLanes.
//   SramLatency   - qp_table SRAM read latency (>= 1).
//   OutDepth      - qp_table result FIFO entries (>= SramLatency + 2 for one event per cycle).
//   MetaDepth     - wheel commands in flight (>= 2); MetaDepth + OutDepth <= 15 keeps timer_gen
//                   (4 bits) from aliasing between a probe and its confirmation.
//   NumSlots, SlotCycles, NumLanes, DeadlineWidth - the timer wheel's (horizon NumSlots *
//                   SlotCycles must exceed the recovery time plus the wheel's worst lag).
//   StatWidth     - width of the saturating statistics counters.
//   QpWidth       - derived, do not override.
module rocc_rp #(
  parameter int unsigned NumQps        = 1024,
  parameter int unsigned SramLatency   = 2,
  parameter int unsigned OutDepth      = 4,
  parameter int unsigned MetaDepth     = 4,
  parameter int unsigned NumSlots      = 512,
  parameter int unsigned SlotCycles    = 256,
  parameter int unsigned NumLanes      = 2,
  parameter int unsigned DeadlineWidth = 32,
  parameter int unsigned StatWidth     = 32,
  parameter int unsigned QpWidth       = $clog2(NumQps)
) (
  input  logic                     clk_i,
  input  logic                     rst_ni,

  // Configuration, held static.
  input  logic [rocc_rp_pkg::RateWidth-1:0] cfg_rate_max_i, // R_max, line rate in Delta^F units
  input  logic [DeadlineWidth-1:0] cfg_recovery_i,    // recovery timer in cycles

  // CNP descriptors.
  input  logic                     cnp_valid_i,
  output logic                     cnp_ready_o,
  input  logic [QpWidth-1:0]       cnp_qp_i,
  input  logic [rocc_rp_pkg::RateWidth-1:0] cnp_rate_i, // R_rcvd in Delta^F units
  input  logic [rocc_rp_pkg::CpWidth-1:0]   cnp_cp_i,   // {switch id, egress port}

  // Rate updates for the pacer.
  output logic                     upd_valid_o,
  input  logic                     upd_ready_i,
  output logic [QpWidth-1:0]       upd_qp_o,
  output logic [rocc_rp_pkg::RateWidth-1:0] upd_rate_o,
  output logic                     upd_limiter_o,     // 0: limiter removed, rate is don't-care
  output logic [rocc_rp_pkg::ResultWidth-1:0] upd_cause_o, // rocc_rp_pkg::res_e

  // Status and saturating statistics.
  output logic                     init_busy_o,
  output logic [QpWidth:0]         timers_armed_o,
  output logic [StatWidth-1:0]     stat_accept_o,
  output logic [StatWidth-1:0]     stat_reject_o,
  output logic [StatWidth-1:0]     stat_double_o,
  output logic [StatWidth-1:0]     stat_remove_o,
  output logic [StatWidth-1:0]     stat_stale_o,
  output logic [StatWidth-1:0]     stat_ignored_o,
  output logic [StatWidth-1:0]     stat_arm_reject_o,
  output logic [StatWidth-1:0]     stat_fwd_o,
  output logic [StatWidth-1:0]     stat_cnp_wait_o,
  output logic [StatWidth-1:0]     stat_race_o
);
  localparam int unsigned ConfDepth  = MetaDepth + OutDepth;
  localparam int unsigned UpdDepth   = 2;
  localparam int unsigned MetaCntW   = $clog2(MetaDepth + 1);
  localparam int unsigned ConfCntW   = $clog2(ConfDepth + 1);
  localparam int unsigned UpdCntW    = $clog2(UpdDepth + 1);
  localparam int unsigned MetaWidth  = 1 + rocc_rp_pkg::TimerGenWidth;
  localparam int unsigned UpdWidth   = QpWidth + rocc_rp_pkg::RateWidth + 1 +
                                       rocc_rp_pkg::ResultWidth;
  localparam int unsigned ConfWidth  = QpWidth + 1 + rocc_rp_pkg::TimerGenWidth;
  localparam int unsigned FwdWidth   = $clog2(SramLatency + 1);
  localparam int unsigned LateWidth  = 16;

  //////////////
  // qp_table //
  //////////////

  logic                      tbl_in_valid, tbl_in_ready;
  logic [QpWidth-1:0]        tbl_in_qp;
  rocc_rp_pkg::op_e                       tbl_in_op;
  logic [rocc_rp_pkg::OperandWidth-1:0]   tbl_in_operand;
  logic                      tbl_out_valid, tbl_out_ready;
  logic [QpWidth-1:0]        tbl_out_qp;
  logic [rocc_rp_pkg::OpWidth-1:0]        tbl_out_op;
  logic [FwdWidth-1:0]       tbl_out_fwd;
  rocc_rp_pkg::ctx_t                      tbl_out_old, tbl_out_new;
  rocc_rp_pkg::res_e                      tbl_out_result;
  logic [StatWidth-1:0]      tbl_stat_stall;
  logic [rocc_rp_pkg::OpWidth-1:0]        upd_op;
  logic [rocc_rp_pkg::OperandWidth-1:0]   upd_operand;
  rocc_rp_pkg::ctx_t                      upd_old_ctx, upd_new_ctx;
  rocc_rp_pkg::res_e                      upd_result;

  qp_table_core #(
    .NumQps       (NumQps),
    .SramLatency  (SramLatency),
    .OutDepth     (OutDepth),
    .CtxWidth     (rocc_rp_pkg::CtxWidth),
    .OpWidth      (rocc_rp_pkg::OpWidth),
    .OperandWidth (rocc_rp_pkg::OperandWidth),
    .ResultWidth  (rocc_rp_pkg::ResultWidth),
    .StatWidth    (StatWidth)
  ) u_table (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .in_valid_i    (tbl_in_valid),
    .in_ready_o    (tbl_in_ready),
    .in_qp_i       (tbl_in_qp),
    .in_op_i       (tbl_in_op),
    .in_operand_i  (tbl_in_operand),
    .out_valid_o   (tbl_out_valid),
    .out_ready_i   (tbl_out_ready),
    .out_qp_o      (tbl_out_qp),
    .out_op_o      (tbl_out_op),
    .out_fwd_o     (tbl_out_fwd),
    .out_old_ctx_o (tbl_out_old),
    .out_new_ctx_o (tbl_out_new),
    .out_result_o  (tbl_out_result),
    .init_busy_o   (init_busy_o),
    .stat_fwd_o    (stat_fwd_o),
    .stat_stall_o  (tbl_stat_stall),
    .upd_op_o      (upd_op),
    .upd_operand_o (upd_operand),
    .upd_old_ctx_o (upd_old_ctx),
    .upd_new_ctx_i (upd_new_ctx),
    .upd_result_i  (upd_result)
  );

  rocc_rp_update u_update (
    .op_i       (upd_op),
    .operand_i  (upd_operand),
    .old_ctx_i  (upd_old_ctx),
    .rate_max_i (cfg_rate_max_i),
    .new_ctx_o  (upd_new_ctx),
    .result_o   (upd_result)
  );

  /////////////////
  // Timer wheel //
  /////////////////

  logic                              wcmd_valid, wcmd_ready, wcmd_cancel;
  logic [DeadlineWidth-1:0]          wcmd_deadline;
  logic                              wrsp_valid;
  logic [QpWidth-1:0]                wrsp_qp;
  logic [timer_wheel_pkg::RspCodeWidth-1:0]           wrsp_code;
  logic                              wrsp_past;
  logic                              wexp_valid, wexp_ready;
  logic [NumLanes-1:0]               wexp_lane_valid;
  logic [NumLanes*QpWidth-1:0]       wexp_qp;
  logic [NumLanes*DeadlineWidth-1:0] wexp_deadline;
  logic [NumLanes*LateWidth-1:0]     wexp_late;
  logic [DeadlineWidth-1:0]          now;
  logic [StatWidth-1:0]              w_stat_expired, w_stat_past, w_stat_reject, w_stat_cancel_unarmed;
  logic [LateWidth-1:0]              w_stat_late_max;
  logic [timer_wheel_pkg::HistBuckets*StatWidth-1:0]  w_stat_late_hist;

  timer_wheel #(
    .NumQps        (NumQps),
    .NumSlots      (NumSlots),
    .SlotCycles    (SlotCycles),
    .NumLanes      (NumLanes),
    .DeadlineWidth (DeadlineWidth),
    .LateWidth     (LateWidth),
    .StatWidth     (StatWidth)
  ) u_wheel (
    .clk_i                 (clk_i),
    .rst_ni                (rst_ni),
    .cmd_valid_i           (wcmd_valid),
    .cmd_ready_o           (wcmd_ready),
    .cmd_cancel_i          (wcmd_cancel),
    .cmd_qp_i              (tbl_out_qp),
    .cmd_deadline_i        (wcmd_deadline),
    .rsp_valid_o           (wrsp_valid),
    .rsp_ready_i           (1'b1),
    .rsp_qp_o              (wrsp_qp),
    .rsp_code_o            (wrsp_code),
    .rsp_past_o            (wrsp_past),
    .exp_valid_o           (wexp_valid),
    .exp_ready_i           (wexp_ready),
    .exp_lane_valid_o      (wexp_lane_valid),
    .exp_qp_o              (wexp_qp),
    .exp_deadline_o        (wexp_deadline),
    .exp_late_o            (wexp_late),
    .now_o                 (now),
    .armed_count_o         (timers_armed_o),
    .stat_expired_o        (w_stat_expired),
    .stat_past_o           (w_stat_past),
    .stat_reject_o         (w_stat_reject),
    .stat_cancel_unarmed_o (w_stat_cancel_unarmed),
    .stat_late_max_o       (w_stat_late_max),
    .stat_late_hist_o      (w_stat_late_hist)
  );

  /////////////////////////////
  // Expiry holding register //
  /////////////////////////////

  logic [NumLanes-1:0] hold_valid_q;
  logic [QpWidth-1:0]  hold_qp_q [NumLanes];
  logic                exp_req;
  logic [QpWidth-1:0]  exp_qp;
  logic [NumLanes-1:0] exp_take;
  logic                race;

  assign exp_req    = |hold_valid_q;
  // A new expiry word is taken only into an empty holding register.
  assign wexp_ready = !exp_req;

  // Lowest valid lane first; race: the CNP at the input has an expiry of its own QP waiting.
  always_comb begin : exp_select
    exp_qp   = '0;
    exp_take = '0;
    race     = 1'b0;
    for (int l = NumLanes - 1; l >= 0; l--) begin
      if (hold_valid_q[l]) begin
        exp_qp   = hold_qp_q[l];
        exp_take = NumLanes'(1) << l;
        if (hold_qp_q[l] == cnp_qp_i) begin
          race = 1'b1;
        end
      end
    end
  end

  ///////////////////////////////
  // Command metadata, confirms //
  ///////////////////////////////

  logic                 meta_valid, meta_push, meta_probe;
  logic [MetaCntW-1:0]  meta_count;
  logic [rocc_rp_pkg::TimerGenWidth-1:0] meta_gen;
  logic                 conf_valid, conf_push, conf_pop, conf_ok, conf_wready;
  logic [ConfCntW-1:0]  conf_count;
  logic [QpWidth-1:0]   conf_qp;
  logic [rocc_rp_pkg::TimerGenWidth-1:0] conf_gen;

  // One entry per wheel command in flight, popped by its response (the wheel answers in order,
  // so a response always finds its entry valid).
  prim_fifo_sync #(.Width(MetaWidth), .Depth(MetaDepth)) u_meta (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .wvalid_i (meta_push),
    .wready_o (cmd_room),
    .wdata_i  ({tbl_out_result == rocc_rp_pkg::ResProbe, tbl_out_new.timer_gen}),
    .rvalid_o (meta_valid),
    .rready_i (wrsp_valid),
    .rdata_o  ({meta_probe, meta_gen}),
    .depth_o  (meta_count)
  );

  // Answered probes waiting for their CONFIRM pass; sized so it never overflows (see the docs).
  assign conf_push = wrsp_valid && meta_probe;
  prim_fifo_sync #(.Width(ConfWidth), .Depth(ConfDepth)) u_conf (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .wvalid_i (conf_push),
    .wready_o (conf_wready),
    .wdata_i  ({wrsp_qp, wrsp_code == timer_wheel_pkg::RspArmed, meta_gen}),
    .rvalid_o (conf_valid),
    .rready_i (conf_pop),
    .rdata_o  ({conf_qp, conf_ok, conf_gen}),
    .depth_o  (conf_count)
  );

  /////////////////
  // Arbitration //
  /////////////////

  rocc_rp_pkg::cnp_operand_t     cnp_operand;
  rocc_rp_pkg::confirm_operand_t conf_operand;

  assign cnp_operand.cp    = cnp_cp_i;
  assign cnp_operand.rate  = cnp_rate_i;
  assign conf_operand.zero = '0;
  assign conf_operand.ok   = conf_ok;
  assign conf_operand.gen  = conf_gen;

  // CONFIRM, then EXPIRE, then CNP; every request depends on registered state only.
  always_comb begin : arbitrate
    tbl_in_valid   = conf_valid || exp_req || cnp_valid_i;
    tbl_in_qp      = cnp_qp_i;
    tbl_in_op      = rocc_rp_pkg::OpCnp;
    tbl_in_operand = cnp_operand;
    if (conf_valid) begin
      tbl_in_qp      = conf_qp;
      tbl_in_op      = rocc_rp_pkg::OpConfirm;
      tbl_in_operand = conf_operand;
    end else if (exp_req) begin
      tbl_in_qp      = exp_qp;
      tbl_in_op      = rocc_rp_pkg::OpExpire;
      tbl_in_operand = '0;
    end
  end

  assign cnp_ready_o = tbl_in_ready && !conf_valid && !exp_req;
  assign conf_pop    = conf_valid && tbl_in_ready;

  // Holding register: loaded with a whole expiry word, emptied one lane per admitted EXPIRE.
  always_ff @(posedge clk_i) begin : hold_reg
    if (!rst_ni) begin
      hold_valid_q <= '0;
    end else if (wexp_valid && wexp_ready) begin
      hold_valid_q <= wexp_lane_valid;
    end else if (exp_req && !conf_valid && tbl_in_ready) begin
      hold_valid_q <= hold_valid_q & ~exp_take;
    end
  end

  // Holding register QPs (qualified by hold_valid_q).
  always_ff @(posedge clk_i) begin : hold_data
    if (wexp_valid && wexp_ready) begin
      for (int l = 0; l < NumLanes; l++) begin
        hold_qp_q[l] <= wexp_qp[l*QpWidth +: QpWidth];
      end
    end
  end

  ////////////////
  // Post stage //
  ////////////////

  logic                is_accept, needs_cmd, needs_upd, cmd_room, upd_room, tbl_pop, upd_push;
  logic                upd_fifo_valid;
  logic [UpdCntW-1:0]  upd_count;
  logic [UpdWidth-1:0] upd_rdata;

  assign is_accept = (tbl_out_result < rocc_rp_pkg::ResReject);
  assign needs_cmd = is_accept || (tbl_out_result == rocc_rp_pkg::ResProbe) ||
                     (tbl_out_result == rocc_rp_pkg::ResRemove);
  assign needs_upd = is_accept || (tbl_out_result == rocc_rp_pkg::ResDouble) ||
                     (tbl_out_result == rocc_rp_pkg::ResDoubleClamp) ||
                     (tbl_out_result == rocc_rp_pkg::ResRemove);

  assign wcmd_valid    = tbl_out_valid && needs_cmd && cmd_room && (!needs_upd || upd_room);
  assign wcmd_cancel   = (tbl_out_result == rocc_rp_pkg::ResRemove);
  assign wcmd_deadline = now + cfg_recovery_i;
  assign tbl_out_ready = (!needs_cmd || (cmd_room && wcmd_ready)) && (!needs_upd || upd_room);
  assign tbl_pop       = tbl_out_valid && tbl_out_ready;
  assign meta_push     = wcmd_valid && wcmd_ready;
  assign upd_push      = tbl_pop && needs_upd;

  // Rate updates for the pacer; upd_room (not full) is decided before the push.
  prim_fifo_sync #(.Width(UpdWidth), .Depth(UpdDepth)) u_upd (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .wvalid_i (upd_push),
    .wready_o (upd_room),
    .wdata_i  ({tbl_out_result, tbl_out_new.limiter, tbl_out_new.rate, tbl_out_qp}),
    .rvalid_o (upd_fifo_valid),
    .rready_i (upd_ready_i),
    .rdata_o  (upd_rdata),
    .depth_o  (upd_count)
  );

  assign upd_valid_o = upd_fifo_valid;
  assign {upd_cause_o, upd_limiter_o, upd_rate_o, upd_qp_o} = upd_rdata;

  ////////////////
  // Statistics //
  ////////////////

  logic [StatWidth-1:0] stat_q [9];
  logic [8:0]           stat_inc;

  assign stat_inc[0] = tbl_pop && is_accept;
  assign stat_inc[1] = tbl_pop && (tbl_out_result == rocc_rp_pkg::ResReject);
  assign stat_inc[2] = tbl_pop && ((tbl_out_result == rocc_rp_pkg::ResDouble) ||
                                   (tbl_out_result == rocc_rp_pkg::ResDoubleClamp));
  assign stat_inc[3] = tbl_pop && (tbl_out_result == rocc_rp_pkg::ResRemove);
  assign stat_inc[4] = tbl_pop && ((tbl_out_result == rocc_rp_pkg::ResStaleWheel) ||
                                   (tbl_out_result == rocc_rp_pkg::ResStaleGen));
  assign stat_inc[5] = tbl_pop && (tbl_out_result == rocc_rp_pkg::ResIgnored);
  assign stat_inc[6] = wrsp_valid && (wrsp_code == timer_wheel_pkg::RspRejected);
  assign stat_inc[7] = cnp_valid_i && !cnp_ready_o;
  assign stat_inc[8] = cnp_valid_i && race;

  // Saturating event counters.
  always_ff @(posedge clk_i) begin : stat_counters
    if (!rst_ni) begin
      for (int s = 0; s < 9; s++) begin
        stat_q[s] <= '0;
      end
    end else begin
      for (int s = 0; s < 9; s++) begin
        if (stat_inc[s] && (stat_q[s] != '1)) begin
          stat_q[s] <= stat_q[s] + StatWidth'(1);
        end
      end
    end
  end

  assign stat_accept_o     = stat_q[0];
  assign stat_reject_o     = stat_q[1];
  assign stat_double_o     = stat_q[2];
  assign stat_remove_o     = stat_q[3];
  assign stat_stale_o      = stat_q[4];
  assign stat_ignored_o    = stat_q[5];
  assign stat_arm_reject_o = stat_q[6];
  assign stat_cnp_wait_o   = stat_q[7];
  assign stat_race_o       = stat_q[8];

  // Outputs of the reused blocks this block does not need.
  logic unused;
  assign unused = ^{tbl_out_op, tbl_out_fwd, tbl_out_old, tbl_stat_stall, wrsp_past, wexp_deadline,
                    wexp_late, w_stat_expired, w_stat_past, w_stat_reject, w_stat_cancel_unarmed,
                    w_stat_late_max, w_stat_late_hist, conf_count, conf_wready, meta_valid,
                    meta_count, upd_count, tbl_out_new.cp};

endmodule
