package dev.ccsilicon.blocks.roccflowtable;

/**
 * Units of the RoCC CNP's fields (docs/blocks/rocc_cnp_packet.md), one place for every block, the
 * network and the scenario binder that converts between bits per second and the CNP's rate field.
 */
public final class CnpFormat
{
    /**
     * Δ^F, the unit of the CNP's rate field and of every RoCC rate in hardware (F in
     * {@code rocc_fair_rate}, R_cur in {@code rocc_rp}): 10 Mb/s (seed 000 §6, SPEC §6.1).
     */
    public static final long RATE_UNIT_BPS = 10_000_000L;

    /** Δ^F in Mb/s, the unit {@code RoccFairRateConfig.rateUnitMbps} is declared in. */
    public static final int RATE_UNIT_MBPS = (int)(RATE_UNIT_BPS / 1_000_000L);

    private CnpFormat()
    {
    }
}
