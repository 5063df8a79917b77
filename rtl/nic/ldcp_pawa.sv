// Copyright ccsilicon contributors.
//
// LDCP per-ACK window adjustment (next-blocks section d) on the sender NIC: new flows, TX-starts,
// ACKs and losses in; per event one update record for the TX scheduler out (the packet's ECN field
// on a TX-start, and the QP's send permission: window bytes, timer mode, tick_ok). The per-QP
// context (cw, srtt, fast-start state, tick_ok, the tick's generation) lives in qp_table_core with
// ldcp_pawa_update plugged in; the RTT/cw tick of each QP in timer_wheel (id = qp).
// docs/blocks/ldcp_pawa.md has the interface, timing and formats.
//
// Event sources, highest priority first (one admitted per cycle, never dropped):
//   CONFIRM - the wheel answered an expiry's probe: second pass of the expiry;
//   EXPIRE  - a tick expiry from the wheel (one lane per cycle from a holding register): first
//             pass, re-arms the tick (the probe) and bumps the generation when the tick is live;
//   START, LOSS, ACK, TX - the input streams.
// Stale expiries are found exactly as in dcqcn_rp: the probe answered "re-armed", or the
// generation moved between the probe and its confirmation.
//
// Post stage: a result needs at most one wheel command - an arm at now + RTT/cw when the
// generation moved (timer mode entered, a send in timer mode, a probe), a cancel on START, on a
// confirmed TICK (the probe's re-arm) and when timer mode is left - and, for causes 0..10, an
// update record.
//
// Parameters:
//   NumQps        - QPs, power of two >= 2 * NumLanes.
//   SramLatency   - qp_table SRAM read latency (>= 1).
//   OutDepth      - qp_table result FIFO entries.
//   MetaDepth     - wheel commands in flight (>= 2); MetaDepth + OutDepth <= 15 keeps the 4-bit
//                   generation from aliasing between a probe and its confirmation.
//   NumSlots, SlotCycles, NumLanes, DeadlineWidth - the timer wheel's; a tick interval is clamped
//                   to (NumSlots - 2) * SlotCycles so that it stays inside the horizon.
//   StatWidth     - width of the saturating statistics counters.
//   QpWidth       - derived, do not override.
module ldcp_pawa #(
  parameter int unsigned NumQps        = 1024,
  parameter int unsigned SramLatency   = 2,
  parameter int unsigned OutDepth      = 4,
  parameter int unsigned MetaDepth     = 4,
  parameter int unsigned NumSlots      = 2048,
  parameter int unsigned SlotCycles    = 1024,
  parameter int unsigned NumLanes      = 2,
  parameter int unsigned DeadlineWidth = 32,
  parameter int unsigned StatWidth     = 32,
  parameter int unsigned QpWidth       = $clog2(NumQps)
) (
  input  logic                     clk_i,
  input  logic                     rst_ni,

  // Configuration, held static.
  input  logic [ldcp_pawa_pkg::AlphaWidth-1:0]  cfg_alpha_i,        // A = alpha * 256, 1..256
  input  logic [ldcp_pawa_pkg::BetaWidth-1:0]   cfg_beta_i,         // Bt = beta * 256, 1..256
  input  logic [ldcp_pawa_pkg::ShiftWidth-1:0]  cfg_gamma_shift_i,  // gamma = 2^-gs
  input  logic [ldcp_pawa_pkg::ShiftWidth-1:0]  cfg_eta_shift_i,    // eta = 2^-es, es >= 1
  input  logic [ldcp_pawa_pkg::IwWidth-1:0]     cfg_iw_i,           // IW packets, >= 1
  input  logic [ldcp_pawa_pkg::IwWidth-1:0]     cfg_cw_max_i,       // cw_max packets, >= IW
  input  logic [ldcp_pawa_pkg::MtuWidth-1:0]    cfg_mtu_i,          // bytes per packet
  input  logic                                  cfg_rtt_mode_i,     // 1: tick from rtt_base
  input  logic [ldcp_pawa_pkg::RttWidth-1:0]    cfg_rtt_base_i,     // cycles, >= 1
  input  logic                                  cfg_fast_start_i,   // new flows start in FAST_START

  // New flows.
  input  logic                     start_valid_i,
  output logic                     start_ready_o,
  input  logic [QpWidth-1:0]       start_qp_i,

  // TX-starts (a data packet of the QP is about to leave).
  input  logic                     tx_valid_i,
  output logic                     tx_ready_o,
  input  logic [QpWidth-1:0]       tx_qp_i,
  input  logic                     tx_last_i,          // last packet of a message

  // ACKs that advanced una (ldcp_lsn).
  input  logic                     ack_valid_i,
  output logic                     ack_ready_o,
  input  logic [QpWidth-1:0]       ack_qp_i,
  input  logic [ldcp_pawa_pkg::NWidth-1:0]   ack_n_i,  // packets newly acknowledged
  input  logic                     ack_ece_i,
  input  logic                     ack_rtt_valid_i,
  input  logic [ldcp_pawa_pkg::RttWidth-1:0] ack_rtt_i, // RTT sample in cycles (0 read as 1)

  // NAKs and RTOs.
  input  logic                     loss_valid_i,
  output logic                     loss_ready_o,
  input  logic [QpWidth-1:0]       loss_qp_i,

  // Update records for the TX scheduler.
  output logic                     upd_valid_o,
  input  logic                     upd_ready_i,
  output logic [QpWidth-1:0]       upd_qp_o,
  output logic [ldcp_pawa_pkg::CauseWidth-1:0]  upd_cause_o,   // ldcp_pawa_pkg::cause_e, 0..10
  output logic [1:0]               upd_ecn_o,          // TX: the packet's ECN field; else 00
  output logic [ldcp_pawa_pkg::WindowWidth-1:0] upd_window_o,  // (x * MTU) >> 24 bytes
  output logic                     upd_timer_mode_o,   // cw < 1: paced by the tick
  output logic                     upd_tick_ok_o,      // timer mode: one packet may leave

  // Status and saturating statistics.
  output logic                     init_busy_o,
  output logic [QpWidth:0]         timers_armed_o,
  output logic [StatWidth-1:0]     stat_ai_o,
  output logic [StatWidth-1:0]     stat_md_o,
  output logic [StatWidth-1:0]     stat_sub1_enter_o,
  output logic [StatWidth-1:0]     stat_sub1_leave_o,
  output logic [StatWidth-1:0]     stat_fs_loss_o,
  output logic [StatWidth-1:0]     stat_fs_done_o,
  output logic [StatWidth-1:0]     stat_stale_o,
  output logic [StatWidth-1:0]     stat_fwd_o
);
  localparam int unsigned GW         = ldcp_pawa_pkg::GenWidth;
  localparam int unsigned XW         = ldcp_pawa_pkg::XWidth;
  localparam int unsigned FR         = ldcp_pawa_pkg::Frac;
  localparam int unsigned RW         = ldcp_pawa_pkg::RttWidth;
  localparam int unsigned CauseW     = ldcp_pawa_pkg::CauseWidth;
  localparam int unsigned WinW       = ldcp_pawa_pkg::WindowWidth;
  localparam int unsigned ConfDepth  = MetaDepth + OutDepth;
  localparam int unsigned UpdDepth   = 2;
  localparam int unsigned MetaCntW   = $clog2(MetaDepth + 1);
  localparam int unsigned ConfCntW   = $clog2(ConfDepth + 1);
  localparam int unsigned UpdCntW    = $clog2(UpdDepth + 1);
  localparam int unsigned MetaWidth  = 1 + GW;
  localparam int unsigned UpdWidth   = QpWidth + CauseW + 2 + WinW + 2;
  localparam int unsigned ConfWidth  = QpWidth + 1 + GW;
  localparam int unsigned FwdWidth   = $clog2(SramLatency + 1);
  localparam int unsigned LateWidth  = 16;
  localparam int unsigned NumStats   = 7;
  localparam int unsigned ProdWidth  = RW + 16;
  localparam int unsigned TW         = ldcp_pawa_pkg::TickWidth;
  localparam int unsigned TickMaxInt = (NumSlots - 2) * SlotCycles;
  localparam logic [ProdWidth-1:0] TickMax = ProdWidth'(TickMaxInt);

  //////////////
  // qp_table //
  //////////////

  logic                      tbl_in_valid, tbl_in_ready;
  logic [QpWidth-1:0]        tbl_in_qp;
  ldcp_pawa_pkg::op_e                      tbl_in_op;
  logic [ldcp_pawa_pkg::OperandWidth-1:0]  tbl_in_operand;
  logic                      tbl_out_valid, tbl_out_ready;
  logic [QpWidth-1:0]        tbl_out_qp;
  logic [ldcp_pawa_pkg::OpWidth-1:0]       tbl_out_op;
  logic [FwdWidth-1:0]       tbl_out_fwd;
  ldcp_pawa_pkg::ctx_t                     tbl_out_old, tbl_out_new;
  logic [ldcp_pawa_pkg::ResultWidth-1:0]   tbl_out_result;
  logic [StatWidth-1:0]      tbl_stat_stall;
  logic [ldcp_pawa_pkg::OpWidth-1:0]       upd_op;
  logic [ldcp_pawa_pkg::OperandWidth-1:0]  upd_operand;
  ldcp_pawa_pkg::ctx_t                     upd_old_ctx, upd_new_ctx;
  logic [ldcp_pawa_pkg::ResultWidth-1:0]   upd_result;

  qp_table_core #(
    .NumQps       (NumQps),
    .SramLatency  (SramLatency),
    .OutDepth     (OutDepth),
    .CtxWidth     (ldcp_pawa_pkg::CtxWidth),
    .OpWidth      (ldcp_pawa_pkg::OpWidth),
    .OperandWidth (ldcp_pawa_pkg::OperandWidth),
    .ResultWidth  (ldcp_pawa_pkg::ResultWidth),
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

  ldcp_pawa_update u_update (
    .op_i          (upd_op),
    .operand_i     (upd_operand),
    .old_ctx_i     (upd_old_ctx),
    .alpha_i       (cfg_alpha_i),
    .beta_i        (cfg_beta_i),
    .gamma_shift_i (cfg_gamma_shift_i),
    .eta_shift_i   (cfg_eta_shift_i),
    .iw_i          (cfg_iw_i),
    .cw_max_i      (cfg_cw_max_i),
    .rtt_base_i    (cfg_rtt_base_i),
    .fast_start_i  (cfg_fast_start_i),
    .new_ctx_o     (upd_new_ctx),
    .result_o      (upd_result)
  );

  /////////////////
  // Timer wheel //
  /////////////////

  logic                              wcmd_valid, wcmd_ready, wcmd_cancel;
  logic [QpWidth-1:0]                wcmd_id;
  logic [DeadlineWidth-1:0]          wcmd_deadline;
  logic                              wrsp_valid;
  logic [QpWidth-1:0]                wrsp_id;
  logic [timer_wheel_pkg::RspCodeWidth-1:0]           wrsp_code;
  logic                              wrsp_past;
  logic                              wexp_valid, wexp_ready;
  logic [NumLanes-1:0]               wexp_lane_valid;
  logic [NumLanes*QpWidth-1:0]       wexp_id;
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
  logic [QpWidth-1:0]  hold_id_q [NumLanes];
  logic                exp_req;
  logic [QpWidth-1:0]  exp_id;
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

  logic                 meta_valid, meta_push, meta_probe, cmd_room;
  logic [MetaCntW-1:0]  meta_count;
  logic [GW-1:0]        meta_gen;
  logic                 conf_valid, conf_push, conf_pop, conf_ok, conf_wready;
  logic [ConfCntW-1:0]  conf_count;
  logic [QpWidth-1:0]   conf_id;
  logic [GW-1:0]        conf_gen;
  logic [CauseW-1:0]    out_cause;
  logic                 is_probe;

  assign out_cause = tbl_out_result[CauseW-1:0];
  assign is_probe  = (out_cause == ldcp_pawa_pkg::ResProbe);

  // One entry per wheel command in flight, popped by its response (the wheel answers in order).
  prim_fifo_sync #(.Width(MetaWidth), .Depth(MetaDepth)) u_meta (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .wvalid_i (meta_push),
    .wready_o (cmd_room),
    .wdata_i  ({is_probe, tbl_out_new.gen}),
    .rvalid_o (meta_valid),
    .rready_i (wrsp_valid),
    .rdata_o  ({meta_probe, meta_gen}),
    .depth_o  (meta_count)
  );

  // Answered probes waiting for their CONFIRM pass; sized so it never overflows.
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

  ldcp_pawa_pkg::confirm_operand_t conf_operand;
  ldcp_pawa_pkg::ack_operand_t     ack_operand;

  assign conf_operand.zero     = '0;
  assign conf_operand.ok       = conf_ok;
  assign conf_operand.gen      = conf_gen;
  assign ack_operand.rtt       = ack_rtt_i;
  assign ack_operand.rtt_valid = ack_rtt_valid_i;
  assign ack_operand.ece       = ack_ece_i;
  assign ack_operand.n         = ack_n_i;

  // CONFIRM, EXPIRE, START, LOSS, ACK, TX; every request depends on registered state and pins only.
  always_comb begin : arbitrate
    tbl_in_valid   = conf_valid || exp_req || start_valid_i || loss_valid_i || ack_valid_i ||
                     tx_valid_i;
    tbl_in_qp      = tx_qp_i;
    tbl_in_op      = ldcp_pawa_pkg::OpTx;
    tbl_in_operand = ldcp_pawa_pkg::OperandWidth'(tx_last_i);
    if (conf_valid) begin
      tbl_in_qp      = conf_id;
      tbl_in_op      = ldcp_pawa_pkg::OpConfirm;
      tbl_in_operand = conf_operand;
    end else if (exp_req) begin
      tbl_in_qp      = exp_id;
      tbl_in_op      = ldcp_pawa_pkg::OpExpire;
      tbl_in_operand = '0;
    end else if (start_valid_i) begin
      tbl_in_qp      = start_qp_i;
      tbl_in_op      = ldcp_pawa_pkg::OpStart;
      tbl_in_operand = '0;
    end else if (loss_valid_i) begin
      tbl_in_qp      = loss_qp_i;
      tbl_in_op      = ldcp_pawa_pkg::OpLoss;
      tbl_in_operand = '0;
    end else if (ack_valid_i) begin
      tbl_in_qp      = ack_qp_i;
      tbl_in_op      = ldcp_pawa_pkg::OpAck;
      tbl_in_operand = ack_operand;
    end
  end

  assign start_ready_o = tbl_in_ready && !conf_valid && !exp_req;
  assign loss_ready_o  = start_ready_o && !start_valid_i;
  assign ack_ready_o   = loss_ready_o && !loss_valid_i;
  assign tx_ready_o    = ack_ready_o && !ack_valid_i;
  assign conf_pop      = conf_valid && tbl_in_ready;

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
        hold_id_q[l] <= wexp_id[l*QpWidth +: QpWidth];
      end
    end
  end

  ////////////////
  // Post stage //
  ////////////////

  // The tick interval RTT/cw = (rtt RECIP[idx(x)]) >> (p(x) - 8) of the new context, clamped to
  // the horizon; arms happen in timer mode only (2^17 <= x < 2^24), so x's low 24 bits suffice.
  logic [FR-1:0]        x24;
  logic [4:0]           tp;
  logic [7:0]           tidx;
  logic [15:0]          trecip;
  logic [RW-1:0]        rtt;
  logic [ProdWidth-1:0] tprod, tshift;
  logic [TW-1:0]        interval;

  assign x24 = tbl_out_new.x[FR-1:0];
  recip8 #(.Width(FR)) u_tick_recip (
    .x_i     (x24),
    .p_o     (tp),
    .idx_o   (tidx),
    .recip_o (trecip)
  );

  assign rtt      = cfg_rtt_mode_i ? cfg_rtt_base_i : tbl_out_new.srtt;
  assign tprod    = ProdWidth'(rtt) * ProdWidth'(trecip);
  assign tshift   = tprod >> (tp - 5'd8);
  assign interval = (x24 < FR'(256)) ? '0 : TW'((tshift > TickMax) ? TickMax : tshift);

  logic                cancel, need_cmd, needs_upd, upd_room, tbl_pop, upd_push;
  logic                upd_fifo_valid, tmode_new;
  logic [UpdCntW-1:0]  upd_count;
  logic [UpdWidth-1:0] upd_rdata;
  logic [1:0]          ecn;
  logic [XW+ldcp_pawa_pkg::MtuWidth-1:0] win_prod;

  assign cancel    = (out_cause == ldcp_pawa_pkg::CauseStart) ||
                     (out_cause == ldcp_pawa_pkg::CauseTick) ||
                     tbl_out_result[ldcp_pawa_pkg::ResLeaveBit];
  assign need_cmd  = cancel || (tbl_out_new.gen != tbl_out_old.gen);
  assign needs_upd = (out_cause <= ldcp_pawa_pkg::CauseTick);

  assign wcmd_valid    = tbl_out_valid && need_cmd && cmd_room && (!needs_upd || upd_room);
  assign wcmd_cancel   = cancel;
  assign wcmd_id       = tbl_out_qp;
  assign wcmd_deadline = now + DeadlineWidth'(interval);
  assign tbl_out_ready = (!need_cmd || (cmd_room && wcmd_ready)) && (!needs_upd || upd_room);
  assign tbl_pop       = tbl_out_valid && tbl_out_ready;
  assign meta_push     = wcmd_valid && wcmd_ready;
  assign upd_push      = tbl_pop && needs_upd;

  assign ecn       = ((out_cause == ldcp_pawa_pkg::CauseTx) && tbl_out_result[ldcp_pawa_pkg::ResEctBit]) ?
                     ldcp_pawa_pkg::EcnEct0 : ldcp_pawa_pkg::EcnNotEct;
  assign win_prod  = (XW + ldcp_pawa_pkg::MtuWidth)'(tbl_out_new.x) *
                     (XW + ldcp_pawa_pkg::MtuWidth)'(cfg_mtu_i);
  assign tmode_new = !tbl_out_new.fs && (tbl_out_new.x[XW-1:FR] == '0);

  // Update records; upd_room (not full) is decided before the push.
  prim_fifo_sync #(.Width(UpdWidth), .Depth(UpdDepth)) u_upd (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .wvalid_i (upd_push),
    .wready_o (upd_room),
    .wdata_i  ({tbl_out_new.tick_ok, tmode_new, win_prod[FR +: WinW], ecn, out_cause, tbl_out_qp}),
    .rvalid_o (upd_fifo_valid),
    .rready_i (upd_ready_i),
    .rdata_o  (upd_rdata),
    .depth_o  (upd_count)
  );

  assign upd_valid_o = upd_fifo_valid;
  assign {upd_tick_ok_o, upd_timer_mode_o, upd_window_o, upd_ecn_o, upd_cause_o, upd_qp_o} = upd_rdata;

  ////////////////
  // Statistics //
  ////////////////

  logic [StatWidth-1:0] stat_q [NumStats];
  logic [NumStats-1:0]  stat_inc;

  assign stat_inc[0] = tbl_pop && ((out_cause == ldcp_pawa_pkg::CauseAi) ||
                                   (out_cause == ldcp_pawa_pkg::CauseSubAi));
  assign stat_inc[1] = tbl_pop && ((out_cause == ldcp_pawa_pkg::CauseMd) ||
                                   (out_cause == ldcp_pawa_pkg::CauseSubMd));
  assign stat_inc[2] = tbl_pop && tbl_out_result[ldcp_pawa_pkg::ResEnterBit];
  assign stat_inc[3] = tbl_pop && tbl_out_result[ldcp_pawa_pkg::ResLeaveBit];
  assign stat_inc[4] = tbl_pop && (out_cause == ldcp_pawa_pkg::CauseFsLoss);
  assign stat_inc[5] = tbl_pop && (out_cause == ldcp_pawa_pkg::CauseFsDone);
  assign stat_inc[6] = tbl_pop && (out_cause >= ldcp_pawa_pkg::ResStaleWheel);

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

  assign stat_ai_o         = stat_q[0];
  assign stat_md_o         = stat_q[1];
  assign stat_sub1_enter_o = stat_q[2];
  assign stat_sub1_leave_o = stat_q[3];
  assign stat_fs_loss_o    = stat_q[4];
  assign stat_fs_done_o    = stat_q[5];
  assign stat_stale_o      = stat_q[6];

  // Outputs of the reused blocks this block does not need.
  logic unused;
  assign unused = ^{tbl_out_op, tbl_out_fwd, tbl_stat_stall, wrsp_past, wexp_deadline, wexp_late,
                    w_stat_expired, w_stat_past, w_stat_reject, w_stat_cancel_unarmed,
                    w_stat_late_max, w_stat_late_hist, conf_count, conf_wready, meta_valid,
                    meta_count, upd_count, tbl_out_old.x, tbl_out_old.srtt, tbl_out_old.fs_sent,
                    tbl_out_old.fs_acked, tbl_out_old.live, tbl_out_old.fs, tbl_out_old.fs_first_ack,
                    tbl_out_old.tick_ok, tbl_out_new.fs_sent, tbl_out_new.fs_acked,
                    tbl_out_new.live, tbl_out_new.fs_first_ack, tidx, win_prod[FR-1:0], interval};

endmodule
