package dev.ccsilicon.firmware.check;

import java.util.Arrays;

/**
 * One side's decisions, one per input event in the order they were decided, as primitive columns:
 * the event (the number of the CNP decided among the trace's CNPs, or -1 for a timer expiry; NIC and QP) and the decision (the block's result
 * code, the QP's native rate and limiter after it). Program replays add what the firmware and its
 * twin return besides (fxp20 rate, timer request and deadline, and on the ISS the cycles taken).
 */
public final class DecisionLog
{
    private final String side;
    private int size;
    private int[] record = new int[256];
    private long[] timePs = new long[256];
    private int[] nic = new int[256];
    private int[] qp = new int[256];
    private int[] cause = new int[256];
    private long[] rate = new long[256];
    private boolean[] limiter = new boolean[256];
    private long[] extra = new long[256];
    private long[] cycles = new long[256];

    /** @param side what made these decisions ("trace", "block model", "firmware", "twin"). */
    public DecisionLog(final String side)
    {
        this.side = side;
    }

    public String side()
    {
        return side;
    }

    public int size()
    {
        return size;
    }

    /**
     * @param record  the number of the CNP decided among the trace's CNPs, or -1 for a timer expiry.
     * @param timePs  when it was decided (the block's time; a program replay gives the event's time).
     * @param nic     the NIC.
     * @param qp      the QP.
     * @param cause   the block's result code (program causes mapped through the cause table).
     * @param rate    native rate after the decision.
     * @param limiter limiter after the decision.
     * @param extra   program sides: fxp20 rate, timer request and deadline packed ({@link #packExtra}); else 0.
     * @param cycles  ISS cycles the event took, else 0.
     */
    public void add(final int record, final long timePs, final int nic, final int qp, final int cause, final long rate, final boolean limiter, final long extra, final long cycles)
    {
        if (size == this.record.length)
        {
            final int c = size * 2;
            this.record = Arrays.copyOf(this.record, c);
            this.nic = Arrays.copyOf(this.nic, c);
            this.timePs = Arrays.copyOf(this.timePs, c);
            this.qp = Arrays.copyOf(this.qp, c);
            this.cause = Arrays.copyOf(this.cause, c);
            this.rate = Arrays.copyOf(this.rate, c);
            this.limiter = Arrays.copyOf(this.limiter, c);
            this.extra = Arrays.copyOf(this.extra, c);
            this.cycles = Arrays.copyOf(this.cycles, c);
        }
        this.record[size] = record;
        this.nic[size] = nic;
        this.timePs[size] = timePs;
        this.qp[size] = qp;
        this.cause[size] = cause;
        this.rate[size] = rate;
        this.limiter[size] = limiter;
        this.extra[size] = extra;
        this.cycles[size] = cycles;
        size++;
    }

    /**
     * The same decisions NIC by NIC (stable): the order a comparison uses, since NICs decide
     * independently and how two NICs' decisions interleave depends only on who ran first.
     */
    public DecisionLog byNic()
    {
        final DecisionLog o = new DecisionLog(side);
        int nics = 0;
        for (int i = 0; i < size; i++)
        {
            nics = Math.max(nics, nic[i] + 1);
        }
        for (int n = 0; n < nics; n++)
        {
            for (int i = 0; i < size; i++)
            {
                if (nic[i] == n)
                {
                    o.add(record[i], timePs[i], nic[i], qp[i], cause[i], rate[i], limiter[i], extra[i], cycles[i]);
                }
            }
        }
        return o;
    }

    /**
     * The same decisions QP by QP within each NIC (stable): the order a dcqcn_rp comparison uses,
     * since a QP's decisions follow one another in the block, while two QPs' updates may leave its
     * lanes in either order.
     */
    public DecisionLog byNicQp()
    {
        final DecisionLog o = new DecisionLog(side);
        final Integer[] idx = new Integer[size];
        for (int i = 0; i < size; i++)
        {
            idx[i] = i;
        }
        Arrays.sort(idx, (x, y) -> nic[x] != nic[y] ? Integer.compare(nic[x], nic[y]) : Integer.compare(qp[x], qp[y]));
        for (final int i : idx)
        {
            o.add(record[i], timePs[i], nic[i], qp[i], cause[i], rate[i], limiter[i], extra[i], cycles[i]);
        }
        return o;
    }

    /** The fxp20 rate, the timer request (2 bits) and the timer deadline of a program's results in one word. */
    public static long packExtra(final int fxpRate, final int timerReq, final int timerDeadline)
    {
        return (long)(fxpRate & 0x3FFF_FFFF) << 34 | (long)(timerReq & 3) << 32 | (timerDeadline & 0xFFFF_FFFFL);
    }

    public int record(final int i)
    {
        return record[i];
    }

    public long timePs(final int i)
    {
        return timePs[i];
    }

    public int nic(final int i)
    {
        return nic[i];
    }

    public int qp(final int i)
    {
        return qp[i];
    }

    public boolean isTimer(final int i)
    {
        return record[i] < 0;
    }

    public int cause(final int i)
    {
        return cause[i];
    }

    public long rate(final int i)
    {
        return rate[i];
    }

    public boolean limiter(final int i)
    {
        return limiter[i];
    }

    public long extra(final int i)
    {
        return extra[i];
    }

    public long cycles(final int i)
    {
        return cycles[i];
    }

    /** Whether decision {@code i} here equals decision {@code j} of {@code o} in event, cause, rate and limiter. */
    public boolean sameDecision(final int i, final DecisionLog o, final int j)
    {
        return record[i] == o.record[j] && nic[i] == o.nic[j] && qp[i] == o.qp[j] && cause[i] == o.cause[j] && rate[i] == o.rate[j] && limiter[i] == o.limiter[j];
    }
}
