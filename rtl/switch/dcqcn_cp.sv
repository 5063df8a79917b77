// Copyright ccsilicon contributors.
//
// DCQCN congestion point (specs next-blocks §a, docs/blocks/dcqcn_cp.md): the RED/ECN marking and
// WRED dropping of one switch egress queue. Two independent hooks, each a dcqcn_cp_hook pipeline
// (II = 1, latency 2, valid/ready with backpressure):
//   ADMIT (adm -> dec), at enqueue, q = occupancy before the packet:
//     q + len > buf_max            -> DROP_BUF (any packet; takes precedence over the draw)
//     not-ECT, wred_en, WRED draw  -> DROP_WRED
//     otherwise                    -> ACCEPT
//   MARK (mrk -> ecn), called by the queue for accepted packets only, at enqueue (q before the
//     packet) or at dequeue (q after removal), as the integration chooses: the function is the same.
//     ECT (01/10/11), or not-ECT with mark_non_ect, and ecn_en: the ECN draw sets CE (11);
//     a CE packet stays CE; anything else passes unchanged.
// Each hook has its own LFSR (own seed) and its own queue average, so neither waits for the other.
// Statistics (saturating) count on entry to the output register and ride in the hook's records.
//
// Parameters:
//   StatWidth - width of the saturating statistics counters.
module dcqcn_cp #(
  parameter int unsigned StatWidth = 32
) (
  input  logic                                  clk_i,
  input  logic                                  rst_ni,

  // Configuration, held static.
  input  logic [dcqcn_cp_pkg::QWidth-1:0]       cfg_ecn_kmin_i,      // ECN profile Kmin, bytes
  input  logic [dcqcn_cp_pkg::QWidth-1:0]       cfg_ecn_kmax_i,      // ECN profile Kmax, bytes
  input  logic [dcqcn_cp_pkg::SlopeWidth-1:0]   cfg_ecn_slope_i,     // UQ8.24, Pmax * 2^40 / (Kmax - Kmin)
  input  logic                                  cfg_ecn_boundary_i,  // dcqcn_cp_pkg::boundary_e
  input  logic [dcqcn_cp_pkg::QWidth-1:0]       cfg_wred_kmin_i,     // WRED profile, as the ECN one
  input  logic [dcqcn_cp_pkg::QWidth-1:0]       cfg_wred_kmax_i,
  input  logic [dcqcn_cp_pkg::SlopeWidth-1:0]   cfg_wred_slope_i,
  input  logic                                  cfg_wred_boundary_i,
  input  logic [dcqcn_cp_pkg::QWidth-1:0]       cfg_buf_max_i,       // bytes
  input  logic                                  cfg_ecn_en_i,        // MARK may set CE
  input  logic                                  cfg_wred_en_i,       // ADMIT may drop not-ECT by WRED
  input  logic                                  cfg_mark_non_ect_i,  // MARK also draws for not-ECT
  input  logic [dcqcn_cp_pkg::ShiftWidth-1:0]   cfg_ewma_shift_i,    // 0: instantaneous queue
  input  logic [dcqcn_cp_pkg::LfsrWidth-1:0]    cfg_adm_seed_i,      // non-zero
  input  logic [dcqcn_cp_pkg::LfsrWidth-1:0]    cfg_mrk_seed_i,      // non-zero

  // ADMIT hook.
  input  logic                                  adm_valid_i,
  output logic                                  adm_ready_o,
  input  logic [dcqcn_cp_pkg::QWidth-1:0]       adm_q_i,             // occupancy before the packet
  input  logic [dcqcn_cp_pkg::LenWidth-1:0]     adm_len_i,
  input  logic [dcqcn_cp_pkg::EcnWidth-1:0]     adm_ecn_i,
  output logic                                  dec_valid_o,
  input  logic                                  dec_ready_i,
  output logic [dcqcn_cp_pkg::DecWidth-1:0]     dec_code_o,          // dcqcn_cp_pkg::dec_e
  output logic [dcqcn_cp_pkg::RegionWidth-1:0]  dec_region_o,        // WRED curve region
  output logic [dcqcn_cp_pkg::ProbWidth-1:0]    dec_prob_o,          // WRED p16 (linear region)
  output logic [StatWidth-1:0]                  stat_drop_buf_o,
  output logic [StatWidth-1:0]                  stat_drop_wred_o,

  // MARK hook.
  input  logic                                  mrk_valid_i,
  output logic                                  mrk_ready_o,
  input  logic [dcqcn_cp_pkg::QWidth-1:0]       mrk_q_i,
  input  logic [dcqcn_cp_pkg::EcnWidth-1:0]     mrk_ecn_i,
  output logic                                  ecn_valid_o,
  input  logic                                  ecn_ready_i,
  output logic [dcqcn_cp_pkg::EcnWidth-1:0]     ecn_out_o,           // the packet's new ECN field
  output logic                                  ecn_marked_o,        // this block set CE
  output logic [dcqcn_cp_pkg::RegionWidth-1:0]  ecn_region_o,        // ECN curve region
  output logic [dcqcn_cp_pkg::ProbWidth-1:0]    ecn_prob_o,          // ECN p16 (linear region)
  output logic [StatWidth-1:0]                  stat_mark_o
);
  localparam int unsigned EcnWidth = dcqcn_cp_pkg::EcnWidth;
  localparam int unsigned NumStats = 3;

  ///////////
  // ADMIT //
  ///////////

  logic                             adm_ovf;
  logic                             adm_eval;
  logic                             adm_hit;
  logic                             adm_tag_ovf;
  logic                             adm_load;
  logic [dcqcn_cp_pkg::DecWidth-1:0] adm_res;
  logic [dcqcn_cp_pkg::DecWidth-1:0] dec_res;

  // q + len on 26 bits: no wrap for any sample.
  assign adm_ovf  = ({1'b0, adm_q_i} + (dcqcn_cp_pkg::QWidth + 1)'(adm_len_i)) > {1'b0, cfg_buf_max_i};
  assign adm_eval = cfg_wred_en_i && (adm_ecn_i == dcqcn_cp_pkg::EcnNotEct);

  always_comb begin
    if (adm_tag_ovf) begin
      adm_res = dcqcn_cp_pkg::DecDropBuf;
    end else if (adm_hit) begin
      adm_res = dcqcn_cp_pkg::DecDropWred;
    end else begin
      adm_res = dcqcn_cp_pkg::DecAccept;
    end
  end

  dcqcn_cp_hook #(
    .TagWidth (1),
    .ResWidth (dcqcn_cp_pkg::DecWidth)
  ) u_adm (
    .clk_i            (clk_i),
    .rst_ni           (rst_ni),
    .cfg_kmin_i       (cfg_wred_kmin_i),
    .cfg_kmax_i       (cfg_wred_kmax_i),
    .cfg_slope_i      (cfg_wred_slope_i),
    .cfg_boundary_i   (cfg_wred_boundary_i),
    .cfg_ewma_shift_i (cfg_ewma_shift_i),
    .cfg_seed_i       (cfg_adm_seed_i),
    .in_valid_i       (adm_valid_i),
    .in_ready_o       (adm_ready_o),
    .in_q_i           (adm_q_i),
    .in_eval_i        (adm_eval),
    .in_tag_i         (adm_ovf),
    .dec_hit_o        (adm_hit),
    .dec_tag_o        (adm_tag_ovf),
    .dec_res_i        (adm_res),
    .load_o           (adm_load),
    .out_valid_o      (dec_valid_o),
    .out_ready_i      (dec_ready_i),
    .out_res_o        (dec_res),
    .out_region_o     (dec_region_o),
    .out_prob_o       (dec_prob_o)
  );

  assign dec_code_o = dec_res;

  //////////
  // MARK //
  //////////

  logic                mrk_eval;
  logic                mrk_hit;
  logic [EcnWidth-1:0] mrk_tag_ecn;
  logic                mrk_load;
  logic [EcnWidth:0]   mrk_res;
  logic [EcnWidth:0]   ecn_res;

  assign mrk_eval = cfg_ecn_en_i && (cfg_mark_non_ect_i || (mrk_ecn_i != dcqcn_cp_pkg::EcnNotEct));
  // Result {marked, ecn_out}: marked only when the draw turns a packet that was not CE into CE.
  assign mrk_res  = mrk_hit ? {mrk_tag_ecn != dcqcn_cp_pkg::EcnCe, dcqcn_cp_pkg::EcnCe} : {1'b0, mrk_tag_ecn};

  dcqcn_cp_hook #(
    .TagWidth (EcnWidth),
    .ResWidth (EcnWidth + 1)
  ) u_mrk (
    .clk_i            (clk_i),
    .rst_ni           (rst_ni),
    .cfg_kmin_i       (cfg_ecn_kmin_i),
    .cfg_kmax_i       (cfg_ecn_kmax_i),
    .cfg_slope_i      (cfg_ecn_slope_i),
    .cfg_boundary_i   (cfg_ecn_boundary_i),
    .cfg_ewma_shift_i (cfg_ewma_shift_i),
    .cfg_seed_i       (cfg_mrk_seed_i),
    .in_valid_i       (mrk_valid_i),
    .in_ready_o       (mrk_ready_o),
    .in_q_i           (mrk_q_i),
    .in_eval_i        (mrk_eval),
    .in_tag_i         (mrk_ecn_i),
    .dec_hit_o        (mrk_hit),
    .dec_tag_o        (mrk_tag_ecn),
    .dec_res_i        (mrk_res),
    .load_o           (mrk_load),
    .out_valid_o      (ecn_valid_o),
    .out_ready_i      (ecn_ready_i),
    .out_res_o        (ecn_res),
    .out_region_o     (ecn_region_o),
    .out_prob_o       (ecn_prob_o)
  );

  assign ecn_out_o    = ecn_res[EcnWidth-1:0];
  assign ecn_marked_o = ecn_res[EcnWidth];

  ////////////////
  // Statistics //
  ////////////////

  logic [NumStats-1:0]  stat_inc;
  logic [StatWidth-1:0] stat_q [NumStats];

  assign stat_inc[0] = adm_load && (adm_res == dcqcn_cp_pkg::DecDropBuf);
  assign stat_inc[1] = adm_load && (adm_res == dcqcn_cp_pkg::DecDropWred);
  assign stat_inc[2] = mrk_load && mrk_res[EcnWidth];

  for (genvar s = 0; s < NumStats; s++) begin : g_stat
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        stat_q[s] <= '0;
      end else if (stat_inc[s] && (stat_q[s] != {StatWidth{1'b1}})) begin
        stat_q[s] <= stat_q[s] + StatWidth'(1);
      end
    end
  end

  assign stat_drop_buf_o  = stat_q[0];
  assign stat_drop_wred_o = stat_q[1];
  assign stat_mark_o      = stat_q[2];

endmodule
