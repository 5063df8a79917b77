// Copyright ccsilicon contributors.
//
// Registered FIFO of rocc_flow_table's streams and internal queues. ready_o and valid_o are
// functions of registers only: a full FIFO is not ready even in a cycle it is popped, and a word
// written at an edge is readable from the next cycle. This is the timing of the Java model's
// RecordFifo and of the kernel Fifo, whose bit count (Depth*Width + two pointers + a counter) it
// also has.
//
// Parameters:
//   Width - bits per entry.
//   Depth - entries, >= 2.
module rocc_flow_table_fifo #(
  parameter int unsigned Width    = 8,
  parameter int unsigned Depth    = 2,
  // Derived, do not override.
  parameter int unsigned PtrWidth = $clog2(Depth),
  parameter int unsigned CntWidth = $clog2(Depth + 1)
) (
  input  logic                clk_i,
  input  logic                rst_ni,

  input  logic                valid_i,
  output logic                ready_o,
  input  logic [Width-1:0]    data_i,

  output logic                valid_o,
  input  logic                ready_i,
  output logic [Width-1:0]    data_o,

  output logic [CntWidth-1:0] count_o
);

  localparam logic [PtrWidth-1:0] LastSlot = PtrWidth'(Depth - 1);

  logic [Width-1:0]    mem_q [Depth];
  logic [PtrWidth-1:0] wr_ptr_q, rd_ptr_q;
  logic [CntWidth-1:0] cnt_q;
  logic                push, pop;

  assign ready_o = (cnt_q != CntWidth'(Depth));
  assign valid_o = (cnt_q != '0);
  assign data_o  = mem_q[rd_ptr_q];
  assign count_o = cnt_q;
  assign push    = valid_i && ready_o;
  assign pop     = valid_o && ready_i;

  // Storage: written at the tail on a push; no reset, an empty slot is never presented as valid.
  always_ff @(posedge clk_i) begin : storage
    if (push) begin
      mem_q[wr_ptr_q] <= data_i;
    end
  end

  // Pointers and occupancy.
  always_ff @(posedge clk_i) begin : control
    if (!rst_ni) begin
      wr_ptr_q <= '0;
      rd_ptr_q <= '0;
      cnt_q    <= '0;
    end else begin
      if (push) begin
        wr_ptr_q <= (wr_ptr_q == LastSlot) ? '0 : wr_ptr_q + PtrWidth'(1);
      end
      if (pop) begin
        rd_ptr_q <= (rd_ptr_q == LastSlot) ? '0 : rd_ptr_q + PtrWidth'(1);
      end
      if (push && !pop) begin
        cnt_q <= cnt_q + CntWidth'(1);
      end else if (pop && !push) begin
        cnt_q <= cnt_q - CntWidth'(1);
      end
    end
  end

endmodule
