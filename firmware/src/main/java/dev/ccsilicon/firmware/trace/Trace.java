package dev.ccsilicon.firmware.trace;

import java.util.Arrays;

/**
 * A trace in memory: its header and its records in file order, as primitive columns. A record is
 * an input of the block ({@link #CNP}, {@link #TIMER}) or one of its decisions ({@link #OUTPUT}).
 * <p>
 * Which input a decision belongs to: an OUTPUT whose cause is a CNP decision decides the NIC's oldest
 * undecided CNP; any other OUTPUT decides the TIMER record written just before it for that NIC
 * (a recorder writes an expiry and its decision back to back). The order of OUTPUT records is the
 * order the block decided in, which is the order a replay feeds a program.
 */
public final class Trace
{
    /** Record kinds (the byte in the file). */
    public static final int END = 0, CNP = 1, TIMER = 2, OUTPUT = 3;
    /** A TX report (bytes sent by a QP, dcqcn_rp's byte counter); version 2. */
    public static final int TX = 4;
    /** An alpha-timer expiry of some QP of a NIC (a step of dcqcn_rp's stat_alpha_decay_o: the pins do not name the QP); version 2. */
    public static final int ALPHA = 5;

    private final TraceHeader header;
    private int size;
    private byte[] kind = new byte[64];
    private long[] timePs = new long[64];
    private int[] nic = new int[64];
    private int[] qp = new int[64];
    private long[] a = new long[64];
    private long[] b = new long[64];

    /** The largest cause code that decides a CNP (accepts 0..3, reject 4); larger codes decide a TIMER. */
    public static final int LAST_CNP_CAUSE = 4;

    public static boolean isCnpDecision(final int cause)
    {
        return cause <= LAST_CNP_CAUSE;
    }

    /** The block whose traces pair decisions by {@link #dcqcnInput}. */
    public static final String DCQCN_RP = "dcqcn_rp";

    /**
     * Which input a dcqcn_rp update decides, by its result code: a cut (0) a {@link #CNP}; an
     * increase (16 | bytes << 3 | removed << 2 | branch) with the bytes bit a {@link #TX}, without
     * it a {@link #TIMER}; -1 for a code that is no update.
     */
    public static int dcqcnInput(final int cause)
    {
        if (cause == 0)
        {
            return CNP;
        }
        if (cause >= 16 && cause < 32)
        {
            return (cause & 8) != 0 ? TX : TIMER;
        }
        return -1;
    }

    public Trace(final TraceHeader header)
    {
        this.header = header;
    }

    public TraceHeader header()
    {
        return header;
    }

    public int size()
    {
        return size;
    }

    private int add(final int k, final long t, final int n, final int q, final long va, final long vb)
    {
        if (n < 0 || n >= header.nics().size())
        {
            throw new IllegalArgumentException("nic " + n + ": the trace has nics 0.." + (header.nics().size() - 1));
        }
        if (size == kind.length)
        {
            final int c = size * 2;
            kind = Arrays.copyOf(kind, c);
            timePs = Arrays.copyOf(timePs, c);
            nic = Arrays.copyOf(nic, c);
            qp = Arrays.copyOf(qp, c);
            a = Arrays.copyOf(a, c);
            b = Arrays.copyOf(b, c);
        }
        kind[size] = (byte)k;
        timePs[size] = t;
        nic[size] = n;
        qp[size] = q;
        a[size] = va;
        b[size] = vb;
        return size++;
    }

    /** A CNP the block received: F (rate field) and the congestion point id from its payload. */
    public int cnp(final long timePs, final int nic, final int qp, final long rate, final long cp)
    {
        return add(CNP, timePs, nic, qp, rate & 0xFFFF_FFFFL, cp & 0xFFFF_FFFFL);
    }

    /** A timer expiry as the block saw it (written just before its decision). */
    public int timer(final long timePs, final int nic, final int qp)
    {
        return add(TIMER, timePs, nic, qp, 0, 0);
    }

    /** A TX report the block received: {@code bytes} sent by the QP (version 2, dcqcn_rp). */
    public int tx(final long timePs, final int nic, final int qp, final long bytes)
    {
        return add(TX, timePs, nic, qp, bytes & 0xFFFF_FFFFL, 0);
    }

    /** An alpha-timer expiry in {@code nic}: {@code decays} is the block's alpha decay count after it (its QP is 0: not known). */
    public int alpha(final long timePs, final int nic, final long decays)
    {
        return add(ALPHA, timePs, nic, 0, decays & 0xFFFF_FFFFL, 0);
    }

    /** ALPHA: the block's alpha decay count after the expiry. */
    public long decays(final int i)
    {
        return a[i];
    }

    /** TX: the bytes reported. */
    public long bytes(final int i)
    {
        return a[i];
    }

    /** A decision of the block: the QP's rate and limiter after it, and the block's result code. */
    public int output(final long timePs, final int nic, final int qp, final long rate, final boolean limiter, final int cause)
    {
        return add(OUTPUT, timePs, nic, qp, rate & 0xFFFF_FFFFL, (limiter ? 1L << 8 : 0) | (cause & 0xFF));
    }

    public int kind(final int i)
    {
        return kind[i];
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

    /** CNP: the rate field F; OUTPUT: the rate after the decision (dcqcn_rp: Rc). */
    public long rate(final int i)
    {
        return a[i];
    }

    /** CNP: the congestion point id. */
    public long cp(final int i)
    {
        return b[i];
    }

    /** OUTPUT: the block's result code. */
    public int cause(final int i)
    {
        return (int)(b[i] & 0xFF);
    }

    /** OUTPUT: whether the QP is rate limited after the decision. */
    public boolean limiter(final int i)
    {
        return (b[i] >>> 8 & 1) != 0;
    }

    /** Records of {@code k}. */
    public int count(final int k)
    {
        int n = 0;
        for (int i = 0; i < size; i++)
        {
            n += kind[i] == k ? 1 : 0;
        }
        return n;
    }
}
