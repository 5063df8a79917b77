package dev.ccsilicon.cosim.harness;

import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.jverilator.NativeRtl;
import dev.ccsilicon.cosim.jverilator.RtlBuilder;
import dev.ccsilicon.cosim.lockstep.BlockAdapter;
import dev.ccsilicon.hdl.ModelDut;
import dev.ccsilicon.cosim.lockstep.PerSignalRtlModel;

import java.util.function.Consumer;

/**
 * The level a suite runs a block at (SPEC §4.1), as a factory of the block's {@link ModelDut}: the
 * one thing that differs between {@code QpTableModelTest} and {@code QpTableRtlTest}.
 */
public enum Level
{
    /** The cycle-level kernel model, obtained only through {@link BlockAdapter#newModel}. */
    MODEL("model")
    {
        @Override
        public ModelDut open(final BlockAdapter adapter, final BlockSpec spec, final Consumer<AutoCloseable> onClose)
        {
            return adapter.newModel(spec);
        }
    },

    /**
     * The Verilated RTL, one FFM call per signal per cycle ({@link PerSignalRtlModel}): slow, but a
     * directed test is a few thousand cycles. The build is cached on disk, so only a new parameter
     * set or changed RTL compiles.
     */
    RTL("rtl")
    {
        @Override
        public ModelDut open(final BlockAdapter adapter, final BlockSpec spec, final Consumer<AutoCloseable> onClose)
        {
            final NativeRtl rtl = NativeRtl.open(RtlBuilder.build(spec, false));
            onClose.accept(rtl);
            return new PerSignalRtlModel(rtl);
        }
    };

    private final String label;

    Level(final String label)
    {
        this.label = label;
    }

    /** The name in display names and on the command line: {@code model}, {@code rtl}. */
    public String label()
    {
        return label;
    }

    /**
     * A fresh DUT of {@code spec} (which may be a parameter variant of the adapter's spec) at this
     * level, reset; native resources it holds are handed to {@code onClose}.
     */
    public abstract ModelDut open(BlockAdapter adapter, BlockSpec spec, Consumer<AutoCloseable> onClose);
}
