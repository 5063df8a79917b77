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
  import ldcp_lsn_pkg::*;

  function automatic logic follows(input logic [LsnWidth-1:0] a, input logic [LsnWidth-1:0] b);
    logic [LsnWidth-1:0] d;
    d = a - b;
    return (d != '0) && !d[LsnWidth-1];
  endfunction

  function automatic desc_t mk_desc(input kind_e kind, input logic space, input logic [LsnWidth-1:0] lsn,
                                    input logic [PendWidth-1:0] n, input logic ece,
                                    input logic [LsnWidth-1:0] ts);
    desc_t d;
    d.kind  = kind;
    d.space = space;
    d.lsn   = lsn;
    d.n     = n;
    d.ece   = ece;
    d.ts    = ts;
    return d;
  endfunction

  logic                 s, si;
  logic [LenWidth-1:0]  len;
  logic [LsnWidth-1:0]  exp_lsn, next_lsn, una_i, nxt_i, ack_dist, win, base;
  logic [PendWidth-1:0] pend;
  logic [PendWidth:0]   pend1;
  logic                 has_pend;
  desc_t                flush_d, event_d;

  assign s        = ev_i.space;
  assign len      = (ev_i.len > lmin_i) ? ev_i.len : lmin_i;
  assign exp_lsn  = old_ctx_i.rcv_nxt[s];
  assign next_lsn = exp_lsn + LsnWidth'(len);
  assign pend     = old_ctx_i.pend_n[s];
  assign pend1    = {1'b0, pend} + (PendWidth + 1)'(1);
  assign has_pend = (pend != '0);
  // A NAK always names REQ space.
  assign si       = ev_i.f1 ? SpaceReq : s;
  assign una_i    = old_ctx_i.una[si];
  assign nxt_i    = old_ctx_i.nxt[si];
  assign ack_dist     = ev_i.a - una_i;
  assign win      = nxt_i - una_i;
  assign base     = ev_i.f1 ? old_ctx_i.rcv_nxt[SpaceRsp] : old_ctx_i.rsp_issue;
  assign flush_d  = mk_desc(KindAck, s, exp_lsn, pend, 1'b0, old_ctx_i.last_ts[s]);

  // The descriptor a dropped packet emits after the flush.
  always_comb begin : drop_desc
    if (follows(ev_i.a, exp_lsn)) begin
      event_d = mk_desc(s ? KindRspSeqErr : KindNak, s, exp_lsn, '0, 1'b0, ev_i.b);
    end else begin
      event_d = mk_desc(KindDupAck, s, exp_lsn, '0, 1'b0, ev_i.b);
    end
  end

  always_comb begin : lsn_update
    new_ctx_o = old_ctx_i;
    result_o  = '0;
    unique case (op_i)
      OpTx: begin
        new_ctx_o.nxt[s] = old_ctx_i.nxt[s] + LsnWidth'(len);
        result_o.x       = old_ctx_i.nxt[s];
        result_o.y       = ev_i.b;
        if (ev_i.f0) begin
          new_ctx_o.rsp_issue = base + ev_i.a;
          result_o.z          = base;
        end
      end
      OpAck: begin
        if (ev_i.f1) begin
          if (ack_dist > win) begin
            result_o.code = CodeIgnored;
          end else begin
            new_ctx_o.una[SpaceReq] = ev_i.a;
            new_ctx_o.nxt[SpaceReq] = ev_i.a;
            result_o.code           = CodeGoBack;
            result_o.x              = ev_i.a;
          end
        end else if ((ack_dist == '0) || ack_dist[LsnWidth-1]) begin
          result_o.code = CodeDuplicate;
        end else if (ack_dist > win) begin
          result_o.code = CodeIgnored;
        end else begin
          new_ctx_o.una[s] = ev_i.a;
          result_o.code    = CodeAdvance;
          result_o.x       = ev_i.a;
          result_o.n       = ev_i.n;
          result_o.ece     = ev_i.f0;
          result_o.y       = ev_i.b;
        end
      end
      OpRto: begin
        if (old_ctx_i.una[SpaceReq] != old_ctx_i.nxt[SpaceReq]) begin
          new_ctx_o.nxt[SpaceReq] = old_ctx_i.una[SpaceReq];
          result_o.code           = CodeGoBack;
          result_o.x              = old_ctx_i.una[SpaceReq];
        end else begin
          result_o.code = CodeNone;
        end
      end
      OpRx: begin
        if (ev_i.a == exp_lsn) begin
          result_o.status        = StatusAccepted;
          new_ctx_o.rcv_nxt[s]   = next_lsn;
          new_ctx_o.nak_sent[s]  = 1'b0;
          if (ev_i.f0) begin
            // CE: flush the unmarked packets first so every ECE ACK carries n = 1.
            new_ctx_o.pend_n[s] = '0;
            if (has_pend) begin
              result_o.d0    = flush_d;
              result_o.d1    = mk_desc(KindAck, s, next_lsn, PendWidth'(1), 1'b1, ev_i.b);
              result_o.ndesc = 2'd2;
            end else begin
              result_o.d0    = mk_desc(KindAck, s, next_lsn, PendWidth'(1), 1'b1, ev_i.b);
              result_o.ndesc = 2'd1;
            end
          end else begin
            new_ctx_o.last_ts[s] = ev_i.b;
            if ((pend1 >= {1'b0, m_i}) || ev_i.f1) begin
              new_ctx_o.pend_n[s] = '0;
              result_o.d0         = mk_desc(KindAck, s, next_lsn, pend1[PendWidth-1:0], 1'b0, ev_i.b);
              result_o.ndesc      = 2'd1;
            end else begin
              new_ctx_o.pend_n[s] = pend1[PendWidth-1:0];
            end
          end
          // Responder step 5: a READ request asking for responses behind nxt[RSP] realigns it.
          if (ev_i.f2 && follows(old_ctx_i.nxt[SpaceRsp], ev_i.c)) begin
            result_o.realigned       = 1'b1;
            new_ctx_o.nxt[SpaceRsp]  = ev_i.c;
            if (follows(ev_i.c, old_ctx_i.una[SpaceRsp])) begin
              new_ctx_o.una[SpaceRsp] = ev_i.c;
            end
          end
        end else begin
          // Dropped: a gap emits once per expected LSN, a duplicate every time; both flush first.
          result_o.status = follows(ev_i.a, exp_lsn) ? StatusGap : StatusDup;
          if (!follows(ev_i.a, exp_lsn) || !old_ctx_i.nak_sent[s]) begin
            new_ctx_o.nak_sent[s] = old_ctx_i.nak_sent[s] | follows(ev_i.a, exp_lsn);
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
        result_o.status = StatusFlush;
        if (has_pend) begin
          new_ctx_o.pend_n[s] = '0;
          result_o.d0         = flush_d;
          result_o.ndesc      = 2'd1;
        end
      end
    endcase
  end

endmodule
