package dev.ccsilicon.blocks.ldcppawa;

import dev.ccsilicon.hdl.PortSpec;

import java.util.ArrayList;
import java.util.List;

/**
 * The pins of {@code rtl/nic/ldcp_pawa.sv}, declared once, in RTL order: the co-simulation's
 * {@code BlockSpec}, the docs page and {@link LdcpPawa}'s pins follow this list.
 */
public final class LdcpPawaPorts
{
    /** Statistics outputs, in RTL order. */
    public static final List<String> STATS = List.of(
        "stat_ai_o", "stat_md_o", "stat_sub1_enter_o", "stat_sub1_leave_o", "stat_fs_loss_o", "stat_fs_done_o",
        "stat_stale_o", "stat_fwd_o");

    /** Configuration pins, in RTL order. */
    public static final List<String> CFG = List.of(
        "cfg_alpha_i", "cfg_beta_i", "cfg_gamma_shift_i", "cfg_eta_shift_i", "cfg_iw_i", "cfg_cw_max_i", "cfg_mtu_i",
        "cfg_rtt_mode_i", "cfg_rtt_base_i", "cfg_fast_start_i");

    /** Data pins of the streams, in payload order. */
    public static final List<String> START_DATA = List.of("start_qp_i");
    public static final List<String> TX_DATA = List.of("tx_qp_i", "tx_last_i");
    public static final List<String> ACK_DATA = List.of("ack_qp_i", "ack_n_i", "ack_ece_i", "ack_rtt_valid_i", "ack_rtt_i");
    public static final List<String> LOSS_DATA = List.of("loss_qp_i");
    public static final List<String> UPD_DATA = List.of("upd_qp_o", "upd_cause_o", "upd_ecn_o", "upd_window_o",
        "upd_timer_mode_o", "upd_tick_ok_o");

    private LdcpPawaPorts()
    {
    }

    public static List<PortSpec> of(final LdcpPawaConfig config)
    {
        final int qw = config.qpWidth();
        final List<PortSpec> p = new ArrayList<>();
        p.add(PortSpec.in("clk_i", 1));
        p.add(PortSpec.in("rst_ni", 1));
        p.add(PortSpec.in("cfg_alpha_i", LdcpPawaParams.ALPHA_WIDTH));
        p.add(PortSpec.in("cfg_beta_i", LdcpPawaParams.BETA_WIDTH));
        p.add(PortSpec.in("cfg_gamma_shift_i", LdcpPawaParams.SHIFT_WIDTH));
        p.add(PortSpec.in("cfg_eta_shift_i", LdcpPawaParams.SHIFT_WIDTH));
        p.add(PortSpec.in("cfg_iw_i", LdcpPawaParams.IW_WIDTH));
        p.add(PortSpec.in("cfg_cw_max_i", LdcpPawaParams.IW_WIDTH));
        p.add(PortSpec.in("cfg_mtu_i", LdcpPawaParams.MTU_WIDTH));
        p.add(PortSpec.in("cfg_rtt_mode_i", 1));
        p.add(PortSpec.in("cfg_rtt_base_i", LdcpPawaParams.RTT_WIDTH));
        p.add(PortSpec.in("cfg_fast_start_i", 1));
        p.add(PortSpec.in("start_valid_i", 1));
        p.add(PortSpec.out("start_ready_o", 1));
        p.add(PortSpec.in("start_qp_i", qw));
        p.add(PortSpec.in("tx_valid_i", 1));
        p.add(PortSpec.out("tx_ready_o", 1));
        p.add(PortSpec.in("tx_qp_i", qw));
        p.add(PortSpec.in("tx_last_i", 1));
        p.add(PortSpec.in("ack_valid_i", 1));
        p.add(PortSpec.out("ack_ready_o", 1));
        p.add(PortSpec.in("ack_qp_i", qw));
        p.add(PortSpec.in("ack_n_i", LdcpPawaUpdate.N_WIDTH));
        p.add(PortSpec.in("ack_ece_i", 1));
        p.add(PortSpec.in("ack_rtt_valid_i", 1));
        p.add(PortSpec.in("ack_rtt_i", LdcpPawaMath.RTT_WIDTH));
        p.add(PortSpec.in("loss_valid_i", 1));
        p.add(PortSpec.out("loss_ready_o", 1));
        p.add(PortSpec.in("loss_qp_i", qw));
        p.add(PortSpec.out("upd_valid_o", 1));
        p.add(PortSpec.in("upd_ready_i", 1));
        p.add(PortSpec.out("upd_qp_o", qw));
        p.add(PortSpec.out("upd_cause_o", LdcpPawaMath.CAUSE_WIDTH));
        p.add(PortSpec.out("upd_ecn_o", 2));
        p.add(PortSpec.out("upd_window_o", LdcpPawaMath.WINDOW_WIDTH));
        p.add(PortSpec.out("upd_timer_mode_o", 1));
        p.add(PortSpec.out("upd_tick_ok_o", 1));
        p.add(PortSpec.out("init_busy_o", 1));
        p.add(PortSpec.out("timers_armed_o", qw + 1));
        for (final String s : STATS)
        {
            p.add(PortSpec.out(s, config.statWidth()));
        }
        return List.copyOf(p);
    }
}
