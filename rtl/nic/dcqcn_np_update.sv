// Copyright ccsilicon contributors.
//
// DCQCN notification point context update, plugged into qp_table_core's upd_* ports by dcqcn_np.
// Purely combinational. Mirrors dev.ccsilicon.blocks.dcqcnnp.DcqcnNpUpdate.
//
// Context, opcodes and result codes: dcqcn_np_pkg (ctx_t, op_e, res_e); docs/blocks/dcqcn_np.md
// maps the results to Fig. 6 and to the lazy rule.
//   OpCe      operand = arrival stamp (u32 cycles)
//   OpExpire  the QP's timer expired; mode-independent, because only paper mode arms timers
//
// The lazy window compares (stamp - last_cnp) mod 2^32 >= N: exact for gaps below 2^32 cycles.
module dcqcn_np_update (
  input  logic [dcqcn_np_pkg::ModeWidth-1:0]    mode_i,      // dcqcn_np_pkg::mode_e, static
  input  logic [dcqcn_np_pkg::TimeWidth-1:0]    interval_i,  // N in cycles, static
  input  logic [dcqcn_np_pkg::OpWidth-1:0]      op_i,        // dcqcn_np_pkg::op_e
  input  logic [dcqcn_np_pkg::OperandWidth-1:0] operand_i,
  input  dcqcn_np_pkg::ctx_t                    old_ctx_i,
  output dcqcn_np_pkg::ctx_t                    new_ctx_o,
  output dcqcn_np_pkg::res_e                    result_o
);

  logic [dcqcn_np_pkg::TimeWidth-1:0] since;

  // Wraps like the stamps it subtracts.
  assign since = operand_i - old_ctx_i.last_cnp;

  always_comb begin : np_update
    new_ctx_o = old_ctx_i;
    result_o  = dcqcn_np_pkg::ResEcho;
    if (op_i == dcqcn_np_pkg::OpExpire) begin
      if (old_ctx_i.pending) begin
        result_o          = dcqcn_np_pkg::ResArmTimer;
        new_ctx_o.pending = 1'b0;
      end else begin
        result_o         = dcqcn_np_pkg::ResIdle;
        new_ctx_o.active = 1'b0;
      end
    end else begin
      unique case (mode_i)
        dcqcn_np_pkg::ModePaper: begin
          if (!old_ctx_i.active) begin
            result_o          = dcqcn_np_pkg::ResArmFirst;
            new_ctx_o.active  = 1'b1;
            new_ctx_o.pending = 1'b0;
          end else if (!old_ctx_i.pending) begin
            result_o          = dcqcn_np_pkg::ResPendSet;
            new_ctx_o.pending = 1'b1;
          end else begin
            result_o = dcqcn_np_pkg::ResPendHeld;
          end
        end
        dcqcn_np_pkg::ModeLazy: begin
          if (!old_ctx_i.active) begin
            result_o           = dcqcn_np_pkg::ResLazyFirst;
            new_ctx_o.active   = 1'b1;
            new_ctx_o.last_cnp = operand_i;
          end else if (since >= interval_i) begin
            result_o           = dcqcn_np_pkg::ResLazySpaced;
            new_ctx_o.last_cnp = operand_i;
          end else begin
            result_o = dcqcn_np_pkg::ResInWindow;
          end
        end
        default: ;  // echo (and the reserved code): the block keeps no state
      endcase
    end
  end

endmodule
