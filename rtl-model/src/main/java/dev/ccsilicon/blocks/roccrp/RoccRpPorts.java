package dev.ccsilicon.blocks.roccrp;

import java.util.ArrayList;
import java.util.List;

/**
 * The pins of {@code rtl/nic/rocc_rp.sv}, declared once, in RTL order: the co-simulation's
 * {@code BlockSpec}, the docs page and {@link RoccRp}'s pin methods follow this list.
 */
public final class RoccRpPorts
{
    /** One pin: RTL name, direction (seen from the block) and width. */
    public record Port(String name, boolean output, int width)
    {
    }

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

    public static List<Port> of(final RoccRpConfig config)
    {
        final int qw = config.qpWidth();
        final List<Port> p = new ArrayList<>();
        p.add(new Port("clk_i", false, 1));
        p.add(new Port("rst_ni", false, 1));
        p.add(new Port("cfg_rate_max_i", false, 24));
        p.add(new Port("cfg_recovery_i", false, config.deadlineWidth()));
        p.add(new Port("cnp_valid_i", false, 1));
        p.add(new Port("cnp_ready_o", true, 1));
        p.add(new Port("cnp_qp_i", false, qw));
        p.add(new Port("cnp_rate_i", false, 24));
        p.add(new Port("cnp_cp_i", false, 32));
        p.add(new Port("upd_valid_o", true, 1));
        p.add(new Port("upd_ready_i", false, 1));
        p.add(new Port("upd_qp_o", true, qw));
        p.add(new Port("upd_rate_o", true, 24));
        p.add(new Port("upd_limiter_o", true, 1));
        p.add(new Port("upd_cause_o", true, 4));
        p.add(new Port("init_busy_o", true, 1));
        p.add(new Port("timers_armed_o", true, qw + 1));
        for (final String s : STATS)
        {
            p.add(new Port(s, true, config.statWidth()));
        }
        return List.copyOf(p);
    }
}
