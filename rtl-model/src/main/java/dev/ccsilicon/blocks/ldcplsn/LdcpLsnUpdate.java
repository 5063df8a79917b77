package dev.ccsilicon.blocks.ldcplsn;

import dev.ccsilicon.blocks.qptable.ContextLayout;
import dev.ccsilicon.blocks.qptable.ContextUpdate;

import static dev.ccsilicon.blocks.ldcplsn.LdcpLsnReference.ADVANCE;
import static dev.ccsilicon.blocks.ldcplsn.LdcpLsnReference.DUPLICATE;
import static dev.ccsilicon.blocks.ldcplsn.LdcpLsnReference.GO_BACK;
import static dev.ccsilicon.blocks.ldcplsn.LdcpLsnReference.IGNORED;
import static dev.ccsilicon.blocks.ldcplsn.LdcpLsnReference.KIND_ACK;
import static dev.ccsilicon.blocks.ldcplsn.LdcpLsnReference.KIND_DUP_ACK;
import static dev.ccsilicon.blocks.ldcplsn.LdcpLsnReference.KIND_NAK;
import static dev.ccsilicon.blocks.ldcplsn.LdcpLsnReference.KIND_RSP_SEQ_ERR;
import static dev.ccsilicon.blocks.ldcplsn.LdcpLsnReference.NONE;

/**
 * The per-QP rule of {@code ldcp_lsn} as the {@link ContextUpdate} of its {@code qp_table}: the Java
 * twin of {@code rtl/nic/ldcp_lsn_update.sv}, over {@link #LAYOUT} (302 bits per QP, LSB first):
 * <pre>
 *   una[REQ], una[RSP], nxt[REQ], nxt[RSP]   u32 each   sender
 *   rsp_issue                                u32        requester: rsp_lsn of the next READ
 *   rcv_nxt[REQ], rcv_nxt[RSP]               u32 each   receiver
 *   pend_n[REQ], pend_n[RSP]                 u6 each    unmarked packets not yet ACKed (m &lt;= 63)
 *   last_ts[REQ], last_ts[RSP]               u32 each   newest timestamp of the pending packets
 *   nak_sent[REQ], nak_sent[RSP]             1 b each   a NAK / RSP_SEQ_ERR was sent for rcv_nxt
 * </pre>
 * The RTL passes the whole event (124 bits) as the table's operand and gets the whole result
 * (259 bits) back; the Java table's operand and result are at most 64 bits, so here both are a
 * slot number into {@link #event(int)} / {@link #result(int)} records that the block fills at
 * admission and reads when the result leaves. A slot lives from admission to the result's pop, at
 * most OutDepth events (the table's credits), so OutDepth slots never collide.
 */
public final class LdcpLsnUpdate implements ContextUpdate
{
    public static final int OP_TX = 0;
    public static final int OP_ACK = 1;
    public static final int OP_RTO = 2;
    public static final int OP_RX = 3;
    public static final int OP_FLUSH = 4;
    public static final int OPCODE_WIDTH = 3;

    /** Receive status ({@code rxr_status_o}), as {@code ldcp_lsn_pkg::status_e}. */
    public static final int STATUS_ACCEPTED = 0;
    public static final int STATUS_GAP = 1;
    public static final int STATUS_DUP = 2;
    public static final int STATUS_FLUSH = 3;

    // Event record (the RTL's ev_t): a = rsp_bytes / ack_lsn / lsn; b = stamp / now - ts_echo / ts; c = rsp_lsn;
    // f0 = read / ece / ce; f1 = reissue / nak / last; f2 = read (rx).
    public static final int EV_SPACE = 0, EV_LEN = 1, EV_F0 = 2, EV_F1 = 3, EV_F2 = 4, EV_N = 5, EV_A = 6, EV_B = 7,
        EV_C = 8, EV_FIELDS = 9;
    // Result record (the RTL's res_t): x = lsn; y = ts / rtt; z = rsp_lsn; then two descriptors.
    public static final int RES_CODE = 0, RES_STATUS = 1, RES_REALIGNED = 2, RES_NDESC = 3, RES_X = 4, RES_Y = 5,
        RES_Z = 6, RES_N = 7, RES_ECE = 8, RES_D0 = 9, RES_FIELDS = 21;

    public static final ContextLayout LAYOUT = ContextLayout.builder("ldcp_lsn")
        .field("una_req", 32)
        .field("una_rsp", 32)
        .field("nxt_req", 32)
        .field("nxt_rsp", 32)
        .field("rsp_issue", 32)
        .field("rcv_nxt_req", 32)
        .field("rcv_nxt_rsp", 32)
        .field("pend_n_req", LdcpLsnPorts.PEND_WIDTH)
        .field("pend_n_rsp", LdcpLsnPorts.PEND_WIDTH)
        .field("last_ts_req", 32)
        .field("last_ts_rsp", 32)
        .field("nak_sent_req", 1)
        .field("nak_sent_rsp", 1)
        .build();

    private static final int UNA = LAYOUT.indexOf("una_req");
    private static final int NXT = LAYOUT.indexOf("nxt_req");
    private static final int RSP_ISSUE = LAYOUT.indexOf("rsp_issue");
    private static final int RCV = LAYOUT.indexOf("rcv_nxt_req");
    private static final int PEND = LAYOUT.indexOf("pend_n_req");
    private static final int LTS = LAYOUT.indexOf("last_ts_req");
    private static final int NAK = LAYOUT.indexOf("nak_sent_req");

    private static final long M32 = 0xFFFF_FFFFL;
    private static final long HALF = 1L << 31;

    private final int slots;
    private final int slotWidth;
    private final long[][] ev;
    private final long[][] res;
    private int m = 1;
    private int lMin = LdcpLsnParams.LMIN_DEFAULT;

    /** @param slots the table's OutDepth. */
    public LdcpLsnUpdate(final int slots)
    {
        this.slots = slots;
        this.slotWidth = Math.max(1, 32 - Integer.numberOfLeadingZeros(slots - 1));
        ev = new long[slots][EV_FIELDS];
        res = new long[slots][RES_FIELDS];
    }

    /** The block's cfg_m_i and cfg_lmin_i (raw pin values, static during a run). */
    public void configure(final int cfgM, final int cfgLMin)
    {
        m = cfgM;
        lMin = cfgLMin;
    }

    public int slots()
    {
        return slots;
    }

    /** The event record of {@code slot}, filled by the block at admission. */
    public long[] event(final int slot)
    {
        return ev[slot];
    }

    /** The result record of {@code slot}, read by the block when the result leaves. */
    public long[] result(final int slot)
    {
        return res[slot];
    }

    @Override
    public ContextLayout layout()
    {
        return LAYOUT;
    }

    @Override
    public int opcodeWidth()
    {
        return OPCODE_WIDTH;
    }

    @Override
    public int operandWidth()
    {
        return slotWidth;
    }

    @Override
    public int resultWidth()
    {
        return slotWidth;
    }

    @Override
    public long apply(final long[] oldCtx, final int opcode, final long operand, final long[] newCtx)
    {
        final int slot = (int)operand;
        step(oldCtx, opcode, ev[slot], res[slot], newCtx, m, lMin);
        return slot;
    }

    /** a ≻ b in serial order. */
    private static boolean after(final long a, final long b)
    {
        final long d = (a - b) & M32;
        return d != 0 && d < HALF;
    }

    /**
     * One event: the new context and the result record from the old context and the event record.
     * Pure; {@code cfgM} and {@code cfgLMin} are the raw pins (an m of 0 behaves as 1: pend_n + 1 &gt;= 0).
     */
    public static void step(final long[] oldCtx, final int op, final long[] e, final long[] r, final long[] newCtx,
        final int cfgM, final int cfgLMin)
    {
        System.arraycopy(oldCtx, 0, newCtx, 0, LAYOUT.words());
        java.util.Arrays.fill(r, 0);
        final int s = (int)e[EV_SPACE] & 1;
        final long len = Math.max(e[EV_LEN], cfgLMin);
        switch (op)
        {
            case OP_TX ->
            {
                final long lsn = LAYOUT.get(oldCtx, NXT + s);
                LAYOUT.set(newCtx, NXT + s, lsn + len);
                r[RES_X] = lsn;
                r[RES_Y] = e[EV_B];
                if (e[EV_F0] != 0)
                {
                    final long base = e[EV_F1] != 0 ? LAYOUT.get(oldCtx, RCV + 1) : LAYOUT.get(oldCtx, RSP_ISSUE);
                    LAYOUT.set(newCtx, RSP_ISSUE, base + e[EV_A]);
                    r[RES_Z] = base;
                }
            }
            case OP_ACK ->
            {
                final boolean nak = e[EV_F1] != 0;
                final int i = nak ? 0 : s;
                final long una = LAYOUT.get(oldCtx, UNA + i);
                final long nxt = LAYOUT.get(oldCtx, NXT + i);
                final long a = e[EV_A];
                final long d = (a - una) & M32;
                final long w = (nxt - una) & M32;
                if (nak)
                {
                    if (d > w)
                    {
                        r[RES_CODE] = IGNORED;
                    }
                    else
                    {
                        LAYOUT.set(newCtx, UNA, a);
                        LAYOUT.set(newCtx, NXT, a);
                        r[RES_CODE] = GO_BACK;
                        r[RES_X] = a;
                    }
                }
                else if (d == 0 || d >= HALF)
                {
                    r[RES_CODE] = DUPLICATE;
                }
                else if (d > w)
                {
                    r[RES_CODE] = IGNORED;
                }
                else
                {
                    LAYOUT.set(newCtx, UNA + s, a);
                    r[RES_CODE] = ADVANCE;
                    r[RES_X] = a;
                    r[RES_N] = e[EV_N];
                    r[RES_ECE] = e[EV_F0];
                    r[RES_Y] = e[EV_B];
                }
            }
            case OP_RTO ->
            {
                final long una = LAYOUT.get(oldCtx, UNA);
                if (una != LAYOUT.get(oldCtx, NXT))
                {
                    LAYOUT.set(newCtx, NXT, una);
                    r[RES_CODE] = GO_BACK;
                    r[RES_X] = una;
                }
                else
                {
                    r[RES_CODE] = NONE;
                }
            }
            case OP_RX -> rx(oldCtx, s, len, e, r, newCtx, cfgM);
            default ->
            {
                r[RES_STATUS] = STATUS_FLUSH;
                flush(oldCtx, s, LAYOUT.get(oldCtx, RCV + s), r, newCtx);
            }
        }
    }

    private static void rx(final long[] oldCtx, final int s, final long len, final long[] e, final long[] r,
        final long[] newCtx, final int cfgM)
    {
        final long lsn = e[EV_A];
        final long ts = e[EV_B];
        final long exp = LAYOUT.get(oldCtx, RCV + s);
        if (lsn == exp)
        {
            r[RES_STATUS] = STATUS_ACCEPTED;
            final long next = (exp + len) & M32;
            LAYOUT.set(newCtx, RCV + s, next);
            LAYOUT.set(newCtx, NAK + s, 0);
            if (e[EV_F0] != 0)
            {
                flush(oldCtx, s, exp, r, newCtx);
                desc(r, KIND_ACK, s, next, 1, 1, ts);
            }
            else
            {
                final long p1 = LAYOUT.get(oldCtx, PEND + s) + 1;
                LAYOUT.set(newCtx, LTS + s, ts);
                if (p1 >= cfgM || e[EV_F1] != 0)
                {
                    desc(r, KIND_ACK, s, next, p1, 0, ts);
                    LAYOUT.set(newCtx, PEND + s, 0);
                }
                else
                {
                    LAYOUT.set(newCtx, PEND + s, p1);
                }
            }
            if (e[EV_F2] != 0)
            {
                final long rspLsn = e[EV_C];
                if (after(LAYOUT.get(oldCtx, NXT + 1), rspLsn))
                {
                    r[RES_REALIGNED] = 1;
                    LAYOUT.set(newCtx, NXT + 1, rspLsn);
                    if (after(rspLsn, LAYOUT.get(oldCtx, UNA + 1)))
                    {
                        LAYOUT.set(newCtx, UNA + 1, rspLsn);
                    }
                }
            }
        }
        else if (after(lsn, exp))
        {
            r[RES_STATUS] = STATUS_GAP;
            if (LAYOUT.get(oldCtx, NAK + s) == 0)
            {
                LAYOUT.set(newCtx, NAK + s, 1);
                flush(oldCtx, s, exp, r, newCtx);
                desc(r, s == 0 ? KIND_NAK : KIND_RSP_SEQ_ERR, s, exp, 0, 0, ts);
            }
        }
        else
        {
            r[RES_STATUS] = STATUS_DUP;
            flush(oldCtx, s, exp, r, newCtx);
            desc(r, KIND_DUP_ACK, s, exp, 0, 0, ts);
        }
    }

    private static void flush(final long[] oldCtx, final int s, final long ackLsn, final long[] r, final long[] newCtx)
    {
        final long pend = LAYOUT.get(oldCtx, PEND + s);
        if (pend != 0)
        {
            desc(r, KIND_ACK, s, ackLsn, pend, 0, LAYOUT.get(oldCtx, LTS + s));
            LAYOUT.set(newCtx, PEND + s, 0);
        }
    }

    private static void desc(final long[] r, final int kind, final int s, final long lsn, final long n, final long ece,
        final long ts)
    {
        final int b = RES_D0 + 6 * (int)r[RES_NDESC];
        r[b + LdcpLsnPorts.D_KIND] = kind;
        r[b + LdcpLsnPorts.D_SPACE] = s;
        r[b + LdcpLsnPorts.D_LSN] = lsn & M32;
        r[b + LdcpLsnPorts.D_N] = n;
        r[b + LdcpLsnPorts.D_ECE] = ece;
        r[b + LdcpLsnPorts.D_TS] = ts & M32;
        r[RES_NDESC]++;
    }
}
