// Copyright ccsilicon contributors.
//
// RoCC reaction point context update (seed 000 Algorithm 2), plugged into qp_table_core's upd_*
// ports by rocc_rp. Purely combinational. Mirrors dev.ccsilicon.blocks.roccrp.RoccRpUpdate.
//
// Context, opcodes, operands and result codes: rocc_rp_pkg (ctx_t, op_e, cnp_operand_t,
// confirm_operand_t, res_e); docs/blocks/rocc_rp.md maps the results to Algorithm 2.
//   OpCnp      operand = cnp_operand_t {cp, rate}
//   OpExpire   first pass of a recovery-timer expiry: re-arms the timer (probe), bumps timer_gen
//   OpConfirm  second pass: operand = confirm_operand_t; ok = the wheel answered the probe
//              "armed" (timer was idle, so no re-arm raced the expiry), gen = timer_gen after the
//              probe
//   3          reserved: no change (ResNone)
//
// Doubling saturates: rate = min(2 * rate, rate_max_i). A limiter is removed by the expiry that
// finds rate >= rate_max_i (the paper's R_cur > R_max on the unclamped rate).
module rocc_rp_update (
  input  logic [rocc_rp_pkg::OpWidth-1:0]      op_i,       // rocc_rp_pkg::op_e
  input  logic [rocc_rp_pkg::OperandWidth-1:0] operand_i,  // cnp_operand_t or confirm_operand_t
  input  rocc_rp_pkg::ctx_t                    old_ctx_i,
  input  logic [rocc_rp_pkg::RateWidth-1:0]    rate_max_i,
  output rocc_rp_pkg::ctx_t                    new_ctx_o,
  output rocc_rp_pkg::res_e                    result_o
);

  rocc_rp_pkg::cnp_operand_t             cnp_op;
  rocc_rp_pkg::confirm_operand_t         conf_op;
  logic [rocc_rp_pkg::RateWidth-1:0]     cur_rate, rcvd_rate;
  logic [rocc_rp_pkg::CpWidth-1:0]       cur_cp, rcvd_cp;
  logic                                  limiter;
  logic [rocc_rp_pkg::TimerGenWidth-1:0] gen, gen_next;
  logic [rocc_rp_pkg::RateWidth:0]       doubled;
  logic                                  probe_ok;
  logic [rocc_rp_pkg::TimerGenWidth-1:0] probe_gen;

  // The operand read as each opcode's layout (same width, so a plain packed assignment).
  assign cnp_op    = operand_i;
  assign conf_op   = operand_i;
  assign cur_rate  = old_ctx_i.rate;
  assign cur_cp    = old_ctx_i.cp;
  assign limiter   = old_ctx_i.limiter;
  assign gen       = old_ctx_i.timer_gen;
  assign gen_next  = gen + 1'b1;  // wraps: generations are compared for equality only
  assign rcvd_rate = cnp_op.rate;
  assign rcvd_cp   = cnp_op.cp;
  assign probe_ok  = conf_op.ok;
  assign probe_gen = conf_op.gen;
  assign doubled   = {cur_rate, 1'b0};

  // A confirm operand's upper bits are zero by construction.
  logic unused_conf_zero;
  assign unused_conf_zero = ^conf_op.zero;

  // Algorithm 2 per opcode: the acceptance rule (line 4), the probe, and the confirmed expiry
  // (lines 9-12).
  always_comb begin : rp_update
    new_ctx_o = old_ctx_i;
    result_o  = rocc_rp_pkg::ResNone;
    unique case (op_i)
      rocc_rp_pkg::OpCnp: begin
        if (!limiter) begin
          result_o = rocc_rp_pkg::ResAcceptNew;
        end else if (rcvd_rate < cur_rate) begin
          result_o = rocc_rp_pkg::ResAcceptLower;
        end else if (rcvd_rate == cur_rate) begin
          result_o = rocc_rp_pkg::ResAcceptEqual;
        end else if (rcvd_cp == cur_cp) begin
          result_o = rocc_rp_pkg::ResAcceptSameCp;
        end else begin
          result_o = rocc_rp_pkg::ResReject;
        end
        if (result_o != rocc_rp_pkg::ResReject) begin
          new_ctx_o.timer_gen = gen_next;
          new_ctx_o.limiter   = 1'b1;
          new_ctx_o.cp        = rcvd_cp;
          new_ctx_o.rate      = rcvd_rate;
        end
      end
      rocc_rp_pkg::OpExpire: begin
        if (limiter) begin
          result_o            = rocc_rp_pkg::ResProbe;
          new_ctx_o.timer_gen = gen_next;
        end else begin
          result_o = rocc_rp_pkg::ResIgnored;
        end
      end
      rocc_rp_pkg::OpConfirm: begin
        if (!probe_ok) begin
          result_o = rocc_rp_pkg::ResStaleWheel;
        end else if (!limiter || (gen != probe_gen)) begin
          result_o = rocc_rp_pkg::ResStaleGen;
        end else if (cur_rate >= rate_max_i) begin
          result_o          = rocc_rp_pkg::ResRemove;
          new_ctx_o.limiter = 1'b0;
        end else if (doubled >= {1'b0, rate_max_i}) begin
          result_o       = rocc_rp_pkg::ResDoubleClamp;
          new_ctx_o.rate = rate_max_i;
        end else begin
          result_o       = rocc_rp_pkg::ResDouble;
          new_ctx_o.rate = doubled[rocc_rp_pkg::RateWidth-1:0];
        end
      end
      default: ;
    endcase
  end

endmodule
