package dev.ccsilicon.blocks.dcqcnrp;

import dev.ccsilicon.hdl.PortSpec;

import java.util.ArrayList;
import java.util.List;

/**
 * The pins of {@code rtl/nic/dcqcn_rp.sv}, declared once, in RTL order: the co-simulation's
 * {@code BlockSpec}, the docs page and {@link DcqcnRp}'s pins follow this list.
 */
public final class DcqcnRpPorts
{
    /** Statistics outputs, in RTL order. */
    public static final List<String> STATS = List.of(
        "stat_cnp_o", "stat_cut_o", "stat_fr_o", "stat_ai_o", "stat_hai_o", "stat_alpha_decay_o", "stat_stale_o",
        "stat_limiter_removed_o", "stat_ignored_o", "stat_fwd_o");

    /** Data pins of the streams, in payload order. */
    public static final List<String> CNP_DATA = List.of("cnp_qp_i");
    public static final List<String> TX_DATA = List.of("tx_qp_i", "tx_bytes_i");
    public static final List<String> UPD_DATA = List.of("upd_qp_o", "upd_rc_o", "upd_limiter_o", "upd_cause_o");

    private DcqcnRpPorts()
    {
    }

    public static List<PortSpec> of(final DcqcnRpConfig config)
    {
        final int qw = config.qpWidth();
        final int dw = config.deadlineWidth();
        final List<PortSpec> p = new ArrayList<>();
        p.add(PortSpec.in("clk_i", 1));
        p.add(PortSpec.in("rst_ni", 1));
        p.add(PortSpec.in("cfg_profile_i", 1));
        p.add(PortSpec.in("cfg_fr_pre_i", 1));
        p.add(PortSpec.in("cfg_alpha_first_i", 1));
        p.add(PortSpec.in("cfg_hai_scale_i", 1));
        p.add(PortSpec.in("cfg_hai_half_timer_i", 1));
        p.add(PortSpec.in("cfg_hai_half_bytes_i", 1));
        p.add(PortSpec.in("cfg_rate_line_i", DcqcnRpParams.RATE_WIDTH));
        p.add(PortSpec.in("cfg_rate_min_i", DcqcnRpParams.RATE_WIDTH));
        p.add(PortSpec.in("cfg_rate_ai_i", DcqcnRpParams.RATE_WIDTH));
        p.add(PortSpec.in("cfg_rate_hai_i", DcqcnRpParams.RATE_WIDTH));
        p.add(PortSpec.in("cfg_g16_i", DcqcnRpParams.G_WIDTH));
        p.add(PortSpec.in("cfg_f_i", DcqcnRpParams.F_WIDTH));
        p.add(PortSpec.in("cfg_bytes_i", DcqcnRpParams.BYTES_WIDTH));
        p.add(PortSpec.in("cfg_t_inc_i", dw));
        p.add(PortSpec.in("cfg_t_alpha_i", dw));
        p.add(PortSpec.in("cfg_t_dec_i", dw));
        p.add(PortSpec.in("cnp_valid_i", 1));
        p.add(PortSpec.out("cnp_ready_o", 1));
        p.add(PortSpec.in("cnp_qp_i", qw));
        p.add(PortSpec.in("tx_valid_i", 1));
        p.add(PortSpec.out("tx_ready_o", 1));
        p.add(PortSpec.in("tx_qp_i", qw));
        p.add(PortSpec.in("tx_bytes_i", DcqcnRpUpdate.TX_BYTES_WIDTH));
        p.add(PortSpec.out("upd_valid_o", 1));
        p.add(PortSpec.in("upd_ready_i", 1));
        p.add(PortSpec.out("upd_qp_o", qw));
        p.add(PortSpec.out("upd_rc_o", DcqcnRpParams.RATE_WIDTH));
        p.add(PortSpec.out("upd_limiter_o", 1));
        p.add(PortSpec.out("upd_cause_o", DcqcnRpUpdate.RESULT_WIDTH));
        p.add(PortSpec.out("init_busy_o", 1));
        p.add(PortSpec.out("timers_armed_o", qw + 2));
        for (final String s : STATS)
        {
            p.add(PortSpec.out(s, config.statWidth()));
        }
        return List.copyOf(p);
    }
}
