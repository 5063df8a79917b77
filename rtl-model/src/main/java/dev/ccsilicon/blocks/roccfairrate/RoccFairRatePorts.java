package dev.ccsilicon.blocks.roccfairrate;

import java.util.ArrayList;
import java.util.List;

/**
 * The pins of {@code rtl/switch/rocc_fair_rate.sv}, declared once: the Java model creates its input
 * wires and output probes from this list, the co-simulation harness is generated from it, and the
 * tests hold the docs page and the RTL's port list against it. Order and names are the RTL's.
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

    /** Direction seen from the block. */
    public enum Direction
    {
        IN, OUT
    }

    /** What drives or consumes a pin. */
    public enum Role
    {
        /** {@code clk_i}: the kernel's clock domain. */
        CLOCK,
        /** {@code rst_ni}: the kernel's {@code reset()}. */
        RESET,
        /** Static configuration: written while {@code enable_i} is low, then held. */
        CONFIG,
        /** Changes cycle by cycle. */
        DYNAMIC
    }

    /**
     * One pin.
     *
     * @param name      the RTL port name.
     * @param direction seen from the block.
     * @param width     bits at the given parameters.
     * @param role      clock, reset, static configuration or dynamic.
     */
    public record Port(String name, Direction direction, int width, Role role)
    {
    }

    private RoccFairRatePorts()
    {
    }

    /** The pins at the parameters of {@code cfg}, in RTL declaration order. */
    public static List<Port> of(final RoccFairRateConfig cfg, final int statWidth)
    {
        final int q = cfg.qWidth();
        final int fi = cfg.fIntWidth();
        final int ab = cfg.abWidth();
        final int pw = cfg.portWidth();
        final List<Port> ports = new ArrayList<>();
        ports.add(new Port(CLK_I, Direction.IN, 1, Role.CLOCK));
        ports.add(new Port(RST_NI, Direction.IN, 1, Role.RESET));
        ports.add(new Port(ENABLE_I, Direction.IN, 1, Role.DYNAMIC));
        ports.add(new Port(CFG_PERIOD_I, Direction.IN, cfg.periodWidth(), Role.CONFIG));
        ports.add(new Port(CFG_Q_REF_I, Direction.IN, q, Role.CONFIG));
        ports.add(new Port(CFG_Q_MID_I, Direction.IN, q, Role.CONFIG));
        ports.add(new Port(CFG_Q_MAX_I, Direction.IN, q, Role.CONFIG));
        ports.add(new Port(CFG_F_MIN_I, Direction.IN, fi, Role.CONFIG));
        ports.add(new Port(CFG_F_MAX_I, Direction.IN, fi, Role.CONFIG));
        ports.add(new Port(CFG_F_INIT_I, Direction.IN, fi, Role.CONFIG));
        ports.add(new Port(CFG_ALPHA_I, Direction.IN, ab, Role.CONFIG));
        ports.add(new Port(CFG_BETA_I, Direction.IN, ab, Role.CONFIG));
        ports.add(new Port(Q_RD_REQ_O, Direction.OUT, 1, Role.DYNAMIC));
        ports.add(new Port(Q_RD_PORT_O, Direction.OUT, pw, Role.DYNAMIC));
        ports.add(new Port(Q_RD_BYTES_I, Direction.IN, cfg.qBytesWidth(), Role.DYNAMIC));
        ports.add(new Port(OUT_VALID_O, Direction.OUT, 1, Role.DYNAMIC));
        ports.add(new Port(OUT_READY_I, Direction.IN, 1, Role.DYNAMIC));
        ports.add(new Port(OUT_PORT_O, Direction.OUT, pw, Role.DYNAMIC));
        ports.add(new Port(OUT_F_O, Direction.OUT, cfg.fWidth(), Role.DYNAMIC));
        ports.add(new Port(OUT_BRANCH_O, Direction.OUT, 2, Role.DYNAMIC));
        ports.add(new Port(OUT_CLAMP_O, Direction.OUT, 2, Role.DYNAMIC));
        ports.add(new Port(OUT_RATIO_LOG2_O, Direction.OUT, 3, Role.DYNAMIC));
        ports.add(new Port(STAT_LATE_TICKS_O, Direction.OUT, statWidth, Role.DYNAMIC));
        ports.add(new Port(STAT_MERGED_TICKS_O, Direction.OUT, statWidth, Role.DYNAMIC));
        return List.copyOf(ports);
    }

    /** The declared pin {@code name}; throws if there is none. */
    public static Port find(final List<Port> ports, final String name)
    {
        for (final Port p : ports)
        {
            if (p.name().equals(name))
            {
                return p;
            }
        }
        throw new IllegalArgumentException("rocc_fair_rate has no port '" + name + "'");
    }
}
