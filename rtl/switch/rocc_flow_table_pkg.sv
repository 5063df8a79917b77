// Copyright ccsilicon contributors.
//
// Shared types and codes of the RoCC flow table (SPEC 6.2). Every value mirrors a Java declaration
// of dev.ccsilicon.blocks.roccflowtable (FlowTableStatus.*, RoccFlowTableConfig.KEY_WIDTH); the
// test RtlPackagesTest fails if one drifts.
package rocc_flow_table_pkg;

  // A package declares what every user needs; no one user needs all of it.
  /* verilator lint_off UNUSEDPARAM */

  // Bits of the flow key: the 5-tuple {src_ip, dst_ip, proto, src_port, dst_port} (FlowKey).
  localparam int unsigned KeyWidth = 104;

  // Bits of rsp_status_o.
  localparam int unsigned StatusWidth = 3;

  // What an event did to the table, on rsp_status_o (FlowTableStatus). Bit 2 set = a dequeue.
  typedef enum logic [StatusWidth-1:0] {
    EnqHit       = 3'd0,  // enqueue of a tracked flow: count + 1
    EnqInsert    = 3'd1,  // enqueue of a new flow into a free way: count = 1
    EnqOverflow  = 3'd2,  // enqueue of a new flow into a full bucket: not tracked
    EnqSaturated = 3'd3,  // enqueue of a flow at its maximum count: not tracked
    DeqDec       = 3'd4,  // dequeue of a tracked packet: count - 1, still > 0
    DeqFreed     = 3'd5,  // dequeue of a flow's last packet: entry freed
    DeqUntracked = 3'd6,  // dequeue of an untracked packet: table not accessed
    DeqMiss      = 3'd7   // tagged dequeue of a flow not in the table: ignored
  } status_e;

  /* verilator lint_on UNUSEDPARAM */

endpackage
