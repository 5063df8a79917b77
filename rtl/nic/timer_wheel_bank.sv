// Copyright ccsilicon contributors.
//
// One lane of the timer wheel: the slot lists of the QPs q with q mod NumLanes == Lane, one list
// engine that serialises commands and expiry pops on the lane's SRAMs, and the lane's expiry
// FIFO. Lists are doubly linked through per-QP next/prev SRAMs so that cancel and re-arm are O(1);
// head/tail pointers per slot live in SRAM, one "slot non-empty" flop per slot lets the scan step
// over empty slots without a read. Behaviour, timing and arbitration: docs/blocks/timer_wheel.md.
// The Java model TimerWheelBank is the cycle-accurate twin of this module.
//
// Parameters:
//   NumQps        - N, QPs of the whole wheel (power of two).
//   NumSlots      - S, slots per lane (power of two); the horizon is S ticks.
//   SlotCycles    - G, cycles per tick (power of two).
//   NumLanes      - E, lanes of the wheel (power of two).
//   Lane          - this lane's index.
//   DeadlineWidth - W, bits of the cycle counter and of deadlines.
//   LateWidth     - bits of the saturating lateness.
//   Others        - derived, do not override.
module timer_wheel_bank #(
  parameter int unsigned NumQps        = 1024,
  parameter int unsigned NumSlots      = 256,
  parameter int unsigned SlotCycles    = 256,
  parameter int unsigned NumLanes      = 2,
  parameter int unsigned Lane          = 0,
  parameter int unsigned DeadlineWidth = 32,
  parameter int unsigned LateWidth     = 16,
  parameter int unsigned QpWidth       = $clog2(NumQps),
  parameter int unsigned LaneWidth     = $clog2(NumLanes),
  parameter int unsigned LocalWidth    = QpWidth - LaneWidth,
  parameter int unsigned SlotWidth     = $clog2(NumSlots),
  parameter int unsigned GranLog2      = $clog2(SlotCycles),
  parameter int unsigned TickWidth     = DeadlineWidth - GranLog2
) (
  input  logic                     clk_i,
  input  logic                     rst_ni,
  input  logic [DeadlineWidth-1:0] now_i,

  // Head of the command FIFO; cmd_req_i: it is for this lane and its response will find room.
  input  logic                     cmd_req_i,
  input  logic                     cmd_cancel_i,
  input  logic [QpWidth-1:0]       cmd_qp_i,
  input  logic [DeadlineWidth-1:0] cmd_deadline_i,
  output logic                     cmd_pop_o,

  // Response, one cycle after the command was taken; responding_o: one is due this cycle.
  output logic                     responding_o,
  output logic                     rsp_push_o,
  output logic [QpWidth-1:0]       rsp_qp_o,
  output timer_wheel_pkg::rsp_code_e rsp_code_o,
  output logic                     rsp_past_o,

  // The lane's expiry FIFO.
  output logic                     exp_valid_o,
  input  logic                     exp_pop_i,
  output logic [QpWidth-1:0]       exp_qp_o,
  output logic [TickWidth-1:0]     exp_tick_o,
  output logic [LateWidth-1:0]     exp_late_o,

  // Per-cycle expiry event for the statistics, and the lane's armed timers.
  output logic                     ev_expired_o,
  output logic [LateWidth-1:0]     ev_late_o,
  output logic [LocalWidth:0]      count_o
);
  localparam int unsigned NumLocal  = NumQps / NumLanes;
  localparam int unsigned MetaWidth = 1 + SlotWidth;
  localparam int unsigned LinkWidth = 1 + LocalWidth;
  localparam int unsigned ExpWidth  = QpWidth + TickWidth + LateWidth;
  localparam int unsigned ExpDepth  = 3;
  localparam int unsigned ExpCntW   = $clog2(ExpDepth + 1);

  localparam logic [2:0] StIdle   = 3'd0;
  localparam logic [2:0] StCmd    = 3'd1;
  localparam logic [2:0] StAppend = 3'd2;
  localparam logic [2:0] StHead   = 3'd3;
  localparam logic [2:0] StPop    = 3'd4;

  localparam logic [LocalWidth-1:0] LastLocal = LocalWidth'(NumLocal - 1);
  localparam logic [QpWidth-1:0]    LaneQp    = QpWidth'(Lane);
  localparam logic [LateWidth-1:0]  LateMax   = '1;

  ///////////
  // State //
  ///////////

  logic [2:0]              state_q;
  logic                    init_q;
  logic [LocalWidth-1:0]   init_addr_q;
  logic [TickWidth-1:0]    scan_tick_q;
  logic                    prio_cmd_q;
  logic [LocalWidth:0]     count_q;
  logic [NumSlots-1:0]     nonempty_q;
  logic [LocalWidth-1:0]   c_local_q;
  logic                    c_cancel_q, c_reject_q, c_past_q;
  logic [SlotWidth-1:0]    c_slot_q;
  logic [LocalWidth-1:0]   c_tail_q;
  logic                    c_nonempty_q;
  logic [LocalWidth-1:0]   x_q;
  logic [LocalWidth-1:0]   pop_tail_q;

  // SRAM ports.
  logic                    meta_re, meta_we, next_re, next_we, prev_re, prev_we;
  logic                    head_re, head_we, tail_re, tail_we;
  logic [LocalWidth-1:0]   meta_raddr, meta_waddr, next_raddr, next_waddr, prev_raddr, prev_waddr;
  logic [SlotWidth-1:0]    head_raddr, head_waddr, tail_raddr, tail_waddr;
  logic [MetaWidth-1:0]    meta_rdata, meta_wdata;
  logic [LinkWidth-1:0]    next_rdata, next_wdata, prev_rdata, prev_wdata;
  logic [LocalWidth-1:0]   head_rdata, head_wdata, tail_rdata, tail_wdata;

  // Expiry FIFO.
  logic                    exp_push, unused_exp_wready;
  logic [ExpCntW-1:0]      exp_count;
  logic [ExpWidth-1:0]     exp_wdata, exp_rdata;

  //////////////////////
  // Decide (StIdle)  //
  //////////////////////

  logic [TickWidth-1:0]  now_tick;
  logic [SlotWidth-1:0]  scan_slot;
  logic                  scan_ne, behind, scan_req, idle, grant_cmd, grant_scan;

  assign now_tick   = TickWidth'(now_i >> GranLog2);
  assign scan_slot  = scan_tick_q[SlotWidth-1:0];
  assign scan_ne    = nonempty_q[scan_slot];
  assign behind     = (scan_tick_q != now_tick);
  // A head read is only worth starting when the pop it leads to can push.
  assign scan_req   = scan_ne ? (exp_count < ExpCntW'(ExpDepth)) : behind;
  assign idle       = !init_q && (state_q == StIdle);
  // Round robin between commands and the scan: the side not granted last wins a tie.
  assign grant_cmd  = idle && cmd_req_i && (!scan_req || prio_cmd_q);
  assign grant_scan = idle && scan_req && !grant_cmd;
  assign cmd_pop_o  = grant_cmd;

  // Classify the command against the scan tick: within S ticks ahead, past (before the scan
  // tick, in modular half-range), or beyond the horizon (rejected).
  logic [TickWidth-1:0]  cmd_tick, cmd_diff;
  logic                  cmd_future, cmd_past, cmd_reject;
  logic [SlotWidth-1:0]  cmd_slot;
  logic [LocalWidth-1:0] cmd_local;

  assign cmd_tick     = TickWidth'(cmd_deadline_i >> GranLog2);
  assign cmd_diff     = cmd_tick - scan_tick_q;
  assign cmd_future   = (cmd_diff < TickWidth'(NumSlots));
  assign cmd_past     = cmd_diff[TickWidth-1];
  assign cmd_reject   = !cmd_cancel_i && !cmd_future && !cmd_past;
  assign cmd_slot     = cmd_future ? cmd_tick[SlotWidth-1:0] : scan_slot;
  assign cmd_local    = LocalWidth'(cmd_qp_i >> LaneWidth);

  //////////////////////////////////
  // Command completion (StCmd)   //
  //////////////////////////////////

  logic                  in_cmd, in_append, in_head, in_pop;
  logic                  m_armed;
  logic [SlotWidth-1:0]  m_slot;
  logic                  n_valid, p_valid;
  logic [LocalWidth-1:0] n_ptr, p_ptr;
  logic                  do_unlink, do_append, rearm;
  timer_wheel_pkg::rsp_code_e             rsp_code;

  assign in_cmd    = !init_q && (state_q == StCmd);
  assign in_append = !init_q && (state_q == StAppend);
  assign in_head   = !init_q && (state_q == StHead);
  assign in_pop    = !init_q && (state_q == StPop);

  assign m_armed   = meta_rdata[SlotWidth];
  assign m_slot    = meta_rdata[SlotWidth-1:0];
  assign n_valid   = next_rdata[LocalWidth];
  assign n_ptr     = next_rdata[LocalWidth-1:0];
  assign p_valid   = prev_rdata[LocalWidth];
  assign p_ptr     = prev_rdata[LocalWidth-1:0];

  // Cancel of an armed timer and re-arm both unlink now; a re-arm links into its new slot in
  // StAppend, because unlink and link would both write next_mem.
  assign do_unlink = in_cmd && !c_reject_q && m_armed;
  assign rearm     = do_unlink && !c_cancel_q;
  assign do_append = (in_cmd && !c_reject_q && !c_cancel_q && !m_armed) || in_append;

  // Response code of the command whose data is back.
  always_comb begin : rsp_code_mux
    if (c_reject_q) begin
      rsp_code = timer_wheel_pkg::RspRejected;
    end else if (c_cancel_q) begin
      rsp_code = m_armed ? timer_wheel_pkg::RspCancelled : timer_wheel_pkg::RspCancelUnarmed;
    end else begin
      rsp_code = m_armed ? timer_wheel_pkg::RspRearmed : timer_wheel_pkg::RspArmed;
    end
  end

  assign responding_o = in_cmd;
  assign rsp_push_o   = in_cmd;
  assign rsp_qp_o     = (QpWidth'(c_local_q) << LaneWidth) | LaneQp;
  assign rsp_code_o   = rsp_code;
  assign rsp_past_o   = c_past_q;

  // Append operands: in StCmd the slot as read; in StAppend as it is after the unlink.
  logic                  a_ne;
  logic [LocalWidth-1:0] a_tail;

  assign a_ne   = in_cmd ? nonempty_q[c_slot_q] : c_nonempty_q;
  assign a_tail = in_cmd ? tail_rdata : c_tail_q;

  ///////////////////////
  // Expiry pop (StPop) //
  ///////////////////////

  logic                     pop_last, pop_more;
  logic [LocalWidth-1:0]    pop_next;
  logic [DeadlineWidth-1:0] late_full;
  logic [LateWidth-1:0]     late;

  assign pop_next  = next_rdata[LocalWidth-1:0];
  assign pop_last  = (x_q == pop_tail_q);
  // Chain the next pop only if the FIFO is sure to have room next cycle and no command waits.
  assign pop_more  = in_pop && !pop_last && (exp_count <= ExpCntW'(ExpDepth - 2)) && !cmd_req_i;
  assign late_full = now_i - (DeadlineWidth'(scan_tick_q) << GranLog2);
  assign late      = ((late_full >> LateWidth) != '0) ? LateMax : late_full[LateWidth-1:0];

  assign exp_push  = in_pop;
  assign exp_wdata = {late, scan_tick_q, (QpWidth'(x_q) << LaneWidth) | LaneQp};
  assign ev_expired_o = in_pop;
  assign ev_late_o    = late;

  ////////////////
  // SRAM ports //
  ////////////////

  // Reads: the command's QP entries and new slot's tail; the scan slot's head and tail; the
  // successor of the entry about to be popped.
  always_comb begin : sram_reads
    meta_re    = grant_cmd;
    meta_raddr = cmd_local;
    prev_re    = grant_cmd;
    prev_raddr = cmd_local;
    head_re    = grant_scan && scan_ne;
    head_raddr = scan_slot;
    tail_re    = grant_cmd || (grant_scan && scan_ne);
    tail_raddr = grant_cmd ? cmd_slot : scan_slot;
    next_re    = grant_cmd || in_head || pop_more;
    next_raddr = grant_cmd ? cmd_local : (in_head ? head_rdata : pop_next);
  end

  // Writes: at most one per memory per cycle (see docs, SRAM port usage).
  always_comb begin : sram_writes
    meta_we    = 1'b0;
    meta_waddr = c_local_q;
    meta_wdata = '0;
    next_we    = 1'b0;
    next_waddr = c_local_q;
    next_wdata = '0;
    prev_we    = 1'b0;
    prev_waddr = c_local_q;
    prev_wdata = '0;
    head_we    = 1'b0;
    head_waddr = c_slot_q;
    head_wdata = c_local_q;
    tail_we    = 1'b0;
    tail_waddr = c_slot_q;
    tail_wdata = c_local_q;
    if (init_q) begin
      // Clearing meta_mem is what makes every QP unarmed: SRAM contents have no reset.
      meta_we    = 1'b1;
      meta_waddr = init_addr_q;
    end else if (grant_cmd) begin
      // An accepted arm ends with the QP as a tail; clear its next pointer while the old one is
      // read out (read-old-data), which saves a next_mem write later.
      next_we    = !cmd_cancel_i && !cmd_reject;
      next_waddr = cmd_local;
    end else if (do_unlink) begin
      meta_we    = c_cancel_q;
      if (p_valid) begin
        next_we    = 1'b1;
        next_waddr = p_ptr;
        next_wdata = next_rdata;
      end else if (n_valid) begin
        head_we    = 1'b1;
        head_waddr = m_slot;
        head_wdata = n_ptr;
      end
      if (n_valid) begin
        prev_we    = 1'b1;
        prev_waddr = n_ptr;
        prev_wdata = prev_rdata;
      end else if (p_valid) begin
        tail_we    = 1'b1;
        tail_waddr = m_slot;
        tail_wdata = p_ptr;
      end
    end else if (do_append) begin
      meta_we    = 1'b1;
      meta_wdata = {1'b1, c_slot_q};
      prev_we    = 1'b1;
      tail_we    = 1'b1;
      if (a_ne) begin
        next_we    = 1'b1;
        next_waddr = a_tail;
        next_wdata = {1'b1, c_local_q};
        prev_wdata = {1'b1, a_tail};
      end else begin
        head_we    = 1'b1;
      end
    end else if (in_pop) begin
      meta_we    = 1'b1;
      meta_waddr = x_q;
      if (!pop_last) begin
        head_we    = 1'b1;
        head_waddr = scan_slot;
        head_wdata = pop_next;
        prev_we    = 1'b1;
        prev_waddr = pop_next;
      end
    end
  end

  prim_ram_1r1w #(.Depth(NumLocal), .Width(MetaWidth)) u_meta_mem (
    .clk_i, .re_i(meta_re), .raddr_i(meta_raddr), .rdata_o(meta_rdata),
    .we_i(meta_we), .waddr_i(meta_waddr), .wdata_i(meta_wdata)
  );
  prim_ram_1r1w #(.Depth(NumLocal), .Width(LinkWidth)) u_next_mem (
    .clk_i, .re_i(next_re), .raddr_i(next_raddr), .rdata_o(next_rdata),
    .we_i(next_we), .waddr_i(next_waddr), .wdata_i(next_wdata)
  );
  prim_ram_1r1w #(.Depth(NumLocal), .Width(LinkWidth)) u_prev_mem (
    .clk_i, .re_i(prev_re), .raddr_i(prev_raddr), .rdata_o(prev_rdata),
    .we_i(prev_we), .waddr_i(prev_waddr), .wdata_i(prev_wdata)
  );
  prim_ram_1r1w #(.Depth(NumSlots), .Width(LocalWidth)) u_head_mem (
    .clk_i, .re_i(head_re), .raddr_i(head_raddr), .rdata_o(head_rdata),
    .we_i(head_we), .waddr_i(head_waddr), .wdata_i(head_wdata)
  );
  prim_ram_1r1w #(.Depth(NumSlots), .Width(LocalWidth)) u_tail_mem (
    .clk_i, .re_i(tail_re), .raddr_i(tail_raddr), .rdata_o(tail_rdata),
    .we_i(tail_we), .waddr_i(tail_waddr), .wdata_i(tail_wdata)
  );

  //////////////////
  // Control regs //
  //////////////////

  logic [2:0] state_d;

  // Next engine state.
  always_comb begin : next_state
    state_d = state_q;
    unique case (state_q)
      StIdle:   if (grant_cmd) state_d = StCmd; else if (grant_scan && scan_ne) state_d = StHead;
      StCmd:    state_d = rearm ? StAppend : StIdle;
      StAppend: state_d = StIdle;
      StHead:   state_d = StPop;
      StPop:    state_d = pop_more ? StPop : StIdle;
      default:  state_d = StIdle;
    endcase
  end

  // Engine, post-reset memory clear, scan pointer, arbiter priority and armed count.
  always_ff @(posedge clk_i) begin : engine
    if (!rst_ni) begin
      state_q     <= StIdle;
      init_q      <= 1'b1;
      init_addr_q <= '0;
      scan_tick_q <= '0;
      prio_cmd_q  <= 1'b0;
      count_q     <= '0;
    end else if (init_q) begin
      // Start draining at the current tick, not NumLocal cycles behind it.
      scan_tick_q <= now_tick;
      init_addr_q <= init_addr_q + LocalWidth'(1);
      if (init_addr_q == LastLocal) begin
        init_q <= 1'b0;
      end
    end else begin
      state_q <= state_d;
      if (grant_cmd) begin
        prio_cmd_q <= 1'b0;
      end else if (grant_scan) begin
        prio_cmd_q <= 1'b1;
        if (!scan_ne) begin
          scan_tick_q <= scan_tick_q + TickWidth'(1);
        end
      end
      if (in_pop || (do_unlink && c_cancel_q)) begin
        count_q <= count_q - (LocalWidth+1)'(1);
      end else if (in_cmd && do_append) begin
        count_q <= count_q + (LocalWidth+1)'(1);
      end
    end
  end

  // Command operands latched when the command is taken, and the new slot's tail and emptiness
  // after a re-arm's unlink.
  always_ff @(posedge clk_i) begin : command_regs
    if (!rst_ni) begin
      c_local_q    <= '0;
      c_cancel_q   <= 1'b0;
      c_reject_q   <= 1'b0;
      c_past_q     <= 1'b0;
      c_slot_q     <= '0;
      c_tail_q     <= '0;
      c_nonempty_q <= 1'b0;
    end else begin
      if (grant_cmd) begin
        c_local_q  <= cmd_local;
        c_cancel_q <= cmd_cancel_i;
        c_reject_q <= cmd_reject;
        c_past_q   <= !cmd_cancel_i && cmd_past;
        c_slot_q   <= cmd_slot;
      end
      if (rearm) begin
        if (m_slot == c_slot_q) begin
          c_nonempty_q <= p_valid || n_valid;
          c_tail_q     <= n_valid ? tail_rdata : p_ptr;
        end else begin
          c_nonempty_q <= nonempty_q[c_slot_q];
          c_tail_q     <= tail_rdata;
        end
      end
    end
  end

  // Pop cursor: the entry whose successor is being read, and the slot's tail.
  always_ff @(posedge clk_i) begin : pop_regs
    if (!rst_ni) begin
      x_q        <= '0;
      pop_tail_q <= '0;
    end else if (in_head) begin
      x_q        <= head_rdata;
      pop_tail_q <= tail_rdata;
    end else if (pop_more) begin
      x_q        <= pop_next;
    end
  end

  // Slot non-empty flags: at most one update per cycle (one list operation per cycle).
  always_ff @(posedge clk_i) begin : nonempty_flags
    if (!rst_ni) begin
      nonempty_q <= '0;
    end else if (do_unlink && !p_valid && !n_valid) begin
      nonempty_q[m_slot] <= 1'b0;
    end else if (do_append && !a_ne) begin
      nonempty_q[c_slot_q] <= 1'b1;
    end else if (in_pop && pop_last) begin
      nonempty_q[scan_slot] <= 1'b0;
    end
  end

  assign count_o = count_q;

  //////////////////
  // Expiry FIFO  //
  //////////////////

  // The engine pops a chain only while the FIFO has room for it (exp_count), so a push never
  // meets a full FIFO.
  prim_fifo_sync #(.Width(ExpWidth), .Depth(ExpDepth)) u_exp_fifo (
    .clk_i, .rst_ni,
    .wvalid_i (exp_push),
    .wready_o (unused_exp_wready),
    .wdata_i  (exp_wdata),
    .rvalid_o (exp_valid_o),
    .rready_i (exp_pop_i),
    .rdata_o  (exp_rdata),
    .depth_o  (exp_count)
  );

  assign {exp_late_o, exp_tick_o, exp_qp_o} = exp_rdata;

endmodule
