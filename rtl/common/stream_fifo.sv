// Copyright ccsilicon contributors.
//
// Synchronous FIFO with valid/ready on both sides (first-word fall-through): the demo block that
// co-simulates the shared FIFO primitive on its own, with stream-named ports. All behaviour is
// prim_fifo_sync's.
//
// in_ready_o is high while not full; out_valid_o is high while not empty and out_data_o shows the
// oldest entry. A word written at a clock edge is visible at the output from the next cycle:
// latency 1 cycle, initiation interval 1. Simultaneous push and pop are allowed when full
// only through the pop side (in_ready_o does not depend on out_ready_i).
module stream_fifo #(
  // Data width in bits (any width; the default 72 exercises ports wider than 64 bits).
  parameter int unsigned Width  = 72,
  // Number of entries, >= 2 (any value, not only powers of two).
  parameter int unsigned Depth  = 8,
  // Derived, do not override: width of count_o.
  parameter int unsigned DepthW = $clog2(Depth + 1)
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  // input stream
  input  logic              in_valid_i,
  output logic              in_ready_o,
  input  logic [Width-1:0]  in_data_i,
  // output stream
  output logic              out_valid_o,
  input  logic              out_ready_i,
  output logic [Width-1:0]  out_data_o,
  // occupancy, for observation
  output logic [DepthW-1:0] count_o
);

  prim_fifo_sync #(
    .Width (Width),
    .Depth (Depth)
  ) u_fifo (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .wvalid_i (in_valid_i),
    .wready_o (in_ready_o),
    .wdata_i  (in_data_i),
    .rvalid_o (out_valid_o),
    .rready_i (out_ready_i),
    .rdata_o  (out_data_o),
    .depth_o  (count_o)
  );

endmodule
