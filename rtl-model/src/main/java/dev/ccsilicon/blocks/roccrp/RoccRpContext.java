package dev.ccsilicon.blocks.roccrp;

import dev.ccsilicon.blocks.qptable.QpTable;
import dev.ccsilicon.blocks.qptable.ContextLayout;
/**
 * The per-QP context of the RoCC reaction point (seed 000, Algorithm 2; SPEC 6.5), as the
 * {@code rocc_rp} block will keep it in a {@link QpTable}. 61 bits per QP:
 * <pre>
 *   [23:0]  rate       R_cur in Delta^F = 10 Mb/s units
 *   [55:24] cp         CP_cur: {switch id[15:0], egress port[15:0]} of the last accepted CNP
 *   [56]    limiter    rate limiter installed
 *   [60:57] timer_gen  generation of the armed recovery timer
 * </pre>
 * Why these widths:
 * <ul>
 *   <li>{@code rate}: the CNP carries the fair rate as 24 bits in Delta^F units, and line 5
 *       ({@code R_cur <- R_rcvd}) stores it unchanged, so R_cur needs the CNP's 24 bits (up to
 *       167 Tb/s). Fast recovery doubles R_cur but stops at R_max (line 9), which is below 2^23
 *       units for any link the field can name, so the doubling never needs a 25th bit.</li>
 *   <li>{@code cp}: line 4 compares CP_rcvd with CP_cur for equality, so CP_cur holds the CNP's
 *       whole congestion point id: 16-bit switch id + 16-bit port.</li>
 *   <li>{@code limiter}: "remove this rate limiter" (line 10) and "no limiter yet" (SPEC 6.5,
 *       accept unconditionally) need one bit; with it clear, rate and cp are don't-care, so the
 *       table's zero init sweep leaves every QP unlimited.</li>
 *   <li>{@code timer_gen}: the recovery timer itself lives in {@code timer_wheel}; RESET_TIMER
 *       (lines 7 and 12) re-arms it. An expiry already on its way from the wheel when a CNP re-arms
 *       the timer must be ignored, so each arm bumps the generation, the wheel returns it with the
 *       expiry, and a mismatch marks the expiry stale. Four bits alias only after 16 re-arms of one
 *       QP while an expiry is in flight between the wheel and the RP pipeline (a few cycles).</li>
 * </ul>
 */
public final class RoccRpContext
{
    public static final int RATE_WIDTH = 24;
    public static final int CP_WIDTH = 32;
    public static final int TIMER_GEN_WIDTH = 4;

    public static final ContextLayout LAYOUT = ContextLayout.builder("rocc_rp")
        .field("rate", RATE_WIDTH)
        .field("cp", CP_WIDTH)
        .field("limiter", 1)
        .field("timer_gen", TIMER_GEN_WIDTH)
        .build();

    public static final int RATE = LAYOUT.indexOf("rate");
    public static final int CP = LAYOUT.indexOf("cp");
    public static final int LIMITER = LAYOUT.indexOf("limiter");
    public static final int TIMER_GEN = LAYOUT.indexOf("timer_gen");

    private RoccRpContext()
    {
    }

    /** CP id as the CNP carries it: switch id in the upper 16 bits, egress port in the lower. */
    public static long cpId(final int switchId, final int port)
    {
        return ((long)(switchId & 0xFFFF) << 16) | (port & 0xFFFF);
    }
}
