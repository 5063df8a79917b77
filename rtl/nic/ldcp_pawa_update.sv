// Copyright ccsilicon contributors.
//
// LDCP PAWA context update (next-blocks d.2), plugged into qp_table_core's upd_* ports by
// ldcp_pawa. Purely combinational. Mirrors dev.ccsilicon.blocks.ldcppawa.LdcpPawaUpdate (and the
// steps of LdcpPawaMath); docs/blocks/ldcp_pawa.md maps the results to the algorithm.
//   OpStart    the started state: x = IW, srtt = rtt_base, fs = cfg, counters and flags 0
//   OpTx       operand[0] = last: ECN choice, fs_sent; timer mode: tick_ok = 0, new tick (gen + 1)
//   OpAck      operand = ack_operand_t: srtt, then fast-start counting or the PAWA step
//   OpLoss     transition 1 in fast start (cw = max(gamma, fs_acked)), else nothing
//   OpExpire   probe (gen + 1) when the tick is live (timer mode, tick_ok = 0)
//   OpConfirm  operand = confirm_operand_t: tick_ok = 1 unless stale
// Fixed point: x UQ16.24 (u40), A and Bt UQ1.8 (u9), srtt u20, all steps floored; the division
// alpha / cw goes through recip8 (0.2 %).
module ldcp_pawa_update (
  input  logic [ldcp_pawa_pkg::OpWidth-1:0]      op_i,       // ldcp_pawa_pkg::op_e
  input  logic [ldcp_pawa_pkg::OperandWidth-1:0] operand_i,
  input  ldcp_pawa_pkg::ctx_t                    old_ctx_i,
  input  logic [ldcp_pawa_pkg::AlphaWidth-1:0]   alpha_i,
  input  logic [ldcp_pawa_pkg::BetaWidth-1:0]    beta_i,
  input  logic [ldcp_pawa_pkg::ShiftWidth-1:0]   gamma_shift_i,
  input  logic [ldcp_pawa_pkg::ShiftWidth-1:0]   eta_shift_i,
  input  logic [ldcp_pawa_pkg::IwWidth-1:0]      iw_i,
  input  logic [ldcp_pawa_pkg::IwWidth-1:0]      cw_max_i,
  input  logic [ldcp_pawa_pkg::RttWidth-1:0]     rtt_base_i,
  input  logic                                   fast_start_i,
  output ldcp_pawa_pkg::ctx_t                    new_ctx_o,
  output logic [ldcp_pawa_pkg::ResultWidth-1:0]  result_o
);
  localparam int unsigned XW = ldcp_pawa_pkg::XWidth;
  localparam int unsigned FR = ldcp_pawa_pkg::Frac;
  localparam int unsigned RW = ldcp_pawa_pkg::RttWidth;
  localparam int unsigned CW = ldcp_pawa_pkg::CntWidth;
  localparam int unsigned PW = $clog2(XW);

  ldcp_pawa_pkg::ack_operand_t     ack_op;
  ldcp_pawa_pkg::confirm_operand_t conf_op;
  ldcp_pawa_pkg::ctx_t             cur;
  logic [XW-1:0]   iw_x, cw_max_x, gamma_x;
  logic            tmode, armed;

  assign ack_op   = operand_i;
  assign conf_op  = operand_i;
  assign iw_x     = {iw_i, FR'(0)};
  assign cw_max_x = {cw_max_i, FR'(0)};
  assign gamma_x  = XW'(1) << (FR - 32'(gamma_shift_i));

  // The context as the algorithm sees it: a never-started QP (live = 0) is in the started state.
  always_comb begin : interpret
    cur = old_ctx_i;
    cur.live = 1'b1;
    if (!old_ctx_i.live) begin
      cur.x            = iw_x;
      cur.srtt         = rtt_base_i;
      cur.fs           = fast_start_i;
      cur.fs_first_ack = 1'b0;
      cur.fs_sent      = '0;
      cur.fs_acked     = '0;
      cur.tick_ok      = 1'b0;
    end
  end

  assign tmode = !cur.fs && (cur.x < XW'(1 << FR));
  assign armed = tmode && !cur.tick_ok;

  logic unused_conf_zero;
  assign unused_conf_zero = ^conf_op.zero;

  /////////////////
  // PAWA steps  //
  /////////////////

  // Window mode, unmarked: x + (n A RECIP[idx(x)]) >> (p(x) - 24), clamped to cw_max.
  logic [PW-1:0]   p;
  logic [7:0]      idx;
  logic [15:0]     recip;
  logic [30:0]     step_full;
  logic [30:0]     step;
  logic [XW:0]     x_inc;
  logic [XW-1:0]   x_ai;

  recip8 #(.Width(XW)) u_recip (
    .x_i     (cur.x),
    .p_o     (p),
    .idx_o   (idx),
    .recip_o (recip)
  );

  assign step_full = 31'(ack_op.n) * 31'(alpha_i) * 31'(recip);
  assign step      = step_full >> (p - PW'(FR));
  assign x_inc     = {1'b0, cur.x} + (XW + 1)'(step);
  assign x_ai      = (x_inc > {1'b0, cw_max_x}) ? cw_max_x : x_inc[XW-1:0];

  // Window mode, marked: max(gamma, x - n Bt 2^16), compared before subtracting so nothing wraps.
  logic [30:0]     dec;
  logic [XW-1:0]   x_md;

  assign dec  = {15'(ack_op.n) * 15'(beta_i), 16'h0000};
  assign x_md = ({1'b0, cur.x} < ((XW + 1)'(dec) + {1'b0, gamma_x})) ? gamma_x : cur.x - XW'(dec);

  // Timer mode: x + n gamma (clamped like every increase); max(gamma, x >> eta).
  logic [XW:0]     x_sub_inc;
  logic [XW-1:0]   x_sub_ai, x_eta, x_sub_md;

  assign x_sub_inc = {1'b0, cur.x} + ((XW + 1)'(ack_op.n) << (FR - 32'(gamma_shift_i)));
  assign x_sub_ai  = (x_sub_inc > {1'b0, cw_max_x}) ? cw_max_x : x_sub_inc[XW-1:0];
  assign x_eta     = cur.x >> eta_shift_i;
  assign x_sub_md  = (x_eta < gamma_x) ? gamma_x : x_eta;

  // srtt + floor((sample - srtt) / 8), sample 0 read as 1.
  logic [RW-1:0]   sample;
  logic [RW:0]     diff;
  logic [RW-1:0]   srtt_new;

  assign sample   = (ack_op.rtt == '0) ? RW'(1) : ack_op.rtt;
  assign diff     = {1'b0, sample} - {1'b0, cur.srtt};
  assign srtt_new = cur.srtt + RW'($signed(diff) >>> 3);

  // Saturating fast-start counters.
  logic [CW:0]     acked_sum, sent_sum;
  logic [CW-1:0]   acked_new, sent_new;

  assign acked_sum = {1'b0, cur.fs_acked} + (CW + 1)'(ack_op.n);
  assign acked_new = acked_sum[CW] ? '1 : acked_sum[CW-1:0];
  assign sent_sum  = {1'b0, cur.fs_sent} + (CW + 1)'(1);
  assign sent_new  = sent_sum[CW] ? '1 : sent_sum[CW-1:0];

  // Transition 1: max(gamma, fs_acked packets).
  logic [XW-1:0]   acked_x, x_loss;

  assign acked_x = {cur.fs_acked, FR'(0)};
  assign x_loss  = (acked_x < gamma_x) ? gamma_x : acked_x;

  ////////////
  // Update //
  ////////////

  logic [ldcp_pawa_pkg::CauseWidth-1:0] cause;
  logic            ect, enter, leave, first_rtt;
  logic [XW-1:0]   x_next;

  assign first_rtt = cur.fs && !cur.fs_first_ack;

  always_comb begin : update
    new_ctx_o = cur;
    cause     = ldcp_pawa_pkg::ResIgnored;
    ect       = 1'b0;
    x_next    = cur.x;
    unique case (op_i)
      ldcp_pawa_pkg::OpStart: begin
        x_next                 = iw_x;
        new_ctx_o.srtt         = rtt_base_i;
        new_ctx_o.fs_sent      = '0;
        new_ctx_o.fs_acked     = '0;
        new_ctx_o.fs           = fast_start_i;
        new_ctx_o.fs_first_ack = 1'b0;
        new_ctx_o.tick_ok      = 1'b0;
        cause                  = ldcp_pawa_pkg::CauseStart;
      end
      ldcp_pawa_pkg::OpTx: begin
        ect = !first_rtt || operand_i[0] || (cur.fs_sent == iw_i - CW'(1));
        if (first_rtt) begin
          new_ctx_o.fs_sent = sent_new;
        end
        if (tmode) begin
          new_ctx_o.tick_ok = 1'b0;
          new_ctx_o.gen     = cur.gen + 1'b1;
        end
        cause = ldcp_pawa_pkg::CauseTx;
      end
      ldcp_pawa_pkg::OpAck: begin
        if (ack_op.rtt_valid) begin
          new_ctx_o.srtt = srtt_new;
        end
        if (cur.fs) begin
          new_ctx_o.fs_first_ack = 1'b1;
          new_ctx_o.fs_acked     = acked_new;
          if (acked_new >= iw_i) begin
            new_ctx_o.fs = 1'b0;
            x_next       = iw_x;
            cause        = ldcp_pawa_pkg::CauseFsDone;
          end else begin
            cause = ldcp_pawa_pkg::CauseFsAck;
          end
        end else if (!tmode) begin
          x_next = ack_op.ece ? x_md : x_ai;
          cause  = ack_op.ece ? ldcp_pawa_pkg::CauseMd : ldcp_pawa_pkg::CauseAi;
        end else begin
          x_next = ack_op.ece ? x_sub_md : x_sub_ai;
          cause  = ack_op.ece ? ldcp_pawa_pkg::CauseSubMd : ldcp_pawa_pkg::CauseSubAi;
        end
      end
      ldcp_pawa_pkg::OpLoss: begin
        if (cur.fs) begin
          new_ctx_o.fs = 1'b0;
          x_next       = x_loss;
          cause        = ldcp_pawa_pkg::CauseFsLoss;
        end else begin
          cause = ldcp_pawa_pkg::CauseLoss;
        end
      end
      ldcp_pawa_pkg::OpExpire: begin
        if (armed) begin
          new_ctx_o.gen = cur.gen + 1'b1;
          cause         = ldcp_pawa_pkg::ResProbe;
        end
      end
      ldcp_pawa_pkg::OpConfirm: begin
        if (!conf_op.ok) begin
          cause = ldcp_pawa_pkg::ResStaleWheel;
        end else if (!armed || (conf_op.gen != cur.gen)) begin
          cause = ldcp_pawa_pkg::ResStaleGen;
        end else begin
          new_ctx_o.tick_ok = 1'b1;
          cause             = ldcp_pawa_pkg::CauseTick;
        end
      end
      default: begin
        cause = ldcp_pawa_pkg::ResIgnored;
      end
    endcase
    new_ctx_o.x = x_next;
    // Crossing one packet (only ACK and LOSS move x otherwise): enter arms a new tick (gen + 1),
    // leave stops it; START resets without either.
    enter = 1'b0;
    leave = 1'b0;
    if (op_i != ldcp_pawa_pkg::OpStart) begin
      if ((x_next < XW'(1 << FR)) && (cur.x >= XW'(1 << FR))) begin
        enter             = 1'b1;
        new_ctx_o.tick_ok = 1'b0;
        new_ctx_o.gen     = cur.gen + 1'b1;
      end else if ((cur.x < XW'(1 << FR)) && (x_next >= XW'(1 << FR))) begin
        leave             = 1'b1;
        new_ctx_o.tick_ok = 1'b0;
      end
    end
  end

  assign result_o = {leave, enter, ect, cause};

  logic unused;
  assign unused = ^{idx, step_full[30:0]};

endmodule
