package dev.ccsilicon.net.blocks;

import java.util.function.Supplier;

import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.jverilator.NativeRtl;
import dev.ccsilicon.cosim.jverilator.RtlBuilder;
import dev.ccsilicon.cosim.lockstep.PerSignalRtlModel;
import dev.ccsilicon.hdl.ClockDomain;
import dev.ccsilicon.hdl.Component;
import dev.ccsilicon.hdl.ComponentDut;
import dev.ccsilicon.hdl.ModelDut;
import dev.ccsilicon.scenario.Level;

/**
 * The DUT factory per level: a block of a {@link BlockSpec} as a {@link ClockedDut}, at
 * {@link Level#MODEL} the Java model behind {@link ComponentDut} (idle skip by its kernel), at
 * {@link Level#RTL} the Verilated block (built with the spec's parameters, cached by content) with a
 * model of the same spec as its shadow.
 */
public final class Duts
{
    private Duts()
    {
    }

    /** The block of {@code spec} at {@code level}; {@code model} makes the model's top component for {@code spec}. */
    public static ClockedDut open(final Level level, final BlockSpec spec, final Supplier<Component> model)
    {
        final ComponentDut m = new ComponentDut(spec.layout(), model.get());
        return switch (level)
        {
            case MODEL -> new ClockedDut(spec.layout(), spec.streams(), m, idle(m.domain()), null, null);
            case RTL ->
            {
                final NativeRtl rtl = rtl(spec);
                yield new ClockedDut(spec.layout(), spec.streams(), new PerSignalRtlModel(rtl), idle(m.domain()), m, rtl);
            }
            case REFERENCE -> throw new IllegalArgumentException("the reference level has no pins");
        };
    }

    /** The Verilated block of {@code spec}, built once per parameter set (RtlBuilder's cache). */
    public static NativeRtl rtl(final BlockSpec spec)
    {
        return NativeRtl.open(RtlBuilder.build(spec, false));
    }

    /** The kernel's idle skip of a {@link ComponentDut}'s domain (which the DUT itself keeps off). */
    public static ClockedDut.Idle idle(final ClockDomain domain)
    {
        domain.idleSkip(true);
        return new ClockedDut.Idle()
        {
            @Override
            public long advance(final long maxCycles)
            {
                return domain.advance(maxCycles);
            }

            @Override
            public long nextBusyCycle()
            {
                return domain.nextBusyCycle();
            }

            @Override
            public long evaluatedCycles()
            {
                return domain.evaluatedCycles();
            }
        };
    }

    /** {@code m}'s component, for white-box statistics at model level. */
    public static Component component(final ModelDut m)
    {
        return m instanceof final ComponentDut c ? c.component() : null;
    }
}
