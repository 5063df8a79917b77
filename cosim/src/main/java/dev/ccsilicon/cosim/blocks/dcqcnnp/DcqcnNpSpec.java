package dev.ccsilicon.cosim.blocks.dcqcnnp;

import dev.ccsilicon.blocks.dcqcnnp.DcqcnNpConfig;
import dev.ccsilicon.blocks.dcqcnnp.DcqcnNpPorts;
import dev.ccsilicon.blocks.dcqcnnp.DcqcnNpReference;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.hdl.StreamSpec;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code BlockSpec} of {@code rtl/nic/dcqcn_np.sv} (qp_table_core + dcqcn_np_update + timer_wheel),
 * built from the model's pin list {@link DcqcnNpPorts}. The co-simulation build is small so that
 * random CE packets keep meeting windows and expiries: 64 QPs (a storm of first marks on
 * all of them overflows the 16-entry CNP FIFO under backpressure), 64 slots of 16 cycles (horizon 1024
 * cycles, so N &lt;= 497). The statistics ride along with every CNP, so the scoreboard compares every
 * counter bit-exactly at every CNP.
 */
public final class DcqcnNpSpec
{
    public static final String NAME = "dcqcn_np";
    /** The co-simulation build; mode and interval are per-run pins, these are placeholders. */
    public static final DcqcnNpConfig COSIM =
        new DcqcnNpConfig(64, 2, 4, 8, 16, 64, 16, 2, 32, DcqcnNpReference.MODE_PAPER, 300);

    private DcqcnNpSpec()
    {
    }

    public static BlockSpec spec()
    {
        return spec(COSIM);
    }

    public static BlockSpec spec(final DcqcnNpConfig c)
    {
        final BlockSpec.Builder b = BlockSpec.builder(NAME, "dcqcn_np")
            .sourcesFromHierarchy()
            .parameters(c)
            .ports(DcqcnNpPorts.of(c));
        final List<String> cnp = new ArrayList<>(DcqcnNpPorts.CNP_DATA);
        cnp.addAll(DcqcnNpPorts.STATS);
        return b
            .stream(StreamSpec.in("ce", "ce_valid_i", "ce_ready_o", DcqcnNpPorts.CE_DATA.toArray(new String[0])))
            .stream(StreamSpec.out("cnp", "cnp_valid_o", "cnp_ready_i", cnp.toArray(new String[0])))
            .build();
    }

    /** The model configuration of a (possibly varied) spec; mode and interval are pins, from {@link #COSIM}. */
    public static DcqcnNpConfig config(final BlockSpec spec)
    {
        return spec.config(COSIM);
    }

    /** The run's mode from its seed: even seeds run paper mode, odd seeds lazy mode (both co-simulated). */
    public static int modeOf(final long seed)
    {
        return (seed & 1) == 0 ? DcqcnNpReference.MODE_PAPER : DcqcnNpReference.MODE_LAZY;
    }
}
