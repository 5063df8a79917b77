package dev.ccsilicon.blocks.ldcplsn;

import dev.ccsilicon.blocks.qptable.QpTableConfig;
import dev.ccsilicon.hdl.RtlParameter;

/**
 * Parameters of {@code ldcp_lsn} (RTL parameters of {@code rtl/nic/ldcp_lsn.sv}) plus the values of
 * its configuration pins ({@code params}: m and L_MIN).
 *
 * @param numQps      QPs ({@code NumQps}), a power of two &gt;= 2.
 * @param sramLatency qp_table SRAM latency ({@code SramLatency}).
 * @param outDepth    qp_table result FIFO ({@code OutDepth}), &gt;= SramLatency + 2 for one event per cycle.
 * @param inDepth     entries of each of the five input FIFOs ({@code InDepth}), &gt;= 2.
 * @param resDepth    entries of each of the three result FIFOs ({@code ResDepth}), &gt;= 2.
 * @param statWidth   statistics counters ({@code StatWidth}).
 * @param params      the cfg_m_i / cfg_lmin_i pins.
 */
public record LdcpLsnConfig(
    @RtlParameter int numQps,
    @RtlParameter int sramLatency,
    @RtlParameter int outDepth,
    @RtlParameter int inDepth,
    @RtlParameter int resDepth,
    @RtlParameter int statWidth,
    LdcpLsnParams params)
{
    public LdcpLsnConfig
    {
        if (inDepth < 2 || resDepth < 2)
        {
            throw new IllegalArgumentException("inDepth and resDepth must be >= 2 for one transfer per cycle, got "
                + inDepth + ", " + resDepth);
        }
        if (statWidth < 2 || statWidth > 63)
        {
            throw new IllegalArgumentException("statWidth must be 2 .. 63, got " + statWidth);
        }
        if (params == null)
        {
            throw new IllegalArgumentException("params must not be null");
        }
        new QpTableConfig(numQps, sramLatency, outDepth, statWidth, new LdcpLsnUpdate(outDepth));
    }

    /** RTL defaults: 1024 QPs, SRAM latency 2, per-packet ACK, L_MIN 64. */
    public static LdcpLsnConfig defaults()
    {
        return new LdcpLsnConfig(1024, 2, 4, 2, 4, 32, LdcpLsnParams.defaults());
    }

    public LdcpLsnConfig withParams(final LdcpLsnParams p)
    {
        return new LdcpLsnConfig(numQps, sramLatency, outDepth, inDepth, resDepth, statWidth, p);
    }

    public int qpWidth()
    {
        return Integer.numberOfTrailingZeros(numQps);
    }

    public QpTableConfig tableConfig(final LdcpLsnUpdate update)
    {
        return new QpTableConfig(numQps, sramLatency, outDepth, statWidth, update);
    }

    /** Per-QP state bits: the qp_table context. */
    public int bitsPerQp()
    {
        return LdcpLsnUpdate.LAYOUT.bits();
    }
}
