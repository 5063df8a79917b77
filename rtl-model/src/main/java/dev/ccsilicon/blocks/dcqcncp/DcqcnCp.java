package dev.ccsilicon.blocks.dcqcncp;

import dev.ccsilicon.hdl.Component;
import dev.ccsilicon.hdl.InPin;
import dev.ccsilicon.hdl.OutPin;
import dev.ccsilicon.hdl.PinLayout;
import dev.ccsilicon.hdl.Reg;

import static dev.ccsilicon.blocks.dcqcncp.DcqcnCpFormats.AVG_FRAC;
import static dev.ccsilicon.blocks.dcqcncp.DcqcnCpFormats.AVG_WIDTH;
import static dev.ccsilicon.blocks.dcqcncp.DcqcnCpFormats.ECN_CE;
import static dev.ccsilicon.blocks.dcqcncp.DcqcnCpFormats.ECN_NOT_ECT;
import static dev.ccsilicon.blocks.dcqcncp.DcqcnCpFormats.LFSR_STEPS;
import static dev.ccsilicon.blocks.dcqcncp.DcqcnCpFormats.LFSR_TAPS;
import static dev.ccsilicon.blocks.dcqcncp.DcqcnCpFormats.LFSR_WIDTH;
import static dev.ccsilicon.blocks.dcqcncp.DcqcnCpFormats.PROB_MAX;
import static dev.ccsilicon.blocks.dcqcncp.DcqcnCpFormats.PROB_WIDTH;
import static dev.ccsilicon.blocks.dcqcncp.DcqcnCpFormats.Q_WIDTH;
import static dev.ccsilicon.blocks.dcqcncp.DcqcnCpFormats.SLOPE_FRAC;

/**
 * {@code dcqcn_cp} written with the HDL kernel, at its pins ({@link DcqcnCpPorts}): the two
 * {@code dcqcn_cp_hook} pipelines ({@code u_adm}, {@code u_mrk}: average, LFSR, stage-1 and output
 * registers) and the three saturating statistics. {@link #evaluate()} is the RTL's
 * {@code always_ff}s; the ready outputs are combinational in the output readies (each register
 * may be refilled in the cycle it drains), so they are driven in {@link #settle()}.
 *
 * <p>The LFSR advance is the RTL's XOR matrix: 32 precomputed columns (the images of the basis
 * states after 16 steps), not a stepping loop, so the reference's loop checks it.
 */
public final class DcqcnCp extends Component
{
    /** COLUMNS[i] = basis state 1 << i advanced 16 steps. */
    private static final long[] COLUMNS = new long[LFSR_WIDTH];

    static
    {
        for (int i = 0; i < LFSR_WIDTH; i++)
        {
            long s = 1L << i;
            for (int k = 0; k < LFSR_STEPS; k++)
            {
                s = (s & 1) != 0 ? (s >>> 1) ^ LFSR_TAPS : s >>> 1;
            }
            COLUMNS[i] = s;
        }
    }

    private final long statMax;
    private final Hook adm;
    private final Hook mrk;
    private final Reg statDropBuf;
    private final Reg statDropWred;
    private final Reg statMark;
    private final InPin bufMaxI;
    private final InPin ecnEnI;
    private final InPin wredEnI;
    private final InPin markNonEctI;
    private final InPin admLenI;
    private final InPin admEcnI;
    private final InPin mrkEcnI;
    private final OutPin decCodeO;
    private final OutPin decRegionO;
    private final OutPin decProbO;
    private final OutPin statDropBufO;
    private final OutPin statDropWredO;
    private final OutPin ecnOutO;
    private final OutPin ecnMarkedO;
    private final OutPin ecnRegionO;
    private final OutPin ecnProbO;
    private final OutPin statMarkO;

    public DcqcnCp(final String name, final DcqcnCpConfig config)
    {
        super(name);
        declarePins(PinLayout.of(DcqcnCpPorts.of(config)));
        statMax = config.statMax();
        adm = new Hook("adm", "wred", "adm", "dec", 1, 2);
        mrk = new Hook("mrk", "ecn", "mrk", "ecn", 2, 3);
        statDropBuf = new Reg(this, "stat_drop_buf_q", config.statWidth());
        statDropWred = new Reg(this, "stat_drop_wred_q", config.statWidth());
        statMark = new Reg(this, "stat_mark_q", config.statWidth());
        bufMaxI = in("cfg_buf_max_i");
        ecnEnI = in("cfg_ecn_en_i");
        wredEnI = in("cfg_wred_en_i");
        markNonEctI = in("cfg_mark_non_ect_i");
        admLenI = in("adm_len_i");
        admEcnI = in("adm_ecn_i");
        mrkEcnI = in("mrk_ecn_i");
        decCodeO = out("dec_code_o");
        decRegionO = out("dec_region_o");
        decProbO = out("dec_prob_o");
        statDropBufO = out("stat_drop_buf_o");
        statDropWredO = out("stat_drop_wred_o");
        ecnOutO = out("ecn_out_o");
        ecnMarkedO = out("ecn_marked_o");
        ecnRegionO = out("ecn_region_o");
        ecnProbO = out("ecn_prob_o");
        statMarkO = out("stat_mark_o");
    }

    /** The LFSR state 16 steps after {@code s}: XOR of the columns of its set bits. */
    static long advance16(final long s)
    {
        long r = 0;
        long bits = s;
        while (bits != 0)
        {
            final int i = Long.numberOfTrailingZeros(bits);
            r ^= COLUMNS[i];
            bits &= bits - 1;
        }
        return r;
    }

    @Override
    protected void settle()
    {
        if (!outputsObserved())
        {
            return;
        }
        adm.drive();
        mrk.drive();
        decCodeO.set(adm.outRes.get());
        decRegionO.set(adm.outRegion.get());
        decProbO.set(adm.outProb.get());
        statDropBufO.set(statDropBuf.get());
        statDropWredO.set(statDropWred.get());
        ecnOutO.set(mrk.outRes.get() & 3);
        ecnMarkedO.set(mrk.outRes.get() >>> 2);
        ecnRegionO.set(mrk.outRegion.get());
        ecnProbO.set(mrk.outProb.get());
        statMarkO.set(statMark.get());
    }

    @Override
    protected void evaluate()
    {
        // ADMIT: the tag is the buffer overflow, the result the decision code.
        if (adm.load())
        {
            final boolean ovf = adm.s1Tag.get() != 0;
            final int res = ovf ? DcqcnCpReference.DROP_BUF : adm.hit() ? DcqcnCpReference.DROP_WRED : DcqcnCpReference.ACCEPT;
            adm.loadOut(res);
            if (res == DcqcnCpReference.DROP_BUF)
            {
                bump(statDropBuf);
            }
            else if (res == DcqcnCpReference.DROP_WRED)
            {
                bump(statDropWred);
            }
        }
        else
        {
            adm.holdOut();
        }
        if (adm.fire())
        {
            final long ecn = admEcnI.get();
            final boolean ovf = adm.qI.get() + admLenI.get() > bufMaxI.get();
            adm.take(wredEnI.high() && ecn == ECN_NOT_ECT, ovf ? 1 : 0);
        }
        else
        {
            adm.holdStage1();
        }

        // MARK: the tag is the packet's ECN field, the result {marked, ecn_out}.
        if (mrk.load())
        {
            final int ecn = (int)mrk.s1Tag.get();
            final int res = mrk.hit() ? (ecn != ECN_CE ? 4 : 0) | ECN_CE : ecn;
            mrk.loadOut(res);
            if (res >>> 2 != 0)
            {
                bump(statMark);
            }
        }
        else
        {
            mrk.holdOut();
        }
        if (mrk.fire())
        {
            final long ecn = mrkEcnI.get();
            mrk.take(ecnEnI.high() && (markNonEctI.high() || ecn != ECN_NOT_ECT), ecn);
        }
        else
        {
            mrk.holdStage1();
        }
    }

    private void bump(final Reg stat)
    {
        if (stat.get() != statMax)
        {
            stat.set(stat.get() + 1);
        }
    }

    /** One dcqcn_cp_hook: its pins and registers (named after the RTL instance: adm_ for u_adm, mrk_ for u_mrk). */
    private final class Hook
    {
        final Reg avg;
        final Reg lfsr;
        final Reg s1Valid;
        final Reg s1Region;
        final Reg s1Diff;
        final Reg s1R16;
        final Reg s1Tag;
        final Reg outValid;
        final Reg outRes;
        final Reg outRegion;
        final Reg outProb;
        final InPin kMinI;
        final InPin kMaxI;
        final InPin slopeI;
        final InPin boundaryI;
        final InPin shiftI;
        final InPin seedI;
        final InPin validI;
        final InPin qI;
        final InPin readyI;
        final OutPin readyO;
        final OutPin validO;

        Hook(final String inst, final String profile, final String in, final String out, final int tagWidth,
            final int resWidth)
        {
            avg = new Reg(DcqcnCp.this, inst + "_avg_q", AVG_WIDTH);
            lfsr = new Reg(DcqcnCp.this, inst + "_lfsr_q", LFSR_WIDTH);
            s1Valid = new Reg(DcqcnCp.this, inst + "_s1_valid_q", 1);
            s1Region = new Reg(DcqcnCp.this, inst + "_s1_region_q", DcqcnCpFormats.REGION_WIDTH);
            s1Diff = new Reg(DcqcnCp.this, inst + "_s1_diff_q", Q_WIDTH);
            s1R16 = new Reg(DcqcnCp.this, inst + "_s1_r16_q", PROB_WIDTH);
            s1Tag = new Reg(DcqcnCp.this, inst + "_s1_tag_q", tagWidth);
            outValid = new Reg(DcqcnCp.this, inst + "_out_valid_q", 1);
            outRes = new Reg(DcqcnCp.this, inst + "_out_res_q", resWidth);
            outRegion = new Reg(DcqcnCp.this, inst + "_out_region_q", DcqcnCpFormats.REGION_WIDTH);
            outProb = new Reg(DcqcnCp.this, inst + "_out_prob_q", PROB_WIDTH);
            kMinI = in("cfg_" + profile + "_kmin_i");
            kMaxI = in("cfg_" + profile + "_kmax_i");
            slopeI = in("cfg_" + profile + "_slope_i");
            boundaryI = in("cfg_" + profile + "_boundary_i");
            shiftI = in("cfg_ewma_shift_i");
            seedI = in("cfg_" + in + "_seed_i");
            validI = in(in + "_valid_i");
            qI = in(in + "_q_i");
            readyI = in(out + "_ready_i");
            readyO = out(in + "_ready_o");
            validO = out(out + "_valid_o");
        }

        private boolean outFree()
        {
            return outValid.get() == 0 || readyI.high();
        }

        boolean load()
        {
            return s1Valid.get() != 0 && outFree();
        }

        private boolean inReady()
        {
            return s1Valid.get() == 0 || outFree();
        }

        boolean fire()
        {
            return validI.high() && inReady();
        }

        void drive()
        {
            readyO.set(inReady());
            validO.set(outValid.get());
        }

        /** Stage 2's draw: force, or linear with r16 < p16. */
        boolean hit()
        {
            final int region = (int)s1Region.get();
            return region == DcqcnCpReference.REGION_FORCE
                || (region == DcqcnCpReference.REGION_LINEAR && s1R16.get() < p16());
        }

        private long p16()
        {
            if (s1Region.get() != DcqcnCpReference.REGION_LINEAR)
            {
                return 0;
            }
            return Math.min(PROB_MAX, (s1Diff.get() * slopeI.get()) >>> SLOPE_FRAC);
        }

        void loadOut(final int res)
        {
            outValid.set(1);
            outRes.set(res);
            outRegion.set(s1Region.get());
            outProb.set(p16());
        }

        void holdOut()
        {
            if (readyI.high())
            {
                outValid.set(0);
            }
        }

        void take(final boolean eval, final long tag)
        {
            final long a = avg.get();
            final long next = a + (((qI.get() << AVG_FRAC) - a) >> shiftI.get());
            final long qEff = next >>> AVG_FRAC;
            final long cur = lfsr.get() == 0 ? seedI.get() : lfsr.get();
            final long drawn = advance16(cur);
            final long kMin = kMinI.get();
            final long kMax = kMaxI.get();
            final boolean ldcp = boundaryI.high();
            final int region;
            if (!eval)
            {
                region = DcqcnCpReference.REGION_SKIP;
            }
            else if (ldcp ? qEff < kMin : qEff <= kMin)
            {
                region = DcqcnCpReference.REGION_ZERO;
            }
            else if (ldcp ? qEff >= kMax : qEff > kMax)
            {
                region = DcqcnCpReference.REGION_FORCE;
            }
            else
            {
                region = DcqcnCpReference.REGION_LINEAR;
            }
            avg.set(next);
            lfsr.set(drawn);
            s1Valid.set(1);
            s1Region.set(region);
            s1Diff.set(qEff - kMin);
            s1R16.set(drawn & PROB_MAX);
            s1Tag.set(tag);
        }

        void holdStage1()
        {
            if (load())
            {
                s1Valid.set(0);
            }
        }
    }
}
