// Synchronous FIFO with valid/ready on both sides (first-word fall-through).
//
// Parameters:
//   Width  data width in bits (any width; the default 72 exercises ports wider than 64 bits).
//   Depth  number of entries, >= 2 (any value, not only powers of two).
//
// in_ready_o is high while not full; out_valid_o is high while not empty and out_data_o shows the
// oldest entry. A word written at a clock edge is visible at the output from the next cycle:
// latency 1 cycle, initiation interval 1. Simultaneous push and pop are allowed when full
// only through the pop side (in_ready_o does not depend on out_ready_i).
module stream_fifo #(
  parameter int unsigned Width = 72,
  parameter int unsigned Depth = 8
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  // input stream
  input  logic             in_valid_i,
  output logic             in_ready_o,
  input  logic [Width-1:0] in_data_i,
  // output stream
  output logic             out_valid_o,
  input  logic             out_ready_i,
  output logic [Width-1:0] out_data_o,
  // occupancy, for observation
  output logic [$clog2(Depth+1)-1:0] count_o
);

  localparam int unsigned PtrWidth   = $clog2(Depth);
  localparam int unsigned CountWidth = $clog2(Depth + 1);

  logic [Width-1:0]      mem_q [Depth];
  logic [PtrWidth-1:0]   wr_ptr_q;
  logic [PtrWidth-1:0]   rd_ptr_q;
  logic [CountWidth-1:0] count_q;
  logic                  push;
  logic                  pop;

  assign in_ready_o  = count_q != CountWidth'(Depth);
  assign out_valid_o = count_q != '0;
  assign out_data_o  = mem_q[rd_ptr_q];
  assign count_o     = count_q;
  assign push        = in_valid_i && in_ready_o;
  assign pop         = out_valid_o && out_ready_i;

  // Storage: write the pushed word at the write pointer.
  always_ff @(posedge clk_i) begin
    if (push) begin
      mem_q[wr_ptr_q] <= in_data_i;
    end
  end

  // Pointers and occupancy, wrapping at Depth.
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      wr_ptr_q <= '0;
      rd_ptr_q <= '0;
      count_q  <= '0;
    end else begin
      if (push) begin
        wr_ptr_q <= (wr_ptr_q == PtrWidth'(Depth - 1)) ? '0 : wr_ptr_q + 1'b1;
      end
      if (pop) begin
        rd_ptr_q <= (rd_ptr_q == PtrWidth'(Depth - 1)) ? '0 : rd_ptr_q + 1'b1;
      end
      if (push && !pop) begin
        count_q <= count_q + 1'b1;
      end else if (pop && !push) begin
        count_q <= count_q - 1'b1;
      end
    end
  end

endmodule
