// Copyright ccsilicon contributors.
//
// Shared types and codes of the LDCP byte sequence number block (next-blocks.md (e); seed 001
// §2.2, §3.1): the per-QP context kept in qp_table_core, the event and result records passed
// through it, the opcodes and the output codes, used by ldcp_lsn and ldcp_lsn_update. Every value
// mirrors a Java declaration (LdcpLsnReference codes, LdcpLsnUpdate.LAYOUT / OP_* / STATUS_*,
// LdcpLsnPorts widths); RtlPackagesTest fails if one drifts.
package ldcp_lsn_pkg;

  // A package declares what every user needs; no one user needs all of it.
  /* verilator lint_off UNUSEDPARAM */

  // LSNs, timestamps and RTT samples: u32, serial arithmetic mod 2^32.
  localparam int unsigned LsnWidth = 32;
  // Payload length and L_MIN: u16 bytes.
  localparam int unsigned LenWidth = 16;
  // cfg_m_i: u6 (1..63 packets per coalesced ACK).
  localparam int unsigned MWidth = 6;
  // pend_n and a descriptor's n: u6 (<= m).
  localparam int unsigned PendWidth = 6;
  // n of an incoming ACK (LAETH n): u8.
  localparam int unsigned NWidth = 8;

  // Spaces (the space bit).
  localparam logic SpaceReq = 1'b0;
  localparam logic SpaceRsp = 1'b1;

  // Bits of an opcode.
  localparam int unsigned OpWidth = 3;

  // Events of the update (LdcpLsnUpdate.OP_*).
  typedef enum logic [OpWidth-1:0] {
    OpTx    = 3'd0,  // sender step 1 (+ step 6 for a READ request)
    OpAck   = 3'd1,  // sender steps 2 (ACK) and 3 (NAK)
    OpRto   = 3'd2,  // sender step 4: the transport's RTO expired
    OpRx    = 3'd3,  // receiver steps 1-3 (+ responder step 5 for a READ request)
    OpFlush = 3'd4   // the coalescing timer t_co expired
  } op_e;

  // Bits of a sender code (snd_code_o).
  localparam int unsigned CodeWidth = 3;

  // What an ack or rto event did (LdcpLsnReference NONE..IGNORED).
  typedef enum logic [CodeWidth-1:0] {
    CodeNone      = 3'd0,  // rto with nothing in flight
    CodeAdvance   = 3'd1,  // una advanced: n, ece, rtt go to ldcp_pawa
    CodeDuplicate = 3'd2,  // ack_lsn at or behind una
    CodeGoBack    = 3'd3,  // NAK or RTO: retransmit from snd_lsn_o
    CodeIgnored   = 3'd4   // ACK beyond nxt, NAK outside [una, nxt]
  } code_e;

  // Bits of a descriptor kind.
  localparam int unsigned KindWidth = 2;

  // ACK/NAK descriptor kinds (LdcpLsnReference.KIND_*).
  typedef enum logic [KindWidth-1:0] {
    KindAck       = 2'd0,  // cumulative ACK, n >= 1
    KindNak       = 2'd1,  // REQ gap: NAK expecting ack_lsn
    KindDupAck    = 2'd2,  // duplicate data: n = 0
    KindRspSeqErr = 2'd3   // RSP gap: read-response sequence error at ack_lsn
  } kind_e;

  // Bits of a receive status (rxr_status_o).
  localparam int unsigned StatusWidth = 2;

  // What an rx or flush event was (LdcpLsnUpdate.STATUS_*).
  typedef enum logic [StatusWidth-1:0] {
    StatusAccepted = 2'd0,  // in order
    StatusGap      = 2'd1,  // beyond rcv_nxt: dropped
    StatusDup      = 2'd2,  // behind rcv_nxt (or 2^31 away): dropped
    StatusFlush    = 2'd3   // a flush event
  } status_e;

  // Per-QP context, LdcpLsnUpdate.LAYOUT (una[REQ] in the LSB; index [1] of each pair is RSP).
  typedef struct packed {
    logic [1:0]                nak_sent;
    logic [1:0][LsnWidth-1:0]  last_ts;
    logic [1:0][PendWidth-1:0] pend_n;
    logic [1:0][LsnWidth-1:0]  rcv_nxt;
    logic [LsnWidth-1:0]       rsp_issue;
    logic [1:0][LsnWidth-1:0]  nxt;
    logic [1:0][LsnWidth-1:0]  una;
  } ctx_t;

  // Bits of ctx_t (the qp_table_core CtxWidth of ldcp_lsn).
  localparam int unsigned CtxWidth = 7 * LsnWidth + 2 * PendWidth + 2 * LsnWidth + 2;

  // One event (the table's operand); fields shared between event kinds:
  //   a: tx rsp_bytes, ack ack_lsn, rx lsn;  b: tx stamp, ack stamp - ts_echo, rx ts;  c: rx rsp_lsn;
  //   f0: tx read, ack ece, rx ce;  f1: tx reissue, ack nak, rx last;  f2: rx read.
  typedef struct packed {
    logic [LsnWidth-1:0] c;
    logic [LsnWidth-1:0] b;
    logic [LsnWidth-1:0] a;
    logic [NWidth-1:0]   n;
    logic                f2;
    logic                f1;
    logic                f0;
    logic [LenWidth-1:0] len;
    logic                space;
  } ev_t;

  localparam int unsigned EvWidth = 3 * LsnWidth + NWidth + 3 + LenWidth + 1;

  // One ACK/NAK descriptor.
  typedef struct packed {
    logic [LsnWidth-1:0]  ts;
    logic                 ece;
    logic [PendWidth-1:0] n;
    logic [LsnWidth-1:0]  lsn;
    logic                 space;
    logic [KindWidth-1:0] kind;
  } desc_t;

  localparam int unsigned DescWidth = 2 * LsnWidth + 1 + PendWidth + 1 + KindWidth;

  // One result (the table's result): x = lsn (tx, ack, rto); y = tx ts, ack rtt; z = tx rsp_lsn.
  typedef struct packed {
    desc_t                  d1;
    desc_t                  d0;
    logic                   ece;
    logic [NWidth-1:0]      n;
    logic [LsnWidth-1:0]    z;
    logic [LsnWidth-1:0]    y;
    logic [LsnWidth-1:0]    x;
    logic [1:0]             ndesc;
    logic                   realigned;
    logic [StatusWidth-1:0] status;
    logic [CodeWidth-1:0]   code;
  } res_t;

  localparam int unsigned ResWidth = 2 * DescWidth + 1 + NWidth + 3 * LsnWidth + 2 + 1 + StatusWidth + CodeWidth;

  /* verilator lint_on UNUSEDPARAM */

endpackage
