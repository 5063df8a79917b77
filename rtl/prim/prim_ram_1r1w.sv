// Copyright ccsilicon contributors.
//
// 1R1W RAM, the behavioural model of an SRAM macro and the one RAM of every block (SPEC 6.9):
// Depth entries of Width bits, one synchronous read port and one write port, read latency
// Latency >= 1 cycles. Mirrors the Java kernel's Sram (1R + 1W dedicated ports) and its
// ReadDuringWrite modes: with WriteFirst = 0 (OLD_DATA) a read issued in the cycle that writes
// the same entry returns the entry as it was before the write; with WriteFirst = 1 (NEW_DATA) it
// returns the written word (the bypass mux stands for the forwarding register a read-old-data
// macro needs).
//
// Cost, the same formula as the kernel's (dev.ccsilicon.hdl.Sram#sramBits): Depth * Width SRAM
// bits and no flops; the output pipeline belongs to the macro. Contents have no reset (blocks
// clear them with an init sweep, as with a real macro); the read data holds between reads.
module prim_ram_1r1w #(
  // Entries.
  parameter int unsigned Depth      = 16,
  // Bits per entry.
  parameter int unsigned Width      = 8,
  // Cycles from a read's issuing edge to its data on rdata_o, >= 1.
  parameter int unsigned Latency    = 1,
  // Read-during-write of the same entry: 0 OLD_DATA, 1 NEW_DATA (write-first).
  parameter bit          WriteFirst = 1'b0,
  // Derived, do not override.
  parameter int unsigned AddrW      = (Depth > 1) ? $clog2(Depth) : 1
) (
  input  logic             clk_i,

  input  logic             re_i,
  input  logic [AddrW-1:0] raddr_i,
  output logic [Width-1:0] rdata_o,    // entry read Latency cycles ago, held otherwise

  input  logic             we_i,
  input  logic [AddrW-1:0] waddr_i,
  input  logic [Width-1:0] wdata_i
);

  logic [Width-1:0] mem_q     [Depth];
  logic [Width-1:0] rd_pipe_q [Latency];
  logic             bypass;

  // Only a write-first RAM forwards the word written in the reading cycle.
  assign bypass = WriteFirst && we_i && (waddr_i == raddr_i);

  // Write port. Sampled at the same edge as the read below, so a plain read sees old data.
  always_ff @(posedge clk_i) begin : write_port
    if (we_i) begin
      mem_q[waddr_i] <= wdata_i;
    end
  end

  // Read port: the array is sampled at the issuing edge, then the macro's output pipeline adds
  // Latency-1 cycles. Data only, no reset: the consumer tracks validity itself.
  always_ff @(posedge clk_i) begin : read_port
    if (re_i) begin
      rd_pipe_q[0] <= bypass ? wdata_i : mem_q[raddr_i];
    end
    for (int unsigned i = 1; i < Latency; i++) begin
      rd_pipe_q[i] <= rd_pipe_q[i-1];
    end
  end

  assign rdata_o = rd_pipe_q[Latency-1];

endmodule
