package dev.ccsilicon.blocks.timerwheel;

import dev.ccsilicon.hdl.PortSpec;
import dev.ccsilicon.hdl.StreamSpec;

import java.util.ArrayList;
import java.util.List;

/**
 * The pins of {@code rtl/nic/timer_wheel.sv}, declared once: the model's port views, the docs page
 * and the co-simulation adapter's {@code BlockSpec} (pins and streams) are all derived from this
 * declaration, in this order.
 */
public final class TimerWheelPorts
{
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

    private TimerWheelPorts()
    {
    }

    /** Every pin of the block built with {@code config}, in RTL declaration order. */
    public static List<PortSpec> of(final TimerWheelConfig config)
    {
        final int qw = config.qpWidth();
        final int w = config.deadlineWidth();
        final int e = config.numLanes();
        final int sw = config.statWidth();
        final List<PortSpec> ports = new ArrayList<>();
        ports.add(PortSpec.in(CLK, 1));
        ports.add(PortSpec.in(RST_N, 1));
        ports.add(PortSpec.in(CMD_VALID, 1));
        ports.add(PortSpec.out(CMD_READY, 1));
        ports.add(PortSpec.in(CMD_CANCEL, 1));
        ports.add(PortSpec.in(CMD_QP, qw));
        ports.add(PortSpec.in(CMD_DEADLINE, w));
        ports.add(PortSpec.out(RSP_VALID, 1));
        ports.add(PortSpec.in(RSP_READY, 1));
        ports.add(PortSpec.out(RSP_QP, qw));
        ports.add(PortSpec.out(RSP_CODE, 3));
        ports.add(PortSpec.out(RSP_PAST, 1));
        ports.add(PortSpec.out(EXP_VALID, 1));
        ports.add(PortSpec.in(EXP_READY, 1));
        ports.add(PortSpec.out(EXP_LANE_VALID, e));
        ports.add(PortSpec.out(EXP_QP, e * qw));
        ports.add(PortSpec.out(EXP_DEADLINE, e * w));
        ports.add(PortSpec.out(EXP_LATE, e * config.lateWidth()));
        ports.add(PortSpec.out(NOW, w));
        ports.add(PortSpec.out(ARMED_COUNT, qw + 1));
        ports.add(PortSpec.out(STAT_EXPIRED, sw));
        ports.add(PortSpec.out(STAT_PAST, sw));
        ports.add(PortSpec.out(STAT_REJECT, sw));
        ports.add(PortSpec.out(STAT_CANCEL_UNARMED, sw));
        ports.add(PortSpec.out(STAT_LATE_MAX, config.lateWidth()));
        ports.add(PortSpec.out(STAT_LATE_HIST, TimerWheelConfig.HIST_BUCKETS * sw));
        return List.copyOf(ports);
    }

    /** The valid/ready streams (command in; response and expiry out), data pins in payload order. */
    public static List<StreamSpec> streams()
    {
        return List.of(
            StreamSpec.in("cmd", CMD_VALID, CMD_READY, CMD_CANCEL, CMD_QP, CMD_DEADLINE),
            StreamSpec.out("rsp", RSP_VALID, RSP_READY, RSP_QP, RSP_CODE, RSP_PAST),
            StreamSpec.out("exp", EXP_VALID, EXP_READY, EXP_LANE_VALID, EXP_QP, EXP_DEADLINE, EXP_LATE));
    }
}
