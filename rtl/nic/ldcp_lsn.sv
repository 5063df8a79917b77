// Copyright ccsilicon contributors.
//
// LDCP byte sequence numbers, ACK/ECE generation and go-back-N (next-blocks.md (e); seed 001 §2.2,
// §3.1) on a NIC, both roles of every QP: the sender's una/nxt in the REQ and RSP spaces and the
// requester's rsp_issue, the receiver's rcv_nxt, coalescing state and NAK flag. The per-QP context
// (ldcp_lsn_pkg::ctx_t, 302 bits) lives in qp_table_core with ldcp_lsn_update plugged in.
// docs/blocks/ldcp_lsn.md has the interface, formats and timing.
//
// Event sources, each a valid/ready stream into its own FIFO (InDepth entries), one admitted per
// cycle in fixed priority:
//   rto   - the RoCE transport's RTO timer for the QP expired (the timer stays in the transport);
//   flush - the ACK builder's coalescing timer t_co expired for (qp, space);
//   ack   - an ACK or NAK (LAETH fields); stamped on arrival with now_q, kept as now - ts_echo;
//   rx    - a data packet (LETH fields), incl. a READ request's rsp_lsn;
//   tx    - a packet leaving (qp, space, len), incl. a READ request's response bytes and re-issue
//           flag; stamped on arrival with now_q (its LETH timestamp).
// Results, in event order, each to its own FIFO (ResDepth entries); a result leaves the table when
// its FIFO has room:
//   txr   - {qp, lsn, ts, rsp_lsn} per tx;
//   snd   - {qp, code, lsn, n, ece, rtt} per ack and rto (ldcp_lsn_pkg::code_e);
//   rxr   - {qp, status, realigned, ndesc, two descriptor slots} per rx and flush.
//
// Parameters:
//   NumQps      - QPs, power of two >= 2.
//   SramLatency - qp_table SRAM read latency (>= 1).
//   OutDepth    - qp_table result FIFO entries (>= SramLatency + 2 for one event per cycle).
//   InDepth     - entries of each input FIFO (>= 2).
//   ResDepth    - entries of each result FIFO (>= 2).
//   StatWidth   - width of the saturating statistics counters.
//   QpWidth     - derived, do not override.
module ldcp_lsn #(
  parameter int unsigned NumQps      = 1024,
  parameter int unsigned SramLatency = 2,
  parameter int unsigned OutDepth    = 4,
  parameter int unsigned InDepth     = 2,
  parameter int unsigned ResDepth    = 4,
  parameter int unsigned StatWidth   = 32,
  parameter int unsigned QpWidth     = $clog2(NumQps)
) (
  input  logic                                clk_i,
  input  logic                                rst_ni,

  // Configuration, held static.
  input  logic [ldcp_lsn_pkg::MWidth-1:0]     cfg_m_i,     // packets per coalesced ACK, 1..63
  input  logic [ldcp_lsn_pkg::LenWidth-1:0]   cfg_lmin_i,  // L_MIN bytes, 1..65535

  // Packets leaving (sender step 1; READ requests: step 6).
  input  logic                                tx_valid_i,
  output logic                                tx_ready_o,
  input  logic [QpWidth-1:0]                  tx_qp_i,
  input  logic                                tx_space_i,
  input  logic [ldcp_lsn_pkg::LenWidth-1:0]   tx_len_i,
  input  logic                                tx_read_i,
  input  logic [ldcp_lsn_pkg::LsnWidth-1:0]   tx_rsp_bytes_i,
  input  logic                                tx_reissue_i,

  // ACKs and NAKs received (sender steps 2 and 3).
  input  logic                                ack_valid_i,
  output logic                                ack_ready_o,
  input  logic [QpWidth-1:0]                  ack_qp_i,
  input  logic                                ack_space_i,
  input  logic [ldcp_lsn_pkg::LsnWidth-1:0]   ack_lsn_i,
  input  logic [ldcp_lsn_pkg::NWidth-1:0]     ack_n_i,
  input  logic                                ack_ece_i,
  input  logic [ldcp_lsn_pkg::LsnWidth-1:0]   ack_ts_echo_i,
  input  logic                                ack_nak_i,

  // RTO expiries from the transport (sender step 4).
  input  logic                                rto_valid_i,
  output logic                                rto_ready_o,
  input  logic [QpWidth-1:0]                  rto_qp_i,

  // Data packets received (receiver steps 1-3; READ requests: responder step 5).
  input  logic                                rx_valid_i,
  output logic                                rx_ready_o,
  input  logic [QpWidth-1:0]                  rx_qp_i,
  input  logic                                rx_space_i,
  input  logic [ldcp_lsn_pkg::LsnWidth-1:0]   rx_lsn_i,
  input  logic [ldcp_lsn_pkg::LenWidth-1:0]   rx_len_i,
  input  logic                                rx_ce_i,
  input  logic [ldcp_lsn_pkg::LsnWidth-1:0]   rx_ts_i,
  input  logic                                rx_last_i,
  input  logic                                rx_read_i,
  input  logic [ldcp_lsn_pkg::LsnWidth-1:0]   rx_rsp_lsn_i,

  // Coalescing timer expiries from the ACK builder.
  input  logic                                flush_valid_i,
  output logic                                flush_ready_o,
  input  logic [QpWidth-1:0]                  flush_qp_i,
  input  logic                                flush_space_i,

  // Per tx: the packet's LSN, LETH timestamp and (READ request) rsp_lsn.
  output logic                                txr_valid_o,
  input  logic                                txr_ready_i,
  output logic [QpWidth-1:0]                  txr_qp_o,
  output logic [ldcp_lsn_pkg::LsnWidth-1:0]   txr_lsn_o,
  output logic [ldcp_lsn_pkg::LsnWidth-1:0]   txr_ts_o,
  output logic [ldcp_lsn_pkg::LsnWidth-1:0]   txr_rsp_lsn_o,

  // Per ack/rto: ADVANCE {n, ece, rtt} for ldcp_pawa, GO_BACK {lsn} for the RoCE TX engine.
  output logic                                snd_valid_o,
  input  logic                                snd_ready_i,
  output logic [QpWidth-1:0]                  snd_qp_o,
  output logic [ldcp_lsn_pkg::CodeWidth-1:0]  snd_code_o,
  output logic [ldcp_lsn_pkg::LsnWidth-1:0]   snd_lsn_o,
  output logic [ldcp_lsn_pkg::NWidth-1:0]     snd_n_o,
  output logic                                snd_ece_o,
  output logic [ldcp_lsn_pkg::LsnWidth-1:0]   snd_rtt_o,

  // Per rx/flush: accept/drop and up to two ACK/NAK descriptors for the ACK builder.
  output logic                                rxr_valid_o,
  input  logic                                rxr_ready_i,
  output logic [QpWidth-1:0]                  rxr_qp_o,
  output logic [ldcp_lsn_pkg::StatusWidth-1:0] rxr_status_o,
  output logic                                rxr_realigned_o,
  output logic [1:0]                          rxr_ndesc_o,
  output logic [ldcp_lsn_pkg::KindWidth-1:0]  rxr_d0_kind_o,
  output logic                                rxr_d0_space_o,
  output logic [ldcp_lsn_pkg::LsnWidth-1:0]   rxr_d0_lsn_o,
  output logic [ldcp_lsn_pkg::PendWidth-1:0]  rxr_d0_n_o,
  output logic                                rxr_d0_ece_o,
  output logic [ldcp_lsn_pkg::LsnWidth-1:0]   rxr_d0_ts_o,
  output logic [ldcp_lsn_pkg::KindWidth-1:0]  rxr_d1_kind_o,
  output logic                                rxr_d1_space_o,
  output logic [ldcp_lsn_pkg::LsnWidth-1:0]   rxr_d1_lsn_o,
  output logic [ldcp_lsn_pkg::PendWidth-1:0]  rxr_d1_n_o,
  output logic                                rxr_d1_ece_o,
  output logic [ldcp_lsn_pkg::LsnWidth-1:0]   rxr_d1_ts_o,

  // Status and saturating statistics.
  output logic                                init_busy_o,
  output logic [StatWidth-1:0]                stat_accepted_o,
  output logic [StatWidth-1:0]                stat_dropped_gap_o,
  output logic [StatWidth-1:0]                stat_duplicates_o,
  output logic [StatWidth-1:0]                stat_naks_o,
  output logic [StatWidth-1:0]                stat_rsp_seq_errs_o,
  output logic [StatWidth-1:0]                stat_acks_o,
  output logic [StatWidth-1:0]                stat_ece_acks_o,
  output logic [StatWidth-1:0]                stat_advances_o,
  output logic [StatWidth-1:0]                stat_dup_acks_o,
  output logic [StatWidth-1:0]                stat_ignored_o,
  output logic [StatWidth-1:0]                stat_go_backs_o,
  output logic [StatWidth-1:0]                stat_realigns_o
);
  localparam int unsigned TxWidth    = QpWidth + 1 + ldcp_lsn_pkg::LenWidth + 1 + ldcp_lsn_pkg::LsnWidth + 1 + ldcp_lsn_pkg::LsnWidth;
  localparam int unsigned AckWidth   = QpWidth + 1 + ldcp_lsn_pkg::LsnWidth + ldcp_lsn_pkg::NWidth + 1 + ldcp_lsn_pkg::LsnWidth + 1;
  localparam int unsigned RxWidth    = QpWidth + 1 + ldcp_lsn_pkg::LsnWidth + ldcp_lsn_pkg::LenWidth + 1 + ldcp_lsn_pkg::LsnWidth + 1 + 1 + ldcp_lsn_pkg::LsnWidth;
  localparam int unsigned FlushWidth = QpWidth + 1;
  localparam int unsigned TxrWidth   = QpWidth + 3 * ldcp_lsn_pkg::LsnWidth;
  localparam int unsigned SndWidth   = QpWidth + ldcp_lsn_pkg::CodeWidth + ldcp_lsn_pkg::LsnWidth + ldcp_lsn_pkg::NWidth + 1 + ldcp_lsn_pkg::LsnWidth;
  localparam int unsigned RxrWidth   = QpWidth + ldcp_lsn_pkg::StatusWidth + 1 + 2 + 2 * ldcp_lsn_pkg::DescWidth;
  localparam int unsigned InCntW     = $clog2(InDepth + 1);
  localparam int unsigned ResCntW    = $clog2(ResDepth + 1);
  localparam int unsigned FwdWidth   = $clog2(SramLatency + 1);
  localparam int unsigned NumStats   = 12;

  /////////////////////
  // Time base       //
  /////////////////////

  logic [ldcp_lsn_pkg::LsnWidth-1:0] now_q;

  // Free-running cycle counter: LETH timestamps and RTT samples, mod 2^32.
  always_ff @(posedge clk_i) begin : time_base
    if (!rst_ni) begin
      now_q <= '0;
    end else begin
      now_q <= now_q + ldcp_lsn_pkg::LsnWidth'(1);
    end
  end

  /////////////////
  // Input FIFOs //
  /////////////////

  logic                  tx_v, ack_v, rto_v, rx_v, flush_v;
  logic                  tx_pop, ack_pop, rto_pop, rx_pop, flush_pop;
  logic [QpWidth-1:0]    tx_qp, ack_qp, rto_qp, rx_qp, flush_qp;
  logic                  tx_space, tx_read, tx_reissue;
  logic [ldcp_lsn_pkg::LenWidth-1:0]   tx_len;
  logic [ldcp_lsn_pkg::LsnWidth-1:0]   tx_rsp_bytes, tx_stamp;
  logic                  ack_space, ack_ece, ack_nak;
  logic [ldcp_lsn_pkg::LsnWidth-1:0]   ack_lsn, ack_rtt;
  logic [ldcp_lsn_pkg::NWidth-1:0]     ack_n;
  logic                  rx_space, rx_ce, rx_last, rx_read;
  logic [ldcp_lsn_pkg::LsnWidth-1:0]   rx_lsn, rx_ts, rx_rsp_lsn;
  logic [ldcp_lsn_pkg::LenWidth-1:0]   rx_len;
  logic                  flush_space;
  logic [InCntW-1:0]     tx_cnt, ack_cnt, rto_cnt, rx_cnt, flush_cnt;

  prim_fifo_sync #(.Width(TxWidth), .Depth(InDepth)) u_tx_fifo (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .wvalid_i (tx_valid_i),
    .wready_o (tx_ready_o),
    .wdata_i  ({now_q, tx_reissue_i, tx_rsp_bytes_i, tx_read_i, tx_len_i, tx_space_i, tx_qp_i}),
    .rvalid_o (tx_v),
    .rready_i (tx_pop),
    .rdata_o  ({tx_stamp, tx_reissue, tx_rsp_bytes, tx_read, tx_len, tx_space, tx_qp}),
    .depth_o  (tx_cnt)
  );

  // The RTT sample is taken on arrival, so queueing inside the block does not lengthen it.
  prim_fifo_sync #(.Width(AckWidth), .Depth(InDepth)) u_ack_fifo (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .wvalid_i (ack_valid_i),
    .wready_o (ack_ready_o),
    .wdata_i  ({ack_nak_i, now_q - ack_ts_echo_i, ack_ece_i, ack_n_i, ack_lsn_i, ack_space_i, ack_qp_i}),
    .rvalid_o (ack_v),
    .rready_i (ack_pop),
    .rdata_o  ({ack_nak, ack_rtt, ack_ece, ack_n, ack_lsn, ack_space, ack_qp}),
    .depth_o  (ack_cnt)
  );

  prim_fifo_sync #(.Width(QpWidth), .Depth(InDepth)) u_rto_fifo (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .wvalid_i (rto_valid_i),
    .wready_o (rto_ready_o),
    .wdata_i  (rto_qp_i),
    .rvalid_o (rto_v),
    .rready_i (rto_pop),
    .rdata_o  (rto_qp),
    .depth_o  (rto_cnt)
  );

  prim_fifo_sync #(.Width(RxWidth), .Depth(InDepth)) u_rx_fifo (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .wvalid_i (rx_valid_i),
    .wready_o (rx_ready_o),
    .wdata_i  ({rx_rsp_lsn_i, rx_read_i, rx_last_i, rx_ts_i, rx_ce_i, rx_len_i, rx_lsn_i, rx_space_i, rx_qp_i}),
    .rvalid_o (rx_v),
    .rready_i (rx_pop),
    .rdata_o  ({rx_rsp_lsn, rx_read, rx_last, rx_ts, rx_ce, rx_len, rx_lsn, rx_space, rx_qp}),
    .depth_o  (rx_cnt)
  );

  prim_fifo_sync #(.Width(FlushWidth), .Depth(InDepth)) u_flush_fifo (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .wvalid_i (flush_valid_i),
    .wready_o (flush_ready_o),
    .wdata_i  ({flush_space_i, flush_qp_i}),
    .rvalid_o (flush_v),
    .rready_i (flush_pop),
    .rdata_o  ({flush_space, flush_qp}),
    .depth_o  (flush_cnt)
  );

  //////////////
  // qp_table //
  //////////////

  logic                  tbl_in_valid, tbl_in_ready;
  logic [QpWidth-1:0]    tbl_in_qp;
  ldcp_lsn_pkg::op_e                   tbl_in_op;
  ldcp_lsn_pkg::ev_t                   tbl_in_ev;
  logic                  tbl_out_valid, tbl_out_ready;
  logic [QpWidth-1:0]    tbl_out_qp;
  logic [ldcp_lsn_pkg::OpWidth-1:0]    tbl_out_op;
  logic [FwdWidth-1:0]   tbl_out_fwd;
  ldcp_lsn_pkg::ctx_t                  tbl_out_old, tbl_out_new;
  ldcp_lsn_pkg::res_t                  tbl_out_res;
  logic [StatWidth-1:0]  tbl_stat_fwd, tbl_stat_stall;
  logic [ldcp_lsn_pkg::OpWidth-1:0]    upd_op;
  ldcp_lsn_pkg::ev_t                   upd_ev;
  ldcp_lsn_pkg::ctx_t                  upd_old_ctx, upd_new_ctx;
  ldcp_lsn_pkg::res_t                  upd_result;

  qp_table_core #(
    .NumQps       (NumQps),
    .SramLatency  (SramLatency),
    .OutDepth     (OutDepth),
    .CtxWidth     (ldcp_lsn_pkg::CtxWidth),
    .OpWidth      (ldcp_lsn_pkg::OpWidth),
    .OperandWidth (ldcp_lsn_pkg::EvWidth),
    .ResultWidth  (ldcp_lsn_pkg::ResWidth),
    .StatWidth    (StatWidth)
  ) u_table (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .in_valid_i    (tbl_in_valid),
    .in_ready_o    (tbl_in_ready),
    .in_qp_i       (tbl_in_qp),
    .in_op_i       (tbl_in_op),
    .in_operand_i  (tbl_in_ev),
    .out_valid_o   (tbl_out_valid),
    .out_ready_i   (tbl_out_ready),
    .out_qp_o      (tbl_out_qp),
    .out_op_o      (tbl_out_op),
    .out_fwd_o     (tbl_out_fwd),
    .out_old_ctx_o (tbl_out_old),
    .out_new_ctx_o (tbl_out_new),
    .out_result_o  (tbl_out_res),
    .init_busy_o   (init_busy_o),
    .stat_fwd_o    (tbl_stat_fwd),
    .stat_stall_o  (tbl_stat_stall),
    .upd_op_o      (upd_op),
    .upd_operand_o (upd_ev),
    .upd_old_ctx_o (upd_old_ctx),
    .upd_new_ctx_i (upd_new_ctx),
    .upd_result_i  (upd_result)
  );

  ldcp_lsn_update u_update (
    .m_i       (cfg_m_i),
    .lmin_i    (cfg_lmin_i),
    .op_i      (upd_op),
    .ev_i      (upd_ev),
    .old_ctx_i (upd_old_ctx),
    .new_ctx_o (upd_new_ctx),
    .result_o  (upd_result)
  );

  /////////////////
  // Arbitration //
  /////////////////

  // rto, flush, ack, rx, tx: the rare timer events first; every request comes from a FIFO register.
  always_comb begin : arbitrate
    tbl_in_valid = 1'b1;
    tbl_in_ev    = '0;
    tbl_in_qp    = tx_qp;
    tbl_in_op    = ldcp_lsn_pkg::OpTx;
    tx_pop       = 1'b0;
    ack_pop      = 1'b0;
    rto_pop      = 1'b0;
    rx_pop       = 1'b0;
    flush_pop    = 1'b0;
    if (rto_v) begin
      tbl_in_qp = rto_qp;
      tbl_in_op = ldcp_lsn_pkg::OpRto;
      rto_pop   = tbl_in_ready;
    end else if (flush_v) begin
      tbl_in_qp          = flush_qp;
      tbl_in_op          = ldcp_lsn_pkg::OpFlush;
      tbl_in_ev.space    = flush_space;
      flush_pop          = tbl_in_ready;
    end else if (ack_v) begin
      tbl_in_qp          = ack_qp;
      tbl_in_op          = ldcp_lsn_pkg::OpAck;
      tbl_in_ev.space    = ack_space;
      tbl_in_ev.a        = ack_lsn;
      tbl_in_ev.n        = ack_n;
      tbl_in_ev.f0       = ack_ece;
      tbl_in_ev.b        = ack_rtt;
      tbl_in_ev.f1       = ack_nak;
      ack_pop            = tbl_in_ready;
    end else if (rx_v) begin
      tbl_in_qp          = rx_qp;
      tbl_in_op          = ldcp_lsn_pkg::OpRx;
      tbl_in_ev.space    = rx_space;
      tbl_in_ev.a        = rx_lsn;
      tbl_in_ev.len      = rx_len;
      tbl_in_ev.f0       = rx_ce;
      tbl_in_ev.b        = rx_ts;
      tbl_in_ev.f1       = rx_last;
      tbl_in_ev.f2       = rx_read;
      tbl_in_ev.c        = rx_rsp_lsn;
      rx_pop             = tbl_in_ready;
    end else if (tx_v) begin
      tbl_in_ev.space    = tx_space;
      tbl_in_ev.len      = tx_len;
      tbl_in_ev.f0       = tx_read;
      tbl_in_ev.a        = tx_rsp_bytes;
      tbl_in_ev.f1       = tx_reissue;
      tbl_in_ev.b        = tx_stamp;
      tx_pop             = tbl_in_ready;
    end else begin
      tbl_in_valid = 1'b0;
    end
  end

  //////////////////////////////
  // Post stage: result FIFOs //
  //////////////////////////////

  logic                  to_txr, to_snd, to_rxr;
  logic                  txr_room, snd_room, rxr_room, tbl_pop;
  logic [ResCntW-1:0]    txr_cnt, snd_cnt, rxr_cnt;
  ldcp_lsn_pkg::desc_t                 rd0, rd1;

  assign to_txr        = (tbl_out_op == ldcp_lsn_pkg::OpTx);
  assign to_snd        = (tbl_out_op == ldcp_lsn_pkg::OpAck) || (tbl_out_op == ldcp_lsn_pkg::OpRto);
  assign to_rxr        = !to_txr && !to_snd;
  assign tbl_out_ready = to_txr ? txr_room : (to_snd ? snd_room : rxr_room);
  assign tbl_pop       = tbl_out_valid && tbl_out_ready;

  prim_fifo_sync #(.Width(TxrWidth), .Depth(ResDepth)) u_txr_fifo (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .wvalid_i (tbl_pop && to_txr),
    .wready_o (txr_room),
    .wdata_i  ({tbl_out_res.z, tbl_out_res.y, tbl_out_res.x, tbl_out_qp}),
    .rvalid_o (txr_valid_o),
    .rready_i (txr_ready_i),
    .rdata_o  ({txr_rsp_lsn_o, txr_ts_o, txr_lsn_o, txr_qp_o}),
    .depth_o  (txr_cnt)
  );

  prim_fifo_sync #(.Width(SndWidth), .Depth(ResDepth)) u_snd_fifo (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .wvalid_i (tbl_pop && to_snd),
    .wready_o (snd_room),
    .wdata_i  ({tbl_out_res.y, tbl_out_res.ece, tbl_out_res.n, tbl_out_res.x, tbl_out_res.code, tbl_out_qp}),
    .rvalid_o (snd_valid_o),
    .rready_i (snd_ready_i),
    .rdata_o  ({snd_rtt_o, snd_ece_o, snd_n_o, snd_lsn_o, snd_code_o, snd_qp_o}),
    .depth_o  (snd_cnt)
  );

  prim_fifo_sync #(.Width(RxrWidth), .Depth(ResDepth)) u_rxr_fifo (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .wvalid_i (tbl_pop && to_rxr),
    .wready_o (rxr_room),
    .wdata_i  ({tbl_out_res.d1, tbl_out_res.d0, tbl_out_res.ndesc, tbl_out_res.realigned, tbl_out_res.status,
                tbl_out_qp}),
    .rvalid_o (rxr_valid_o),
    .rready_i (rxr_ready_i),
    .rdata_o  ({rd1, rd0, rxr_ndesc_o, rxr_realigned_o, rxr_status_o, rxr_qp_o}),
    .depth_o  (rxr_cnt)
  );

  assign rxr_d0_kind_o  = rd0.kind;
  assign rxr_d0_space_o = rd0.space;
  assign rxr_d0_lsn_o   = rd0.lsn;
  assign rxr_d0_n_o     = rd0.n;
  assign rxr_d0_ece_o   = rd0.ece;
  assign rxr_d0_ts_o    = rd0.ts;
  assign rxr_d1_kind_o  = rd1.kind;
  assign rxr_d1_space_o = rd1.space;
  assign rxr_d1_lsn_o   = rd1.lsn;
  assign rxr_d1_n_o     = rd1.n;
  assign rxr_d1_ece_o   = rd1.ece;
  assign rxr_d1_ts_o    = rd1.ts;

  ////////////////
  // Statistics //
  ////////////////

  logic [StatWidth-1:0] stat_q   [NumStats];
  logic [1:0]           stat_inc [NumStats];
  logic                 rx_res, snd_ack, d0_on, d1_on;
  logic [ldcp_lsn_pkg::KindWidth-1:0] k0, k1;
  logic                 e0, e1;

  assign rx_res  = tbl_pop && (tbl_out_op == ldcp_lsn_pkg::OpRx);
  assign snd_ack = tbl_pop && (tbl_out_op == ldcp_lsn_pkg::OpAck);
  assign k0      = tbl_out_res.d0.kind;
  assign k1      = tbl_out_res.d1.kind;
  assign e0      = tbl_out_res.d0.ece;
  assign e1      = tbl_out_res.d1.ece;
  assign d0_on   = tbl_pop && to_rxr && (tbl_out_res.ndesc != 2'd0);
  assign d1_on   = tbl_pop && to_rxr && (tbl_out_res.ndesc == 2'd2);

  always_comb begin : stat_increments
    stat_inc[0]  = {1'b0, rx_res && (tbl_out_res.status == ldcp_lsn_pkg::StatusAccepted)};
    stat_inc[1]  = {1'b0, rx_res && (tbl_out_res.status == ldcp_lsn_pkg::StatusGap)};
    stat_inc[2]  = {1'b0, rx_res && (tbl_out_res.status == ldcp_lsn_pkg::StatusDup)};
    stat_inc[3]  = 2'(d0_on && (k0 == ldcp_lsn_pkg::KindNak)) + 2'(d1_on && (k1 == ldcp_lsn_pkg::KindNak));
    stat_inc[4]  = 2'(d0_on && (k0 == ldcp_lsn_pkg::KindRspSeqErr)) + 2'(d1_on && (k1 == ldcp_lsn_pkg::KindRspSeqErr));
    stat_inc[5]  = 2'(d0_on && ((k0 == ldcp_lsn_pkg::KindAck) || (k0 == ldcp_lsn_pkg::KindDupAck))) +
                   2'(d1_on && ((k1 == ldcp_lsn_pkg::KindAck) || (k1 == ldcp_lsn_pkg::KindDupAck)));
    stat_inc[6]  = 2'(d0_on && e0) + 2'(d1_on && e1);
    stat_inc[7]  = {1'b0, snd_ack && (tbl_out_res.code == ldcp_lsn_pkg::CodeAdvance)};
    stat_inc[8]  = {1'b0, snd_ack && (tbl_out_res.code == ldcp_lsn_pkg::CodeDuplicate)};
    stat_inc[9]  = {1'b0, snd_ack && (tbl_out_res.code == ldcp_lsn_pkg::CodeIgnored)};
    stat_inc[10] = {1'b0, tbl_pop && to_snd && (tbl_out_res.code == ldcp_lsn_pkg::CodeGoBack)};
    stat_inc[11] = {1'b0, tbl_pop && to_rxr && tbl_out_res.realigned};
  end

  // Saturating event counters (an event adds 0..2).
  always_ff @(posedge clk_i) begin : stat_counters
    if (!rst_ni) begin
      for (int s = 0; s < NumStats; s++) begin
        stat_q[s] <= '0;
      end
    end else begin
      for (int s = 0; s < NumStats; s++) begin
        if ({1'b0, stat_q[s]} + (StatWidth + 1)'(stat_inc[s]) > (StatWidth + 1)'({StatWidth{1'b1}})) begin
          stat_q[s] <= '1;
        end else begin
          stat_q[s] <= stat_q[s] + StatWidth'(stat_inc[s]);
        end
      end
    end
  end

  assign stat_accepted_o     = stat_q[0];
  assign stat_dropped_gap_o  = stat_q[1];
  assign stat_duplicates_o   = stat_q[2];
  assign stat_naks_o         = stat_q[3];
  assign stat_rsp_seq_errs_o = stat_q[4];
  assign stat_acks_o         = stat_q[5];
  assign stat_ece_acks_o     = stat_q[6];
  assign stat_advances_o     = stat_q[7];
  assign stat_dup_acks_o     = stat_q[8];
  assign stat_ignored_o      = stat_q[9];
  assign stat_go_backs_o     = stat_q[10];
  assign stat_realigns_o     = stat_q[11];

  // Outputs of the reused blocks this block does not need.
  logic unused;
  assign unused = ^{tbl_out_fwd, tbl_out_old, tbl_out_new, tbl_stat_fwd, tbl_stat_stall, tx_cnt, ack_cnt, rto_cnt,
                    rx_cnt, flush_cnt, txr_cnt, snd_cnt, rxr_cnt};

endmodule
