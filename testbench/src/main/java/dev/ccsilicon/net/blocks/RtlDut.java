package dev.ccsilicon.net.blocks;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.jverilator.NativeRtl;
import dev.ccsilicon.hdl.ModelDut;

/**
 * A Verilated block behind {@link ModelDut} for the closed loop: a cycle sets only the inputs that
 * changed (the network drives few pins per cycle), evaluates and reads the outputs; a stretch with
 * held inputs runs in the native raw loop, a chunk of cycles per call, its outputs checked from
 * memory. One FFM call per pin per cycle would cost the loop most of its time in idle stretches.
 */
public final class RtlDut implements ModelDut, HeldInputs, AutoCloseable
{
    /** Reset cycles, as the co-simulation's engine. */
    private static final int RESET_CYCLES = 4;
    private static final int CHUNK = 1024;

    private final NativeRtl rtl;
    private final BlockSpec spec;
    private final int[] inOffset;
    private final int[] inWords;
    private final int[] outOffset;
    private final int[] outWords;
    private final long[] driven;
    private final long[] word;
    private boolean drivenKnown;
    private final Arena arena = Arena.ofShared();
    private final MemorySegment rawIn;
    private final MemorySegment rawOut;

    public RtlDut(final NativeRtl rtl)
    {
        this.rtl = rtl;
        spec = rtl.spec();
        inOffset = new int[spec.inputs().size()];
        inWords = new int[inOffset.length];
        int max = 1;
        for (int p = 0; p < inOffset.length; p++)
        {
            inOffset[p] = spec.inputOffset(p);
            inWords[p] = spec.inputs().get(p).words();
            max = Math.max(max, inWords[p]);
        }
        outOffset = new int[spec.outputs().size()];
        outWords = new int[outOffset.length];
        for (int p = 0; p < outOffset.length; p++)
        {
            outOffset[p] = spec.outputOffset(p);
            outWords[p] = spec.outputs().get(p).words();
            max = Math.max(max, outWords[p]);
        }
        driven = new long[spec.inputWords()];
        word = new long[max];
        rawIn = arena.allocate(8L * CHUNK * Math.max(1, spec.inputWords()), 8);
        rawOut = arena.allocate(8L * CHUNK * Math.max(1, spec.outputWords()), 8);
    }

    @Override
    public void reset()
    {
        rtl.reset(RESET_CYCLES);
        drivenKnown = false;
    }

    @Override
    public void evaluate(final long[] inputs, final long[] outputs)
    {
        for (int p = 0; p < inOffset.length; p++)
        {
            final int off = inOffset[p];
            final int n = inWords[p];
            boolean changed = !drivenKnown;
            for (int w = 0; w < n && !changed; w++)
            {
                changed = driven[off + w] != inputs[off + w];
            }
            if (!changed)
            {
                continue;
            }
            if (n == 1)
            {
                rtl.set(p, inputs[off]);
            }
            else
            {
                System.arraycopy(inputs, off, word, 0, n);
                rtl.setWords(p, word);
            }
            System.arraycopy(inputs, off, driven, off, n);
        }
        drivenKnown = true;
        rtl.eval();
        for (int p = 0; p < outOffset.length; p++)
        {
            if (outWords[p] == 1)
            {
                outputs[outOffset[p]] = rtl.get(p);
            }
            else
            {
                rtl.getWords(p, word);
                System.arraycopy(word, 0, outputs, outOffset[p], outWords[p]);
            }
        }
    }

    @Override
    public void clock()
    {
        rtl.tick();
    }

    @Override
    public long runHeld(final long cycles, final long[] inputs, final int[] watch)
    {
        final int inW = spec.inputWords();
        final int outW = spec.outputWords();
        final long fill = Math.min(CHUNK, cycles);
        for (long k = 0; k < fill; k++)
        {
            MemorySegment.copy(inputs, 0, rawIn, ValueLayout.JAVA_LONG, 8L * k * inW, inW);
        }
        // The raw loop drives every input in every cycle.
        System.arraycopy(inputs, 0, driven, 0, inW);
        drivenKnown = true;
        long done = 0;
        while (done < cycles)
        {
            final long n = Math.min(CHUNK, cycles - done);
            rtl.runRaw(n, rawIn, rawOut);
            for (long k = 0; k < n; k++)
            {
                for (final int w : watch)
                {
                    if (rawOut.getAtIndex(ValueLayout.JAVA_LONG, k * outW + w) != 0)
                    {
                        return done + k;
                    }
                }
            }
            done += n;
        }
        return -1;
    }

    @Override
    public void close()
    {
        rtl.close();
        arena.close();
    }
}
