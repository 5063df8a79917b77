package dev.ccsilicon.cosim.blocks.roccrp;

import dev.ccsilicon.blocks.roccrp.RoccRpConfig;
import dev.ccsilicon.blocks.roccrp.RoccRpPorts;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.hdl.StreamSpec;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code BlockSpec} of {@code rtl/nic/rocc_rp.sv} (qp_table_core + rocc_rp_update + timer_wheel),
 * built from the model's pin list {@link RoccRpPorts}. The co-simulation build is small so that
 * random CNPs keep meeting expiries: 32 QPs, 64 slots of 16 cycles (horizon 1024 cycles), a 16-bit
 * time base (wraps every 65,536 cycles). The statistics ride along with every rate update, so
 * the scoreboard compares every counter bit-exactly at every update.
 */
public final class RoccRpSpec
{
    public static final String NAME = "rocc_rp";
    /** The co-simulation build; rateMax and recoveryCycles are per-run pins, these are placeholders. */
    public static final RoccRpConfig COSIM = new RoccRpConfig(32, 2, 4, 4, 64, 16, 2, 16, 32, 1000, 500);

    private RoccRpSpec()
    {
    }

    public static BlockSpec spec()
    {
        return spec(COSIM);
    }

    public static BlockSpec spec(final RoccRpConfig c)
    {
        final BlockSpec.Builder b = BlockSpec.builder(NAME, "rocc_rp")
            .sourcesFromHierarchy()
            .parameters(c)
            .ports(RoccRpPorts.of(c));
        final List<String> upd = new ArrayList<>(RoccRpPorts.UPD_DATA);
        upd.addAll(RoccRpPorts.STATS);
        return b
            .stream(StreamSpec.in("cnp", "cnp_valid_i", "cnp_ready_o", RoccRpPorts.CNP_DATA.toArray(new String[0])))
            .stream(StreamSpec.out("upd", "upd_valid_o", "upd_ready_i", upd.toArray(new String[0])))
            .build();
    }

    /** The model configuration of a (possibly varied) spec; rateMax and recoveryCycles are pins, from {@link #COSIM}. */
    public static RoccRpConfig config(final BlockSpec spec)
    {
        return spec.config(COSIM);
    }
}
