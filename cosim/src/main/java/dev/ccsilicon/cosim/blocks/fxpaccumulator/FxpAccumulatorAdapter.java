package dev.ccsilicon.cosim.blocks.fxpaccumulator;

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

/** Co-simulation adapter of {@code fxp_accumulator}. */
public final class FxpAccumulatorAdapter implements BlockAdapter
{
    static final int BIN_CLEAR = 0;
    static final int BIN_SAT_POS = 1;
    static final int BIN_SAT_NEG = 2;
    static final int BIN_NEGATIVE_SUM = 3;
    static final int BIN_IN_STALL = 4;
    static final int BIN_OUT_BACKPRESSURE = 5;
    static final int BIN_BACK_TO_BACK = 6;
    static final int BIN_IDLE = 7;
    static final int BIN_REFILL_ON_DRAIN = 8;

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
        return new FxpAccumulatorStimulus(seed, inStream);
    }

    @Override
    public Coverage newCoverage()
    {
        return new Coverage("clear", "saturate_positive", "saturate_negative", "negative_sum", "input_stall",
            "output_backpressure", "back_to_back", "idle_cycle", "refill_on_drain");
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
                    c.hit(BIN_CLEAR);
                }
                if (take)
                {
                    final boolean negative = (out[outSum] >>> (accWidth - 1) & 1) != 0;
                    if (out[outSat] != 0)
                    {
                        c.hit(negative ? BIN_SAT_NEG : BIN_SAT_POS);
                    }
                    if (negative)
                    {
                        c.hit(BIN_NEGATIVE_SUM);
                    }
                }
                if (in[inValid] != 0 && out[inReady] == 0)
                {
                    c.hit(BIN_IN_STALL);
                }
                if (out[outValid] != 0 && in[outReady] == 0)
                {
                    c.hit(BIN_OUT_BACKPRESSURE);
                }
                if (fire && lastFire)
                {
                    c.hit(BIN_BACK_TO_BACK);
                }
                if (in[inValid] == 0 && out[outValid] == 0)
                {
                    c.hit(BIN_IDLE);
                }
                if (fire && take)
                {
                    c.hit(BIN_REFILL_ON_DRAIN);
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
