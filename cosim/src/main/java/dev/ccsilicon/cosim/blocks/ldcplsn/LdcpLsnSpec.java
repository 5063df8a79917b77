package dev.ccsilicon.cosim.blocks.ldcplsn;

import dev.ccsilicon.blocks.ldcplsn.LdcpLsnConfig;
import dev.ccsilicon.blocks.ldcplsn.LdcpLsnParams;
import dev.ccsilicon.blocks.ldcplsn.LdcpLsnPorts;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.hdl.StreamSpec;

/**
 * {@code BlockSpec} of {@code rtl/nic/ldcp_lsn.sv} (qp_table_core + ldcp_lsn_update), built from the
 * model's pin list {@link LdcpLsnPorts}. The co-simulation build is small so that random traffic
 * keeps meeting the same QPs: 16 QPs, 2-entry result FIFOs (backpressure reaches the table and the
 * inputs quickly). The statistics are compared by the per-cycle status hash.
 */
public final class LdcpLsnSpec
{
    public static final String NAME = "ldcp_lsn";
    /** The co-simulation build; m and L_MIN are per-run pins, these are placeholders. */
    public static final LdcpLsnConfig COSIM = new LdcpLsnConfig(16, 2, 4, 2, 2, 32, LdcpLsnParams.defaults());

    private LdcpLsnSpec()
    {
    }

    public static BlockSpec spec()
    {
        return spec(COSIM);
    }

    public static BlockSpec spec(final LdcpLsnConfig c)
    {
        final BlockSpec.Builder b = BlockSpec.builder(NAME, LdcpLsnPorts.TOP)
            .sourcesFromHierarchy()
            .parameters(c)
            .ports(LdcpLsnPorts.of(c));
        for (final StreamSpec s : LdcpLsnPorts.streams())
        {
            b.stream(s);
        }
        return b.build();
    }

    /** The model configuration of a (possibly varied) spec; m and L_MIN are pins, from {@link #COSIM}. */
    public static LdcpLsnConfig config(final BlockSpec spec)
    {
        return spec.config(COSIM);
    }
}
