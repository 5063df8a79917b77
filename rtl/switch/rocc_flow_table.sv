// Copyright ccsilicon contributors.
//
// RoCC flow table and CNP generator (SPEC 6.2, seed 000 3.3/3.4): per egress port, the flows with
// at least one packet in the queue, counted (+1 on enqueue, -1 on dequeue, freed at 0) in a hashed
// table of NumPorts partitions x 2^BucketsLog2 buckets x Ways ways held in one 1R1W SRAM (a row is
// a bucket). Every fair-rate update (port, F) scans that port's partition and emits one CNP
// descriptor per tracked flow, at most one per cfg_cnp_gap_i cycles, then a scan report.
// Design, timing and state bits: docs/blocks/rocc_flow_table.md. Java model:
// dev.ccsilicon.blocks.roccflowtable.RoccFlowTable (same signal names, cycle-exact).
//
// Parameters:
//   NumPorts        - egress ports, >= 2; each owns a partition of 2^BucketsLog2 rows.
//   BucketsLog2     - log2 of the buckets per port (1..16).
//   Ways            - entries per bucket = per SRAM row (1..8).
//   CountWidth      - packets-in-queue counter per entry; an enqueue that would overflow it is
//                     not tracked (rsp status 3) and counted.
//   FWidth          - fair rate F, integer Delta^F units (the CNP field holds 24 bits).
//   GapWidth        - width of cfg_cnp_gap_i.
//   CycleWidth      - saturating scan-cycle counter of the scan report.
//   StatWidth       - saturating statistics counters.
//   ScanStarveLimit - SRAM read-port cycles the scan may lose to events in a row before it takes
//                     one (0: the scan has strict priority).
//
// Configuration ports are static: set them during reset and hold them.
module rocc_flow_table #(
  parameter int unsigned NumPorts        = 64,
  parameter int unsigned BucketsLog2     = 6,
  parameter int unsigned Ways            = 4,
  parameter int unsigned CountWidth      = 16,
  parameter int unsigned FWidth          = 16,
  parameter int unsigned GapWidth        = 8,
  parameter int unsigned CycleWidth      = 24,
  parameter int unsigned StatWidth       = 16,
  parameter int unsigned ScanStarveLimit = 3,
  // Derived, do not override.
  parameter int unsigned PortWidth       = $clog2(NumPorts),
  parameter int unsigned WayWidth        = (Ways > 1) ? $clog2(Ways) : 1,
  parameter int unsigned RowCntWidth     = BucketsLog2 + 1,
  parameter int unsigned CnpCntWidth     = $clog2((2 ** BucketsLog2) * Ways + 1)
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,

  // Static configuration.
  input  logic [15:0]            cfg_switch_id_i,  // congestion point id carried by every CNP
  input  logic [GapWidth-1:0]    cfg_cnp_gap_i,    // cycles between CNPs (0 and 1: every cycle)

  // Packet events from the traffic manager: enqueue (deq 0) or dequeue (deq 1) of one packet.
  // A dequeue carries the tag its enqueue got on rsp_tracked_o.
  input  logic                   ev_valid_i,
  output logic                   ev_ready_o,
  input  logic                   ev_deq_i,
  input  logic                   ev_tracked_i,
  input  logic [PortWidth-1:0]   ev_port_i,
  input  logic [31:0]            ev_src_ip_i,
  input  logic [31:0]            ev_dst_ip_i,
  input  logic [7:0]             ev_proto_i,
  input  logic [15:0]            ev_src_port_i,
  input  logic [15:0]            ev_dst_port_i,

  // One response per event, in event order.
  output logic                   rsp_valid_o,
  input  logic                   rsp_ready_i,
  output logic [rocc_flow_table_pkg::StatusWidth-1:0] rsp_status_o, // rocc_flow_table_pkg::status_e
  output logic                   rsp_tracked_o,    // enqueue: the tag to keep with the packet
  output logic [PortWidth-1:0]   rsp_port_o,
  output logic [BucketsLog2-1:0] rsp_bucket_o,
  output logic [WayWidth-1:0]    rsp_way_o,
  output logic [CountWidth-1:0]  rsp_count_o,      // the flow's count after the event

  // Fair-rate updates from rocc_fair_rate.
  input  logic                   upd_valid_i,
  output logic                   upd_ready_o,
  input  logic [PortWidth-1:0]   upd_port_i,
  input  logic [FWidth-1:0]      upd_f_i,

  // CNP descriptors, to the CNP packet builder.
  output logic                   cnp_valid_o,
  input  logic                   cnp_ready_i,
  output logic [FWidth-1:0]      cnp_f_o,
  output logic [15:0]            cnp_switch_id_o,
  output logic [PortWidth-1:0]   cnp_port_o,
  output logic [31:0]            cnp_src_ip_o,
  output logic [31:0]            cnp_dst_ip_o,
  output logic [7:0]             cnp_proto_o,
  output logic [15:0]            cnp_src_port_o,
  output logic [15:0]            cnp_dst_port_o,

  // One report per scan.
  output logic                   scan_valid_o,
  input  logic                   scan_ready_i,
  output logic [PortWidth-1:0]   scan_port_o,
  output logic [FWidth-1:0]      scan_f_o,
  output logic [RowCntWidth-1:0] scan_rows_o,      // rows read (entries visited = rows * Ways)
  output logic [CnpCntWidth-1:0] scan_cnps_o,      // CNPs emitted
  output logic [CycleWidth-1:0]  scan_cycles_o,    // start to report, inclusive, saturating
  output logic [StatWidth-1:0]   scan_coalesced_o, // stat_coalesced_o when the scan ended

  // Saturating statistics.
  output logic [StatWidth-1:0]   stat_overflow_o,  // enqueues of new flows into a full bucket
  output logic [StatWidth-1:0]   stat_count_sat_o, // enqueues at a flow's maximum count
  output logic [StatWidth-1:0]   stat_deq_miss_o,  // tagged dequeues of flows not in the table
  output logic [StatWidth-1:0]   stat_coalesced_o, // updates that replaced a pending one
  output logic                   init_done_o       // the table has been cleared after reset
);
  localparam int unsigned Buckets     = 2 ** BucketsLog2;
  localparam int unsigned Rows        = NumPorts * Buckets;
  localparam int unsigned RowsWidth   = $clog2(Rows);
  localparam int unsigned AddrWidth   = PortWidth + BucketsLog2;
  localparam int unsigned KeyWidth    = rocc_flow_table_pkg::KeyWidth;
  localparam int unsigned EntryWidth  = CountWidth + KeyWidth;
  localparam int unsigned RowWidth    = Ways * EntryWidth;
  localparam int unsigned StarveWidth = (ScanStarveLimit > 0) ? $clog2(ScanStarveLimit + 1) : 1;
  localparam int unsigned EvWidth     = 2 + PortWidth + KeyWidth;
  localparam int unsigned RspWidth    = rocc_flow_table_pkg::StatusWidth + 1 + PortWidth +
                                        BucketsLog2 + WayWidth + CountWidth;
  localparam int unsigned UpdWidth    = PortWidth + FWidth;
  localparam int unsigned CnpWidth    = FWidth + 16 + PortWidth + KeyWidth;
  localparam int unsigned ScanWidth   = PortWidth + FWidth + RowCntWidth + CnpCntWidth + CycleWidth +
                                        StatWidth;
  localparam int unsigned RowqWidth   = Ways + Ways * KeyWidth;
  localparam int unsigned RspDepth    = 3;

  localparam logic [CountWidth-1:0] MaxCount = {CountWidth{1'b1}};
  localparam logic [StatWidth-1:0]  StatMax  = {StatWidth{1'b1}};
  localparam logic [CycleWidth-1:0] CycleMax = {CycleWidth{1'b1}};

  ////////////////////
  // Stream buffers //
  ////////////////////

  logic                 evq_valid, evq_pop;
  logic [EvWidth-1:0]   evq_data;
  logic                 rspq_push;
  logic [RspWidth-1:0]  rspq_data;
  logic [1:0]           rspq_cnt;
  logic                 updq_valid;
  logic [UpdWidth-1:0]  updq_data;
  logic                 cnpq_ready, cnpq_push;
  logic [CnpWidth-1:0]  cnpq_data;
  logic                 scanq_ready, scanq_push;
  logic [ScanWidth-1:0] scanq_data;
  logic                 rowq_valid, rowq_push, rowq_pop;
  logic [RowqWidth-1:0] rowq_in, rowq_data;
  logic [1:0]           rowq_cnt;
  logic                 order_valid, order_push, order_pop;
  logic [PortWidth-1:0] order_data;
  logic                 init_q;

  logic [1:0]           unused_cnt_ev, unused_cnt_upd, unused_cnt_cnp, unused_cnt_scan;
  logic [$clog2(NumPorts + 1)-1:0] unused_cnt_order;
  logic                 unused_order_ready, unused_rowq_ready, unused_rsp_ready;

  prim_fifo_sync #(.Width(EvWidth), .Depth(2)) u_ev_fifo (
    .clk_i, .rst_ni,
    .wvalid_i (ev_valid_i),
    .wready_o (ev_ready_o),
    .wdata_i  ({ev_deq_i, ev_tracked_i, ev_port_i, ev_src_ip_i, ev_dst_ip_i, ev_proto_i,
                ev_src_port_i, ev_dst_port_i}),
    .rvalid_o (evq_valid),
    .rready_i (evq_pop),
    .rdata_o  (evq_data),
    .depth_o  (unused_cnt_ev)
  );

  prim_fifo_sync #(.Width(RspWidth), .Depth(RspDepth)) u_rsp_fifo (
    .clk_i, .rst_ni,
    .wvalid_i (rspq_push),
    .wready_o (unused_rsp_ready),
    .wdata_i  (rspq_data),
    .rvalid_o (rsp_valid_o),
    .rready_i (rsp_ready_i),
    .rdata_o  ({rsp_status_o, rsp_tracked_o, rsp_port_o, rsp_bucket_o, rsp_way_o, rsp_count_o}),
    .depth_o  (rspq_cnt)
  );

  // Updates are always accepted: each is consumed the cycle after it arrives.
  prim_fifo_sync #(.Width(UpdWidth), .Depth(2)) u_upd_fifo (
    .clk_i, .rst_ni,
    .wvalid_i (upd_valid_i),
    .wready_o (upd_ready_o),
    .wdata_i  ({upd_port_i, upd_f_i}),
    .rvalid_o (updq_valid),
    .rready_i (updq_valid),
    .rdata_o  (updq_data),
    .depth_o  (unused_cnt_upd)
  );

  prim_fifo_sync #(.Width(CnpWidth), .Depth(2)) u_cnp_fifo (
    .clk_i, .rst_ni,
    .wvalid_i (cnpq_push),
    .wready_o (cnpq_ready),
    .wdata_i  (cnpq_data),
    .rvalid_o (cnp_valid_o),
    .rready_i (cnp_ready_i),
    .rdata_o  ({cnp_f_o, cnp_switch_id_o, cnp_port_o, cnp_src_ip_o, cnp_dst_ip_o, cnp_proto_o,
                cnp_src_port_o, cnp_dst_port_o}),
    .depth_o  (unused_cnt_cnp)
  );

  prim_fifo_sync #(.Width(ScanWidth), .Depth(2)) u_scan_fifo (
    .clk_i, .rst_ni,
    .wvalid_i (scanq_push),
    .wready_o (scanq_ready),
    .wdata_i  (scanq_data),
    .rvalid_o (scan_valid_o),
    .rready_i (scan_ready_i),
    .rdata_o  ({scan_port_o, scan_f_o, scan_rows_o, scan_cnps_o, scan_cycles_o, scan_coalesced_o}),
    .depth_o  (unused_cnt_scan)
  );

  // Rows read by the scan, waiting for their CNPs.
  prim_fifo_sync #(.Width(RowqWidth), .Depth(2)) u_row_fifo (
    .clk_i, .rst_ni,
    .wvalid_i (rowq_push),
    .wready_o (unused_rowq_ready),
    .wdata_i  (rowq_in),
    .rvalid_o (rowq_valid),
    .rready_i (rowq_pop),
    .rdata_o  (rowq_data),
    .depth_o  (rowq_cnt)
  );

  // Ports with a pending update, oldest first; holds each port at most once.
  prim_fifo_sync #(.Width(PortWidth), .Depth(NumPorts)) u_order_fifo (
    .clk_i, .rst_ni,
    .wvalid_i (order_push),
    .wready_o (unused_order_ready),
    .wdata_i  (updq_data[FWidth +: PortWidth]),
    .rvalid_o (order_valid),
    .rready_i (order_pop),
    .rdata_o  (order_data),
    .depth_o  (unused_cnt_order)
  );

  //////////
  // SRAM //
  //////////

  logic                 ram_re, ram_we;
  logic [AddrWidth-1:0] ram_raddr, ram_waddr;
  logic [RowWidth-1:0]  ram_rdata, ram_wdata;

  // Write-first, so a read-modify-write issued every cycle never sees a stale row and the event
  // pipeline needs no hazard stall.
  prim_ram_1r1w #(.Depth(Rows), .Width(RowWidth), .Latency(1), .WriteFirst(1'b1)) u_table (
    .clk_i,
    .re_i    (ram_re),
    .raddr_i (ram_raddr),
    .rdata_o (ram_rdata),
    .we_i    (ram_we),
    .waddr_i (ram_waddr),
    .wdata_i (ram_wdata)
  );

  ///////////////////////////////
  // CNP emission, arbitration //
  ///////////////////////////////

  logic                   scan_active_q, inflight_q, e1_valid_q;
  logic [PortWidth-1:0]   scan_port_q;
  logic [FWidth-1:0]      scan_f_q;
  logic [RowCntWidth-1:0] row_ptr_q;
  logic [Ways-1:0]        done_mask_q;
  logic [CnpCntWidth-1:0] cnp_count_q;
  logic [CycleWidth-1:0]  cycle_count_q;
  logic [StarveWidth-1:0] starve_q;
  logic [GapWidth-1:0]    gap_q;

  logic [Ways-1:0]        row_pending;
  logic                   emit, row_last, scan_wants, scan_force, scan_go;
  logic [WayWidth-1:0]    emit_way;
  logic                   ev_valid, needs_read, rsp_credit, ev_go, ev_read;
  logic                   ev_deq, ev_tracked;
  logic [PortWidth-1:0]   ev_port;
  logic [KeyWidth-1:0]    ev_key;
  logic [BucketsLog2-1:0] ev_bucket;

  assign row_pending = rowq_valid ? (rowq_data[Ways-1:0] & ~done_mask_q) : '0;
  assign emit        = (row_pending != '0) && (gap_q == '0) && cnpq_ready;
  assign row_last    = ((row_pending & (row_pending - Ways'(1))) == '0);
  assign rowq_pop    = rowq_valid && ((row_pending == '0) || (emit && row_last));

  // Lowest pending way.
  always_comb begin : emit_pick
    emit_way = '0;
    for (int w = Ways - 1; w >= 0; w--) begin
      if (row_pending[w]) begin
        emit_way = WayWidth'(w);
      end
    end
  end

  // A scan read is issued only if its row finds a slot in the row FIFO next cycle, counting the
  // row arriving now and the pop decided now (both from registers).
  assign scan_wants = scan_active_q && (row_ptr_q < RowCntWidth'(Buckets)) &&
                      ({1'b0, rowq_cnt} + 3'(inflight_q) + 3'd1 <= 3'd2 + 3'(rowq_pop));
  assign scan_force = scan_wants && (starve_q == StarveWidth'(ScanStarveLimit));

  assign {ev_deq, ev_tracked, ev_port, ev_key} = evq_data;
  assign ev_valid   = !init_q && evq_valid;
  assign needs_read = ev_valid && (!ev_deq || ev_tracked);
  assign rsp_credit = ({1'b0, rspq_cnt} + 3'(e1_valid_q)) < 3'(RspDepth);
  assign ev_go      = ev_valid && rsp_credit && !(needs_read && scan_force);
  assign ev_read    = ev_go && needs_read;
  assign scan_go    = scan_wants && !ev_read;
  assign evq_pop    = ev_go;

  rocc_flow_table_hash #(.BucketsLog2(BucketsLog2)) u_hash (
    .key_i    (ev_key),
    .bucket_o (ev_bucket)
  );

  // Scan starvation counter: cycles in a row the scan wanted the read port and lost it.
  always_ff @(posedge clk_i) begin : starve_counter
    if (!rst_ni) begin
      starve_q <= '0;
    end else begin
      starve_q <= (scan_wants && !scan_go) ? starve_q + StarveWidth'(1) : '0;
    end
  end

  ////////////////////////////////
  // Event pipeline: E0 read, E1 //
  ////////////////////////////////

  logic                   e1_deq_q, e1_read_q;
  logic [PortWidth-1:0]   e1_port_q;
  logic [BucketsLog2-1:0] e1_bucket_q;
  logic [KeyWidth-1:0]    e1_key_q;

  // E0: register the event that read (or, untracked dequeue, skipped) the SRAM this cycle.
  always_ff @(posedge clk_i) begin : stage_e1
    if (!rst_ni) begin
      e1_valid_q   <= 1'b0;
      e1_deq_q     <= 1'b0;
      e1_read_q    <= 1'b0;
      e1_port_q    <= '0;
      e1_bucket_q  <= '0;
      e1_key_q     <= '0;
    end else begin
      e1_valid_q <= ev_go;
      if (ev_go) begin
        e1_deq_q     <= ev_deq;
        e1_read_q    <= ev_read;
        e1_port_q    <= ev_port;
        e1_bucket_q  <= ev_bucket;
        e1_key_q     <= ev_key;
      end
    end
  end

  logic [CountWidth-1:0] way_count [Ways];
  logic [KeyWidth-1:0]   way_key   [Ways];
  logic                  hit, free;
  logic [WayWidth-1:0]   hit_way, free_way, e1_way;
  logic [CountWidth-1:0] hit_count, e1_count;
  rocc_flow_table_pkg::status_e               e1_status;
  logic                  e1_write;
  logic [RowWidth-1:0]   e1_row;

  // E1: match the key against the bucket's ways (lowest way first) and apply the event.
  always_comb begin : stage_e1_logic
    hit       = 1'b0;
    free      = 1'b0;
    hit_way   = '0;
    free_way  = '0;
    hit_count = '0;
    for (int w = Ways - 1; w >= 0; w--) begin
      way_count[w] = ram_rdata[w * EntryWidth +: CountWidth];
      way_key[w]   = ram_rdata[w * EntryWidth + CountWidth +: KeyWidth];
      if (way_count[w] == '0) begin
        free     = 1'b1;
        free_way = WayWidth'(w);
      end else if (way_key[w] == e1_key_q) begin
        hit       = 1'b1;
        hit_way   = WayWidth'(w);
        hit_count = way_count[w];
      end
    end
    e1_status = rocc_flow_table_pkg::DeqUntracked;
    e1_way    = '0;
    e1_count  = '0;
    e1_write  = 1'b0;
    e1_row    = ram_rdata;
    if (e1_read_q) begin
      if (!e1_deq_q) begin
        if (hit && (hit_count == MaxCount)) begin
          e1_status = rocc_flow_table_pkg::EnqSaturated;
          e1_way    = hit_way;
          e1_count  = hit_count;
        end else if (hit) begin
          e1_status = rocc_flow_table_pkg::EnqHit;
          e1_way    = hit_way;
          e1_count  = hit_count + CountWidth'(1);
          e1_write  = 1'b1;
        end else if (free) begin
          e1_status = rocc_flow_table_pkg::EnqInsert;
          e1_way    = free_way;
          e1_count  = CountWidth'(1);
          e1_write  = 1'b1;
        end else begin
          e1_status = rocc_flow_table_pkg::EnqOverflow;
        end
      end else if (hit) begin
        e1_way    = hit_way;
        e1_count  = hit_count - CountWidth'(1);
        e1_status = (e1_count == '0) ? rocc_flow_table_pkg::DeqFreed : rocc_flow_table_pkg::DeqDec;
        e1_write  = 1'b1;
      end else begin
        e1_status = rocc_flow_table_pkg::DeqMiss;
      end
    end
    for (int w = 0; w < Ways; w++) begin
      if (WayWidth'(w) == e1_way) begin
        e1_row[w * EntryWidth +: CountWidth] = e1_count;
        if (e1_status == rocc_flow_table_pkg::EnqInsert) begin
          e1_row[w * EntryWidth + CountWidth +: KeyWidth] = e1_key_q;
        end
      end
    end
  end

  assign rspq_push = e1_valid_q;
  assign rspq_data = {e1_status,
                      (e1_status == rocc_flow_table_pkg::EnqHit) ||
                      (e1_status == rocc_flow_table_pkg::EnqInsert) ||
                      (e1_status == rocc_flow_table_pkg::DeqDec) ||
                      (e1_status == rocc_flow_table_pkg::DeqFreed),
                      e1_port_q, e1_bucket_q, e1_way, e1_count};

  logic [StatWidth-1:0] stat_overflow_q, stat_count_sat_q, stat_deq_miss_q, stat_coalesced_q;

  // Event statistics, saturating.
  always_ff @(posedge clk_i) begin : event_stats
    if (!rst_ni) begin
      stat_overflow_q  <= '0;
      stat_count_sat_q <= '0;
      stat_deq_miss_q  <= '0;
    end else if (e1_valid_q) begin
      if (e1_status == rocc_flow_table_pkg::EnqOverflow && stat_overflow_q != StatMax) begin
        stat_overflow_q <= stat_overflow_q + StatWidth'(1);
      end
      if (e1_status == rocc_flow_table_pkg::EnqSaturated && stat_count_sat_q != StatMax) begin
        stat_count_sat_q <= stat_count_sat_q + StatWidth'(1);
      end
      if (e1_status == rocc_flow_table_pkg::DeqMiss && stat_deq_miss_q != StatMax) begin
        stat_deq_miss_q <= stat_deq_miss_q + StatWidth'(1);
      end
    end
  end

  /////////////////////
  // Pending updates //
  /////////////////////

  logic [NumPorts-1:0]  pending_q;
  logic [FWidth-1:0]    port_f_q [NumPorts];
  logic [PortWidth-1:0] upd_port;
  logic [FWidth-1:0]    upd_f;
  logic                 coalesce, start;

  assign {upd_port, upd_f} = updq_data;
  assign coalesce   = updq_valid && pending_q[upd_port];
  assign order_push = updq_valid && !coalesce;
  assign start      = !init_q && !scan_active_q && order_valid;
  assign order_pop  = start;

  // Newest F per port; an update replaces a pending one for its port.
  always_ff @(posedge clk_i) begin : port_f
    if (updq_valid) begin
      port_f_q[upd_port] <= upd_f;
    end
  end

  // Pending flags: set by an update, cleared when the port's scan starts.
  always_ff @(posedge clk_i) begin : pending_flags
    if (!rst_ni) begin
      pending_q <= '0;
    end else begin
      if (order_push) begin
        pending_q[upd_port] <= 1'b1;
      end
      if (start) begin
        pending_q[order_data] <= 1'b0;
      end
    end
  end

  // Coalesced-update counter, saturating.
  always_ff @(posedge clk_i) begin : coalesce_stat
    if (!rst_ni) begin
      stat_coalesced_q <= '0;
    end else if (coalesce && stat_coalesced_q != StatMax) begin
      stat_coalesced_q <= stat_coalesced_q + StatWidth'(1);
    end
  end

  //////////
  // Scan //
  //////////

  logic                  scan_done;
  logic [CycleWidth-1:0] cycles_next;

  assign cycles_next = (cycle_count_q == CycleMax) ? CycleMax : cycle_count_q + CycleWidth'(1);
  assign scan_done   = scan_active_q && (row_ptr_q == RowCntWidth'(Buckets)) && !inflight_q &&
                       (rowq_cnt == '0) && scanq_ready;

  // Scan sequencer: start on the oldest pending port (forwarding an update of that port arriving
  // in the same cycle), read its rows in order, finish with a report once every row is drained.
  always_ff @(posedge clk_i) begin : scan_fsm
    if (!rst_ni) begin
      scan_active_q <= 1'b0;
      scan_port_q   <= '0;
      scan_f_q      <= '0;
      row_ptr_q     <= '0;
      inflight_q    <= 1'b0;
      cnp_count_q   <= '0;
      cycle_count_q <= '0;
    end else begin
      inflight_q <= scan_go;
      if (start) begin
        scan_active_q <= 1'b1;
        scan_port_q   <= order_data;
        scan_f_q      <= (updq_valid && (upd_port == order_data)) ? upd_f : port_f_q[order_data];
        row_ptr_q     <= '0;
        cnp_count_q   <= '0;
        cycle_count_q <= CycleWidth'(1);
      end else begin
        if (scan_go) begin
          row_ptr_q <= row_ptr_q + RowCntWidth'(1);
        end
        if (emit) begin
          cnp_count_q <= cnp_count_q + CnpCntWidth'(1);
        end
        if (scan_done) begin
          scan_active_q <= 1'b0;
        end else if (scan_active_q) begin
          cycle_count_q <= cycles_next;
        end
      end
    end
  end

  assign scanq_push = scan_done;
  assign scanq_data = {scan_port_q, scan_f_q, row_ptr_q, cnp_count_q, cycles_next, stat_coalesced_q};

  // A row read by the scan: occupancy mask and the ways' keys.
  always_comb begin : row_capture
    rowq_in = '0;
    for (int w = 0; w < Ways; w++) begin
      rowq_in[w] = (ram_rdata[w * EntryWidth +: CountWidth] != '0);
      rowq_in[Ways + w * KeyWidth +: KeyWidth] = ram_rdata[w * EntryWidth + CountWidth +: KeyWidth];
    end
  end
  assign rowq_push = inflight_q;

  // Ways of the head row already sent, and the CNP spacing counter.
  always_ff @(posedge clk_i) begin : emission
    if (!rst_ni) begin
      done_mask_q <= '0;
      gap_q       <= '0;
    end else begin
      if (rowq_pop) begin
        done_mask_q <= '0;
      end else if (emit) begin
        done_mask_q <= done_mask_q | (Ways'(1) << emit_way);
      end
      if (emit) begin
        gap_q <= (cfg_cnp_gap_i == '0) ? '0 : cfg_cnp_gap_i - GapWidth'(1);
      end else if (gap_q != '0) begin
        gap_q <= gap_q - GapWidth'(1);
      end
    end
  end

  assign cnpq_push = emit;
  assign cnpq_data = {scan_f_q, cfg_switch_id_i, scan_port_q,
                      rowq_data[Ways + 32'(emit_way) * KeyWidth +: KeyWidth]};

  //////////////////////////
  // Init sweep, SRAM mux //
  //////////////////////////

  logic [RowsWidth-1:0] init_row_q;

  // After reset every row is written to zero (count 0 = free) before events are accepted.
  always_ff @(posedge clk_i) begin : init_sweep
    if (!rst_ni) begin
      init_q     <= 1'b1;
      init_row_q <= '0;
    end else if (init_q) begin
      init_row_q <= init_row_q + RowsWidth'(1);
      if (init_row_q == RowsWidth'(Rows - 1)) begin
        init_q <= 1'b0;
      end
    end
  end

  assign ram_re    = ev_read || scan_go;
  assign ram_raddr = ev_read ? {ev_port, ev_bucket} : {scan_port_q, row_ptr_q[BucketsLog2-1:0]};
  assign ram_we    = init_q || (e1_valid_q && e1_write);
  assign ram_wdata = init_q ? '0 : e1_row;
  assign ram_waddr = init_q ? AddrWidth'(init_row_q) : {e1_port_q, e1_bucket_q};

  assign stat_overflow_o  = stat_overflow_q;
  assign stat_count_sat_o = stat_count_sat_q;
  assign stat_deq_miss_o  = stat_deq_miss_q;
  assign stat_coalesced_o = stat_coalesced_q;
  assign init_done_o      = !init_q;

  // Unused: counts and readiness of FIFOs whose fullness is implied by a credit or an invariant.
  logic unused_signals;
  assign unused_signals = ^{unused_cnt_ev, unused_cnt_upd, unused_cnt_cnp, unused_cnt_scan,
                            unused_cnt_order, unused_order_ready, unused_rowq_ready,
                            unused_rsp_ready};

endmodule
