package dev.ccsilicon.blocks.roccfairrate;

import dev.ccsilicon.hdl.PortSpec;

import java.util.ArrayList;
import java.util.List;

/**
 * The pins of {@code rtl/switch/rocc_fair_rate.sv}, declared once: the Java model creates its input
 * wires and output probes from this list, the co-simulation harness is generated from it, and the
 * tests hold the docs page and the RTL's port list against it. Order and names are the RTL's.
 * {@link #CLK_I} and {@link #RST_NI} are the kernel's clock domain and {@code reset()}; the
 * {@code cfg_*_i} pins are static configuration, written while {@code enable_i} is low and then held.
 */
public final class RoccFairRatePorts
{
    /** Name of the RTL top module. */
    public static final String RTL_TOP = "rocc_fair_rate";

    public static final String CLK_I = "clk_i";
    public static final String RST_NI = "rst_ni";
    public static final String ENABLE_I = "enable_i";
    public static final String CFG_PERIOD_I = "cfg_period_i";
    public static final String CFG_Q_REF_I = "cfg_q_ref_i";
    public static final String CFG_Q_MID_I = "cfg_q_mid_i";
    public static final String CFG_Q_MAX_I = "cfg_q_max_i";
    public static final String CFG_F_MIN_I = "cfg_f_min_i";
    public static final String CFG_F_MAX_I = "cfg_f_max_i";
    public static final String CFG_F_INIT_I = "cfg_f_init_i";
    public static final String CFG_ALPHA_I = "cfg_alpha_i";
    public static final String CFG_BETA_I = "cfg_beta_i";
    public static final String Q_RD_REQ_O = "q_rd_req_o";
    public static final String Q_RD_PORT_O = "q_rd_port_o";
    public static final String Q_RD_BYTES_I = "q_rd_bytes_i";
    public static final String OUT_VALID_O = "out_valid_o";
    public static final String OUT_READY_I = "out_ready_i";
    public static final String OUT_PORT_O = "out_port_o";
    public static final String OUT_F_O = "out_f_o";
    public static final String OUT_BRANCH_O = "out_branch_o";
    public static final String OUT_CLAMP_O = "out_clamp_o";
    public static final String OUT_RATIO_LOG2_O = "out_ratio_log2_o";
    public static final String STAT_LATE_TICKS_O = "stat_late_ticks_o";
    public static final String STAT_MERGED_TICKS_O = "stat_merged_ticks_o";

    private RoccFairRatePorts()
    {
    }

    /** The pins at the parameters of {@code cfg}, in RTL declaration order. */
    public static List<PortSpec> of(final RoccFairRateConfig cfg, final int statWidth)
    {
        final int q = cfg.qWidth();
        final int fi = cfg.fIntWidth();
        final int ab = cfg.abWidth();
        final int pw = cfg.portWidth();
        final List<PortSpec> ports = new ArrayList<>();
        ports.add(PortSpec.in(CLK_I, 1));
        ports.add(PortSpec.in(RST_NI, 1));
        ports.add(PortSpec.in(ENABLE_I, 1));
        ports.add(PortSpec.in(CFG_PERIOD_I, cfg.periodWidth()));
        ports.add(PortSpec.in(CFG_Q_REF_I, q));
        ports.add(PortSpec.in(CFG_Q_MID_I, q));
        ports.add(PortSpec.in(CFG_Q_MAX_I, q));
        ports.add(PortSpec.in(CFG_F_MIN_I, fi));
        ports.add(PortSpec.in(CFG_F_MAX_I, fi));
        ports.add(PortSpec.in(CFG_F_INIT_I, fi));
        ports.add(PortSpec.in(CFG_ALPHA_I, ab));
        ports.add(PortSpec.in(CFG_BETA_I, ab));
        ports.add(PortSpec.out(Q_RD_REQ_O, 1));
        ports.add(PortSpec.out(Q_RD_PORT_O, pw));
        ports.add(PortSpec.in(Q_RD_BYTES_I, cfg.qBytesWidth()));
        ports.add(PortSpec.out(OUT_VALID_O, 1));
        ports.add(PortSpec.in(OUT_READY_I, 1));
        ports.add(PortSpec.out(OUT_PORT_O, pw));
        ports.add(PortSpec.out(OUT_F_O, cfg.fWidth()));
        ports.add(PortSpec.out(OUT_BRANCH_O, 2));
        ports.add(PortSpec.out(OUT_CLAMP_O, 2));
        ports.add(PortSpec.out(OUT_RATIO_LOG2_O, 3));
        ports.add(PortSpec.out(STAT_LATE_TICKS_O, statWidth));
        ports.add(PortSpec.out(STAT_MERGED_TICKS_O, statWidth));
        return List.copyOf(ports);
    }

    /** The declared pin {@code name}; throws if there is none. */
    public static PortSpec find(final List<PortSpec> ports, final String name)
    {
        for (final PortSpec p : ports)
        {
            if (p.name().equals(name))
            {
                return p;
            }
        }
        throw new IllegalArgumentException("rocc_fair_rate has no port '" + name + "'");
    }
}
