package dev.ccsilicon.blocks.roccrp;

import dev.ccsilicon.hdl.PortSpec;

import java.util.ArrayList;
import java.util.List;

/**
 * The pins of {@code rtl/nic/rocc_rp.sv}, declared once, in RTL order: the co-simulation's
 * {@code BlockSpec}, the docs page and {@link RoccRp}'s pin methods follow this list.
 */
public final class RoccRpPorts
{
    /** Statistics outputs, in RTL order. */
    public static final List<String> STATS = List.of(
        "stat_accept_o", "stat_reject_o", "stat_double_o", "stat_remove_o", "stat_stale_o", "stat_ignored_o",
        "stat_arm_reject_o", "stat_fwd_o", "stat_cnp_wait_o", "stat_race_o");

    /** Data pins of the two streams, in payload order. */
    public static final List<String> CNP_DATA = List.of("cnp_qp_i", "cnp_rate_i", "cnp_cp_i");
    public static final List<String> UPD_DATA = List.of("upd_qp_o", "upd_rate_o", "upd_limiter_o", "upd_cause_o");

    private RoccRpPorts()
    {
    }

    public static List<PortSpec> of(final RoccRpConfig config)
    {
        final int qw = config.qpWidth();
        final List<PortSpec> p = new ArrayList<>();
        p.add(PortSpec.in("clk_i", 1));
        p.add(PortSpec.in("rst_ni", 1));
        p.add(PortSpec.in("cfg_rate_max_i", 24));
        p.add(PortSpec.in("cfg_recovery_i", config.deadlineWidth()));
        p.add(PortSpec.in("cnp_valid_i", 1));
        p.add(PortSpec.out("cnp_ready_o", 1));
        p.add(PortSpec.in("cnp_qp_i", qw));
        p.add(PortSpec.in("cnp_rate_i", 24));
        p.add(PortSpec.in("cnp_cp_i", 32));
        p.add(PortSpec.out("upd_valid_o", 1));
        p.add(PortSpec.in("upd_ready_i", 1));
        p.add(PortSpec.out("upd_qp_o", qw));
        p.add(PortSpec.out("upd_rate_o", 24));
        p.add(PortSpec.out("upd_limiter_o", 1));
        p.add(PortSpec.out("upd_cause_o", 4));
        p.add(PortSpec.out("init_busy_o", 1));
        p.add(PortSpec.out("timers_armed_o", qw + 1));
        for (final String s : STATS)
        {
            p.add(PortSpec.out(s, config.statWidth()));
        }
        return List.copyOf(p);
    }
}
