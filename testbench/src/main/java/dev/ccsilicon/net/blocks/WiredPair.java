package dev.ccsilicon.net.blocks;

import java.util.ArrayList;
import java.util.List;

import dev.ccsilicon.hdl.ModelDut;
import dev.ccsilicon.hdl.PinLayout;
import dev.ccsilicon.hdl.PortSpec;
import dev.ccsilicon.hdl.StreamSpec;

/**
 * Two blocks on one clock with an output stream of the first wired into an input stream of the
 * second, seen as one {@link ModelDut}: its pins are the first block's followed by the second's (clock
 * and reset once; the names must not clash), the wired pins included but driven by the wire. A data
 * field may drop low bits on the way (a fixed-point value into an integer field is a bit slice).
 *
 * <p>A stream's valid and ready come from registers (FIFO state), not from the other side's pins, so
 * one cycle evaluates the first block, then the second with the first's valid and data, and the first
 * again only if the second's ready differs from the one it was evaluated with.
 */
public final class WiredPair implements ModelDut, HeldInputs
{
    private final ModelDut a;
    private final ModelDut b;
    private final int aInWords;
    private final int aOutWords;
    private final long[] aIn;
    private final long[] aOut;
    private final long[] bIn;
    private final long[] bOut;
    private final int validOut;
    private final int readyIn;
    private final int validIn;
    private final int readyOut;
    private final int[] dataOut;
    private final int[] dataIn;
    private final int[] dataShift;
    // The watched outputs of runHeld, split by part (computed once per watch list).
    private int[] watchSplit;
    private int[] watchA;
    private int[] watchB;

    /**
     * @param la    the first block's pins; {@code from} is one of its output streams.
     * @param lb    the second block's pins; {@code to} is one of its input streams, of as many fields.
     * @param shift per data field, low bits of {@code from}'s field dropped into {@code to}'s.
     */
    public WiredPair(final ModelDut a, final PinLayout la, final StreamSpec from, final ModelDut b, final PinLayout lb,
        final StreamSpec to, final int[] shift)
    {
        this.a = a;
        this.b = b;
        aInWords = la.inputWords();
        aOutWords = la.outputWords();
        aIn = new long[aInWords];
        aOut = new long[aOutWords];
        bIn = new long[lb.inputWords()];
        bOut = new long[lb.outputWords()];
        validOut = la.outputWord(from.validPort());
        readyIn = la.inputWord(from.readyPort());
        validIn = lb.inputWord(to.validPort());
        readyOut = lb.outputWord(to.readyPort());
        dataOut = from.dataPorts().stream().mapToInt(la::outputWord).limit(to.dataPorts().size()).toArray();
        dataIn = to.dataPorts().stream().mapToInt(lb::inputWord).toArray();
        dataShift = shift.clone();
    }

    /** The pins of the pair: {@code a}'s, then {@code b}'s without clock and reset. */
    public static PinLayout layout(final PinLayout la, final PinLayout lb)
    {
        final List<PortSpec> ports = new ArrayList<>(la.ports());
        for (final PortSpec p : lb.ports())
        {
            if (!p.name().equals(lb.clockPort()) && !p.name().equals(lb.resetPort()))
            {
                ports.add(p);
            }
        }
        return PinLayout.of(ports, la.clockPort(), la.resetPort());
    }

    @Override
    public void reset()
    {
        a.reset();
        b.reset();
    }

    @Override
    public void evaluate(final long[] inputs, final long[] outputs)
    {
        final long ready = aIn[readyIn];
        System.arraycopy(inputs, 0, aIn, 0, aIn.length);
        aIn[readyIn] = ready;
        a.evaluate(aIn, aOut);
        System.arraycopy(inputs, aInWords, bIn, 0, bIn.length);
        final boolean valid = aOut[validOut] != 0;
        bIn[validIn] = valid ? 1 : 0;
        for (int i = 0; i < dataIn.length; i++)
        {
            bIn[dataIn[i]] = valid ? aOut[dataOut[i]] >>> dataShift[i] : 0;
        }
        b.evaluate(bIn, bOut);
        if (bOut[readyOut] != ready)
        {
            aIn[readyIn] = bOut[readyOut];
            a.evaluate(aIn, aOut);
        }
        System.arraycopy(aOut, 0, outputs, 0, aOutWords);
        System.arraycopy(bOut, 0, outputs, aOutWords, bOut.length);
    }

    @Override
    public void clock()
    {
        a.clock();
        b.clock();
    }

    /**
     * Both parts with their inputs as last evaluated (in a stretch with held inputs the wire's
     * values are held too); both parts must be {@link HeldInputs}.
     */
    @Override
    public long runHeld(final long cycles, final long[] inputs, final int[] watch)
    {
        if (watch != watchSplit)
        {
            watchSplit = watch;
            watchA = java.util.Arrays.stream(watch).filter(w -> w < aOutWords).toArray();
            watchB = java.util.Arrays.stream(watch).filter(w -> w >= aOutWords).map(w -> w - aOutWords).toArray();
        }
        final long ka = ((HeldInputs)a).runHeld(cycles, aIn, watchA);
        final long kb = ((HeldInputs)b).runHeld(cycles, bIn, watchB);
        return ka < 0 ? kb : kb < 0 ? ka : Math.min(ka, kb);
    }

    /** The idle skip of both, in step: skips only what both can skip. */
    public static ClockedDut.Idle idle(final ClockedDut.Idle a, final ClockedDut.Idle b)
    {
        return new ClockedDut.Idle()
        {
            @Override
            public long advance(final long maxCycles)
            {
                final long now = a.cycle();
                final long busyB = b.nextBusyCycle();
                if (busyB <= now)
                {
                    a.advance(1);
                    b.advance(1);
                    return 1;
                }
                final long ka = a.advance(Math.min(maxCycles, busyB - now));
                long kb = 0;
                while (kb < ka)
                {
                    // b is idle over those cycles; a memory read in flight may make it step one
                    // instead of skipping, and skipping is exact, so it catches up.
                    kb += b.advance(ka - kb);
                }
                return ka;
            }

            @Override
            public long cycle()
            {
                return a.cycle();
            }

            @Override
            public long nextBusyCycle()
            {
                return Math.min(a.nextBusyCycle(), b.nextBusyCycle());
            }

            @Override
            public long evaluatedCycles()
            {
                return a.evaluatedCycles() + b.evaluatedCycles();
            }
        };
    }
}
