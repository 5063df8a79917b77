package dev.ccsilicon.blocks.ldcppawa;

import dev.ccsilicon.blocks.qptable.ContextLayout;

/**
 * The per-QP context of {@code ldcp_pawa} (next-blocks §d.3) in {@code qp_table}: 100 bits.
 * <pre>
 *   [39:0]   x             cw·2^24, UQ16.24
 *   [59:40]  srtt          smoothed RTT, u20 cycles
 *   [75:60]  fs_sent       first-RTT packets sent, u16 saturating
 *   [91:76]  fs_acked      packets acknowledged in fast start, u16 saturating
 *   [92]     live          0 after the table's zero sweep: the QP reads as just started
 *   [93]     fs            FAST_START
 *   [94]     fs_first_ack  an ACK arrived in this fast start (first-RTT packets are over)
 *   [95]     tick_ok       timer mode: one packet may leave
 *   [99:96]  gen           generation of the tick timer (stale-expiry check)
 * </pre>
 * Why: §d.3's 99 bits plus {@code live}, so that the zero init sweep leaves every QP in its
 * started state (X = IW, srtt = rtt_base, fs = cfg) without a second sweep. The tick is armed in
 * the wheel exactly when the QP is in timer mode (STABLE, X &lt; 2^24) with tick_ok = 0, so no
 * "armed" bit is needed.
 */
public final class LdcpPawaContext
{
    public static final int X_WIDTH = LdcpPawaMath.X_WIDTH;
    public static final int RTT_WIDTH = LdcpPawaMath.RTT_WIDTH;
    public static final int CNT_WIDTH = 16;
    public static final int GEN_WIDTH = 4;

    public static final ContextLayout LAYOUT = ContextLayout.builder("ldcp_pawa")
        .field("x", X_WIDTH)
        .field("srtt", RTT_WIDTH)
        .field("fs_sent", CNT_WIDTH)
        .field("fs_acked", CNT_WIDTH)
        .field("live", 1)
        .field("fs", 1)
        .field("fs_first_ack", 1)
        .field("tick_ok", 1)
        .field("gen", GEN_WIDTH)
        .build();

    public static final int X = LAYOUT.indexOf("x");
    public static final int SRTT = LAYOUT.indexOf("srtt");
    public static final int FS_SENT = LAYOUT.indexOf("fs_sent");
    public static final int FS_ACKED = LAYOUT.indexOf("fs_acked");
    public static final int LIVE = LAYOUT.indexOf("live");
    public static final int FS = LAYOUT.indexOf("fs");
    public static final int FS_FIRST_ACK = LAYOUT.indexOf("fs_first_ack");
    public static final int TICK_OK = LAYOUT.indexOf("tick_ok");
    public static final int GEN = LAYOUT.indexOf("gen");

    private LdcpPawaContext()
    {
    }
}
