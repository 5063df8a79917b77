package dev.ccsilicon.firmware.nic;

/**
 * The hardware dispatcher and library costs, in NIC clock cycles (firmware.md §5.6; every default
 * [UNCONFIRMED]).
 *
 * @param dispatchCycles     from dispatch to the context fetch (D_dispatch).
 * @param contextHitCycles   context fetch when the flow is in the context cache.
 * @param contextMissCycles  context fetch otherwise (a host-memory round trip).
 * @param writeBackCycles    from the handler's return until its hart and flow are free (context write-back).
 * @param applyLatencyCycles from write-back to the rate limiter's update.
 * @param contextCacheFlows  flows the LRU context cache holds (0: every fetch misses).
 * @param policy             which hart an eligible event goes to.
 */
public record DispatchConfig(int dispatchCycles, int contextHitCycles, int contextMissCycles, int writeBackCycles,
                             int applyLatencyCycles, int contextCacheFlows, DispatchPolicy policy)
{
    public static final int MAX_CYCLES = 1_000_000;
    public static final int MAX_CACHE_FLOWS = 1 << 24;

    public DispatchConfig
    {
        check("dispatchCycles", dispatchCycles);
        check("contextHitCycles", contextHitCycles);
        check("contextMissCycles", contextMissCycles);
        check("writeBackCycles", writeBackCycles);
        check("applyLatencyCycles", applyLatencyCycles);
        if (contextCacheFlows < 0 || contextCacheFlows > MAX_CACHE_FLOWS)
        {
            throw new IllegalArgumentException("dispatch contextCacheFlows " + contextCacheFlows + ": allowed 0.." + MAX_CACHE_FLOWS);
        }
        if (policy == null)
        {
            throw new IllegalArgumentException("dispatch policy null: allowed ANY, FLOW_HASH");
        }
    }

    private static void check(final String field, final int v)
    {
        if (v < 0 || v > MAX_CYCLES)
        {
            throw new IllegalArgumentException("dispatch " + field + " " + v + ": allowed 0.." + MAX_CYCLES + " cycles");
        }
    }

    /** D_dispatch 50, hit 10, miss 300, write-back 0, apply 20, 1024 cached flows, ANY. */
    public static DispatchConfig defaults()
    {
        return new DispatchConfig(50, 10, 300, 0, 20, 1024, DispatchPolicy.SPREAD);
    }

    public DispatchConfig withPolicy(final DispatchPolicy p)
    {
        return new DispatchConfig(dispatchCycles, contextHitCycles, contextMissCycles, writeBackCycles, applyLatencyCycles,
            contextCacheFlows, p);
    }

    public DispatchConfig withContextCacheFlows(final int flows)
    {
        return new DispatchConfig(dispatchCycles, contextHitCycles, contextMissCycles, writeBackCycles, applyLatencyCycles,
            flows, policy);
    }
}
