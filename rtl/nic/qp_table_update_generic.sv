// Copyright ccsilicon contributors.
//
// Generic context update for qp_table's own tests and co-simulation: a context of four unsigned
// fields f0..f3 packed from bit 0 upwards (f0 at the LSBs), and field-wise opcodes that make
// every same-QP hazard observable in the result. Purely combinational; plugged into
// qp_table_core's upd_* ports. Mirrors dev.ccsilicon.blocks.qptable.GenericUpdate.
//
// Operand: {sel[1:0], value[31:0]}; sel picks the field. Opcodes (result in brackets):
//   0 READ     no change                                   [old field]
//   1 WRITE    field = value truncated to the field width  [old field]
//   2 ADD_SAT  field = min(field + value, 2^w - 1)         [1 if it saturated]
//   3 MIN      field = min(field, value)                   [1 if value replaced the field]
//   4 CLEAR    whole context = 0                           [old field]
//   5..7       reserved: no change                         [0]
//
// Parameters:
//   F0Width..F3Width - field widths, 1..32 each. The defaults (24, 32, 16, 20; 92 bits) put f2
//                      across bit 64, so the context spans two 64-bit words with a straddling
//                      field, as wide algorithm contexts do.
//   CtxWidth         - derived, do not override.
module qp_table_update_generic #(
  parameter int unsigned F0Width  = 24,
  parameter int unsigned F1Width  = 32,
  parameter int unsigned F2Width  = 16,
  parameter int unsigned F3Width  = 20,
  parameter int unsigned CtxWidth = F0Width + F1Width + F2Width + F3Width
) (
  input  logic [2:0]          op_i,
  input  logic [33:0]         operand_i,
  input  logic [CtxWidth-1:0] old_ctx_i,
  output logic [CtxWidth-1:0] new_ctx_o,
  output logic [31:0]         result_o
);

  localparam int unsigned Lsb1 = F0Width;
  localparam int unsigned Lsb2 = F0Width + F1Width;
  localparam int unsigned Lsb3 = F0Width + F1Width + F2Width;
  localparam logic [31:0] Max0 = 32'((64'd1 << F0Width) - 64'd1);
  localparam logic [31:0] Max1 = 32'((64'd1 << F1Width) - 64'd1);
  localparam logic [31:0] Max2 = 32'((64'd1 << F2Width) - 64'd1);
  localparam logic [31:0] Max3 = 32'((64'd1 << F3Width) - 64'd1);

  localparam logic [2:0] OpRead   = 3'd0;
  localparam logic [2:0] OpWrite  = 3'd1;
  localparam logic [2:0] OpAddSat = 3'd2;
  localparam logic [2:0] OpMin    = 3'd3;
  localparam logic [2:0] OpClear  = 3'd4;

  logic [1:0]  sel;
  logic [31:0] value, old_f, f_max, new_f;
  logic [32:0] sum;
  logic        sat, repl;

  assign sel   = operand_i[33:32];
  assign value = operand_i[31:0];

  // Selected field of the old context, zero-extended, and its maximum.
  always_comb begin : field_extract
    unique case (sel)
      2'd0:    begin old_f = 32'(old_ctx_i[0    +: F0Width]); f_max = Max0; end
      2'd1:    begin old_f = 32'(old_ctx_i[Lsb1 +: F1Width]); f_max = Max1; end
      2'd2:    begin old_f = 32'(old_ctx_i[Lsb2 +: F2Width]); f_max = Max2; end
      default: begin old_f = 32'(old_ctx_i[Lsb3 +: F3Width]); f_max = Max3; end
    endcase
  end

  assign sum  = {1'b0, old_f} + {1'b0, value};
  assign sat  = (sum > {1'b0, f_max});
  assign repl = (value < old_f);

  // New value of the selected field and the result, per opcode.
  always_comb begin : field_op
    new_f    = old_f;
    result_o = '0;
    unique case (op_i)
      OpRead:   result_o = old_f;
      OpWrite:  begin new_f = value & f_max;             result_o = old_f; end
      OpAddSat: begin new_f = sat ? f_max : sum[31:0];   result_o = 32'(sat); end
      OpMin:    begin new_f = repl ? value : old_f;      result_o = 32'(repl); end
      OpClear:  result_o = old_f;
      default:  ;
    endcase
  end

  // Field write-back into the context; CLEAR zeroes it whole.
  always_comb begin : field_insert
    new_ctx_o = old_ctx_i;
    unique case (sel)
      2'd0:    new_ctx_o[0    +: F0Width] = new_f[F0Width-1:0];
      2'd1:    new_ctx_o[Lsb1 +: F1Width] = new_f[F1Width-1:0];
      2'd2:    new_ctx_o[Lsb2 +: F2Width] = new_f[F2Width-1:0];
      default: new_ctx_o[Lsb3 +: F3Width] = new_f[F3Width-1:0];
    endcase
    if (op_i == OpClear) begin
      new_ctx_o = '0;
    end
  end

endmodule
