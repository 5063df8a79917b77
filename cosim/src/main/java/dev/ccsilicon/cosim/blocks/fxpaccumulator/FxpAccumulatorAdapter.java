package dev.ccsilicon.cosim.blocks.fxpaccumulator;

import java.util.List;
import dev.ccsilicon.cosim.lockstep.BlockVariant;
import dev.ccsilicon.blocks.fxpaccumulator.FxpAccumulator;
import dev.ccsilicon.blocks.fxpaccumulator.FxpAccumulatorConfig;
import dev.ccsilicon.blocks.fxpaccumulator.FxpAccumulatorPorts;
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

/**
 * Co-simulation adapter of {@code fxp_accumulator}. The registered adapter drives the random
 * stimulus ({@link FxpAccumulatorStimulus}, pinned by LockstepGoldenTest); {@link #boundarySums()}
 * drives sums to exactly each saturation bound ({@link FxpAccumulatorBoundaryStimulus}) and adds
 * the two bins that prove it did.
 */
public final class FxpAccumulatorAdapter implements BlockAdapter
{
    /** Coverage bins, in report order. */
    enum Bin
    {
        CLEAR,           // an accepted sample restarts the sum
        SATURATE_POSITIVE,
        SATURATE_NEGATIVE,
        NEGATIVE_SUM,
        INPUT_STALL,     // sample valid, block not ready
        OUTPUT_BACKPRESSURE,
        BACK_TO_BACK,    // samples accepted in consecutive cycles
        IDLE_CYCLE,      // no valid on either stream
        REFILL_ON_DRAIN, // the output register taken and refilled in one cycle
        // The boundary variant's bins only: a sum of exactly a bound, not saturated.
        SUM_AT_MAX_UNSATURATED,
        SUM_AT_MIN_UNSATURATED
    }

    private final boolean boundaries;

    /** The registered adapter: random stimulus, every bin but the boundary variant's. */
    public FxpAccumulatorAdapter()
    {
        this(false);
    }

    private FxpAccumulatorAdapter(final boolean boundaries)
    {
        this.boundaries = boundaries;
    }

    /**
     * The boundary variant: gain 1.0 and sums walked to exactly the positive and the negative bound
     * then one beyond, so an off-by-one in a saturation compare is caught; its coverage adds
     * {@link Bin#SUM_AT_MAX} and {@link Bin#SUM_AT_MIN}.
     */
    public static FxpAccumulatorAdapter boundarySums()
    {
        return new FxpAccumulatorAdapter(true);
    }

    @Override
    public List<BlockVariant> variants()
    {
        return List.of(BlockVariant.of("boundary", "gain 1.0, sums walked to exactly each saturation bound and one beyond",
            FxpAccumulatorAdapter::boundarySums));
    }

    @Override
    public BlockSpec spec()
    {
        return FxpAccumulatorSpec.spec();
    }

    @Override
    public ModelDut newModel(final BlockSpec spec)
    {
        return new ComponentDut(spec.layout(), new FxpAccumulator(spec.top(), FxpAccumulatorSpec.config(spec)));
    }

    @Override
    public BlockDeclaration<?> declaration()
    {
        return BlockDeclaration.of("fxp_accumulator", FxpAccumulatorConfig.DEFAULT, FxpAccumulatorPorts::of,
            c -> new FxpAccumulator("fxp_accumulator", c));
    }

    @Override
    public ReferenceDut newReference(final BlockSpec spec)
    {
        return new FxpAccumulatorReferenceDut(spec);
    }

    @Override
    public Stimulus newStimulus(final long seed, final int inStream)
    {
        return boundaries ? new FxpAccumulatorBoundaryStimulus(seed, inStream) : new FxpAccumulatorStimulus(seed, inStream);
    }

    @Override
    public Coverage newCoverage()
    {
        // The random stimulus does not aim at the exact bounds, so its coverage leaves their bins out.
        return new Coverage(boundaries ? EnumSet.allOf(Bin.class) : EnumSet.range(Bin.CLEAR, Bin.REFILL_ON_DRAIN));
    }

    @Override
    public CycleObserver coverageObserver(final BlockSpec spec, final Coverage c)
    {
        final int inValid = spec.inputWord("in_valid_i");
        final int inClear = spec.inputWord("in_clear_i");
        final int outReady = spec.inputWord("out_ready_i");
        final int inReady = spec.outputWord("in_ready_o");
        final int outValid = spec.outputWord("out_valid_o");
        final int outSum = spec.outputWord("out_sum_o");
        final int outSat = spec.outputWord("out_sat_o");
        final int accWidth = spec.intParameter("AccWidth", FxpAccumulatorSpec.ACC_WIDTH);
        // The bounds as out_sum_o's unsigned pin value: 0111..1 and 1000..0.
        final long sumMax = (1L << (accWidth - 1)) - 1;
        final long sumMin = 1L << (accWidth - 1);
        return new CycleObserver()
        {
            private boolean lastFire;

            @Override
            public void onCycle(final long cycle, final long[] in, final long[] out)
            {
                final boolean fire = in[inValid] != 0 && out[inReady] != 0;
                final boolean take = out[outValid] != 0 && in[outReady] != 0;
                if (fire && in[inClear] != 0)
                {
                    c.hit(Bin.CLEAR);
                }
                if (take)
                {
                    final boolean negative = (out[outSum] >>> (accWidth - 1) & 1) != 0;
                    if (out[outSat] != 0)
                    {
                        c.hit(negative ? Bin.SATURATE_NEGATIVE : Bin.SATURATE_POSITIVE);
                    }
                    if (negative)
                    {
                        c.hit(Bin.NEGATIVE_SUM);
                    }
                    if (out[outSat] == 0 && out[outSum] == sumMax)
                    {
                        c.hit(Bin.SUM_AT_MAX_UNSATURATED);
                    }
                    if (out[outSat] == 0 && out[outSum] == sumMin)
                    {
                        c.hit(Bin.SUM_AT_MIN_UNSATURATED);
                    }
                }
                if (in[inValid] != 0 && out[inReady] == 0)
                {
                    c.hit(Bin.INPUT_STALL);
                }
                if (out[outValid] != 0 && in[outReady] == 0)
                {
                    c.hit(Bin.OUTPUT_BACKPRESSURE);
                }
                if (fire && lastFire)
                {
                    c.hit(Bin.BACK_TO_BACK);
                }
                if (in[inValid] == 0 && out[outValid] == 0)
                {
                    c.hit(Bin.IDLE_CYCLE);
                }
                if (fire && take)
                {
                    c.hit(Bin.REFILL_ON_DRAIN);
                }
                lastFire = fire;
            }
        };
    }

    @Override
    public int drainCycles()
    {
        return 8;
    }

    @Override
    public String formatField(final String port, final long[] words)
    {
        if ("out_sum_o".equals(port))
        {
            final int w = FxpAccumulatorSpec.ACC_WIDTH;
            final long signed = words[0] << (64 - w) >> (64 - w);
            return "0x" + Long.toHexString(words[0]) + " (" + signed + ")";
        }
        return BlockAdapter.super.formatField(port, words);
    }
}
