package dev.ccsilicon.blocks.dcqcnrp;

/**
 * The DCQCN rate unit (next-blocks §0 "Rates"): u24 in Δ_R = 10 Mb/s / 64 = 156.25 kb/s, so that
 * R_AI = 40 Mb/s is 256 LSB and the averaging (Rc + Rt + 1) / 2 loses under 0.2 Mb/s per event.
 * A rate in Δ_R becomes the RoCC pacer unit (10 Mb/s) by {@code >> 6}.
 */
public final class DcqcnRates
{
    /** Δ_R in bits per second. */
    public static final long UNIT_BPS = 156_250;
    /** Largest rate: the u24 field. */
    public static final long MAX = (1L << 24) - 1;
    /** 100 Gb/s. */
    public static final long RATE_100G = 640_000;
    /** 40 Mb/s, the paper's R_AI. */
    public static final long RATE_AI = 256;
    /** 200 Mb/s, R_HAI (bobzhuyb ns3-rdma config). */
    public static final long RATE_HAI = 1280;
    /** 100 Mb/s, R_min (HPCC ns-3 MinRate). */
    public static final long RATE_MIN = 640;

    private DcqcnRates()
    {
    }

    /** Bits per second to Δ_R units, rounded to nearest. */
    public static long fromBps(final double bps)
    {
        return Math.round(bps / UNIT_BPS);
    }

    /** Δ_R units to bits per second. */
    public static double toBps(final long units)
    {
        return units * (double)UNIT_BPS;
    }
}
