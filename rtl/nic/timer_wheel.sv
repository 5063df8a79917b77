// Copyright ccsilicon contributors.
//
// Timer wheel (SPEC 6.4): one timer per QP, armed / re-armed / cancelled by commands on a
// valid/ready stream, expiring on an expiry stream of NumLanes lanes (at most NumLanes expiries
// per cycle). A deadline is an absolute cycle count modulo 2^DeadlineWidth, quantised to ticks of
// SlotCycles cycles; the wheel has NumSlots slots per lane, so it accepts deadlines up to NumSlots
// ticks ahead of the tick it is draining, clamps past deadlines to that tick and rejects the rest.
// Every command gets a response (armed, re-armed, cancelled, cancel of an unarmed timer,
// rejected). Expiries beyond the per-cycle budget wait in their slot and are never lost; each
// carries its lateness, also reported as a maximum and a histogram.
// Interface, SRAM layout, arbitration, hazards, latency: docs/blocks/timer_wheel.md. The Java
// model dev.ccsilicon.blocks.timerwheel.TimerWheel is its cycle-accurate twin.
//
// Parameters:
//   NumQps        - N, timers (QPs), power of two, >= 2 * NumLanes.
//   NumSlots      - S, slots per lane, power of two; the horizon is S * SlotCycles cycles.
//   SlotCycles    - G, cycles per tick, power of two.
//   NumLanes      - E, expiry lanes = independent list engines; QP q lives in lane q mod E.
//   DeadlineWidth - W, bits of the cycle counter and of deadlines; W - log2(G) >= log2(S) + 2.
//   LateWidth     - bits of the lateness (saturating), <= W.
//   StatWidth     - bits of each saturating statistics counter.
//   Others        - derived, do not override.
module timer_wheel #(
  parameter int unsigned NumQps        = 1024,
  parameter int unsigned NumSlots      = 256,
  parameter int unsigned SlotCycles    = 256,
  parameter int unsigned NumLanes      = 2,
  parameter int unsigned DeadlineWidth = 32,
  parameter int unsigned LateWidth     = 16,
  parameter int unsigned StatWidth     = 32,
  parameter int unsigned QpWidth       = $clog2(NumQps),
  parameter int unsigned LocalWidth    = QpWidth - $clog2(NumLanes),
  parameter int unsigned TickWidth     = DeadlineWidth - $clog2(SlotCycles)
) (
  input  logic                           clk_i,
  input  logic                           rst_ni,

  // Commands: arm (cancel = 0) sets the QP's timer to the deadline, moving it if armed;
  // cancel (cancel = 1) disarms it, deadline ignored.
  input  logic                           cmd_valid_i,
  output logic                           cmd_ready_o,
  input  logic                           cmd_cancel_i,
  input  logic [QpWidth-1:0]             cmd_qp_i,
  input  logic [DeadlineWidth-1:0]       cmd_deadline_i,

  // One response per command, in command order.
  output logic                           rsp_valid_o,
  input  logic                           rsp_ready_i,
  output logic [QpWidth-1:0]             rsp_qp_o,
  output logic [timer_wheel_pkg::RspCodeWidth-1:0] rsp_code_o, // timer_wheel_pkg::rsp_code_e
  output logic                           rsp_past_o,     // deadline was past: clamped

  // Expiries: one word of NumLanes lanes; a transfer takes every valid lane.
  output logic                           exp_valid_o,
  input  logic                           exp_ready_i,
  output logic [NumLanes-1:0]            exp_lane_valid_o,
  output logic [NumLanes*QpWidth-1:0]    exp_qp_o,       // lane k at [k*QpWidth +: QpWidth]
  output logic [NumLanes*DeadlineWidth-1:0] exp_deadline_o, // effective deadline (tick * G)
  output logic [NumLanes*LateWidth-1:0]  exp_late_o,     // pop cycle - deadline, saturating

  // Status.
  output logic [DeadlineWidth-1:0]       now_o,          // cycles since reset, wrapping
  output logic [QpWidth:0]               armed_count_o,
  output logic [StatWidth-1:0]           stat_expired_o,
  output logic [StatWidth-1:0]           stat_past_o,
  output logic [StatWidth-1:0]           stat_reject_o,
  output logic [StatWidth-1:0]           stat_cancel_unarmed_o,
  output logic [LateWidth-1:0]           stat_late_max_o,
  output logic [timer_wheel_pkg::HistBuckets*StatWidth-1:0] stat_late_hist_o // [0,G) [G,2G)
                                                         // [2G,4G) [4G,inf)
);
  localparam int unsigned GranLog2  = $clog2(SlotCycles);
  localparam int unsigned CmdWidth  = 1 + DeadlineWidth + QpWidth;
  localparam int unsigned RspWidth  = 1 + timer_wheel_pkg::RspCodeWidth + QpWidth;
  localparam int unsigned CmdDepth  = 2;
  localparam int unsigned CmdCntW   = $clog2(CmdDepth + 1);
  localparam int unsigned RspDepth  = 3;
  localparam int unsigned RspCntW   = $clog2(RspDepth + 1);
  localparam int unsigned EvWidth   = $clog2(NumLanes + 1);

  ///////////
  // Clock //
  ///////////

  logic [DeadlineWidth-1:0] now_q;

  // Free-running cycle counter: the time base of deadlines.
  always_ff @(posedge clk_i) begin : cycle_counter
    if (!rst_ni) begin
      now_q <= '0;
    end else begin
      now_q <= now_q + DeadlineWidth'(1);
    end
  end

  assign now_o = now_q;

  //////////////////
  // Command FIFO //
  //////////////////

  logic                     cmd_fifo_valid, cmd_pop;
  logic [CmdCntW-1:0]       unused_cmd_count;
  logic [CmdWidth-1:0]      cmd_head;
  logic                     head_cancel;
  logic [DeadlineWidth-1:0] head_deadline;
  logic [QpWidth-1:0]       head_qp;

  prim_fifo_sync #(.Width(CmdWidth), .Depth(CmdDepth)) u_cmd_fifo (
    .clk_i, .rst_ni,
    .wvalid_i (cmd_valid_i),
    .wready_o (cmd_ready_o),
    .wdata_i  ({cmd_cancel_i, cmd_deadline_i, cmd_qp_i}),
    .rvalid_o (cmd_fifo_valid),
    .rready_i (cmd_pop),
    .rdata_o  (cmd_head),
    .depth_o  (unused_cmd_count)
  );

  assign {head_cancel, head_deadline, head_qp} = cmd_head;

  ///////////
  // Lanes //
  ///////////

  logic [NumLanes-1:0]   lane_cmd_pop, lane_responding, lane_rsp_push, lane_exp_valid, lane_exp_pop;
  logic [NumLanes-1:0]   lane_expired;
  logic [QpWidth-1:0]    lane_rsp_qp   [NumLanes];
  timer_wheel_pkg::rsp_code_e             lane_rsp_code [NumLanes];
  logic                  lane_rsp_past [NumLanes];
  logic [QpWidth-1:0]    lane_exp_qp   [NumLanes];
  logic [TickWidth-1:0]  lane_exp_tick [NumLanes];
  logic [LateWidth-1:0]  lane_exp_late [NumLanes];
  logic [LateWidth-1:0]  lane_late     [NumLanes];
  logic [LocalWidth:0]   lane_count    [NumLanes];
  logic [RspCntW-1:0]    rsp_count;
  logic                  rsp_room;
  logic [QpWidth-1:0]    head_lane;

  // A command is taken only if its response, pushed one cycle later, is sure to find room.
  assign rsp_room  = ({1'b0, rsp_count} + (RspCntW+1)'(|lane_responding)) <= (RspCntW+1)'(RspDepth - 1);
  assign head_lane = head_qp & QpWidth'(NumLanes - 1);
  assign cmd_pop   = |lane_cmd_pop;

  for (genvar l = 0; l < NumLanes; l++) begin : g_lane
    timer_wheel_bank #(
      .NumQps       (NumQps),
      .NumSlots     (NumSlots),
      .SlotCycles   (SlotCycles),
      .NumLanes     (NumLanes),
      .Lane         (l),
      .DeadlineWidth(DeadlineWidth),
      .LateWidth    (LateWidth)
    ) u_bank (
      .clk_i,
      .rst_ni,
      .now_i         (now_q),
      .cmd_req_i     (cmd_fifo_valid && (head_lane == QpWidth'(l)) && rsp_room),
      .cmd_cancel_i  (head_cancel),
      .cmd_qp_i      (head_qp),
      .cmd_deadline_i(head_deadline),
      .cmd_pop_o     (lane_cmd_pop[l]),
      .responding_o  (lane_responding[l]),
      .rsp_push_o    (lane_rsp_push[l]),
      .rsp_qp_o      (lane_rsp_qp[l]),
      .rsp_code_o    (lane_rsp_code[l]),
      .rsp_past_o    (lane_rsp_past[l]),
      .exp_valid_o   (lane_exp_valid[l]),
      .exp_pop_i     (lane_exp_pop[l]),
      .exp_qp_o      (lane_exp_qp[l]),
      .exp_tick_o    (lane_exp_tick[l]),
      .exp_late_o    (lane_exp_late[l]),
      .ev_expired_o  (lane_expired[l]),
      .ev_late_o     (lane_late[l]),
      .count_o       (lane_count[l])
    );

    assign lane_exp_pop[l] = exp_valid_o && exp_ready_i && lane_exp_valid[l];
    // Idle lanes drive zeros so the word is fully defined.
    assign exp_qp_o[l*QpWidth +: QpWidth] = lane_exp_valid[l] ? lane_exp_qp[l] : '0;
    assign exp_deadline_o[l*DeadlineWidth +: DeadlineWidth] =
        lane_exp_valid[l] ? (DeadlineWidth'(lane_exp_tick[l]) << GranLog2) : '0;
    assign exp_late_o[l*LateWidth +: LateWidth] = lane_exp_valid[l] ? lane_exp_late[l] : '0;
  end

  assign exp_valid_o      = |lane_exp_valid;
  assign exp_lane_valid_o = lane_exp_valid;

  ///////////////////
  // Response FIFO //
  ///////////////////

  logic                rsp_push, unused_rsp_wready;  // room is reserved by rsp_room
  logic [RspWidth-1:0] rsp_wdata, rsp_rdata;

  // At most one lane responds per cycle (commands are taken one per cycle); OR the lanes.
  always_comb begin : rsp_mux
    rsp_push  = 1'b0;
    rsp_wdata = '0;
    for (int l = 0; l < NumLanes; l++) begin
      if (lane_rsp_push[l]) begin
        rsp_push  = 1'b1;
        rsp_wdata = rsp_wdata | {lane_rsp_past[l], lane_rsp_code[l], lane_rsp_qp[l]};
      end
    end
  end

  // Never full when a lane pushes: rsp_room reserved the entry when the command was taken.
  prim_fifo_sync #(.Width(RspWidth), .Depth(RspDepth)) u_rsp_fifo (
    .clk_i, .rst_ni,
    .wvalid_i (rsp_push),
    .wready_o (unused_rsp_wready),
    .wdata_i  (rsp_wdata),
    .rvalid_o (rsp_valid_o),
    .rready_i (rsp_ready_i),
    .rdata_o  (rsp_rdata),
    .depth_o  (rsp_count)
  );

  assign {rsp_past_o, rsp_code_o, rsp_qp_o} = rsp_rdata;

  ////////////////
  // Statistics //
  ////////////////

  logic [EvWidth-1:0]   n_expired, n_past, n_reject, n_cancel_unarmed;
  logic [EvWidth-1:0]   n_hist [timer_wheel_pkg::HistBuckets];
  logic [LateWidth-1:0] late_max;
  logic [QpWidth:0]     armed_sum;

  // Per-cycle event counts over the lanes, and the running lateness maximum.
  always_comb begin : stat_events
    n_expired        = '0;
    n_past           = '0;
    n_reject         = '0;
    n_cancel_unarmed = '0;
    for (int b = 0; b < timer_wheel_pkg::HistBuckets; b++) begin
      n_hist[b] = '0;
    end
    late_max  = stat_late_max_o;
    armed_sum = '0;
    for (int l = 0; l < NumLanes; l++) begin
      armed_sum = armed_sum + (QpWidth+1)'(lane_count[l]);
      if (lane_expired[l]) begin
        n_expired = n_expired + EvWidth'(1);
        if (lane_late[l] > late_max) begin
          late_max = lane_late[l];
        end
        if (32'(lane_late[l]) < SlotCycles) begin
          n_hist[0] = n_hist[0] + EvWidth'(1);
        end else if (32'(lane_late[l]) < 2 * SlotCycles) begin
          n_hist[1] = n_hist[1] + EvWidth'(1);
        end else if (32'(lane_late[l]) < 4 * SlotCycles) begin
          n_hist[2] = n_hist[2] + EvWidth'(1);
        end else begin
          n_hist[3] = n_hist[3] + EvWidth'(1);
        end
      end
      if (lane_rsp_push[l]) begin
        n_past           = n_past + EvWidth'(lane_rsp_past[l]);
        n_reject         = n_reject + EvWidth'(lane_rsp_code[l] == timer_wheel_pkg::RspRejected);
        n_cancel_unarmed = n_cancel_unarmed +
                           EvWidth'(lane_rsp_code[l] == timer_wheel_pkg::RspCancelUnarmed);
      end
    end
  end

  assign armed_count_o = armed_sum;

  logic [StatWidth:0] sum_expired, sum_past, sum_reject, sum_cancel_unarmed;
  logic [StatWidth:0] sum_hist [timer_wheel_pkg::HistBuckets];
  logic [StatWidth-1:0] hist_q [timer_wheel_pkg::HistBuckets];

  assign sum_expired        = {1'b0, stat_expired_o} + (StatWidth+1)'(n_expired);
  assign sum_past           = {1'b0, stat_past_o} + (StatWidth+1)'(n_past);
  assign sum_reject         = {1'b0, stat_reject_o} + (StatWidth+1)'(n_reject);
  assign sum_cancel_unarmed = {1'b0, stat_cancel_unarmed_o} + (StatWidth+1)'(n_cancel_unarmed);
  for (genvar b = 0; b < timer_wheel_pkg::HistBuckets; b++) begin : g_hist_sum
    assign sum_hist[b] = {1'b0, hist_q[b]} + (StatWidth+1)'(n_hist[b]);
    assign stat_late_hist_o[b*StatWidth +: StatWidth] = hist_q[b];
  end

  // Saturating statistics counters and the lateness maximum.
  always_ff @(posedge clk_i) begin : stat_counters
    if (!rst_ni) begin
      stat_expired_o        <= '0;
      stat_past_o           <= '0;
      stat_reject_o         <= '0;
      stat_cancel_unarmed_o <= '0;
      stat_late_max_o       <= '0;
      for (int b = 0; b < timer_wheel_pkg::HistBuckets; b++) begin
        hist_q[b] <= '0;
      end
    end else begin
      stat_expired_o        <= sum_expired[StatWidth] ? '1 : sum_expired[StatWidth-1:0];
      stat_past_o           <= sum_past[StatWidth] ? '1 : sum_past[StatWidth-1:0];
      stat_reject_o         <= sum_reject[StatWidth] ? '1 : sum_reject[StatWidth-1:0];
      stat_cancel_unarmed_o <= sum_cancel_unarmed[StatWidth] ? '1 : sum_cancel_unarmed[StatWidth-1:0];
      stat_late_max_o       <= late_max;
      for (int b = 0; b < timer_wheel_pkg::HistBuckets; b++) begin
        hist_q[b] <= sum_hist[b][StatWidth] ? '1 : sum_hist[b][StatWidth-1:0];
      end
    end
  end

endmodule
