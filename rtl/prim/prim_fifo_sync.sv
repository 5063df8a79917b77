// Copyright ccsilicon contributors.
//
// Synchronous FIFO with valid/ready on both sides, the one FIFO of every block (SPEC 6.9). Shape
// of lowRISC's prim_fifo_sync (our own code): wready_o and rvalid_o are functions of registers
// only, so a full FIFO is not ready even in a cycle it is popped, and a word written at an edge is
// readable from the next cycle (latency 1, initiation interval 1 from Depth 2 on). This is the
// timing of the Java kernel's Fifo, Stream and RecordFifo, which it mirrors bit for bit.
//
// Cost, the same formula as the kernel's (dev.ccsilicon.hdl.Fifo#flopBits):
//   Depth * Width storage + 2 * PtrW pointer bits + DepthW count bits,
// with PtrW = max(1, clog2(Depth)) and DepthW = clog2(Depth + 1).
//
// A push is taken only while wready_o and a pop only while rvalid_o, so a producer that checks
// depth_o ahead (credits) and one that checks wready_o see the same FIFO.
module prim_fifo_sync #(
  // Bits per entry.
  parameter int unsigned Width  = 16,
  // Entries, >= 1 (any value, not only powers of two); >= 2 sustains one transfer per cycle.
  parameter int unsigned Depth  = 2,
  // Derived, do not override: width of depth_o (holds 0..Depth).
  parameter int unsigned DepthW = $clog2(Depth + 1)
) (
  input  logic              clk_i,
  input  logic              rst_ni,

  // Write side.
  input  logic              wvalid_i,
  output logic              wready_o,
  input  logic [Width-1:0]  wdata_i,

  // Read side: rdata_o is the oldest entry while rvalid_o.
  output logic              rvalid_o,
  input  logic              rready_i,
  output logic [Width-1:0]  rdata_o,

  // Occupancy, from the register (a push or pop shows the next cycle).
  output logic [DepthW-1:0] depth_o
);

  // A one-entry FIFO still needs a (constant) pointer bit: Verilog has no zero-width vectors.
  localparam int unsigned PtrW = (Depth > 1) ? $clog2(Depth) : 1;
  localparam logic [PtrW-1:0]   LastPtr  = PtrW'(Depth - 1);
  localparam logic [DepthW-1:0] FullCount = DepthW'(Depth);

  logic [Width-1:0]  mem_q [Depth];
  logic [PtrW-1:0]   wr_ptr_q, rd_ptr_q;
  logic [DepthW-1:0] depth_q;
  logic              push, pop;

  assign wready_o = (depth_q != FullCount);
  assign rvalid_o = (depth_q != '0);
  assign push     = wvalid_i && wready_o;
  assign pop      = rvalid_o && rready_i;

  // Storage: written at the tail on a push; no reset, an empty slot is never presented as valid.
  always_ff @(posedge clk_i) begin : storage
    if (push) begin
      mem_q[wr_ptr_q] <= wdata_i;
    end
  end

  // Pointers wrap at Depth (not at a power of two); occupancy moves by push - pop.
  always_ff @(posedge clk_i) begin : control
    if (!rst_ni) begin
      wr_ptr_q <= '0;
      rd_ptr_q <= '0;
      depth_q  <= '0;
    end else begin
      if (push) begin
        wr_ptr_q <= (wr_ptr_q == LastPtr) ? '0 : wr_ptr_q + PtrW'(1);
      end
      if (pop) begin
        rd_ptr_q <= (rd_ptr_q == LastPtr) ? '0 : rd_ptr_q + PtrW'(1);
      end
      depth_q <= depth_q + DepthW'(push) - DepthW'(pop);
    end
  end

  assign rdata_o = mem_q[rd_ptr_q];
  assign depth_o = depth_q;

endmodule
