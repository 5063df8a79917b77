package dev.ccsilicon.firmware.nic;

/**
 * A per-type WRED stage on the event queue (docs/firmware.md "Event queue, dispatcher and NIC
 * runtime"): an arrival that cannot merge, seeing occupancy {@code occ}, is dropped with
 * probability 0 below {@code minDepth}, {@code pMax * (occ - minDepth) / (maxDepth - minDepth)}
 * from {@code minDepth} to {@code maxDepth} ({@code pMax} at {@code maxDepth}, also when the two
 * are equal), and 1 above {@code maxDepth}. DOCA's thresholds are unknown [UNCONFIRMED].
 */
public record WredProfile(int minDepth, int maxDepth, double pMax)
{
    public WredProfile
    {
        if (minDepth < 0)
        {
            throw new IllegalArgumentException("wred minDepth " + minDepth + ": allowed 0.." + maxDepth + " (<= maxDepth)");
        }
        if (maxDepth < minDepth)
        {
            throw new IllegalArgumentException("wred maxDepth " + maxDepth + ": allowed " + minDepth + "..2^31-1 (>= minDepth)");
        }
        if (!(pMax >= 0 && pMax <= 1))
        {
            throw new IllegalArgumentException("wred pMax " + pMax + ": allowed 0..1");
        }
    }

    /** The drop probability at occupancy {@code occ}. */
    public double probability(final int occ)
    {
        if (occ < minDepth)
        {
            return 0;
        }
        if (occ > maxDepth)
        {
            return 1;
        }
        return maxDepth == minDepth ? pMax : pMax * (occ - minDepth) / (maxDepth - minDepth);
    }
}
