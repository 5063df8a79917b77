// Copyright ccsilicon contributors.
//
// Bucket hash of rocc_flow_table: CRC with the CRC-32C polynomial 0x1EDC6F41, MSB first, register
// preset to all ones, no reflection, no final XOR, over the 104-bit 5-tuple key from bit 103 down
// to bit 0; the bucket is the low BucketsLog2 bits of the register. Combinational (an XOR tree).
// Java: dev.ccsilicon.blocks.roccflowtable.FlowKey.
//
// Parameters:
//   BucketsLog2 - bucket index bits, 1..16.
module rocc_flow_table_hash #(
  parameter int unsigned BucketsLog2 = 6
) (
  input  logic [103:0]           key_i,
  output logic [BucketsLog2-1:0] bucket_o
);

  localparam logic [31:0] Poly = 32'h1EDC6F41;

  logic [31:0] crc;

  // Bit-serial CRC, unrolled by synthesis into a parallel XOR network.
  always_comb begin : crc_calc
    crc = 32'hFFFF_FFFF;
    for (int i = 103; i >= 0; i--) begin
      if (crc[31] ^ key_i[i]) begin
        crc = {crc[30:0], 1'b0} ^ Poly;
      end else begin
        crc = {crc[30:0], 1'b0};
      end
    end
  end

  assign bucket_o = crc[BucketsLog2-1:0];

  // The upper register bits are only needed by larger tables.
  logic unused_crc;
  assign unused_crc = ^crc[31:BucketsLog2];

endmodule
