package dev.ccsilicon.blocks.dcqcnnp;

import dev.ccsilicon.hdl.PortSpec;

import java.util.ArrayList;
import java.util.List;

/**
 * The pins of {@code rtl/nic/dcqcn_np.sv}, declared once, in RTL order: the co-simulation's
 * {@code BlockSpec}, the docs page and {@link DcqcnNp}'s pins follow this list.
 */
public final class DcqcnNpPorts
{
    /** Statistics outputs, in RTL order. */
    public static final List<String> STATS = List.of(
        "stat_ce_seen_o", "stat_cnp_sent_o", "stat_suppressed_o", "stat_ce_dropped_o");

    /** Data pins of the two streams, in payload order. */
    public static final List<String> CE_DATA = List.of("ce_qp_i");
    public static final List<String> CNP_DATA = List.of("cnp_qp_o", "cnp_cause_o");

    private DcqcnNpPorts()
    {
    }

    public static List<PortSpec> of(final DcqcnNpConfig config)
    {
        final int qw = config.qpWidth();
        final List<PortSpec> p = new ArrayList<>();
        p.add(PortSpec.in("clk_i", 1));
        p.add(PortSpec.in("rst_ni", 1));
        p.add(PortSpec.in("cfg_mode_i", DcqcnNpUpdate.MODE_WIDTH));
        p.add(PortSpec.in("cfg_interval_i", DcqcnNpUpdate.TIME_WIDTH));
        p.add(PortSpec.in("ce_valid_i", 1));
        p.add(PortSpec.out("ce_ready_o", 1));
        p.add(PortSpec.in("ce_qp_i", qw));
        p.add(PortSpec.out("cnp_valid_o", 1));
        p.add(PortSpec.in("cnp_ready_i", 1));
        p.add(PortSpec.out("cnp_qp_o", qw));
        p.add(PortSpec.out("cnp_cause_o", DcqcnNpUpdate.CAUSE_WIDTH));
        p.add(PortSpec.out("init_busy_o", 1));
        p.add(PortSpec.out("timers_armed_o", qw + 1));
        for (final String s : STATS)
        {
            p.add(PortSpec.out(s, config.statWidth()));
        }
        return List.copyOf(p);
    }
}
