// Copyright ccsilicon contributors.
//
// Behavioural model of the QP context SRAM macro used by qp_table_core: Depth entries of Width
// bits, one read port and one write port, read latency Latency >= 1 cycles, OLD_DATA
// read-during-write (a read issued in the cycle that writes the same entry returns the entry as
// it was before the write). The contents have no reset: qp_table_core clears them with its init
// sweep. Mirrors dev.ccsilicon.hdl.Sram (1R + 1W dedicated ports, OLD_DATA).
//
// Parameters:
//   Depth     - entries (one per QP).
//   Width     - bits per entry (the context layout's bits per QP).
//   Latency   - cycles from a read's issuing edge to its data on rd_data_o (>= 1).
//   AddrWidth - derived, do not override.
module qp_table_sram #(
  parameter int unsigned Depth     = 1024,
  parameter int unsigned Width     = 64,
  parameter int unsigned Latency   = 1,
  parameter int unsigned AddrWidth = (Depth > 1) ? $clog2(Depth) : 1
) (
  input  logic                 clk_i,

  input  logic                 rd_en_i,
  input  logic [AddrWidth-1:0] rd_addr_i,
  output logic [Width-1:0]     rd_data_o,   // entry read Latency cycles ago

  input  logic                 wr_en_i,
  input  logic [AddrWidth-1:0] wr_addr_i,
  input  logic [Width-1:0]     wr_data_i
);

  logic [Width-1:0] mem_q     [Depth];
  logic [Width-1:0] rd_pipe_q [Latency];

  // Write port. Sampled at the same edge as the read below, so a same-cycle read sees old data.
  always_ff @(posedge clk_i) begin : write_port
    if (wr_en_i) begin
      mem_q[wr_addr_i] <= wr_data_i;
    end
  end

  // Read port: the array is sampled at the issuing edge, then the macro's output pipeline adds
  // Latency-1 cycles. Data only, no reset: the consumer tracks validity itself.
  always_ff @(posedge clk_i) begin : read_port
    if (rd_en_i) begin
      rd_pipe_q[0] <= mem_q[rd_addr_i];
    end
    for (int unsigned i = 1; i < Latency; i++) begin
      rd_pipe_q[i] <= rd_pipe_q[i-1];
    end
  end

  assign rd_data_o = rd_pipe_q[Latency-1];

endmodule
