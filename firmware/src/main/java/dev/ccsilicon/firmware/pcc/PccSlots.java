package dev.ccsilicon.firmware.pcc;

/** Parameters and counters per port and algorithm slot, as a Java twin sees them (the runtime's tables). */
public final class PccSlots
{
    private final int[][][] params = new int[PccAbi.PORTS][PccAbi.SLOTS][PccAbi.PARAMS_PER_ALGO];
    private final int[][][] counters = new int[PccAbi.PORTS][PccAbi.SLOTS][PccAbi.COUNTERS_PER_ALGO];

    public int[] params(final int port, final int slot)
    {
        return params[port & (PccAbi.PORTS - 1)][slot & (PccAbi.SLOTS - 1)];
    }

    public int[] counters(final int port, final int slot)
    {
        return counters[port & (PccAbi.PORTS - 1)][slot & (PccAbi.SLOTS - 1)];
    }

    /** Sets parameter {@code id} on every port's {@code slot} (how a scenario's params apply). */
    public void setParam(final int slot, final int id, final int value)
    {
        for (int p = 0; p < PccAbi.PORTS; p++)
        {
            params(p, slot)[id] = value;
        }
    }
}
