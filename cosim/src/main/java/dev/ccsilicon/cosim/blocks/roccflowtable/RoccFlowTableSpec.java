package dev.ccsilicon.cosim.blocks.roccflowtable;

import dev.ccsilicon.blocks.roccflowtable.RoccFlowTableConfig;
import dev.ccsilicon.blocks.roccflowtable.RoccFlowTablePorts;
import dev.ccsilicon.cosim.jverilator.BlockSpec;

/**
 * {@code rocc_flow_table} at its pins, built from the model's own declaration
 * ({@link RoccFlowTablePorts}): nothing about the pins is written twice.
 */
public final class RoccFlowTableSpec
{
    public static final String NAME = "rocc_flow_table";

    /**
     * The co-simulated configuration: small enough that buckets fill, counters saturate (32 packets
     * of one flow) and statistics saturate (4095) within a regression, and a scan is short enough
     * for updates to land in all of its phases.
     */
    public static final RoccFlowTableConfig CONFIG = new RoccFlowTableConfig(4, 3, 2, 5, 16, 3, 12, 12, 2);

    private RoccFlowTableSpec()
    {
    }

    public static BlockSpec spec()
    {
        return spec(CONFIG);
    }

    public static BlockSpec spec(final RoccFlowTableConfig c)
    {
        final BlockSpec.Builder b = BlockSpec.builder(NAME, RoccFlowTablePorts.TOP);
        b.sourcesFromHierarchy();
        return b
            .parameters(c)
            .ports(RoccFlowTablePorts.ports(c))
            .streams(RoccFlowTablePorts.streams())
            .build();
    }

    /** The model configuration a (possibly variant) spec's parameters describe. */
    public static RoccFlowTableConfig config(final BlockSpec spec)
    {
        return spec.config(CONFIG);
    }
}
