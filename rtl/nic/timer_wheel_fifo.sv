// Copyright ccsilicon contributors.
//
// Registered FIFO of the timer wheel's streams (the Java kernel's Stream): valid_o is
// "occupancy > 0" and the producer may push only while count_o < Depth, both from registered
// state, so a pop is seen by the producer one cycle later. Depth 2 sustains one transfer per
// cycle; the wheel's producers that decide a cycle ahead use Depth 3.
//
// Parameters:
//   Depth    - entries (>= 2).
//   Width    - payload bits.
//   CntWidth - derived, do not override.
module timer_wheel_fifo #(
  parameter int unsigned Depth    = 2,
  parameter int unsigned Width    = 1,
  parameter int unsigned CntWidth = $clog2(Depth + 1)
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  input  logic                push_i,    // only while count_o < Depth
  input  logic [Width-1:0]    data_i,
  input  logic                pop_i,     // only while valid_o
  output logic                valid_o,
  output logic [Width-1:0]    data_o,
  output logic [CntWidth-1:0] count_o
);

  localparam int unsigned PtrWidth = $clog2(Depth);
  localparam logic [PtrWidth-1:0] LastPtr = PtrWidth'(Depth - 1);

  logic [Width-1:0]    mem_q [Depth];
  logic [PtrWidth-1:0] wr_ptr_q, rd_ptr_q;
  logic [CntWidth-1:0] count_q;

  // Storage; data needs no reset (only read while valid).
  always_ff @(posedge clk_i) begin : store
    if (push_i) begin
      mem_q[wr_ptr_q] <= data_i;
    end
  end

  // Pointers and occupancy.
  always_ff @(posedge clk_i) begin : ctrl
    if (!rst_ni) begin
      wr_ptr_q <= '0;
      rd_ptr_q <= '0;
      count_q  <= '0;
    end else begin
      if (push_i) begin
        wr_ptr_q <= (wr_ptr_q == LastPtr) ? '0 : wr_ptr_q + PtrWidth'(1);
      end
      if (pop_i) begin
        rd_ptr_q <= (rd_ptr_q == LastPtr) ? '0 : rd_ptr_q + PtrWidth'(1);
      end
      count_q <= count_q + CntWidth'(push_i) - CntWidth'(pop_i);
    end
  end

  assign valid_o = (count_q != '0);
  assign data_o  = mem_q[rd_ptr_q];
  assign count_o = count_q;

endmodule
