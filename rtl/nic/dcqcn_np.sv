// Copyright ccsilicon contributors.
//
// DCQCN notification point (next-blocks.md (b), seed 004 §3.1 Fig. 6) on the receiver NIC: CE-marked
// data packets in, CNP descriptors (QP, cause) for the CNP builder out. The per-QP context
// ({last_cnp, pending, active}) lives in qp_table_core with dcqcn_np_update plugged in; the paper
// mode's window timers (one per QP) live in timer_wheel, unchanged. CE events and timer expiries
// are read-modify-write events on the one qp_table pipeline (II = 1, same-QP forwarding).
// docs/blocks/dcqcn_np.md has the interface, timing and the proofs.
//
// Event sources, highest priority first (one admitted per cycle):
//   EXPIRE - a timer expiry from the wheel (one lane per cycle from a holding register); never
//            dropped: a full CNP FIFO holds it in the wheel, so a pending mark always gets its CNP;
//   CE     - the head of the CE input FIFO (CeDepth entries, each {arrival stamp, QP}).
// CE input: the RX parser presents a CE packet for one cycle; with the CE FIFO full (ce_ready_o
// low) the event is dropped and counted (stat_ce_dropped_o, one per such cycle).
// Post stage: a result leaves when the CNP it sends fits the CNP FIFO and the arm it needs (paper:
// deadline now + N + G - 1, so the wheel, which may fire up to G - 1 cycles early, never fires
// before N) is accepted by the wheel.
//
// Parameters:
//   NumQps      - QPs, power of two >= 2 * NumLanes.
//   SramLatency - qp_table SRAM read latency (>= 1).
//   OutDepth    - qp_table result FIFO entries (>= SramLatency + 2 for one event per cycle).
//   CeDepth     - CE input FIFO entries (D_in).
//   CnpDepth    - CNP descriptor FIFO entries (D_cnp).
//   NumSlots, SlotCycles, NumLanes - the timer wheel's; the configuration check keeps
//                 N + G - 1 within half the horizon NumSlots * SlotCycles.
//   StatWidth   - width of the saturating statistics counters.
//   QpWidth     - derived, do not override.
module dcqcn_np #(
  parameter int unsigned NumQps      = 1024,
  parameter int unsigned SramLatency = 2,
  parameter int unsigned OutDepth    = 4,
  parameter int unsigned CeDepth     = 8,
  parameter int unsigned CnpDepth    = 16,
  parameter int unsigned NumSlots    = 512,
  parameter int unsigned SlotCycles  = 256,
  parameter int unsigned NumLanes    = 2,
  parameter int unsigned StatWidth   = 32,
  parameter int unsigned QpWidth     = $clog2(NumQps)
) (
  input  logic                     clk_i,
  input  logic                     rst_ni,

  // Configuration, held static.
  input  logic [dcqcn_np_pkg::ModeWidth-1:0] cfg_mode_i,     // dcqcn_np_pkg::mode_e
  input  logic [dcqcn_np_pkg::TimeWidth-1:0] cfg_interval_i, // N in cycles

  // CE-marked data packets from the RX parser.
  input  logic                     ce_valid_i,
  output logic                     ce_ready_o,               // low: CE FIFO full, event dropped
  input  logic [QpWidth-1:0]       ce_qp_i,

  // CNP descriptors for the CNP builder.
  output logic                     cnp_valid_o,
  input  logic                     cnp_ready_i,
  output logic [QpWidth-1:0]       cnp_qp_o,
  output logic [dcqcn_np_pkg::CauseWidth-1:0] cnp_cause_o,  // dcqcn_np_pkg::res_e[1:0]

  // Status and saturating statistics.
  output logic                     init_busy_o,
  output logic [QpWidth:0]         timers_armed_o,
  output logic [StatWidth-1:0]     stat_ce_seen_o,
  output logic [StatWidth-1:0]     stat_cnp_sent_o,
  output logic [StatWidth-1:0]     stat_suppressed_o,
  output logic [StatWidth-1:0]     stat_ce_dropped_o
);
  localparam int unsigned TimeW    = dcqcn_np_pkg::TimeWidth;
  localparam int unsigned CeWidth  = TimeW + QpWidth;
  localparam int unsigned CnpWidth = dcqcn_np_pkg::CauseWidth + QpWidth;
  localparam int unsigned CeCntW   = $clog2(CeDepth + 1);
  localparam int unsigned CnpCntW  = $clog2(CnpDepth + 1);
  localparam int unsigned FwdWidth = $clog2(SramLatency + 1);
  localparam int unsigned LateWidth = 16;

  //////////////
  // qp_table //
  //////////////

  logic                      tbl_in_valid, tbl_in_ready;
  logic [QpWidth-1:0]        tbl_in_qp;
  dcqcn_np_pkg::op_e                      tbl_in_op;
  logic [dcqcn_np_pkg::OperandWidth-1:0]  tbl_in_operand;
  logic                      tbl_out_valid, tbl_out_ready;
  logic [QpWidth-1:0]        tbl_out_qp;
  logic [dcqcn_np_pkg::OpWidth-1:0]       tbl_out_op;
  logic [FwdWidth-1:0]       tbl_out_fwd;
  dcqcn_np_pkg::ctx_t                     tbl_out_old, tbl_out_new;
  dcqcn_np_pkg::res_e                     tbl_out_result;
  logic [StatWidth-1:0]      tbl_stat_fwd, tbl_stat_stall;
  logic [dcqcn_np_pkg::OpWidth-1:0]       upd_op;
  logic [dcqcn_np_pkg::OperandWidth-1:0]  upd_operand;
  dcqcn_np_pkg::ctx_t                     upd_old_ctx, upd_new_ctx;
  dcqcn_np_pkg::res_e                     upd_result;

  qp_table_core #(
    .NumQps       (NumQps),
    .SramLatency  (SramLatency),
    .OutDepth     (OutDepth),
    .CtxWidth     (dcqcn_np_pkg::CtxWidth),
    .OpWidth      (dcqcn_np_pkg::OpWidth),
    .OperandWidth (dcqcn_np_pkg::OperandWidth),
    .ResultWidth  (dcqcn_np_pkg::ResultWidth),
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
    .stat_fwd_o    (tbl_stat_fwd),
    .stat_stall_o  (tbl_stat_stall),
    .upd_op_o      (upd_op),
    .upd_operand_o (upd_operand),
    .upd_old_ctx_o (upd_old_ctx),
    .upd_new_ctx_i (upd_new_ctx),
    .upd_result_i  (upd_result)
  );

  dcqcn_np_update u_update (
    .mode_i     (cfg_mode_i),
    .interval_i (cfg_interval_i),
    .op_i       (upd_op),
    .operand_i  (upd_operand),
    .old_ctx_i  (upd_old_ctx),
    .new_ctx_o  (upd_new_ctx),
    .result_o   (upd_result)
  );

  /////////////////
  // Timer wheel //
  /////////////////

  logic                              wcmd_valid, wcmd_ready;
  logic [TimeW-1:0]                  wcmd_deadline;
  logic                              wrsp_valid;
  logic [QpWidth-1:0]                wrsp_qp;
  logic [timer_wheel_pkg::RspCodeWidth-1:0] wrsp_code;
  logic                              wrsp_past;
  logic                              wexp_valid, wexp_ready;
  logic [NumLanes-1:0]               wexp_lane_valid;
  logic [NumLanes*QpWidth-1:0]       wexp_qp;
  logic [NumLanes*TimeW-1:0]         wexp_deadline;
  logic [NumLanes*LateWidth-1:0]     wexp_late;
  logic [TimeW-1:0]                  now;
  logic [StatWidth-1:0]              w_stat_expired, w_stat_past, w_stat_reject, w_stat_cancel_unarmed;
  logic [LateWidth-1:0]              w_stat_late_max;
  logic [timer_wheel_pkg::HistBuckets*StatWidth-1:0] w_stat_late_hist;

  timer_wheel #(
    .NumQps        (NumQps),
    .NumSlots      (NumSlots),
    .SlotCycles    (SlotCycles),
    .NumLanes      (NumLanes),
    .DeadlineWidth (TimeW),
    .LateWidth     (LateWidth),
    .StatWidth     (StatWidth)
  ) u_wheel (
    .clk_i                 (clk_i),
    .rst_ni                (rst_ni),
    .cmd_valid_i           (wcmd_valid),
    .cmd_ready_o           (wcmd_ready),
    .cmd_cancel_i          (1'b0),
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

  assign exp_req    = |hold_valid_q;
  // A new expiry word is taken only into an empty holding register.
  assign wexp_ready = !exp_req;

  // Lowest valid lane first.
  always_comb begin : exp_select
    exp_qp   = '0;
    exp_take = '0;
    for (int l = NumLanes - 1; l >= 0; l--) begin
      if (hold_valid_q[l]) begin
        exp_qp   = hold_qp_q[l];
        exp_take = NumLanes'(1) << l;
      end
    end
  end

  // Loaded with a whole expiry word, emptied one lane per admitted EXPIRE.
  always_ff @(posedge clk_i) begin : hold_reg
    if (!rst_ni) begin
      hold_valid_q <= '0;
    end else if (wexp_valid && wexp_ready) begin
      hold_valid_q <= wexp_lane_valid;
    end else if (exp_req && tbl_in_ready) begin
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

  ///////////////////
  // CE input FIFO //
  ///////////////////

  logic               ce_push, ce_valid, ce_pop;
  logic [QpWidth-1:0] ce_qp;
  logic [TimeW-1:0]   ce_stamp;
  logic [CeCntW-1:0]  ce_count;

  // The stamp is taken on arrival, so queueing behind expiries does not move a lazy window.
  assign ce_push = ce_valid_i && ce_ready_o;
  prim_fifo_sync #(.Width(CeWidth), .Depth(CeDepth)) u_ce (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .wvalid_i (ce_valid_i),
    .wready_o (ce_ready_o),
    .wdata_i  ({now, ce_qp_i}),
    .rvalid_o (ce_valid),
    .rready_i (ce_pop),
    .rdata_o  ({ce_stamp, ce_qp}),
    .depth_o  (ce_count)
  );

  /////////////////
  // Arbitration //
  /////////////////

  // EXPIRE, then CE; both requests come from registers.
  always_comb begin : arbitrate
    tbl_in_valid   = exp_req || ce_valid;
    tbl_in_qp      = ce_qp;
    tbl_in_op      = dcqcn_np_pkg::OpCe;
    tbl_in_operand = ce_stamp;
    if (exp_req) begin
      tbl_in_qp      = exp_qp;
      tbl_in_op      = dcqcn_np_pkg::OpExpire;
      tbl_in_operand = '0;
    end
  end

  assign ce_pop = ce_valid && !exp_req && tbl_in_ready;

  ////////////////
  // Post stage //
  ////////////////

  logic                sends, arms, cnp_room, tbl_pop, cnp_push;
  logic [CnpCntW-1:0]  cnp_count;
  logic [CnpWidth-1:0] cnp_rdata;

  assign sends = (tbl_out_result < dcqcn_np_pkg::ResPendSet);
  assign arms  = (tbl_out_result < dcqcn_np_pkg::ResLazyFirst);

  assign wcmd_valid    = tbl_out_valid && arms && cnp_room;
  assign wcmd_deadline = now + cfg_interval_i + TimeW'(SlotCycles - 1);
  assign tbl_out_ready = (!sends || cnp_room) && (!arms || wcmd_ready);
  assign tbl_pop       = tbl_out_valid && tbl_out_ready;
  assign cnp_push      = tbl_pop && sends;

  prim_fifo_sync #(.Width(CnpWidth), .Depth(CnpDepth)) u_cnp (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .wvalid_i (cnp_push),
    .wready_o (cnp_room),
    .wdata_i  ({tbl_out_result[dcqcn_np_pkg::CauseWidth-1:0], tbl_out_qp}),
    .rvalid_o (cnp_valid_o),
    .rready_i (cnp_ready_i),
    .rdata_o  (cnp_rdata),
    .depth_o  (cnp_count)
  );

  assign {cnp_cause_o, cnp_qp_o} = cnp_rdata;

  ////////////////
  // Statistics //
  ////////////////

  logic [StatWidth-1:0] stat_q [4];
  logic [3:0]           stat_inc;

  assign stat_inc[0] = ce_push;
  assign stat_inc[1] = cnp_push;
  assign stat_inc[2] = tbl_pop && (tbl_out_result >= dcqcn_np_pkg::ResPendSet) &&
                       (tbl_out_result <= dcqcn_np_pkg::ResInWindow);
  assign stat_inc[3] = ce_valid_i && !ce_ready_o;

  // Saturating event counters.
  always_ff @(posedge clk_i) begin : stat_counters
    if (!rst_ni) begin
      for (int s = 0; s < 4; s++) begin
        stat_q[s] <= '0;
      end
    end else begin
      for (int s = 0; s < 4; s++) begin
        if (stat_inc[s] && (stat_q[s] != '1)) begin
          stat_q[s] <= stat_q[s] + StatWidth'(1);
        end
      end
    end
  end

  assign stat_ce_seen_o    = stat_q[0];
  assign stat_cnp_sent_o   = stat_q[1];
  assign stat_suppressed_o = stat_q[2];
  assign stat_ce_dropped_o = stat_q[3];

  // Outputs of the reused blocks this block does not need: every arm targets a QP without a timer
  // and within half the horizon, so each response is "armed" (docs/blocks/dcqcn_np.md §4).
  logic unused;
  assign unused = ^{tbl_out_op, tbl_out_fwd, tbl_out_old, tbl_out_new, tbl_stat_fwd, tbl_stat_stall,
                    wrsp_valid, wrsp_qp, wrsp_code, wrsp_past, wexp_deadline, wexp_late,
                    w_stat_expired, w_stat_past, w_stat_reject, w_stat_cancel_unarmed,
                    w_stat_late_max, w_stat_late_hist, ce_count, cnp_count};

endmodule
