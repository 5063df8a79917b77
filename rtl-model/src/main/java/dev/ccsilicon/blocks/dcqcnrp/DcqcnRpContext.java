package dev.ccsilicon.blocks.dcqcnrp;

import dev.ccsilicon.blocks.qptable.ContextLayout;

/**
 * The per-QP context of the DCQCN reaction point (next-blocks §c.3) in {@code qp_table}: 121 bits.
 * <pre>
 *   [23:0]    rc          Rc, u24 in Δ_R (meaningful while limited)
 *   [47:24]   rt          Rt, u24 in Δ_R (meaningful while limited)
 *   [63:48]   alpha       α, UQ1.15 (meaningful once seen)
 *   [71:64]   t_cnt       T, u8 saturating (ns3: the stage s)
 *   [79:72]   bc_cnt      BC, u8 saturating
 *   [107:80]  bc_rem      bytes left to the next byte-counter event, s28
 *   [108]     limited     rate limiter installed
 *   [109]     seen        a CNP has been seen: α is valid (the zero init sweep cannot write α = 1.0)
 *   [110]     alpha_run   alpha timer armed
 *   [111]     dec_pending ns3: the increase-kind timer is the on-demand decrease timer (a CNP is pending)
 *   [112]     alpha_flag  ns3: a CNP arrived in this alpha period
 *   [116:113] gen_inc     generation of the increase-kind timer (stale-expiry check)
 *   [120:117] gen_alpha   generation of the alpha timer
 * </pre>
 * Why: rates and α as §c.3 (α must hold 1.0 exactly; 2^-15 resolution); T and BC reach i = 250 at
 * most before the line-rate clamp ends HAI; bc_rem is signed so a large last report can overshoot
 * (B up to 2^27 - 1 bytes); {@code seen} instead of α = 1.0 after reset keeps the table's zero sweep;
 * one generation per timer kind as rocc_rp's timer_gen (16 values, MetaDepth + OutDepth ≤ 15).
 */
public final class DcqcnRpContext
{
    public static final int RATE_WIDTH = 24;
    public static final int ALPHA_WIDTH = 16;
    public static final int CNT_WIDTH = 8;
    public static final int REM_WIDTH = 28;
    public static final int GEN_WIDTH = 4;

    public static final ContextLayout LAYOUT = ContextLayout.builder("dcqcn_rp")
        .field("rc", RATE_WIDTH)
        .field("rt", RATE_WIDTH)
        .field("alpha", ALPHA_WIDTH)
        .field("t_cnt", CNT_WIDTH)
        .field("bc_cnt", CNT_WIDTH)
        .field("bc_rem", REM_WIDTH)
        .field("limited", 1)
        .field("seen", 1)
        .field("alpha_run", 1)
        .field("dec_pending", 1)
        .field("alpha_flag", 1)
        .field("gen_inc", GEN_WIDTH)
        .field("gen_alpha", GEN_WIDTH)
        .build();

    public static final int RC = LAYOUT.indexOf("rc");
    public static final int RT = LAYOUT.indexOf("rt");
    public static final int ALPHA = LAYOUT.indexOf("alpha");
    public static final int T_CNT = LAYOUT.indexOf("t_cnt");
    public static final int BC_CNT = LAYOUT.indexOf("bc_cnt");
    public static final int BC_REM = LAYOUT.indexOf("bc_rem");
    public static final int LIMITED = LAYOUT.indexOf("limited");
    public static final int SEEN = LAYOUT.indexOf("seen");
    public static final int ALPHA_RUN = LAYOUT.indexOf("alpha_run");
    public static final int DEC_PENDING = LAYOUT.indexOf("dec_pending");
    public static final int ALPHA_FLAG = LAYOUT.indexOf("alpha_flag");
    public static final int GEN_INC = LAYOUT.indexOf("gen_inc");
    public static final int GEN_ALPHA = LAYOUT.indexOf("gen_alpha");

    private DcqcnRpContext()
    {
    }

    /** bc_rem (s28) as a signed value. */
    public static long signedRem(final long raw)
    {
        return raw << (64 - REM_WIDTH) >> (64 - REM_WIDTH);
    }
}
