// Copyright ccsilicon contributors.
//
// The flow table's SRAM: Depth rows of Width bits, one read port and one write port (1R1W),
// synchronous read with one cycle of latency, write-first: a read of the row written in the same
// cycle returns the new row. The bypass mux stands for the one-row forwarding register a
// read-old-data macro needs; with it a read-modify-write issued every cycle never sees a stale
// row, so the event pipeline needs no hazard stall. Contents have no reset (the top clears them
// with an initial sweep).
//
// Parameters:
//   Depth     - rows.
//   Width     - bits per row.
//   AddrWidth - address bits, >= clog2(Depth).
module rocc_flow_table_ram #(
  parameter int unsigned Depth     = 16,
  parameter int unsigned Width     = 8,
  parameter int unsigned AddrWidth = 4
) (
  input  logic                 clk_i,

  input  logic                 re_i,
  input  logic [AddrWidth-1:0] raddr_i,
  output logic [Width-1:0]     rdata_o,

  input  logic                 we_i,
  input  logic [AddrWidth-1:0] waddr_i,
  input  logic [Width-1:0]     wdata_i
);

  logic [Width-1:0] mem_q [Depth];
  logic [Width-1:0] rdata_q;

  assign rdata_o = rdata_q;

  // Write port.
  always_ff @(posedge clk_i) begin : write_port
    if (we_i) begin
      mem_q[waddr_i] <= wdata_i;
    end
  end

  // Read port, write-first on an address collision.
  always_ff @(posedge clk_i) begin : read_port
    if (re_i) begin
      rdata_q <= (we_i && (waddr_i == raddr_i)) ? wdata_i : mem_q[raddr_i];
    end
  end

endmodule
