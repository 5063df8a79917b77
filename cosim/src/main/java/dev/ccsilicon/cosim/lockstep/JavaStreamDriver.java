package dev.ccsilicon.cosim.lockstep;

import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.jverilator.StreamBatch;
import dev.ccsilicon.cosim.jverilator.StreamSpec;

import java.util.List;

import static dev.ccsilicon.cosim.jverilator.HarnessAbi.*;

/**
 * The transaction-level stream driver in Java, for the model: line for line the loop the harness
 * generator emits for the RTL (see {@code HarnessGenerator#appendRunStreams}), over the same
 * {@link StreamBatch} control block, so that both sides see identical pin activity.
 *
 * <p>Per cycle {@code c}: (1) every input stream without a current transaction loads the next one
 * (its gap becomes the count of idle cycles before valid); if a non-final stream has none left the
 * call returns {@code STATUS_IN_NEED}; if every stream is final and empty and the last
 * {@code quietNeeded} cycles saw no stream activity it returns {@code STATUS_DONE}. (2) With the
 * clock low: valid = gap elapsed, data = the transaction's words (zero while not valid), each
 * output stream's ready = bit {@code c & mask} of its pattern; evaluate. (3) Sample: an input
 * handshake (valid and ready) retires the transaction; an output handshake records
 * {@code [c, data...]}; a pending gap counts down. (4) Rising edge; {@code c} advances.
 */
public final class JavaStreamDriver
{
    private final ModelDut model;
    private final long[] in;
    private final long[] out;
    private final int nIn;
    private final int nOut;
    private final int[] inValid;
    private final int[] inReady;
    private final int[][] inData;
    private final int[][] inDataWords;
    private final int[] outValid;
    private final int[] outReady;
    private final int[][] outData;
    private final int[][] outDataWords;
    private CycleObserver observer;
    private long cycle;

    public JavaStreamDriver(final BlockSpec spec, final ModelDut model)
    {
        this.model = model;
        in = new long[spec.inputWords()];
        out = new long[spec.outputWords()];
        final List<StreamSpec> ins = spec.inStreams();
        final List<StreamSpec> outs = spec.outStreams();
        nIn = ins.size();
        nOut = outs.size();
        inValid = new int[nIn];
        inReady = new int[nIn];
        inData = new int[nIn][];
        inDataWords = new int[nIn][];
        for (int i = 0; i < nIn; i++)
        {
            final StreamSpec s = ins.get(i);
            inValid[i] = spec.inputOffset(spec.inputIndex(s.validPort()));
            inReady[i] = spec.outputOffset(spec.outputIndex(s.readyPort()));
            inData[i] = new int[s.dataPorts().size()];
            inDataWords[i] = new int[s.dataPorts().size()];
            for (int d = 0; d < inData[i].length; d++)
            {
                inData[i][d] = spec.inputOffset(spec.inputIndex(s.dataPorts().get(d)));
                inDataWords[i][d] = spec.port(s.dataPorts().get(d)).words();
            }
        }
        outValid = new int[nOut];
        outReady = new int[nOut];
        outData = new int[nOut][];
        outDataWords = new int[nOut][];
        for (int o = 0; o < nOut; o++)
        {
            final StreamSpec s = outs.get(o);
            outValid[o] = spec.outputOffset(spec.outputIndex(s.validPort()));
            outReady[o] = spec.inputOffset(spec.inputIndex(s.readyPort()));
            outData[o] = new int[s.dataPorts().size()];
            outDataWords[o] = new int[s.dataPorts().size()];
            for (int d = 0; d < outData[o].length; d++)
            {
                outData[o][d] = spec.outputOffset(spec.outputIndex(s.dataPorts().get(d)));
                outDataWords[o][d] = spec.port(s.dataPorts().get(d)).words();
            }
        }
    }

    /** The input vector; static configuration pins are set here before {@link #reset}. */
    public long[] inputs()
    {
        return in;
    }

    public void observer(final CycleObserver observer)
    {
        this.observer = observer;
    }

    public long cycle()
    {
        return cycle;
    }

    public void reset()
    {
        for (int i = 0; i < nIn; i++)
        {
            in[inValid[i]] = 0;
        }
        for (int o = 0; o < nOut; o++)
        {
            in[outReady[o]] = 0;
        }
        model.reset();
        cycle = 0;
    }

    public int run(final StreamBatch b)
    {
        final long budget = b.ctrl(CTRL_BUDGET);
        final long quietNeeded = b.ctrl(CTRL_QUIET_NEEDED);
        long quiet = b.ctrl(CTRL_QUIET);
        long run = 0;
        int status;
        for (;;)
        {
            if (run >= budget)
            {
                status = STATUS_BUDGET;
                break;
            }
            boolean need = false;
            boolean allDone = true;
            for (int i = 0; i < nIn; i++)
            {
                final int s = inBase(i);
                if (b.ctrl(s + IN_GAP) < 0)
                {
                    if (b.ctrl(s + IN_CURSOR) < b.ctrl(s + IN_COUNT))
                    {
                        b.ctrl(s + IN_GAP, b.inSegment(i).getAtIndex(java.lang.foreign.ValueLayout.JAVA_LONG,
                            b.ctrl(s + IN_CURSOR) * b.inRecordWords(i)));
                    }
                    else if (b.ctrl(s + IN_FINAL) == 0)
                    {
                        need = true;
                    }
                }
                if (b.ctrl(s + IN_GAP) >= 0 || b.ctrl(s + IN_CURSOR) < b.ctrl(s + IN_COUNT) || b.ctrl(s + IN_FINAL) == 0)
                {
                    allDone = false;
                }
            }
            if (need)
            {
                status = STATUS_IN_NEED;
                break;
            }
            if (allDone && quiet >= quietNeeded)
            {
                status = STATUS_DONE;
                break;
            }
            for (int i = 0; i < nIn; i++)
            {
                final int s = inBase(i);
                final boolean valid = b.ctrl(s + IN_GAP) == 0;
                in[inValid[i]] = valid ? 1 : 0;
                long src = b.ctrl(s + IN_CURSOR) * b.inRecordWords(i) + 1;
                for (int d = 0; d < inData[i].length; d++)
                {
                    for (int w = 0; w < inDataWords[i][d]; w++)
                    {
                        in[inData[i][d] + w] = valid ? b.inSegment(i).getAtIndex(java.lang.foreign.ValueLayout.JAVA_LONG, src) : 0;
                        src++;
                    }
                }
            }
            for (int o = 0; o < nOut; o++)
            {
                final long bit = cycle & b.ctrl(outBase(nIn, o) + OUT_PATTERN_MASK);
                final long word = b.patternSegment(o).getAtIndex(java.lang.foreign.ValueLayout.JAVA_LONG, bit >>> 6);
                in[outReady[o]] = (word >>> (bit & 63)) & 1;
            }
            model.evaluate(in, out);
            if (observer != null)
            {
                observer.onCycle(cycle, in, out);
            }
            boolean active = false;
            boolean full = false;
            for (int i = 0; i < nIn; i++)
            {
                final int s = inBase(i);
                final long gap = b.ctrl(s + IN_GAP);
                if (gap == 0)
                {
                    active = true;
                    if (out[inReady[i]] != 0)
                    {
                        b.ctrl(s + IN_CURSOR, b.ctrl(s + IN_CURSOR) + 1);
                        b.ctrl(s + IN_GAP, -1);
                        b.ctrl(s + IN_FIRED, b.ctrl(s + IN_FIRED) + 1);
                    }
                }
                else if (gap > 0)
                {
                    active = true;
                    b.ctrl(s + IN_GAP, gap - 1);
                }
            }
            for (int o = 0; o < nOut; o++)
            {
                if (out[outValid[o]] != 0)
                {
                    active = true;
                    if (in[outReady[o]] != 0)
                    {
                        final int s = outBase(nIn, o);
                        final long n = b.ctrl(s + OUT_COUNT);
                        long dst = n * b.outRecordWords(o);
                        b.outSegment(o).setAtIndex(java.lang.foreign.ValueLayout.JAVA_LONG, dst++, cycle);
                        for (int d = 0; d < outData[o].length; d++)
                        {
                            for (int w = 0; w < outDataWords[o][d]; w++)
                            {
                                b.outSegment(o).setAtIndex(java.lang.foreign.ValueLayout.JAVA_LONG, dst++, out[outData[o][d] + w]);
                            }
                        }
                        b.ctrl(s + OUT_COUNT, n + 1);
                        b.ctrl(s + OUT_TOTAL, b.ctrl(s + OUT_TOTAL) + 1);
                        if (n + 1 >= b.ctrl(s + OUT_CAPACITY))
                        {
                            full = true;
                        }
                    }
                }
            }
            quiet = active ? 0 : quiet + 1;
            model.clock();
            cycle++;
            run++;
            if (full)
            {
                status = STATUS_OUT_FULL;
                break;
            }
        }
        b.ctrl(CTRL_QUIET, quiet);
        b.ctrl(CTRL_CYCLE, cycle);
        b.ctrl(CTRL_STATUS, status);
        b.ctrl(CTRL_CYCLES_RUN, run);
        return status;
    }
}
