// Fixed-point weighted accumulator with saturation, valid/ready stream in and out.
//
// Parameters:
//   InWidth   width of the signed input sample in_data_i (two's complement, any Q format Qm.f).
//   GainWidth width of the unsigned static gain gain_i, in Q(GainWidth-GainFrac).GainFrac.
//   GainFrac  fraction bits of gain_i; the product is shifted right arithmetically by GainFrac
//             (floor rounding), so it stays in the input's Q format.
//   AccWidth  width of the signed accumulator and of out_sum_o (same Q format as the input);
//             the sum saturates to [-2^(AccWidth-1), 2^(AccWidth-1)-1]. Requires
//             InWidth + GainWidth + 1 - GainFrac <= AccWidth (the shifted product fits).
//
// Per accepted input: prod = (in_data_i * gain_i) >>> GainFrac;
//                     sum  = sat(in_clear_i ? prod : acc + prod); acc <= sum; emit {sum, sat}.
// Latency 1 cycle (result registered), initiation interval 1 while out_ready_i is high.
module fxp_accumulator #(
  parameter int unsigned InWidth   = 16,
  parameter int unsigned GainWidth = 8,
  parameter int unsigned GainFrac  = 4,
  parameter int unsigned AccWidth  = 24
) (
  input  logic                       clk_i,
  input  logic                       rst_ni,
  // static configuration
  input  logic [GainWidth-1:0]       gain_i,
  // input stream
  input  logic                       in_valid_i,
  output logic                       in_ready_o,
  input  logic signed [InWidth-1:0]  in_data_i,
  input  logic                       in_clear_i,
  // output stream
  output logic                       out_valid_o,
  input  logic                       out_ready_i,
  output logic signed [AccWidth-1:0] out_sum_o,
  output logic                       out_sat_o
);

  localparam int unsigned ProdWidth = InWidth + GainWidth + 1;
  localparam int unsigned SumWidth  = AccWidth + 1;
  // Saturation bounds of the accumulator, sign-extended to the sum's width.
  localparam logic signed [SumWidth-1:0] SumMax = {2'b00, {(AccWidth-1){1'b1}}};
  localparam logic signed [SumWidth-1:0] SumMin = {2'b11, {(AccWidth-1){1'b0}}};

  logic signed [AccWidth-1:0]  acc_q;
  logic                        out_valid_q;
  logic signed [AccWidth-1:0]  out_sum_q;
  logic                        out_sat_q;

  logic signed [ProdWidth-1:0] prod;
  logic signed [ProdWidth-1:0] prod_shifted;
  logic signed [SumWidth-1:0]  sum;
  logic signed [AccWidth-1:0]  sum_sat;
  logic                        sat;
  logic                        in_fire;

  // Combinational datapath: scaled product, widened sum, saturation to AccWidth.
  always_comb begin
    prod         = ProdWidth'(in_data_i) * $signed({1'b0, gain_i});
    prod_shifted = prod >>> GainFrac;
    sum          = (in_clear_i ? SumWidth'(0) : SumWidth'(acc_q)) + SumWidth'(prod_shifted);
    if (sum > SumMax) begin
      sum_sat = {1'b0, {(AccWidth-1){1'b1}}};
      sat     = 1'b1;
    end else if (sum < SumMin) begin
      sum_sat = {1'b1, {(AccWidth-1){1'b0}}};
      sat     = 1'b1;
    end else begin
      sum_sat = sum[AccWidth-1:0];
      sat     = 1'b0;
    end
  end

  // The single output register may be refilled in the cycle it drains.
  assign in_ready_o = !out_valid_q || out_ready_i;
  assign in_fire    = in_valid_i && in_ready_o;

  // Accumulator and output register: load on an accepted input, drop valid once taken.
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      acc_q       <= '0;
      out_valid_q <= 1'b0;
      out_sum_q   <= '0;
      out_sat_q   <= 1'b0;
    end else if (in_fire) begin
      acc_q       <= sum_sat;
      out_valid_q <= 1'b1;
      out_sum_q   <= sum_sat;
      out_sat_q   <= sat;
    end else if (out_ready_i) begin
      out_valid_q <= 1'b0;
    end
  end

  assign out_valid_o = out_valid_q;
  assign out_sum_o   = out_sum_q;
  assign out_sat_o   = out_sat_q;

endmodule
