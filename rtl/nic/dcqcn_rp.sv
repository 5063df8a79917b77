// Copyright ccsilicon contributors.
//
// DCQCN reaction point (next-blocks section c) on the NIC pipeline: CNPs and TX reports in, per-QP
// rate updates for the pacer out. The per-QP context (Rc, Rt, alpha, T, BC, bc_rem, flags, one
// generation per timer kind) lives in qp_table_core with dcqcn_rp_update plugged in; the two
// timers of each QP (increase / ns3 decrease, and alpha) live in timer_wheel as ids {qp, kind}.
// docs/blocks/dcqcn_rp.md has the interface, timing and the proofs.
//
// Event sources, highest priority first (one admitted per cycle, never dropped):
//   CONFIRM - the wheel answered an expiry's probe: second pass of the expiry;
//   EXPIRE  - a timer expiry from the wheel (one lane per cycle from a holding register): first
//             pass, re-arms the timer (the probe) and bumps that kind's generation;
//   CNP     - the CNP stream;
//   TX      - the TX-report stream (bytes sent by the pacer, coalesced).
// Stale expiries are found exactly as in rocc_rp, per kind: the probe answered "re-armed", or the
// kind's generation moved between the probe and its confirmation.
//
// Post stage: a result needs up to two wheel commands - the increase kind's (arm when its
// generation moved, cancel on a limiter removal), then the alpha kind's (arm when its generation
// moved, cancel when alpha reached 0) - and possibly a rate update. A two-command result issues
// its first command, then leaves with the second.
//
// Parameters:
//   NumQps        - QPs, power of two >= NumLanes (the wheel holds 2 * NumQps timers).
//   SramLatency   - qp_table SRAM read latency (>= 1).
//   OutDepth      - qp_table result FIFO entries.
//   MetaDepth     - wheel commands in flight (>= 2); MetaDepth + OutDepth <= 15 keeps the 4-bit
//                   generations from aliasing between a probe and its confirmation.
//   NumSlots, SlotCycles, NumLanes, DeadlineWidth - the timer wheel's (horizon NumSlots *
//                   SlotCycles must exceed T_inc, K and T_dec plus the wheel's worst lag).
//   StatWidth     - width of the saturating statistics counters.
//   QpWidth       - derived, do not override.
module dcqcn_rp #(
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
  input  logic                     cfg_profile_i,        // dcqcn_rp_pkg::profile_e
  input  logic                     cfg_fr_pre_i,         // compare the stage before the increment
  input  logic                     cfg_alpha_first_i,    // alpha_before_cut
  input  logic                     cfg_hai_scale_i,      // HAI step i * R_HAI
  input  logic                     cfg_hai_half_timer_i, // T_inc / 2 in HAI
  input  logic                     cfg_hai_half_bytes_i, // B / 2 in HAI
  input  logic [dcqcn_rp_pkg::RateWidth-1:0] cfg_rate_line_i,
  input  logic [dcqcn_rp_pkg::RateWidth-1:0] cfg_rate_min_i,
  input  logic [dcqcn_rp_pkg::RateWidth-1:0] cfg_rate_ai_i,
  input  logic [dcqcn_rp_pkg::RateWidth-1:0] cfg_rate_hai_i,
  input  logic [dcqcn_rp_pkg::GWidth-1:0]    cfg_g16_i,
  input  logic [dcqcn_rp_pkg::FWidth-1:0]    cfg_f_i,
  input  logic [dcqcn_rp_pkg::RemWidth-1:0]  cfg_bytes_i,   // B in bytes
  input  logic [DeadlineWidth-1:0] cfg_t_inc_i,          // T_inc in cycles
  input  logic [DeadlineWidth-1:0] cfg_t_alpha_i,        // K in cycles
  input  logic [DeadlineWidth-1:0] cfg_t_dec_i,          // ns3 T_dec in cycles

  // CNPs.
  input  logic                     cnp_valid_i,
  output logic                     cnp_ready_o,
  input  logic [QpWidth-1:0]       cnp_qp_i,

  // TX reports.
  input  logic                     tx_valid_i,
  output logic                     tx_ready_o,
  input  logic [QpWidth-1:0]       tx_qp_i,
  input  logic [dcqcn_rp_pkg::BytesWidth-1:0] tx_bytes_i,

  // Rate updates for the pacer.
  output logic                     upd_valid_o,
  input  logic                     upd_ready_i,
  output logic [QpWidth-1:0]       upd_qp_o,
  output logic [dcqcn_rp_pkg::RateWidth-1:0] upd_rc_o,
  output logic                     upd_limiter_o,        // 0: limiter removed (rc = R_line)
  output logic [dcqcn_rp_pkg::ResultWidth-1:0] upd_cause_o,

  // Status and saturating statistics.
  output logic                     init_busy_o,
  output logic [QpWidth+1:0]       timers_armed_o,
  output logic [StatWidth-1:0]     stat_cnp_o,
  output logic [StatWidth-1:0]     stat_cut_o,
  output logic [StatWidth-1:0]     stat_fr_o,
  output logic [StatWidth-1:0]     stat_ai_o,
  output logic [StatWidth-1:0]     stat_hai_o,
  output logic [StatWidth-1:0]     stat_alpha_decay_o,
  output logic [StatWidth-1:0]     stat_stale_o,
  output logic [StatWidth-1:0]     stat_limiter_removed_o,
  output logic [StatWidth-1:0]     stat_ignored_o,
  output logic [StatWidth-1:0]     stat_fwd_o
);
  localparam int unsigned IdWidth    = QpWidth + 1;
  localparam int unsigned GW         = dcqcn_rp_pkg::GenWidth;
  localparam int unsigned ConfDepth  = MetaDepth + OutDepth;
  localparam int unsigned UpdDepth   = 2;
  localparam int unsigned MetaCntW   = $clog2(MetaDepth + 1);
  localparam int unsigned ConfCntW   = $clog2(ConfDepth + 1);
  localparam int unsigned UpdCntW    = $clog2(UpdDepth + 1);
  localparam int unsigned MetaWidth  = 2 + GW;
  localparam int unsigned UpdWidth   = QpWidth + dcqcn_rp_pkg::RateWidth + 1 +
                                       dcqcn_rp_pkg::ResultWidth;
  localparam int unsigned ConfWidth  = IdWidth + 1 + GW;
  localparam int unsigned FwdWidth   = $clog2(SramLatency + 1);
  localparam int unsigned LateWidth  = 16;
  localparam int unsigned NumStats   = 9;

  //////////////
  // qp_table //
  //////////////

  logic                      tbl_in_valid, tbl_in_ready;
  logic [QpWidth-1:0]        tbl_in_qp;
  dcqcn_rp_pkg::op_e                      tbl_in_op;
  logic [dcqcn_rp_pkg::OperandWidth-1:0]  tbl_in_operand;
  logic                      tbl_out_valid, tbl_out_ready;
  logic [QpWidth-1:0]        tbl_out_qp;
  logic [dcqcn_rp_pkg::OpWidth-1:0]       tbl_out_op;
  logic [FwdWidth-1:0]       tbl_out_fwd;
  dcqcn_rp_pkg::ctx_t                     tbl_out_old, tbl_out_new;
  logic [dcqcn_rp_pkg::ResultWidth-1:0]   tbl_out_result;
  logic [StatWidth-1:0]      tbl_stat_stall;
  logic [dcqcn_rp_pkg::OpWidth-1:0]       upd_op;
  logic [dcqcn_rp_pkg::OperandWidth-1:0]  upd_operand;
  dcqcn_rp_pkg::ctx_t                     upd_old_ctx, upd_new_ctx;
  logic [dcqcn_rp_pkg::ResultWidth-1:0]   upd_result;

  qp_table_core #(
    .NumQps       (NumQps),
    .SramLatency  (SramLatency),
    .OutDepth     (OutDepth),
    .CtxWidth     (dcqcn_rp_pkg::CtxWidth),
    .OpWidth      (dcqcn_rp_pkg::OpWidth),
    .OperandWidth (dcqcn_rp_pkg::OperandWidth),
    .ResultWidth  (dcqcn_rp_pkg::ResultWidth),
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

  dcqcn_rp_update u_update (
    .op_i             (upd_op),
    .operand_i        (upd_operand),
    .old_ctx_i        (upd_old_ctx),
    .profile_i        (cfg_profile_i),
    .fr_pre_i         (cfg_fr_pre_i),
    .alpha_first_i    (cfg_alpha_first_i),
    .hai_scale_i      (cfg_hai_scale_i),
    .hai_half_timer_i (cfg_hai_half_timer_i),
    .hai_half_bytes_i (cfg_hai_half_bytes_i),
    .rate_line_i      (cfg_rate_line_i),
    .rate_min_i       (cfg_rate_min_i),
    .rate_ai_i        (cfg_rate_ai_i),
    .rate_hai_i       (cfg_rate_hai_i),
    .g16_i            (cfg_g16_i),
    .f_i              (cfg_f_i),
    .bytes_i          (cfg_bytes_i),
    .new_ctx_o        (upd_new_ctx),
    .result_o         (upd_result)
  );

  /////////////////
  // Timer wheel //
  /////////////////

  logic                              wcmd_valid, wcmd_ready, wcmd_cancel;
  logic [IdWidth-1:0]                wcmd_id;
  logic [DeadlineWidth-1:0]          wcmd_deadline;
  logic                              wrsp_valid;
  logic [IdWidth-1:0]                wrsp_id;
  logic [timer_wheel_pkg::RspCodeWidth-1:0]           wrsp_code;
  logic                              wrsp_past;
  logic                              wexp_valid, wexp_ready;
  logic [NumLanes-1:0]               wexp_lane_valid;
  logic [NumLanes*IdWidth-1:0]       wexp_id;
  logic [NumLanes*DeadlineWidth-1:0] wexp_deadline;
  logic [NumLanes*LateWidth-1:0]     wexp_late;
  logic [DeadlineWidth-1:0]          now;
  logic [StatWidth-1:0]              w_stat_expired, w_stat_past, w_stat_reject, w_stat_cancel_unarmed;
  logic [LateWidth-1:0]              w_stat_late_max;
  logic [timer_wheel_pkg::HistBuckets*StatWidth-1:0]  w_stat_late_hist;

  timer_wheel #(
    .NumQps        (2 * NumQps),
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
    .cmd_qp_i              (wcmd_id),
    .cmd_deadline_i        (wcmd_deadline),
    .rsp_valid_o           (wrsp_valid),
    .rsp_ready_i           (1'b1),
    .rsp_qp_o              (wrsp_id),
    .rsp_code_o            (wrsp_code),
    .rsp_past_o            (wrsp_past),
    .exp_valid_o           (wexp_valid),
    .exp_ready_i           (wexp_ready),
    .exp_lane_valid_o      (wexp_lane_valid),
    .exp_qp_o              (wexp_id),
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
  logic [IdWidth-1:0]  hold_id_q [NumLanes];
  logic                exp_req;
  logic [IdWidth-1:0]  exp_id;
  logic [NumLanes-1:0] exp_take;

  assign exp_req    = |hold_valid_q;
  // A new expiry word is taken only into an empty holding register.
  assign wexp_ready = !exp_req;

  // Lowest valid lane first.
  always_comb begin : exp_select
    exp_id   = '0;
    exp_take = '0;
    for (int l = NumLanes - 1; l >= 0; l--) begin
      if (hold_valid_q[l]) begin
        exp_id   = hold_id_q[l];
        exp_take = NumLanes'(1) << l;
      end
    end
  end

  ////////////////////////////////
  // Command metadata, confirms //
  ////////////////////////////////

  logic                 meta_valid, meta_push, meta_probe, meta_kind, cmd_room;
  logic [MetaCntW-1:0]  meta_count;
  logic [GW-1:0]        meta_gen, cmd_gen;
  logic                 conf_valid, conf_push, conf_pop, conf_ok, conf_wready;
  logic [ConfCntW-1:0]  conf_count;
  logic [IdWidth-1:0]   conf_id;
  logic [GW-1:0]        conf_gen;
  logic                 cur_alpha, is_probe;

  assign is_probe = (tbl_out_result >= dcqcn_rp_pkg::ResProbeInc) &&
                    (tbl_out_result <= dcqcn_rp_pkg::ResProbeAlpha);
  assign cmd_gen  = cur_alpha ? tbl_out_new.gen_alpha : tbl_out_new.gen_inc;

  // One entry per wheel command in flight, popped by its response (the wheel answers in order).
  prim_fifo_sync #(.Width(MetaWidth), .Depth(MetaDepth)) u_meta (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .wvalid_i (meta_push),
    .wready_o (cmd_room),
    .wdata_i  ({is_probe, cur_alpha, cmd_gen}),
    .rvalid_o (meta_valid),
    .rready_i (wrsp_valid),
    .rdata_o  ({meta_probe, meta_kind, meta_gen}),
    .depth_o  (meta_count)
  );

  // Answered probes waiting for their CONFIRM pass; sized so it never overflows (see the docs).
  assign conf_push = wrsp_valid && meta_probe;
  prim_fifo_sync #(.Width(ConfWidth), .Depth(ConfDepth)) u_conf (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .wvalid_i (conf_push),
    .wready_o (conf_wready),
    .wdata_i  ({wrsp_id, wrsp_code == timer_wheel_pkg::RspArmed, meta_gen}),
    .rvalid_o (conf_valid),
    .rready_i (conf_pop),
    .rdata_o  ({conf_id, conf_ok, conf_gen}),
    .depth_o  (conf_count)
  );

  /////////////////
  // Arbitration //
  /////////////////

  dcqcn_rp_pkg::confirm_operand_t conf_operand;

  assign conf_operand.zero = '0;
  assign conf_operand.kind = conf_id[0];
  assign conf_operand.ok   = conf_ok;
  assign conf_operand.gen  = conf_gen;

  // CONFIRM, then EXPIRE, then CNP, then TX; every request depends on registered state only.
  always_comb begin : arbitrate
    tbl_in_valid   = conf_valid || exp_req || cnp_valid_i || tx_valid_i;
    tbl_in_qp      = tx_qp_i;
    tbl_in_op      = dcqcn_rp_pkg::OpTx;
    tbl_in_operand = tx_bytes_i;
    if (conf_valid) begin
      tbl_in_qp      = conf_id[IdWidth-1:1];
      tbl_in_op      = dcqcn_rp_pkg::OpConfirm;
      tbl_in_operand = conf_operand;
    end else if (exp_req) begin
      tbl_in_qp      = exp_id[IdWidth-1:1];
      tbl_in_op      = dcqcn_rp_pkg::OpExpire;
      tbl_in_operand = dcqcn_rp_pkg::OperandWidth'(exp_id[0]);
    end else if (cnp_valid_i) begin
      tbl_in_qp      = cnp_qp_i;
      tbl_in_op      = dcqcn_rp_pkg::OpCnp;
      tbl_in_operand = '0;
    end
  end

  assign cnp_ready_o = tbl_in_ready && !conf_valid && !exp_req;
  assign tx_ready_o  = cnp_ready_o && !cnp_valid_i;
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

  // Holding register ids (qualified by hold_valid_q).
  always_ff @(posedge clk_i) begin : hold_data
    if (wexp_valid && wexp_ready) begin
      for (int l = 0; l < NumLanes; l++) begin
        hold_id_q[l] <= wexp_id[l*IdWidth +: IdWidth];
      end
    end
  end

  ////////////////
  // Post stage //
  ////////////////

  logic                is_inc, removal, cancel_inc, cancel_alpha, need_inc, need_alpha, two;
  logic                cur_needed, last_phase, needs_upd, upd_room, tbl_pop, upd_push, second_q;
  logic                upd_fifo_valid;
  logic [UpdCntW-1:0]  upd_count;
  logic [UpdWidth-1:0] upd_rdata;
  logic [DeadlineWidth-1:0] period;

  assign is_inc       = tbl_out_result[dcqcn_rp_pkg::ResIncBit];
  assign removal      = is_inc && tbl_out_result[dcqcn_rp_pkg::ResRemoveBit];
  assign cancel_inc   = removal;
  assign cancel_alpha = (tbl_out_result == dcqcn_rp_pkg::ResAlphaStop);
  assign need_inc     = cancel_inc || (tbl_out_new.gen_inc != tbl_out_old.gen_inc);
  assign need_alpha   = cancel_alpha || (tbl_out_new.gen_alpha != tbl_out_old.gen_alpha);
  assign two          = need_inc && need_alpha;
  assign cur_alpha    = second_q || !need_inc;
  assign cur_needed   = need_inc || need_alpha;
  assign last_phase   = !two || second_q;
  assign needs_upd    = is_inc || (tbl_out_result == dcqcn_rp_pkg::ResCnpCut) ||
                        (tbl_out_result == dcqcn_rp_pkg::ResNs3Cut);

  always_comb begin : select_period
    if (cur_alpha) begin
      period = cfg_t_alpha_i;
    end else if (tbl_out_result == dcqcn_rp_pkg::ResNs3Cnp) begin
      period = cfg_t_dec_i;
    end else if (tbl_out_result == dcqcn_rp_pkg::ResProbeIncHalf) begin
      period = cfg_t_inc_i >> 1;
    end else begin
      period = cfg_t_inc_i;
    end
  end

  assign wcmd_valid    = tbl_out_valid && cur_needed && cmd_room &&
                         (!last_phase || !needs_upd || upd_room);
  assign wcmd_cancel   = cur_alpha ? cancel_alpha : cancel_inc;
  assign wcmd_id       = {tbl_out_qp, cur_alpha};
  assign wcmd_deadline = now + period;
  assign tbl_out_ready = last_phase && (!cur_needed || (cmd_room && wcmd_ready)) &&
                         (!needs_upd || upd_room);
  assign tbl_pop       = tbl_out_valid && tbl_out_ready;
  assign meta_push     = wcmd_valid && wcmd_ready;
  assign upd_push      = tbl_pop && needs_upd;

  // The first command of a two-command result has been issued.
  always_ff @(posedge clk_i) begin : second_reg
    if (!rst_ni) begin
      second_q <= 1'b0;
    end else if (tbl_pop) begin
      second_q <= 1'b0;
    end else if (meta_push && !last_phase) begin
      second_q <= 1'b1;
    end
  end

  // Rate updates for the pacer; upd_room (not full) is decided before the push.
  prim_fifo_sync #(.Width(UpdWidth), .Depth(UpdDepth)) u_upd (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .wvalid_i (upd_push),
    .wready_o (upd_room),
    .wdata_i  ({tbl_out_result, tbl_out_new.limited, tbl_out_new.rc, tbl_out_qp}),
    .rvalid_o (upd_fifo_valid),
    .rready_i (upd_ready_i),
    .rdata_o  (upd_rdata),
    .depth_o  (upd_count)
  );

  assign upd_valid_o = upd_fifo_valid;
  assign {upd_cause_o, upd_limiter_o, upd_rc_o, upd_qp_o} = upd_rdata;

  ////////////////
  // Statistics //
  ////////////////

  logic [StatWidth-1:0] stat_q [NumStats];
  logic [NumStats-1:0]  stat_inc;
  logic [1:0]           inc_branch;

  assign inc_branch  = tbl_out_result[1:0];
  assign stat_inc[0] = tbl_pop && ((tbl_out_result == dcqcn_rp_pkg::ResCnpCut) ||
                                   (tbl_out_result == dcqcn_rp_pkg::ResNs3Cnp));
  assign stat_inc[1] = tbl_pop && ((tbl_out_result == dcqcn_rp_pkg::ResCnpCut) ||
                                   (tbl_out_result == dcqcn_rp_pkg::ResNs3Cut));
  assign stat_inc[2] = tbl_pop && is_inc && (inc_branch == dcqcn_rp_pkg::BranchFr);
  assign stat_inc[3] = tbl_pop && is_inc && (inc_branch == dcqcn_rp_pkg::BranchAi);
  assign stat_inc[4] = tbl_pop && is_inc && (inc_branch == dcqcn_rp_pkg::BranchHai);
  assign stat_inc[5] = tbl_pop && ((tbl_out_result == dcqcn_rp_pkg::ResAlpha) ||
                                   (tbl_out_result == dcqcn_rp_pkg::ResAlphaStop));
  assign stat_inc[6] = tbl_pop && ((tbl_out_result == dcqcn_rp_pkg::ResStaleWheel) ||
                                   (tbl_out_result == dcqcn_rp_pkg::ResStaleGen));
  assign stat_inc[7] = tbl_pop && removal;
  assign stat_inc[8] = tbl_pop && (tbl_out_result == dcqcn_rp_pkg::ResIgnored);

  // Saturating event counters.
  always_ff @(posedge clk_i) begin : stat_counters
    if (!rst_ni) begin
      for (int s = 0; s < NumStats; s++) begin
        stat_q[s] <= '0;
      end
    end else begin
      for (int s = 0; s < NumStats; s++) begin
        if (stat_inc[s] && (stat_q[s] != '1)) begin
          stat_q[s] <= stat_q[s] + StatWidth'(1);
        end
      end
    end
  end

  assign stat_cnp_o             = stat_q[0];
  assign stat_cut_o             = stat_q[1];
  assign stat_fr_o              = stat_q[2];
  assign stat_ai_o              = stat_q[3];
  assign stat_hai_o             = stat_q[4];
  assign stat_alpha_decay_o     = stat_q[5];
  assign stat_stale_o           = stat_q[6];
  assign stat_limiter_removed_o = stat_q[7];
  assign stat_ignored_o         = stat_q[8];

  // Outputs of the reused blocks this block does not need.
  logic unused;
  assign unused = ^{tbl_out_op, tbl_out_fwd, tbl_stat_stall, wrsp_past, wexp_deadline, wexp_late,
                    w_stat_expired, w_stat_past, w_stat_reject, w_stat_cancel_unarmed,
                    w_stat_late_max, w_stat_late_hist, conf_count, conf_wready, meta_valid,
                    meta_count, meta_kind, upd_count, tbl_out_old.rc, tbl_out_old.rt,
                    tbl_out_old.alpha, tbl_out_old.t_cnt, tbl_out_old.bc_cnt, tbl_out_old.bc_rem,
                    tbl_out_old.limited, tbl_out_old.seen, tbl_out_old.alpha_run,
                    tbl_out_old.dec_pending, tbl_out_old.alpha_flag, tbl_out_new.rt,
                    tbl_out_new.alpha, tbl_out_new.t_cnt, tbl_out_new.bc_cnt, tbl_out_new.bc_rem,
                    tbl_out_new.seen, tbl_out_new.alpha_run, tbl_out_new.dec_pending,
                    tbl_out_new.alpha_flag};

endmodule
