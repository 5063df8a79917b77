package dev.ccsilicon.cosim.blocks.dcqcncp;

import dev.ccsilicon.blocks.dcqcncp.DcqcnCpConfig;
import dev.ccsilicon.blocks.dcqcncp.DcqcnCpPorts;
import dev.ccsilicon.cosim.jverilator.BlockSpec;

/**
 * {@code BlockSpec} of {@code rtl/switch/dcqcn_cp.sv} (two {@code dcqcn_cp_hook}s), from the model's
 * declaration {@link DcqcnCpPorts}: input streams adm (0) and mrk (1), output streams dec (0) and
 * ecn (1); the configuration pins are static.
 */
public final class DcqcnCpSpec
{
    public static final String NAME = "dcqcn_cp";

    private DcqcnCpSpec()
    {
    }

    public static BlockSpec spec()
    {
        return spec(DcqcnCpConfig.DEFAULT);
    }

    public static BlockSpec spec(final DcqcnCpConfig c)
    {
        return BlockSpec.builder(NAME, "dcqcn_cp")
            .sourcesFromHierarchy()
            .parameters(c)
            .ports(DcqcnCpPorts.of(c))
            .streams(DcqcnCpPorts.STREAMS)
            .build();
    }

    /** The model configuration of a (possibly varied) spec. */
    public static DcqcnCpConfig config(final BlockSpec spec)
    {
        return spec.config(DcqcnCpConfig.DEFAULT);
    }
}
