// Copyright ccsilicon contributors.
//
// Timer wheel SRAM macro stand-in: Depth x Width, one synchronous read port and one write port,
// read latency one cycle, read-during-write of the same address returns the old entry (the Java
// model's Sram with OLD_DATA). No reset: contents survive rst_ni, like a real macro.
//
// Parameters:
//   Depth     - entries (>= 2).
//   Width     - bits per entry.
//   AddrWidth - derived, do not override.
module timer_wheel_ram #(
  parameter int unsigned Depth     = 2,
  parameter int unsigned Width     = 1,
  parameter int unsigned AddrWidth = $clog2(Depth)
) (
  input  logic                 clk_i,
  input  logic                 re_i,
  input  logic [AddrWidth-1:0] raddr_i,
  output logic [Width-1:0]     rdata_o,   // valid the cycle after re_i, held otherwise
  input  logic                 we_i,
  input  logic [AddrWidth-1:0] waddr_i,
  input  logic [Width-1:0]     wdata_i
);

  logic [Width-1:0] mem_q [Depth];
  logic [Width-1:0] rdata_q;

  // Write port.
  always_ff @(posedge clk_i) begin : write_port
    if (we_i) begin
      mem_q[waddr_i] <= wdata_i;
    end
  end

  // Read port: samples the array before this edge's write lands (read-old-data).
  always_ff @(posedge clk_i) begin : read_port
    if (re_i) begin
      rdata_q <= mem_q[raddr_i];
    end
  end

  assign rdata_o = rdata_q;

endmodule
