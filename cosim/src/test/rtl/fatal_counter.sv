// Test-only: counts enabled cycles and stops the simulation with $fatal when the count reaches
// FatalAt, to prove a stopping RTL becomes a Java exception naming the cycle.
//
// Parameters:
//   FatalAt  count at which $fatal fires.
module fatal_counter #(
  parameter int unsigned FatalAt = 37
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        en_i,
  output logic [15:0] count_o
);

  logic [15:0] count_q;

  // Counter of enabled cycles.
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      count_q <= '0;
    end else if (en_i) begin
      count_q <= count_q + 16'd1;
    end
  end

  // The planted failure.
  always_ff @(posedge clk_i) begin
    if (rst_ni && count_q == 16'(FatalAt)) begin
      $fatal(1, "fatal_counter reached %0d", count_q);
    end
  end

  assign count_o = count_q;

endmodule
