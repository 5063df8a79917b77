package dev.ccsilicon.firmware.pcc;

/**
 * The word layouts shared by firmware/include/ccsilicon_pcc.h, the emulator and the Java twins:
 * event (16 words), context (12), results (8), attr (1). Keep in step with the header.
 */
public final class PccAbi
{
    public static final int EVENT_WORDS = 16;
    public static final int CTX_WORDS = 12;
    public static final int RESULT_WORDS = 8;

    public static final int EV_NULL = 0, EV_FW = 1, EV_CNP = 2, EV_TX = 3, EV_ACK = 4, EV_NACK = 5, EV_RTT = 6;
    public static final int EV_TX_FOR_ACK_NACK = 31;
    /** ccsilicon extension: the flow's timer fired. */
    public static final int EV_TIMER = 0x20;

    public static final int W_ATTR = 0, W_FLOW_TAG = 1, W_SN = 2, W_TIMESTAMP = 3, W_SPEC = 4, W_CNP_PAYLOAD = 8,
        W_VHCA = 10;
    /** Per-type words (w[4..7]) by their header meaning. */
    public static final int W_FIRST_TS = 4, W_FIRST_SN = 5, W_NUM_COALESCED = 6, W_TX_COUNTERS = 5, W_TX_QPN = 6,
        W_RTT_REQ_SEND = 4, W_RTT_REQ_RECV = 5, W_RTT_RESP_SEND = 6, W_TIMER_DEADLINE = 4;
    /** TX flags (attr byte 3) and NACK subtypes, as the header defines them. */
    public static final int TX_FLAG_ACK_EXPECTED = 1, TX_FLAG_OVERLOADED = 1 << 1, TX_FLAG_RTT_REQ_SENT = 1 << 2;
    public static final int NACK_RNR = 1, NACK_OOS = 2, NACK_DUP_READ = 3;
    /** ACK subtype bit 0: the ACK echoes ECN-CE (ccsilicon extension). */
    public static final int ACK_ECN_ECHO = 1;

    public static final int R_RATE = 0, R_PROBE_REQ = 1, R_PROBE_TYPE_SLOT = 2, R_NATIVE_RATE = 3, R_CAUSE = 4,
        R_TIMER_REQ = 5, R_TIMER_DEADLINE = 6;
    public static final int CAUSE_LIMITER = 1 << 8;
    public static final int TIMER_NONE = 0, TIMER_ARM = 1, TIMER_CANCEL = 2;

    public static final int LOG_MAX_RATE = 20;
    public static final int MAX_RATE = 1 << LOG_MAX_RATE;
    public static final int PORTS = 4, SLOTS = 8, ALGOS = 8, PARAMS_PER_ALGO = 0x2C, COUNTERS_PER_ALGO = 0x3F;

    private PccAbi()
    {
    }

    public static int evAttr(final int type, final int subtype, final int port, final int flags)
    {
        return (type & 0xFF) | (subtype & 0xFF) << 8 | (port & 0xFF) << 16 | (flags & 0xFF) << 24;
    }

    public static int type(final int[] event)
    {
        return event[W_ATTR] & 0xFF;
    }

    public static int port(final int[] event)
    {
        return event[W_ATTR] >>> 16 & 0xFF;
    }

    /** A CNP event with the RoCC payload (fair rate, congestion point id) in the extension words. */
    public static int[] cnp(final int flow, final int sn, final int timestampNs, final int payloadRate, final int payloadCp)
    {
        final int[] e = new int[EVENT_WORDS];
        e[W_ATTR] = evAttr(EV_CNP, 0, 0, 0);
        e[W_FLOW_TAG] = flow;
        e[W_SN] = sn;
        e[W_TIMESTAMP] = timestampNs;
        e[W_FIRST_TS] = timestampNs;
        e[W_FIRST_SN] = sn;
        e[W_CNP_PAYLOAD] = payloadRate;
        e[W_CNP_PAYLOAD + 1] = payloadCp;
        return e;
    }

    /** A TX event (end of a burst): bytes in 32-byte units and packets, each 16 bits, wrapping as on hardware. */
    public static int[] tx(final int flow, final int sn, final int timestampNs, final int sent32Bytes, final int sentPackets,
                           final int flags)
    {
        final int[] e = new int[EVENT_WORDS];
        e[W_ATTR] = evAttr(EV_TX, 0, 0, flags);
        e[W_FLOW_TAG] = flow;
        e[W_SN] = sn;
        e[W_TIMESTAMP] = timestampNs;
        e[W_FIRST_TS] = timestampNs;
        e[W_TX_COUNTERS] = (sent32Bytes & 0xFFFF) | (sentPackets & 0xFFFF) << 16;
        e[W_TX_QPN] = flow;
        return e;
    }

    /** An ACK ({@code ecnEcho} in the subtype, ccsilicon extension). */
    public static int[] ack(final int flow, final int sn, final int timestampNs, final boolean ecnEcho)
    {
        return ackLike(EV_ACK, ecnEcho ? ACK_ECN_ECHO : 0, flow, sn, timestampNs);
    }

    /** A NACK of {@code subtype} ({@link #NACK_RNR}, {@link #NACK_OOS}, {@link #NACK_DUP_READ}). */
    public static int[] nack(final int flow, final int sn, final int timestampNs, final int subtype)
    {
        return ackLike(EV_NACK, subtype, flow, sn, timestampNs);
    }

    private static int[] ackLike(final int type, final int subtype, final int flow, final int sn, final int timestampNs)
    {
        final int[] e = new int[EVENT_WORDS];
        e[W_ATTR] = evAttr(type, subtype, 0, 0);
        e[W_FLOW_TAG] = flow;
        e[W_SN] = sn;
        e[W_TIMESTAMP] = timestampNs;
        e[W_FIRST_TS] = timestampNs;
        e[W_FIRST_SN] = sn;
        return e;
    }

    /** An RTT probe response: the request's send time, its arrival at the responder and the response's send time (ns). */
    public static int[] rtt(final int flow, final int sn, final int timestampNs, final int reqSendNs, final int reqRecvNs,
                            final int respSendNs)
    {
        final int[] e = new int[EVENT_WORDS];
        e[W_ATTR] = evAttr(EV_RTT, 0, 0, 0);
        e[W_FLOW_TAG] = flow;
        e[W_SN] = sn;
        e[W_TIMESTAMP] = timestampNs;
        e[W_RTT_REQ_SEND] = reqSendNs;
        e[W_RTT_REQ_RECV] = reqRecvNs;
        e[W_RTT_RESP_SEND] = respSendNs;
        return e;
    }

    public static int subtype(final int[] event)
    {
        return event[W_ATTR] >>> 8 & 0xFF;
    }

    public static int flags(final int[] event)
    {
        return event[W_ATTR] >>> 24;
    }

    /** A TIMER event: the deadline armed earlier fired (at {@code timestampNs}). */
    public static int[] timer(final int flow, final int sn, final int timestampNs, final int deadline)
    {
        final int[] e = new int[EVENT_WORDS];
        e[W_ATTR] = evAttr(EV_TIMER, 0, 0, 0);
        e[W_FLOW_TAG] = flow;
        e[W_SN] = sn;
        e[W_TIMESTAMP] = timestampNs;
        e[W_TIMER_DEADLINE] = deadline;
        return e;
    }

    /** The attr word: {@code algo_slot:4, overload:1}. */
    public static int attr(final int slot, final boolean overload)
    {
        return (slot & 0xF) | (overload ? 1 << 4 : 0);
    }
}
