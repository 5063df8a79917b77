package dev.ccsilicon.blocks.timerwheel;

import java.util.ArrayList;
import java.util.List;

/**
 * The pins of {@code rtl/nic/timer_wheel.sv}, declared once: the model's port views, the docs page
 * and the co-simulation adapter's {@code BlockSpec} are all derived from this list, in this order.
 */
public final class TimerWheelPorts
{
    /** Direction seen from the block. */
    public enum Direction
    {
        IN, OUT
    }

    /** One pin: RTL name, direction and width in bits. */
    public record Port(String name, Direction direction, int width)
    {
    }

    public static final String CLK = "clk_i";
    public static final String RST_N = "rst_ni";
    public static final String CMD_VALID = "cmd_valid_i";
    public static final String CMD_READY = "cmd_ready_o";
    public static final String CMD_CANCEL = "cmd_cancel_i";
    public static final String CMD_QP = "cmd_qp_i";
    public static final String CMD_DEADLINE = "cmd_deadline_i";
    public static final String RSP_VALID = "rsp_valid_o";
    public static final String RSP_READY = "rsp_ready_i";
    public static final String RSP_QP = "rsp_qp_o";
    public static final String RSP_CODE = "rsp_code_o";
    public static final String RSP_PAST = "rsp_past_o";
    public static final String EXP_VALID = "exp_valid_o";
    public static final String EXP_READY = "exp_ready_i";
    public static final String EXP_LANE_VALID = "exp_lane_valid_o";
    public static final String EXP_QP = "exp_qp_o";
    public static final String EXP_DEADLINE = "exp_deadline_o";
    public static final String EXP_LATE = "exp_late_o";
    public static final String NOW = "now_o";
    public static final String ARMED_COUNT = "armed_count_o";
    public static final String STAT_EXPIRED = "stat_expired_o";
    public static final String STAT_PAST = "stat_past_o";
    public static final String STAT_REJECT = "stat_reject_o";
    public static final String STAT_CANCEL_UNARMED = "stat_cancel_unarmed_o";
    public static final String STAT_LATE_MAX = "stat_late_max_o";
    public static final String STAT_LATE_HIST = "stat_late_hist_o";

    /** Data pins of each stream, in payload order. */
    public static final List<String> CMD_DATA = List.of(CMD_CANCEL, CMD_QP, CMD_DEADLINE);
    public static final List<String> RSP_DATA = List.of(RSP_QP, RSP_CODE, RSP_PAST);
    public static final List<String> EXP_DATA = List.of(EXP_LANE_VALID, EXP_QP, EXP_DEADLINE, EXP_LATE);

    private TimerWheelPorts()
    {
    }

    /** Every pin of the block built with {@code config}, in RTL declaration order. */
    public static List<Port> of(final TimerWheelConfig config)
    {
        final int qw = config.qpWidth();
        final int w = config.deadlineWidth();
        final int e = config.numLanes();
        final int sw = config.statWidth();
        final List<Port> ports = new ArrayList<>();
        ports.add(new Port(CLK, Direction.IN, 1));
        ports.add(new Port(RST_N, Direction.IN, 1));
        ports.add(new Port(CMD_VALID, Direction.IN, 1));
        ports.add(new Port(CMD_READY, Direction.OUT, 1));
        ports.add(new Port(CMD_CANCEL, Direction.IN, 1));
        ports.add(new Port(CMD_QP, Direction.IN, qw));
        ports.add(new Port(CMD_DEADLINE, Direction.IN, w));
        ports.add(new Port(RSP_VALID, Direction.OUT, 1));
        ports.add(new Port(RSP_READY, Direction.IN, 1));
        ports.add(new Port(RSP_QP, Direction.OUT, qw));
        ports.add(new Port(RSP_CODE, Direction.OUT, 3));
        ports.add(new Port(RSP_PAST, Direction.OUT, 1));
        ports.add(new Port(EXP_VALID, Direction.OUT, 1));
        ports.add(new Port(EXP_READY, Direction.IN, 1));
        ports.add(new Port(EXP_LANE_VALID, Direction.OUT, e));
        ports.add(new Port(EXP_QP, Direction.OUT, e * qw));
        ports.add(new Port(EXP_DEADLINE, Direction.OUT, e * w));
        ports.add(new Port(EXP_LATE, Direction.OUT, e * config.lateWidth()));
        ports.add(new Port(NOW, Direction.OUT, w));
        ports.add(new Port(ARMED_COUNT, Direction.OUT, qw + 1));
        ports.add(new Port(STAT_EXPIRED, Direction.OUT, sw));
        ports.add(new Port(STAT_PAST, Direction.OUT, sw));
        ports.add(new Port(STAT_REJECT, Direction.OUT, sw));
        ports.add(new Port(STAT_CANCEL_UNARMED, Direction.OUT, sw));
        ports.add(new Port(STAT_LATE_MAX, Direction.OUT, config.lateWidth()));
        ports.add(new Port(STAT_LATE_HIST, Direction.OUT, TimerWheelConfig.HIST_BUCKETS * sw));
        return List.copyOf(ports);
    }

    /** RTL parameter overrides ({@code -G}) that build the RTL with {@code config}. */
    public static List<Parameter> parameters(final TimerWheelConfig config)
    {
        return List.of(
            new Parameter("NumQps", config.numQps()),
            new Parameter("NumSlots", config.numSlots()),
            new Parameter("SlotCycles", config.slotCycles()),
            new Parameter("NumLanes", config.numLanes()),
            new Parameter("DeadlineWidth", config.deadlineWidth()),
            new Parameter("LateWidth", config.lateWidth()),
            new Parameter("StatWidth", config.statWidth()));
    }

    /** One RTL parameter and its value. */
    public record Parameter(String name, int value)
    {
    }
}
