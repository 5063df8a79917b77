// Copyright ccsilicon contributors.
//
// Reciprocal lookup of next-blocks section 0, shared by the LDCP blocks: for an unsigned x > 0,
// p = floor(log2 x) (a leading-zero count) and idx = the 8 bits after the leading one (zeros
// shifted in when p < 8); then 1/x ~= recip * 2^(-16-p) within 0.2 %. Purely combinational.
// Mirrors dev.ccsilicon.blocks.recip8.Recip8 (p, idx, lookup); the table is recip8_rom, generated
// from the same Java class. x = 0 gives p = 0, idx = 0 (callers never use it).
//
// Parameters:
//   Width  - bits of x (>= 9).
//   PWidth - derived, do not override.
module recip8 #(
  parameter int unsigned Width  = 40,
  parameter int unsigned PWidth = $clog2(Width)
) (
  input  logic [Width-1:0]  x_i,
  output logic [PWidth-1:0] p_o,      // floor(log2 x)
  output logic [7:0]        idx_o,    // ROM index
  output logic [15:0]       recip_o   // RECIP[idx]
);
  logic [Width-1:0] aligned;

  // Highest set bit wins: the last assignment in ascending order.
  always_comb begin : lzc
    p_o = '0;
    for (int i = 0; i < Width; i++) begin
      if (x_i[i]) begin
        p_o = PWidth'(i);
      end
    end
  end

  always_comb begin : index
    if (p_o >= PWidth'(8)) begin
      aligned = x_i >> (p_o - PWidth'(8));
    end else begin
      aligned = x_i << (PWidth'(8) - p_o);
    end
  end

  assign idx_o = aligned[7:0];

  recip8_rom u_rom (
    .idx_i  (idx_o),
    .data_o (recip_o)
  );

  logic unused_aligned;
  assign unused_aligned = ^aligned[Width-1:8];

endmodule
