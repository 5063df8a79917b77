package dev.ccsilicon.firmware.pcc;

/**
 * Java twin of firmware/programs/swift/swift.c (delay-based window control after Swift, paced as a
 * rate): the same decisions, line for line, in 32-bit unsigned arithmetic (64-bit where the C
 * widens) as the C has it.
 */
public final class SwiftProgram implements PccProgram
{
    public static final int P_BASE_TARGET_NS = 0, P_FS_RANGE_NS = 1, P_AI = 2, P_BETA = 3, P_MAX_MDF = 4, P_MTU = 5,
        P_LINE_MBPS = 6, P_MIN_CWND = 7, P_MAX_CWND = 8, P_INIT_CWND = 9, P_PROBE_TIMEOUT_NS = 10;
    public static final int C_ACK = 0, C_RTT = 1, C_AI = 2, C_MD = 3, C_MD_CAPPED = 4, C_MD_HELD = 5, C_NACK = 6,
        C_PROBE_REQ = 7;
    public static final int COUNTERS = 8;
    public static final int RES_TX = 0, RES_PROBE_REQ = 1, RES_AI = 2, RES_MD = 3, RES_MD_CAPPED = 4, RES_MD_HELD = 5,
        RES_NACK_MD = 6, RES_NACK_HELD = 7, RES_ACK_HOLD = 8, RES_NONE = 15;
    public static final int CAUSE_NEW_FLOW = 1 << 9;
    public static final int CTX_CWND = 0, CTX_DELAY = 1, CTX_LAST_DEC = 2, CTX_FLAGS = 3, CTX_REQ_TS = 4, CTX_TARGET = 5,
        CTX_MBPS = 6;
    public static final int F_PROBE = 1, F_DECREASED = 2;
    public static final int ONE_Q16 = 65536;
    public static final int[] DEFAULTS = {20_000, 40_000, ONE_Q16, 52_429, 32_768, 4096, 100_000, 66, 256 * ONE_Q16,
        64 * ONE_Q16, 300_000};

    @Override
    public String name()
    {
        return "swift";
    }

    @Override
    public int init(final PccSlots slots)
    {
        for (int port = 0; port < PccAbi.PORTS; port++)
        {
            System.arraycopy(DEFAULTS, 0, slots.params(port, 0), 0, DEFAULTS.length);
        }
        return 1 << PccAbi.EV_CNP;
    }

    /** floor(sqrt(x)) for x as unsigned 32 bits, the C's bit-by-bit loop. */
    public static int isqrt32(final int x0)
    {
        int x = x0;
        int r = 0;
        int bit = 1 << 30;
        while (Integer.compareUnsigned(bit, x) > 0)
        {
            bit >>>= 2;
        }
        while (bit != 0)
        {
            if (Integer.compareUnsigned(x, r + bit) >= 0)
            {
                x -= r + bit;
                r = (r >>> 1) + bit;
            }
            else
            {
                r >>>= 1;
            }
            bit >>>= 2;
        }
        return r;
    }

    /** base_target + min(fs_range, fs_range / sqrt(cwnd)) with sqrt(cwnd) in Q8.8 (cwnd Q16.16). */
    public static int targetDelay(final int[] p, final int cwnd)
    {
        final int root = isqrt32(cwnd);
        final long range = p[P_FS_RANGE_NS] & 0xFFFF_FFFFL;
        long fs = root != 0 ? Long.divideUnsigned(range << 8, root & 0xFFFF_FFFFL) : range;
        if (Long.compareUnsigned(fs, range) > 0)
        {
            fs = range;
        }
        return p[P_BASE_TARGET_NS] + (int) fs;
    }

    private static boolean mayDecrease(final int[] s, final int now)
    {
        return (s[CTX_FLAGS] & F_DECREASED) == 0 || Integer.compareUnsigned(now - s[CTX_LAST_DEC], s[CTX_DELAY]) >= 0;
    }

    private static void decreased(final int[] s, final int now)
    {
        s[CTX_LAST_DEC] = now;
        s[CTX_FLAGS] |= F_DECREASED;
    }

    private static int react(final int[] s, final int[] p, final int[] counters, final int now, final int n)
    {
        final int target = targetDelay(p, s[CTX_CWND]);
        s[CTX_TARGET] = target;
        if (Integer.compareUnsigned(s[CTX_DELAY], target) < 0)
        {
            long add = (p[P_AI] & 0xFFFF_FFFFL) * (n & 0xFFFF_FFFFL);
            if (Integer.compareUnsigned(s[CTX_CWND], ONE_Q16) >= 0)
            {
                add = Long.divideUnsigned(add << 16, s[CTX_CWND] & 0xFFFF_FFFFL);
            }
            final long c = (s[CTX_CWND] & 0xFFFF_FFFFL) + add;
            s[CTX_CWND] = Long.compareUnsigned(c, 0xFFFF_FFFFL) > 0 ? -1 : (int) c;
            counters[C_AI]++;
            return RES_AI;
        }
        if (!mayDecrease(s, now))
        {
            counters[C_MD_HELD]++;
            return RES_MD_HELD;
        }
        final long f = Long.divideUnsigned((p[P_BETA] & 0xFFFF_FFFFL) * ((s[CTX_DELAY] - target) & 0xFFFF_FFFFL),
            s[CTX_DELAY] & 0xFFFF_FFFFL);
        int res = RES_MD;
        final int keep;
        if (Long.compareUnsigned(f, p[P_MAX_MDF] & 0xFFFF_FFFFL) >= 0)
        {
            keep = ONE_Q16 - p[P_MAX_MDF];
            res = RES_MD_CAPPED;
            counters[C_MD_CAPPED]++;
        }
        else
        {
            keep = ONE_Q16 - (int) f;
        }
        s[CTX_CWND] = RttAimdProgram.fxpMult(s[CTX_CWND], keep);
        decreased(s, now);
        counters[C_MD]++;
        return res;
    }

    /** The fxp20 rate of cwnd·mtu / rtt; {@code s[CTX_MBPS]} gets Mb/s, saturated at the line rate. */
    private static int toRate(final int[] p, final int cwnd, final int rtt, final int[] s)
    {
        final long line = p[P_LINE_MBPS] & 0xFFFF_FFFFL;
        final long q = Long.divideUnsigned((cwnd & 0xFFFF_FFFFL) * (p[P_MTU] & 0xFFFF_FFFFL) * 8000L, rtt & 0xFFFF_FFFFL);
        if (Long.compareUnsigned(q, line << 16) >= 0)
        {
            s[CTX_MBPS] = (int) line;
            return PccAbi.MAX_RATE;
        }
        s[CTX_MBPS] = (int) (q >>> 16);
        final int r = (int) Long.divideUnsigned(q << 4, line);
        return r == 0 ? 1 : r;
    }

    @Override
    public void algo(final PccSlots slots, final int[] s, final int[] event, final int attr, final int[] results)
    {
        final int port = PccAbi.port(event);
        final int[] p = slots.params(port, attr & 0xF);
        final int[] counters = slots.counters(port, attr & 0xF);
        final int now = event[PccAbi.W_TIMESTAMP];
        final int type = PccAbi.type(event);
        int cause = RES_NONE;
        int fresh = 0;

        results[PccAbi.R_TIMER_REQ] = PccAbi.TIMER_NONE;
        results[PccAbi.R_PROBE_REQ] = 0;
        results[PccAbi.R_PROBE_TYPE_SLOT] = 0;
        if (s[CTX_CWND] == 0)
        {
            s[CTX_CWND] = p[P_INIT_CWND];
            s[CTX_FLAGS] = F_PROBE;
            s[CTX_REQ_TS] = now;
            results[PccAbi.R_PROBE_REQ] = 1;
            counters[C_PROBE_REQ]++;
            fresh = CAUSE_NEW_FLOW;
        }
        if (type == PccAbi.EV_TX)
        {
            final int since = now - s[CTX_REQ_TS];
            cause = RES_TX;
            if ((s[CTX_FLAGS] & F_PROBE) != 0 ? Integer.compareUnsigned(since, p[P_PROBE_TIMEOUT_NS]) >= 0
                : Integer.compareUnsigned(since, s[CTX_DELAY]) >= 0)
            {
                s[CTX_FLAGS] |= F_PROBE;
                s[CTX_REQ_TS] = now;
                results[PccAbi.R_PROBE_REQ] = 1;
                counters[C_PROBE_REQ]++;
                cause = RES_PROBE_REQ;
            }
        }
        else if (type == PccAbi.EV_RTT)
        {
            counters[C_RTT]++;
            s[CTX_DELAY] = RttAimdProgram.threePointRtt(event, now);
            s[CTX_FLAGS] &= ~F_PROBE;
            cause = react(s, p, counters, now, 1);
        }
        else if (type == PccAbi.EV_ACK)
        {
            counters[C_ACK]++;
            if (s[CTX_DELAY] != 0)
            {
                final int n = event[PccAbi.W_NUM_COALESCED] & 0xFFFF;
                cause = react(s, p, counters, now, n != 0 ? n : 1);
            }
            else
            {
                cause = RES_ACK_HOLD;
            }
        }
        else if (type == PccAbi.EV_NACK)
        {
            counters[C_NACK]++;
            if (mayDecrease(s, now))
            {
                s[CTX_CWND] = RttAimdProgram.fxpMult(s[CTX_CWND], ONE_Q16 - p[P_MAX_MDF]);
                decreased(s, now);
                cause = RES_NACK_MD;
            }
            else
            {
                cause = RES_NACK_HELD;
            }
        }
        if (Integer.compareUnsigned(s[CTX_CWND], p[P_MIN_CWND]) < 0)
        {
            s[CTX_CWND] = p[P_MIN_CWND];
        }
        if (Integer.compareUnsigned(s[CTX_CWND], p[P_MAX_CWND]) > 0)
        {
            s[CTX_CWND] = p[P_MAX_CWND];
        }
        results[PccAbi.R_RATE] = toRate(p, s[CTX_CWND], s[CTX_DELAY] != 0 ? s[CTX_DELAY] : p[P_BASE_TARGET_NS], s);
        results[PccAbi.R_NATIVE_RATE] = s[CTX_MBPS];
        results[PccAbi.R_CAUSE] = cause | fresh;
    }
}
