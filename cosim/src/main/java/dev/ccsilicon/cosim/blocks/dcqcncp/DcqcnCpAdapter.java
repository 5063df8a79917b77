package dev.ccsilicon.cosim.blocks.dcqcncp;

import java.util.List;
import dev.ccsilicon.cosim.lockstep.BlockVariant;
import dev.ccsilicon.blocks.dcqcncp.DcqcnCp;
import dev.ccsilicon.blocks.dcqcncp.DcqcnCpConfig;
import dev.ccsilicon.blocks.dcqcncp.DcqcnCpPorts;
import dev.ccsilicon.blocks.dcqcncp.DcqcnCpReference;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.lockstep.BlockAdapter;
import dev.ccsilicon.cosim.lockstep.BlockDeclaration;
import dev.ccsilicon.cosim.lockstep.Coverage;
import dev.ccsilicon.cosim.lockstep.CycleObserver;
import dev.ccsilicon.cosim.lockstep.ReferenceDut;
import dev.ccsilicon.cosim.lockstep.Stimulus;
import dev.ccsilicon.hdl.ComponentDut;
import dev.ccsilicon.hdl.ModelDut;

import java.util.EnumSet;

import static dev.ccsilicon.cosim.blocks.dcqcncp.DcqcnCpAdapter.Bin.*;

/**
 * Co-simulation adapter of {@code dcqcn_cp}: ADMIT (adm → dec) and MARK (mrk → ecn), cycle-exact.
 * The configuration is static per run; the registered adapter runs {@link DcqcnCpStimulus.Mode#MIXED}
 * (ECN curve with the DCQCN convention, WRED curve with the LDCP convention, w = 0, so queue
 * samples hit each threshold exactly). {@link #variant} gives the other shapes with their own bins:
 * SWAPPED (conventions swapped, EWMA, mark_non_ect), STEP (Kmin = Kmax, 4-bit statistics that
 * saturate), OFF (both enables low).
 */
public final class DcqcnCpAdapter implements BlockAdapter
{
    /** Coverage bins, in report order. */
    enum Bin
    {
        ADM_STALL, MRK_STALL, DEC_BACKPRESSURE, ECN_BACKPRESSURE, BOTH_HOOKS_SAME_CYCLE, ADM_BACK_TO_BACK,
        REFILL_ON_DRAIN, IDLE,
        ADM_ACCEPT, ADM_DROP_BUF, ADM_DROP_WRED, ADM_BUF_EXACT_FIT, ADM_BUF_OVER_BY_ONE, ADM_ECT_SKIP,
        ADM_ZERO, ADM_LINEAR, ADM_FORCE, ADM_LINEAR_HIT, ADM_LINEAR_MISS, ADM_P16_CLAMPED,
        ADM_Q_KMIN_MINUS_1, ADM_Q_KMIN, ADM_Q_KMIN_PLUS_1, ADM_Q_KMAX_MINUS_1, ADM_Q_KMAX, ADM_Q_KMAX_PLUS_1,
        MRK_MARKED, MRK_CE_STAYS_CE, MRK_NOT_ECT_SKIP, MRK_ZERO, MRK_LINEAR, MRK_FORCE, MRK_LINEAR_HIT, MRK_LINEAR_MISS,
        MRK_Q_KMIN_MINUS_1, MRK_Q_KMIN, MRK_Q_KMIN_PLUS_1, MRK_Q_KMAX_MINUS_1, MRK_Q_KMAX, MRK_Q_KMAX_PLUS_1,
        // Variants only.
        MRK_NOT_ECT_MARKED, AVERAGE_LAGS_SAMPLE, STAT_SATURATED, ECN_DISABLED, WRED_DISABLED
    }

    private static final EnumSet<Bin> HANDSHAKE = EnumSet.range(ADM_STALL, IDLE);

    private final BlockSpec spec;
    private final DcqcnCpStimulus.Mode mode;

    /** The registered adapter: {@link DcqcnCpStimulus.Mode#MIXED}, RTL defaults. */
    public DcqcnCpAdapter()
    {
        this(DcqcnCpSpec.spec(), DcqcnCpStimulus.Mode.MIXED);
    }

    private DcqcnCpAdapter(final BlockSpec spec, final DcqcnCpStimulus.Mode mode)
    {
        this.spec = spec;
        this.mode = mode;
    }

    /** A variant: "swapped", "step" (StatWidth 4) or "off". */
    public static DcqcnCpAdapter variant(final String name)
    {
        return switch (name)
        {
            case "swapped" -> new DcqcnCpAdapter(DcqcnCpSpec.spec(), DcqcnCpStimulus.Mode.SWAPPED);
            case "step" -> new DcqcnCpAdapter(DcqcnCpSpec.spec(new DcqcnCpConfig(4)), DcqcnCpStimulus.Mode.STEP);
            case "off" -> new DcqcnCpAdapter(DcqcnCpSpec.spec(), DcqcnCpStimulus.Mode.OFF);
            default -> throw new IllegalArgumentException("no dcqcn_cp variant " + name + " (swapped, step, off)");
        };
    }

    @Override
    public List<BlockVariant> variants()
    {
        return List.of(
            BlockVariant.of("swapped", "ECN curve LDCP convention, WRED DCQCN convention, marking not-ECT, EWMA", () -> variant("swapped")),
            BlockVariant.of("step", "both profiles steps, 4-bit statistics", () -> variant("step")),
            BlockVariant.of("off", "ECN and WRED disabled", () -> variant("off")));
    }

    @Override
    public BlockSpec spec()
    {
        return spec;
    }

    @Override
    public ModelDut newModel(final BlockSpec spec)
    {
        return new ComponentDut(spec.layout(), new DcqcnCp(spec.top(), DcqcnCpSpec.config(spec)));
    }

    @Override
    public BlockDeclaration<?> declaration()
    {
        return BlockDeclaration.of("dcqcn_cp", DcqcnCpConfig.DEFAULT, DcqcnCpPorts::of, c -> new DcqcnCp("dcqcn_cp", c));
    }

    @Override
    public ReferenceDut newReference(final BlockSpec spec)
    {
        return new DcqcnCpReferenceDut(spec);
    }

    @Override
    public Stimulus newStimulus(final long seed, final int inStream)
    {
        return new DcqcnCpStimulus(seed, inStream, spec, mode);
    }

    @Override
    public Coverage newCoverage()
    {
        final EnumSet<Bin> bins = EnumSet.copyOf(HANDSHAKE);
        switch (mode)
        {
            case MIXED -> bins.addAll(EnumSet.range(ADM_ACCEPT, MRK_Q_KMAX_PLUS_1));
            case SWAPPED -> bins.addAll(EnumSet.of(ADM_ACCEPT, ADM_DROP_BUF, ADM_DROP_WRED, ADM_ZERO, ADM_LINEAR, ADM_FORCE,
                MRK_MARKED, MRK_ZERO, MRK_LINEAR, MRK_FORCE, MRK_NOT_ECT_MARKED, AVERAGE_LAGS_SAMPLE));
            case STEP -> bins.addAll(EnumSet.of(ADM_ZERO, ADM_FORCE, ADM_DROP_WRED, ADM_Q_KMIN_MINUS_1, ADM_Q_KMIN,
                MRK_ZERO, MRK_FORCE, MRK_MARKED, MRK_Q_KMIN, MRK_Q_KMAX_PLUS_1, STAT_SATURATED));
            case OFF -> bins.addAll(EnumSet.of(ADM_ACCEPT, ADM_DROP_BUF, ECN_DISABLED, WRED_DISABLED));
        }
        return new Coverage(bins);
    }

    @Override
    public CycleObserver coverageObserver(final BlockSpec spec, final Coverage c)
    {
        final long statMax = DcqcnCpSpec.config(spec).statMax();
        final int admValid = spec.inputWord("adm_valid_i");
        final int admQ = spec.inputWord("adm_q_i");
        final int admLen = spec.inputWord("adm_len_i");
        final int admEcn = spec.inputWord("adm_ecn_i");
        final int mrkValid = spec.inputWord("mrk_valid_i");
        final int mrkQ = spec.inputWord("mrk_q_i");
        final int mrkEcn = spec.inputWord("mrk_ecn_i");
        final int decReady = spec.inputWord("dec_ready_i");
        final int ecnReady = spec.inputWord("ecn_ready_i");
        final int bufMax = spec.inputWord("cfg_buf_max_i");
        final int[] kMin = {spec.inputWord("cfg_wred_kmin_i"), spec.inputWord("cfg_ecn_kmin_i")};
        final int[] kMax = {spec.inputWord("cfg_wred_kmax_i"), spec.inputWord("cfg_ecn_kmax_i")};
        final int[] boundary = {spec.inputWord("cfg_wred_boundary_i"), spec.inputWord("cfg_ecn_boundary_i")};
        final int admReady = spec.outputWord("adm_ready_o");
        final int mrkReady = spec.outputWord("mrk_ready_o");
        final int decValid = spec.outputWord("dec_valid_o");
        final int decCode = spec.outputWord("dec_code_o");
        final int decRegion = spec.outputWord("dec_region_o");
        final int decProb = spec.outputWord("dec_prob_o");
        final int ecnValid = spec.outputWord("ecn_valid_o");
        final int ecnOut = spec.outputWord("ecn_out_o");
        final int ecnMarked = spec.outputWord("ecn_marked_o");
        final int ecnRegion = spec.outputWord("ecn_region_o");
        final int ecnProb = spec.outputWord("ecn_prob_o");
        final int[] stats = {spec.outputWord("stat_drop_buf_o"), spec.outputWord("stat_drop_wred_o"),
            spec.outputWord("stat_mark_o")};
        final Bin[][] thresholds = {
            {ADM_Q_KMIN_MINUS_1, ADM_Q_KMIN, ADM_Q_KMIN_PLUS_1, ADM_Q_KMAX_MINUS_1, ADM_Q_KMAX, ADM_Q_KMAX_PLUS_1},
            {MRK_Q_KMIN_MINUS_1, MRK_Q_KMIN, MRK_Q_KMIN_PLUS_1, MRK_Q_KMAX_MINUS_1, MRK_Q_KMAX, MRK_Q_KMAX_PLUS_1}};
        return new CycleObserver()
        {
            // Samples in flight per hook (at most two: stage 1 and the output register), oldest first.
            private final long[][] q = new long[2][4];
            private final long[][] len = new long[2][4];
            private final long[][] ecn = new long[2][4];
            private final int[] head = new int[2];
            private final int[] tail = new int[2];
            private boolean lastAdmFire;

            @Override
            public void onCycle(final long cycle, final long[] in, final long[] out)
            {
                final boolean admFire = in[admValid] != 0 && out[admReady] != 0;
                final boolean mrkFire = in[mrkValid] != 0 && out[mrkReady] != 0;
                final boolean decTake = out[decValid] != 0 && in[decReady] != 0;
                final boolean ecnTake = out[ecnValid] != 0 && in[ecnReady] != 0;
                if (in[admValid] != 0 && out[admReady] == 0)
                {
                    c.hit(ADM_STALL);
                }
                if (in[mrkValid] != 0 && out[mrkReady] == 0)
                {
                    c.hit(MRK_STALL);
                }
                if (out[decValid] != 0 && in[decReady] == 0)
                {
                    c.hit(DEC_BACKPRESSURE);
                }
                if (out[ecnValid] != 0 && in[ecnReady] == 0)
                {
                    c.hit(ECN_BACKPRESSURE);
                }
                if (admFire && mrkFire)
                {
                    c.hit(BOTH_HOOKS_SAME_CYCLE);
                }
                if (admFire && lastAdmFire)
                {
                    c.hit(ADM_BACK_TO_BACK);
                }
                if (admFire && decTake)
                {
                    c.hit(REFILL_ON_DRAIN);
                }
                if (in[admValid] == 0 && in[mrkValid] == 0 && out[decValid] == 0 && out[ecnValid] == 0)
                {
                    c.hit(IDLE);
                }
                for (final int s : stats)
                {
                    if (out[s] == statMax)
                    {
                        c.hit(STAT_SATURATED);
                    }
                }
                if (decTake)
                {
                    final int i = head[0]++ & 3;
                    admitted(in, out, q[0][i], len[0][i], ecn[0][i]);
                }
                if (ecnTake)
                {
                    final int i = head[1]++ & 3;
                    marked(in, out, q[1][i], ecn[1][i]);
                }
                if (admFire)
                {
                    final int i = tail[0]++ & 3;
                    q[0][i] = in[admQ];
                    len[0][i] = in[admLen];
                    ecn[0][i] = in[admEcn];
                }
                if (mrkFire)
                {
                    final int i = tail[1]++ & 3;
                    q[1][i] = in[mrkQ];
                    ecn[1][i] = in[mrkEcn];
                }
                lastAdmFire = admFire;
            }

            private void admitted(final long[] in, final long[] out, final long q, final long len, final long ecn)
            {
                final int code = (int)out[decCode];
                c.hit(code == DcqcnCpReference.ACCEPT ? ADM_ACCEPT : code == DcqcnCpReference.DROP_BUF ? ADM_DROP_BUF : ADM_DROP_WRED);
                if (q + len == in[bufMax] && code != DcqcnCpReference.DROP_BUF)
                {
                    c.hit(ADM_BUF_EXACT_FIT);
                }
                if (q + len == in[bufMax] + 1 && code == DcqcnCpReference.DROP_BUF)
                {
                    c.hit(ADM_BUF_OVER_BY_ONE);
                }
                final int region = (int)out[decRegion];
                if (region == DcqcnCpReference.REGION_SKIP)
                {
                    c.hit(ecn != 0 ? ADM_ECT_SKIP : WRED_DISABLED);
                    return;
                }
                c.hit(region == DcqcnCpReference.REGION_ZERO ? ADM_ZERO : region == DcqcnCpReference.REGION_LINEAR ? ADM_LINEAR : ADM_FORCE);
                if (region == DcqcnCpReference.REGION_LINEAR && code == DcqcnCpReference.DROP_WRED)
                {
                    c.hit(ADM_LINEAR_HIT);
                }
                if (region == DcqcnCpReference.REGION_LINEAR && code == DcqcnCpReference.ACCEPT && out[decProb] > 0)
                {
                    c.hit(ADM_LINEAR_MISS);
                }
                if (out[decProb] == 0xFFFF)
                {
                    c.hit(ADM_P16_CLAMPED);
                }
                thresholds(in, 0, q, region);
            }

            private void marked(final long[] in, final long[] out, final long q, final long ecn)
            {
                final int region = (int)out[ecnRegion];
                if (out[ecnMarked] != 0)
                {
                    c.hit(ecn == 0 ? MRK_NOT_ECT_MARKED : MRK_MARKED);
                }
                if (region == DcqcnCpReference.REGION_SKIP)
                {
                    c.hit(ecn == 0 ? MRK_NOT_ECT_SKIP : ECN_DISABLED);
                    return;
                }
                if (ecn == 3 && region == DcqcnCpReference.REGION_FORCE && out[ecnOut] == 3)
                {
                    c.hit(MRK_CE_STAYS_CE);
                }
                c.hit(region == DcqcnCpReference.REGION_ZERO ? MRK_ZERO : region == DcqcnCpReference.REGION_LINEAR ? MRK_LINEAR : MRK_FORCE);
                if (region == DcqcnCpReference.REGION_LINEAR && out[ecnMarked] != 0)
                {
                    c.hit(MRK_LINEAR_HIT);
                }
                if (region == DcqcnCpReference.REGION_LINEAR && out[ecnOut] == ecn && ecn != 3 && out[ecnProb] > 0)
                {
                    c.hit(MRK_LINEAR_MISS);
                }
                thresholds(in, 1, q, region);
            }

            private void thresholds(final long[] in, final int hook, final long q, final int region)
            {
                final long lo = in[kMin[hook]];
                final long hi = in[kMax[hook]];
                final Bin[] b = thresholds[hook];
                for (int d = -1; d <= 1; d++)
                {
                    if (q == lo + d)
                    {
                        c.hit(b[d + 1]);
                    }
                    if (q == hi + d)
                    {
                        c.hit(b[d + 4]);
                    }
                }
                if (region != DcqcnCpReference.region(q, lo, hi, in[boundary[hook]] != 0))
                {
                    c.hit(AVERAGE_LAGS_SAMPLE);
                }
            }
        };
    }

    @Override
    public int drainCycles()
    {
        return 8;
    }
}
