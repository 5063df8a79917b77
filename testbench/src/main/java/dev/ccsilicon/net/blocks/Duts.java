package dev.ccsilicon.net.blocks;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.jverilator.NativeRtl;
import dev.ccsilicon.cosim.jverilator.RtlBuilder;
import dev.ccsilicon.hdl.ClockDomain;
import dev.ccsilicon.hdl.Component;
import dev.ccsilicon.hdl.ComponentDut;
import dev.ccsilicon.hdl.ModelDut;
import dev.ccsilicon.hdl.PinLayout;
import dev.ccsilicon.hdl.StreamSpec;
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
            case MODEL -> new ClockedDut(spec.layout(), spec.streams(), m, idle(m.domain()), null, null, spec.streams());
            case RTL ->
            {
                final RtlDut rtl = rtl(spec);
                yield new ClockedDut(spec.layout(), spec.streams(), rtl, idle(m.domain()), m, rtl, spec.streams());
            }
            case REFERENCE -> throw new IllegalArgumentException("the reference level has no pins");
        };
    }

    /**
     * Two blocks on one clock at {@code level}, output stream {@code from} of the first wired into
     * input stream {@code to} of the second ({@link WiredPair}); the bridge sees the other streams.
     */
    public static ClockedDut openPair(final Level level, final BlockSpec sa, final Supplier<Component> ma,
        final String from, final BlockSpec sb, final Supplier<Component> mb, final String to, final int[] shift)
    {
        final StreamSpec out = stream(sa, from);
        final StreamSpec in = stream(sb, to);
        final PinLayout layout = WiredPair.layout(sa.layout(), sb.layout());
        final List<StreamSpec> streams = new ArrayList<>();
        sa.streams().stream().filter(s -> s != out).forEach(streams::add);
        sb.streams().stream().filter(s -> s != in).forEach(streams::add);
        final ComponentDut ca = new ComponentDut(sa.layout(), ma.get());
        final ComponentDut cb = new ComponentDut(sb.layout(), mb.get());
        final ModelDut model = new WiredPair(ca, sa.layout(), out, cb, sb.layout(), in, shift);
        final ClockedDut.Idle idle = WiredPair.idle(idle(ca.domain()), idle(cb.domain()));
        final List<StreamSpec> all = new ArrayList<>(sa.streams());
        all.addAll(sb.streams());
        return switch (level)
        {
            case MODEL -> new ClockedDut(layout, streams, model, idle, null, null, all);
            case RTL ->
            {
                final RtlDut ra = rtl(sa);
                final RtlDut rb = rtl(sb);
                final ModelDut pair = new WiredPair(ra, sa.layout(), out, rb, sb.layout(), in, shift);
                yield new ClockedDut(layout, streams, pair, idle, model, () ->
                {
                    ra.close();
                    rb.close();
                }, all);
            }
            case REFERENCE -> throw new IllegalArgumentException("the reference level has no pins");
        };
    }

    private static StreamSpec stream(final BlockSpec spec, final String name)
    {
        return spec.streams().stream().filter(s -> s.name().equals(name)).findFirst()
            .orElseThrow(() -> new IllegalArgumentException(spec.name() + ": no stream " + name));
    }

    /** The Verilated block of {@code spec}, built once per parameter set (RtlBuilder's cache). */
    public static RtlDut rtl(final BlockSpec spec)
    {
        return new RtlDut(NativeRtl.open(RtlBuilder.build(spec, false)));
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

            @Override
            public long cycle()
            {
                return domain.cycle();
            }
        };
    }

    /** {@code m}'s component, for white-box statistics at model level. */
    public static Component component(final ModelDut m)
    {
        return m instanceof final ComponentDut c ? c.component() : null;
    }
}
