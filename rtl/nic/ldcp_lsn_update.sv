// Copyright ccsilicon contributors.
//
// LDCP byte sequence number context update, plugged into qp_table_core's upd_* ports by ldcp_lsn.
// Purely combinational. Mirrors dev.ccsilicon.blocks.ldcplsn.LdcpLsnUpdate (next-blocks.md §e.2).
//
// Context, event and result records, codes: ldcp_lsn_pkg. Every LSN compare is serial arithmetic
// mod 2^32: a follows b iff 0 < (a - b) mod 2^32 < 2^31. The ACK window check uses the unsigned
// distances d = ack_lsn - una and w = nxt - una, which is exact while nxt - una < 2^31.
module ldcp_lsn_update (
  input  logic [ldcp_lsn_pkg::MWidth-1:0]   m_i,     // coalescing limit, static
  input  logic [ldcp_lsn_pkg::LenWidth-1:0] lmin_i,  // L_MIN, static
  input  logic [ldcp_lsn_pkg::OpWidth-1:0]  op_i,    // ldcp_lsn_pkg::op_e
  input  ldcp_lsn_pkg::ev_t                 ev_i,
  input  ldcp_lsn_pkg::ctx_t                old_ctx_i,
  output ldcp_lsn_pkg::ctx_t                new_ctx_o,
  output ldcp_lsn_pkg::res_t                result_o
);
  localparam int unsigned LsnW  = ldcp_lsn_pkg::LsnWidth;
  localparam int unsigned PendW = ldcp_lsn_pkg::PendWidth;

  logic                 s, si;
  logic [ldcp_lsn_pkg::LenWidth-1:0] len;
  logic [LsnW-1:0]      exp_lsn, next_lsn, una_i, nxt_i, ack_dist, win, base;
  logic [LsnW-1:0]      gap_dist, behind_dist, above_dist;
  logic                 is_gap, asks_resend, above_una;
  logic [PendW-1:0]     pend;
  logic [PendW:0]       pend1;
  logic                 has_pend;
  ldcp_lsn_pkg::desc_t  flush_d, event_d, ce_d, count_d;

  assign s        = ev_i.space;
  assign len      = (ev_i.len > lmin_i) ? ev_i.len : lmin_i;
  assign exp_lsn  = old_ctx_i.rcv_nxt[s];
  assign next_lsn = exp_lsn + LsnW'(len);
  assign pend     = old_ctx_i.pend_n[s];
  assign pend1    = {1'b0, pend} + (PendW + 1)'(1);
  assign has_pend = (pend != '0);
  // A NAK always names REQ space.
  assign si       = ev_i.f1 ? ldcp_lsn_pkg::SpaceReq : s;
  assign una_i    = old_ctx_i.una[si];
  assign nxt_i    = old_ctx_i.nxt[si];
  assign ack_dist = ev_i.a - una_i;
  assign win      = nxt_i - una_i;
  assign base     = ev_i.f1 ? old_ctx_i.rcv_nxt[ldcp_lsn_pkg::SpaceRsp] : old_ctx_i.rsp_issue;

  // Serial order: x follows y iff 0 < (x - y) mod 2^32 < 2^31.
  assign gap_dist    = ev_i.a - exp_lsn;
  assign is_gap      = (gap_dist != '0) && !gap_dist[LsnW-1];
  assign behind_dist = old_ctx_i.nxt[ldcp_lsn_pkg::SpaceRsp] - ev_i.c;
  assign asks_resend = (behind_dist != '0) && !behind_dist[LsnW-1];
  assign above_dist  = ev_i.c - old_ctx_i.una[ldcp_lsn_pkg::SpaceRsp];
  assign above_una   = (above_dist != '0) && !above_dist[LsnW-1];

  // The descriptors an event may emit.
  always_comb begin : descriptors
    // The pending unmarked packets, up to rcv_nxt before this packet.
    flush_d.kind  = ldcp_lsn_pkg::KindAck;
    flush_d.space = s;
    flush_d.lsn   = exp_lsn;
    flush_d.n     = pend;
    flush_d.ece   = 1'b0;
    flush_d.ts    = old_ctx_i.last_ts[s];
    // A dropped packet: NAK / read-response sequence error for a gap, n = 0 ACK for a duplicate.
    event_d.kind  = is_gap ? (s ? ldcp_lsn_pkg::KindRspSeqErr : ldcp_lsn_pkg::KindNak) : ldcp_lsn_pkg::KindDupAck;
    event_d.space = s;
    event_d.lsn   = exp_lsn;
    event_d.n     = '0;
    event_d.ece   = 1'b0;
    event_d.ts    = ev_i.b;
    // A CE-marked packet in order: its own ECE ACK, n = 1.
    ce_d.kind     = ldcp_lsn_pkg::KindAck;
    ce_d.space    = s;
    ce_d.lsn      = next_lsn;
    ce_d.n        = PendW'(1);
    ce_d.ece      = 1'b1;
    ce_d.ts       = ev_i.b;
    // An unmarked packet completing m packets or a message.
    count_d.kind  = ldcp_lsn_pkg::KindAck;
    count_d.space = s;
    count_d.lsn   = next_lsn;
    count_d.n     = pend1[PendW-1:0];
    count_d.ece   = 1'b0;
    count_d.ts    = ev_i.b;
  end

  always_comb begin : lsn_update
    new_ctx_o = old_ctx_i;
    result_o  = '0;
    unique case (op_i)
      ldcp_lsn_pkg::OpTx: begin
        new_ctx_o.nxt[s] = old_ctx_i.nxt[s] + LsnW'(len);
        result_o.x       = old_ctx_i.nxt[s];
        result_o.y       = ev_i.b;
        if (ev_i.f0) begin
          new_ctx_o.rsp_issue = base + ev_i.a;
          result_o.z          = base;
        end
      end
      ldcp_lsn_pkg::OpAck: begin
        if (ev_i.f1) begin
          if (ack_dist > win) begin
            result_o.code = ldcp_lsn_pkg::CodeIgnored;
          end else begin
            new_ctx_o.una[ldcp_lsn_pkg::SpaceReq] = ev_i.a;
            new_ctx_o.nxt[ldcp_lsn_pkg::SpaceReq] = ev_i.a;
            result_o.code = ldcp_lsn_pkg::CodeGoBack;
            result_o.x    = ev_i.a;
          end
        end else if ((ack_dist == '0) || ack_dist[LsnW-1]) begin
          result_o.code = ldcp_lsn_pkg::CodeDuplicate;
        end else if (ack_dist > win) begin
          result_o.code = ldcp_lsn_pkg::CodeIgnored;
        end else begin
          new_ctx_o.una[s] = ev_i.a;
          result_o.code    = ldcp_lsn_pkg::CodeAdvance;
          result_o.x       = ev_i.a;
          result_o.n       = ev_i.n;
          result_o.ece     = ev_i.f0;
          result_o.y       = ev_i.b;
        end
      end
      ldcp_lsn_pkg::OpRto: begin
        if (old_ctx_i.una[ldcp_lsn_pkg::SpaceReq] != old_ctx_i.nxt[ldcp_lsn_pkg::SpaceReq]) begin
          new_ctx_o.nxt[ldcp_lsn_pkg::SpaceReq] = old_ctx_i.una[ldcp_lsn_pkg::SpaceReq];
          result_o.code = ldcp_lsn_pkg::CodeGoBack;
          result_o.x    = old_ctx_i.una[ldcp_lsn_pkg::SpaceReq];
        end else begin
          result_o.code = ldcp_lsn_pkg::CodeNone;
        end
      end
      ldcp_lsn_pkg::OpRx: begin
        if (ev_i.a == exp_lsn) begin
          result_o.status        = ldcp_lsn_pkg::StatusAccepted;
          new_ctx_o.rcv_nxt[s]   = next_lsn;
          new_ctx_o.nak_sent[s]  = 1'b0;
          if (ev_i.f0) begin
            // CE: flush the unmarked packets first so every ECE ACK carries n = 1.
            new_ctx_o.pend_n[s] = '0;
            if (has_pend) begin
              result_o.d0    = flush_d;
              result_o.d1    = ce_d;
              result_o.ndesc = 2'd2;
            end else begin
              result_o.d0    = ce_d;
              result_o.ndesc = 2'd1;
            end
          end else begin
            new_ctx_o.last_ts[s] = ev_i.b;
            if ((pend1 >= {1'b0, m_i}) || ev_i.f1) begin
              new_ctx_o.pend_n[s] = '0;
              result_o.d0         = count_d;
              result_o.ndesc      = 2'd1;
            end else begin
              new_ctx_o.pend_n[s] = pend1[PendW-1:0];
            end
          end
          // Responder step 5: a READ request asking for responses behind nxt[RSP] realigns it.
          if (ev_i.f2 && asks_resend) begin
            result_o.realigned = 1'b1;
            new_ctx_o.nxt[ldcp_lsn_pkg::SpaceRsp] = ev_i.c;
            if (above_una) begin
              new_ctx_o.una[ldcp_lsn_pkg::SpaceRsp] = ev_i.c;
            end
          end
        end else begin
          // Dropped: a gap emits once per expected LSN, a duplicate every time; both flush first.
          result_o.status = is_gap ? ldcp_lsn_pkg::StatusGap : ldcp_lsn_pkg::StatusDup;
          if (!is_gap || !old_ctx_i.nak_sent[s]) begin
            new_ctx_o.nak_sent[s] = old_ctx_i.nak_sent[s] | is_gap;
            new_ctx_o.pend_n[s]   = '0;
            if (has_pend) begin
              result_o.d0    = flush_d;
              result_o.d1    = event_d;
              result_o.ndesc = 2'd2;
            end else begin
              result_o.d0    = event_d;
              result_o.ndesc = 2'd1;
            end
          end
        end
      end
      default: begin
        result_o.status = ldcp_lsn_pkg::StatusFlush;
        if (has_pend) begin
          new_ctx_o.pend_n[s] = '0;
          result_o.d0         = flush_d;
          result_o.ndesc      = 2'd1;
        end
      end
    endcase
  end

endmodule
