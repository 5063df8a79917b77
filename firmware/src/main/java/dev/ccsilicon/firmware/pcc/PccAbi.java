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
        e[W_SPEC] = timestampNs;
        e[W_SPEC + 1] = sn;
        e[W_CNP_PAYLOAD] = payloadRate;
        e[W_CNP_PAYLOAD + 1] = payloadCp;
        return e;
    }

    /** A TIMER event: the deadline armed earlier fired (at {@code timestampNs}). */
    public static int[] timer(final int flow, final int sn, final int timestampNs, final int deadline)
    {
        final int[] e = new int[EVENT_WORDS];
        e[W_ATTR] = evAttr(EV_TIMER, 0, 0, 0);
        e[W_FLOW_TAG] = flow;
        e[W_SN] = sn;
        e[W_TIMESTAMP] = timestampNs;
        e[W_SPEC] = deadline;
        return e;
    }

    /** The attr word: {@code algo_slot:4, overload:1}. */
    public static int attr(final int slot, final boolean overload)
    {
        return (slot & 0xF) | (overload ? 1 << 4 : 0);
    }
}
