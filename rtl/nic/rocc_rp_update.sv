// Copyright ccsilicon contributors.
//
// RoCC reaction point context update (seed 000 Algorithm 2), plugged into qp_table_core's upd_*
// ports by rocc_rp. Purely combinational. Mirrors dev.ccsilicon.blocks.roccrp.RoccRpUpdate.
//
// Context (RoccRpContext.LAYOUT, 61 bits): rate[23:0] (R_cur, Delta^F units), cp[55:24] (CP_cur),
// limiter[56], timer_gen[60:57].
//
// Opcodes and operands:
//   0 CNP      operand = {cp[31:0], rate[23:0]}
//   1 EXPIRE   first pass of a recovery-timer expiry: re-arms the timer (probe), bumps timer_gen
//   2 CONFIRM  second pass: operand[4] = the wheel answered the probe "armed" (timer was idle,
//              so no re-arm raced the expiry), operand[3:0] = timer_gen after the probe
//   3          reserved: no change
// Results (4 bits): see the Res* constants; docs/blocks/rocc_rp.md maps them to Algorithm 2.
//
// Doubling saturates: rate = min(2 * rate, rate_max_i). A limiter is removed by the expiry that
// finds rate >= rate_max_i (the paper's R_cur > R_max on the unclamped rate).
module rocc_rp_update (
  input  logic [1:0]  op_i,
  input  logic [55:0] operand_i,
  input  logic [60:0] old_ctx_i,
  input  logic [23:0] rate_max_i,
  output logic [60:0] new_ctx_o,
  output logic [3:0]  result_o
);

  localparam logic [1:0] OpCnp     = 2'd0;
  localparam logic [1:0] OpExpire  = 2'd1;
  localparam logic [1:0] OpConfirm = 2'd2;

  localparam logic [3:0] ResAcceptNew    = 4'd0;
  localparam logic [3:0] ResAcceptLower  = 4'd1;
  localparam logic [3:0] ResAcceptEqual  = 4'd2;
  localparam logic [3:0] ResAcceptSameCp = 4'd3;
  localparam logic [3:0] ResReject       = 4'd4;
  localparam logic [3:0] ResProbe        = 4'd5;
  localparam logic [3:0] ResIgnored      = 4'd6;
  localparam logic [3:0] ResDouble       = 4'd7;
  localparam logic [3:0] ResDoubleClamp  = 4'd8;
  localparam logic [3:0] ResRemove       = 4'd9;
  localparam logic [3:0] ResStaleWheel   = 4'd10;
  localparam logic [3:0] ResStaleGen     = 4'd11;
  localparam logic [3:0] ResNone         = 4'd15;

  logic [23:0] cur_rate, rcvd_rate;
  logic [31:0] cur_cp, rcvd_cp;
  logic        limiter;
  logic [3:0]  gen, gen_next;
  logic [24:0] doubled;
  logic        probe_ok;
  logic [3:0]  probe_gen;

  assign cur_rate  = old_ctx_i[23:0];
  assign cur_cp    = old_ctx_i[55:24];
  assign limiter   = old_ctx_i[56];
  assign gen       = old_ctx_i[60:57];
  assign gen_next  = gen + 4'd1;
  assign rcvd_rate = operand_i[23:0];
  assign rcvd_cp   = operand_i[55:24];
  assign probe_ok  = operand_i[4];
  assign probe_gen = operand_i[3:0];
  assign doubled   = {cur_rate, 1'b0};

  // Algorithm 2 per opcode: the acceptance rule (line 4), the probe, and the confirmed expiry
  // (lines 9-12).
  always_comb begin : rp_update
    new_ctx_o = old_ctx_i;
    result_o  = ResNone;
    unique case (op_i)
      OpCnp: begin
        if (!limiter) begin
          result_o = ResAcceptNew;
        end else if (rcvd_rate < cur_rate) begin
          result_o = ResAcceptLower;
        end else if (rcvd_rate == cur_rate) begin
          result_o = ResAcceptEqual;
        end else if (rcvd_cp == cur_cp) begin
          result_o = ResAcceptSameCp;
        end else begin
          result_o = ResReject;
        end
        if (result_o != ResReject) begin
          new_ctx_o = {gen_next, 1'b1, rcvd_cp, rcvd_rate};
        end
      end
      OpExpire: begin
        if (limiter) begin
          result_o         = ResProbe;
          new_ctx_o[60:57] = gen_next;
        end else begin
          result_o = ResIgnored;
        end
      end
      OpConfirm: begin
        if (!probe_ok) begin
          result_o = ResStaleWheel;
        end else if (!limiter || (gen != probe_gen)) begin
          result_o = ResStaleGen;
        end else if (cur_rate >= rate_max_i) begin
          result_o       = ResRemove;
          new_ctx_o[56]  = 1'b0;
        end else if (doubled >= {1'b0, rate_max_i}) begin
          result_o        = ResDoubleClamp;
          new_ctx_o[23:0] = rate_max_i;
        end else begin
          result_o        = ResDouble;
          new_ctx_o[23:0] = doubled[23:0];
        end
      end
      default: ;
    endcase
  end

endmodule
