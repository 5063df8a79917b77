package dev.ccsilicon.blocks.roccrp;

/** Measured latencies the docs quote (small config: L = 2, G = 16, idle block). */
final class RoccRpLatency
{
    static final long EXPIRY_TO_UPDATE = 16;

    private RoccRpLatency()
    {
    }
}
