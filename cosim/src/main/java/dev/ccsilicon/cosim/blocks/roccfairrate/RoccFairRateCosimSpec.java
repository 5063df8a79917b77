package dev.ccsilicon.cosim.blocks.roccfairrate;

import dev.ccsilicon.blocks.roccfairrate.RoccFairRate;
import dev.ccsilicon.blocks.roccfairrate.RoccFairRateConfig;
import dev.ccsilicon.blocks.roccfairrate.RoccFairRatePorts;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.hdl.PortSpec;
import dev.ccsilicon.hdl.StreamSpec;
import dev.ccsilicon.hdl.fixed.Rounding;

import static dev.ccsilicon.blocks.roccfairrate.RoccFairRatePorts.*;

/**
 * The co-simulated pins of {@code rocc_fair_rate}: the block's own declaration
 * ({@link RoccFairRatePorts}) with {@code q_rd_bytes_i} replaced by the traffic-manager stub of
 * {@code rtl/switch/tb/rocc_fair_rate_cosim.sv} (a stream of depth writes), plus the stub's
 * parameter. Streams: {@code depth} in, {@code update} out (the update and both statistics
 * counters, so the counters are compared at every handshake).
 */
public final class RoccFairRateCosimSpec
{
    public static final String NAME = "rocc_fair_rate";
    public static final String TOP = "rocc_fair_rate_cosim";
    /** Ports of the co-simulated instance: short sweeps, so periods near P and deferral are cheap. */
    public static final int PORTS = 8;
    public static final int SILENCE_LIMIT = 256;

    public static final String QD_VALID_I = "qd_valid_i";
    public static final String QD_READY_O = "qd_ready_o";
    public static final String QD_PORT_I = "qd_port_i";
    public static final String QD_BYTES_I = "qd_bytes_i";

    private RoccFairRateCosimSpec()
    {
    }

    public static BlockSpec spec()
    {
        return spec(parameters(PORTS, 0, Rounding.FLOOR));
    }

    /** The spec of an instance with the parameters of {@code p} (its cfg values are not used). */
    public static BlockSpec spec(final RoccFairRateConfig p)
    {
        final BlockSpec.Builder b = BlockSpec.builder(NAME, TOP)
            .sourcesFromHierarchy()
            .parameters(p)
            .parameter("OutDepth", RoccFairRate.DEFAULT_OUT_DEPTH)
            .parameter("StatWidth", RoccFairRate.DEFAULT_STAT_WIDTH)
            .parameter("SilenceLimit", SILENCE_LIMIT);
        for (final PortSpec port : RoccFairRatePorts.of(p, RoccFairRate.DEFAULT_STAT_WIDTH))
        {
            if (port.name().equals(Q_RD_BYTES_I))
            {
                b.in(QD_VALID_I, 1).out(QD_READY_O, 1).in(QD_PORT_I, p.portWidth()).in(QD_BYTES_I, p.qBytesWidth());
            }
            else
            {
                b.port(port);
            }
        }
        return b
            .stream(StreamSpec.in("depth", QD_VALID_I, QD_READY_O, QD_PORT_I, QD_BYTES_I))
            .stream(StreamSpec.out("update", OUT_VALID_O, OUT_READY_I, OUT_PORT_O, OUT_F_O, OUT_BRANCH_O,
                OUT_CLAMP_O, OUT_RATIO_LOG2_O, STAT_LATE_TICKS_O, STAT_MERGED_TICKS_O))
            .build();
    }

    /** The parameters a spec was built with, as a config whose cfg values are placeholders. */
    public static RoccFairRateConfig parametersOf(final BlockSpec spec)
    {
        final RoccFairRateConfig d = parameters(PORTS, 0, Rounding.FLOOR);
        final int ports = spec.intParameter("NumPorts", d.ports());
        return spec.config(new RoccFairRateConfig(ports, d.qBytesWidth(), d.quantBytes(), d.rateUnitMbps(),
            d.fIntWidth(), d.fFracWidth(), d.abIntWidth(), d.abFracWidth(), d.periodWidth(), ports,
            1, 2, 3, 1, 1, 1, 0, 0, d.rounding()));
    }

    /** Default widths with {@code ports}, {@code fFracWidth} and {@code rounding}. */
    public static RoccFairRateConfig parameters(
        final int ports, final int fFracWidth, final Rounding rounding)
    {
        return RoccFairRateConfig.gbps40(ports, 1_000_000_000L).withFFracWidth(fFracWidth).withRounding(rounding);
    }
}
