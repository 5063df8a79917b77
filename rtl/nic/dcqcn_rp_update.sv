// Copyright ccsilicon contributors.
//
// DCQCN reaction point context update (next-blocks c.2, c.7 item 6), plugged into qp_table_core's
// upd_* ports by dcqcn_rp. Purely combinational. Mirrors dev.ccsilicon.blocks.dcqcnrp.DcqcnRpUpdate
// (and the steps of DcqcnRpMath); docs/blocks/dcqcn_rp.md maps the results to the algorithm.
//   OpCnp      paper: E_CNP (cut with the old alpha, raise alpha, reset T, BC, bc_rem, arm both
//              timers: both generations bumped); ns3: flags, first CNP alpha = 1, arm on demand
//   OpTx       operand = bytes: the byte counter (paper, limited QPs), E_BYTES at bc_rem <= 0
//   OpExpire   operand = kind: probe (bump the kind's generation) when the timer is live
//   OpConfirm  operand = confirm_operand_t: E_TIMER / ns3 decrease / E_ALPHA unless stale
// Fixed point: rates u24, alpha UQ1.15, g16 u16, T and BC u8 saturating, bc_rem s28.
module dcqcn_rp_update (
  input  logic [dcqcn_rp_pkg::OpWidth-1:0]      op_i,       // dcqcn_rp_pkg::op_e
  input  logic [dcqcn_rp_pkg::OperandWidth-1:0] operand_i,
  input  dcqcn_rp_pkg::ctx_t                    old_ctx_i,
  input  logic                                  profile_i,  // dcqcn_rp_pkg::profile_e
  input  logic                                  fr_pre_i,
  input  logic                                  alpha_first_i,
  input  logic                                  hai_scale_i,
  input  logic                                  hai_half_timer_i,
  input  logic                                  hai_half_bytes_i,
  input  logic [dcqcn_rp_pkg::RateWidth-1:0]    rate_line_i,
  input  logic [dcqcn_rp_pkg::RateWidth-1:0]    rate_min_i,
  input  logic [dcqcn_rp_pkg::RateWidth-1:0]    rate_ai_i,
  input  logic [dcqcn_rp_pkg::RateWidth-1:0]    rate_hai_i,
  input  logic [dcqcn_rp_pkg::GWidth-1:0]       g16_i,
  input  logic [dcqcn_rp_pkg::FWidth-1:0]       f_i,
  input  logic [dcqcn_rp_pkg::RemWidth-1:0]     bytes_i,    // B
  output dcqcn_rp_pkg::ctx_t                    new_ctx_o,
  output logic [dcqcn_rp_pkg::ResultWidth-1:0]  result_o    // dcqcn_rp_pkg::res_e or an increase
);
  localparam int unsigned RW = dcqcn_rp_pkg::RateWidth;
  localparam int unsigned AW = dcqcn_rp_pkg::AlphaWidth;
  localparam int unsigned CW = dcqcn_rp_pkg::CntWidth;
  localparam int unsigned MW = dcqcn_rp_pkg::RemWidth;

  dcqcn_rp_pkg::confirm_operand_t conf_op;
  logic          ns3, limited, seen, alpha_run, dec_pending, is_tx;
  logic [RW-1:0] rc, rt;
  logic [AW-1:0] alpha;
  logic [CW-1:0] t, bc, t1, bc1, f8;

  assign conf_op     = operand_i;
  assign ns3         = (profile_i == dcqcn_rp_pkg::ProfileNs3);
  assign limited     = old_ctx_i.limited;
  assign seen        = old_ctx_i.seen;
  assign alpha_run   = old_ctx_i.alpha_run;
  assign dec_pending = old_ctx_i.dec_pending;
  assign rc          = limited ? old_ctx_i.rc : rate_line_i;
  assign rt          = limited ? old_ctx_i.rt : rate_line_i;
  assign alpha       = seen ? old_ctx_i.alpha : dcqcn_rp_pkg::AlphaOne;
  assign t           = old_ctx_i.t_cnt;
  assign bc          = old_ctx_i.bc_cnt;
  assign t1          = (t == '1) ? t : t + 1'b1;
  assign bc1         = (bc == '1) ? bc : bc + 1'b1;
  assign f8          = {{(CW - dcqcn_rp_pkg::FWidth){1'b0}}, f_i};
  assign is_tx       = (op_i == dcqcn_rp_pkg::OpTx);

  logic unused_conf_zero;
  assign unused_conf_zero = ^conf_op.zero;

  ///////////
  // Alpha //
  ///////////

  // Raise: alpha - (alpha g16 >> 16) + (g16 >> 1); decay: alpha - ceil(alpha g16 / 2^16).
  logic [2*AW-1:0] alpha_g;
  logic [2*AW-1:0] alpha_g_ceil;  // alpha g16 + 0xFFFF < 2^32 for any u16 operands
  logic [AW-1:0]   alpha_up, alpha_down;

  assign alpha_g      = alpha * g16_i;
  assign alpha_g_ceil = alpha_g + (2*AW)'(16'hFFFF);
  assign alpha_up     = alpha - alpha_g[2*AW-1:AW] + (g16_i >> 1);
  assign alpha_down   = alpha - alpha_g_ceil[2*AW-1:AW];

  /////////
  // Cut //
  /////////

  // max(R_min, Rc - (Rc alpha >> 16)): 24 x 16 -> 40-bit product.
  logic [AW-1:0]    cut_alpha;
  logic [RW+AW-1:0] cut_prod;
  logic [RW-1:0]    cut_diff, rc_cut;

  assign cut_alpha = (!ns3 && alpha_first_i) ? alpha_up : alpha;
  assign cut_prod  = rc * cut_alpha;
  assign cut_diff  = rc - cut_prod[RW+AW-1:AW];
  assign rc_cut    = (cut_diff < rate_min_i) ? rate_min_i : cut_diff;

  //////////////
  // INCREASE //
  //////////////

  // The counters the decision compares: post (Fig. 7) counts the firing counter's increment.
  logic [CW-1:0] cmp_t, cmp_bc, cmp_max, cmp_min, hai_i;
  logic [1:0]    branch;

  assign cmp_t   = (fr_pre_i || is_tx) ? t : t1;
  assign cmp_bc  = (fr_pre_i || !is_tx) ? bc : bc1;
  assign cmp_max = (cmp_t > cmp_bc) ? cmp_t : cmp_bc;
  assign cmp_min = (cmp_t < cmp_bc) ? cmp_t : cmp_bc;
  assign hai_i   = (!ns3 && hai_scale_i) ? cmp_min - f8 : CW'(1);

  always_comb begin : select_branch
    if (ns3) begin
      if (t < f8) begin
        branch = dcqcn_rp_pkg::BranchFr;
      end else if (t == f8) begin
        branch = dcqcn_rp_pkg::BranchAi;
      end else begin
        branch = dcqcn_rp_pkg::BranchHai;
      end
    end else if (cmp_max < f8) begin
      branch = dcqcn_rp_pkg::BranchFr;
    end else if (cmp_min > f8) begin
      branch = dcqcn_rp_pkg::BranchHai;
    end else begin
      branch = dcqcn_rp_pkg::BranchAi;
    end
  end

  // Rt + step * R (u8 x u24), clamped to R_line; then (Rt + Rc + 1) >> 1.
  logic [RW-1:0]    step_rate;
  logic [CW-1:0]    step;
  logic [RW+CW:0]   rt_sum;
  logic [RW-1:0]    rt_inc;
  logic [RW:0]      avg_sum;
  logic [RW-1:0]    rc_inc;
  logic             removed;

  assign step_rate = (branch == dcqcn_rp_pkg::BranchHai) ? rate_hai_i : rate_ai_i;
  assign step      = (branch == dcqcn_rp_pkg::BranchHai) ? hai_i : CW'(1);
  assign rt_sum    = {{(CW+1){1'b0}}, rt} + ((RW+CW+1)'(step) * (RW+CW+1)'(step_rate));
  assign rt_inc    = (branch == dcqcn_rp_pkg::BranchFr) ? rt :
                     (rt_sum >= (RW+CW+1)'(rate_line_i)) ? rate_line_i : rt_sum[RW-1:0];
  assign avg_sum   = {1'b0, rt_inc} + {1'b0, rc} + (RW+1)'(1);
  assign rc_inc    = avg_sum[RW:1];
  assign removed   = (rc_inc >= rate_line_i);

  ////////////////
  // Byte count //
  ////////////////

  logic signed [MW-1:0] rem;
  assign rem = $signed(old_ctx_i.bc_rem) - $signed({{(MW - dcqcn_rp_pkg::BytesWidth){1'b0}}, operand_i});

  logic [dcqcn_rp_pkg::ResultWidth-1:0] inc_code;
  assign inc_code = {1'b1, is_tx, removed, branch};

  always_comb begin : rp_update
    new_ctx_o = old_ctx_i;
    result_o  = dcqcn_rp_pkg::ResNone;
    unique case (op_i)
      dcqcn_rp_pkg::OpCnp: begin
        if (ns3) begin
          result_o = dcqcn_rp_pkg::ResNs3Cnp;
          if (!seen) begin
            new_ctx_o.alpha      = dcqcn_rp_pkg::AlphaOne;
            new_ctx_o.alpha_flag = 1'b0;
            new_ctx_o.seen       = 1'b1;
          end else begin
            new_ctx_o.alpha_flag = 1'b1;
          end
          if (!dec_pending) begin
            new_ctx_o.dec_pending = 1'b1;
            new_ctx_o.gen_inc     = old_ctx_i.gen_inc + 1'b1;
          end
          if (!alpha_run) begin
            new_ctx_o.alpha_run = 1'b1;
            new_ctx_o.gen_alpha = old_ctx_i.gen_alpha + 1'b1;
          end
        end else begin
          result_o            = dcqcn_rp_pkg::ResCnpCut;
          new_ctx_o.rt        = rc;
          new_ctx_o.rc        = rc_cut;
          new_ctx_o.alpha     = alpha_up;
          new_ctx_o.t_cnt     = '0;
          new_ctx_o.bc_cnt    = '0;
          new_ctx_o.bc_rem    = bytes_i;
          new_ctx_o.limited   = 1'b1;
          new_ctx_o.seen      = 1'b1;
          new_ctx_o.alpha_run = 1'b1;
          new_ctx_o.gen_inc   = old_ctx_i.gen_inc + 1'b1;
          new_ctx_o.gen_alpha = old_ctx_i.gen_alpha + 1'b1;
        end
      end
      dcqcn_rp_pkg::OpTx: begin
        if (ns3 || !limited) begin
          result_o = dcqcn_rp_pkg::ResIgnored;
        end else if (rem > 0) begin
          result_o         = dcqcn_rp_pkg::ResTx;
          new_ctx_o.bc_rem = rem;
        end else begin
          result_o          = inc_code;
          new_ctx_o.bc_cnt  = bc1;
          new_ctx_o.bc_rem  = (hai_half_bytes_i && branch == dcqcn_rp_pkg::BranchHai) ?
                              (bytes_i >> 1) : bytes_i;
          new_ctx_o.rt      = rt_inc;
          new_ctx_o.rc      = rc_inc;
          new_ctx_o.limited = !removed;
        end
      end
      dcqcn_rp_pkg::OpExpire: begin
        if (operand_i[0] == dcqcn_rp_pkg::KindAlpha) begin
          if (alpha_run) begin
            result_o            = dcqcn_rp_pkg::ResProbeAlpha;
            new_ctx_o.gen_alpha = old_ctx_i.gen_alpha + 1'b1;
          end else begin
            result_o = dcqcn_rp_pkg::ResIgnored;
          end
        end else if (ns3 && dec_pending) begin
          result_o          = dcqcn_rp_pkg::ResProbeDec;
          new_ctx_o.gen_inc = old_ctx_i.gen_inc + 1'b1;
        end else if (limited) begin
          result_o          = (!ns3 && hai_half_timer_i && branch == dcqcn_rp_pkg::BranchHai) ?
                              dcqcn_rp_pkg::ResProbeIncHalf : dcqcn_rp_pkg::ResProbeInc;
          new_ctx_o.gen_inc = old_ctx_i.gen_inc + 1'b1;
        end else begin
          result_o = dcqcn_rp_pkg::ResIgnored;
        end
      end
      dcqcn_rp_pkg::OpConfirm: begin
        if (!conf_op.ok) begin
          result_o = dcqcn_rp_pkg::ResStaleWheel;
        end else if (conf_op.kind == dcqcn_rp_pkg::KindAlpha) begin
          if (!alpha_run || (conf_op.gen != old_ctx_i.gen_alpha)) begin
            result_o = dcqcn_rp_pkg::ResStaleGen;
          end else begin
            new_ctx_o.alpha_flag = 1'b0;
            if (ns3 && old_ctx_i.alpha_flag) begin
              result_o        = dcqcn_rp_pkg::ResAlphaRaise;
              new_ctx_o.alpha = alpha_up;
            end else if (alpha_down == '0) begin
              result_o            = dcqcn_rp_pkg::ResAlphaStop;
              new_ctx_o.alpha     = '0;
              new_ctx_o.alpha_run = 1'b0;
            end else begin
              result_o        = dcqcn_rp_pkg::ResAlpha;
              new_ctx_o.alpha = alpha_down;
            end
          end
        end else if (!(limited || (ns3 && dec_pending)) || (conf_op.gen != old_ctx_i.gen_inc)) begin
          result_o = dcqcn_rp_pkg::ResStaleGen;
        end else if (ns3 && dec_pending) begin
          // HPCC CheckRateDecreaseMlx: Rt <- Rc only once an increase has happened (stage != 0).
          result_o              = dcqcn_rp_pkg::ResNs3Cut;
          new_ctx_o.rt          = (t != '0) ? rc : rt;
          new_ctx_o.rc          = rc_cut;
          new_ctx_o.t_cnt       = '0;
          new_ctx_o.dec_pending = 1'b0;
          new_ctx_o.limited     = 1'b1;
        end else begin
          result_o          = inc_code;
          new_ctx_o.t_cnt   = t1;
          new_ctx_o.rt      = rt_inc;
          new_ctx_o.rc      = rc_inc;
          new_ctx_o.limited = !removed;
        end
      end
      default: ;
    endcase
  end

  // Fraction bits the shifts drop.
  logic unused_low;
  assign unused_low = ^{alpha_g_ceil[AW-1:0], cut_prod[AW-1:0], avg_sum[0]};

endmodule
