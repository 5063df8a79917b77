package dev.ccsilicon.cosim.lockstep;

import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.jverilator.StreamBatch;
import dev.ccsilicon.hdl.StreamSpec;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
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
    private final long[] count;
    private final long[] cursor;
    private final long[] gap;
    private final boolean[] fin;
    private final long[] fired;
    private final long[][] current;
    private final long[] outCount;
    private final long[] outCap;
    private final long[] outTotal;
    private final long[] patternMask;
    private final long[][] pattern;
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
        count = new long[nIn];
        cursor = new long[nIn];
        gap = new long[nIn];
        fin = new boolean[nIn];
        fired = new long[nIn];
        current = new long[nIn][];
        for (int i = 0; i < nIn; i++)
        {
            current[i] = new long[Math.max(1, spec.dataWords(ins.get(i)))];
        }
        outCount = new long[nOut];
        outCap = new long[nOut];
        outTotal = new long[nOut];
        patternMask = new long[nOut];
        pattern = new long[nOut][];
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

    /**
     * Runs the driver loop on {@code b} (see the class comment). The control words are pulled into
     * locals for the loop and written back once, so the per-cycle work is plain Java.
     */
    public int run(final StreamBatch b)
    {
        final long budget = b.ctrl(CTRL_BUDGET);
        final long quietNeeded = b.ctrl(CTRL_QUIET_NEEDED);
        long quiet = b.ctrl(CTRL_QUIET);
        for (int i = 0; i < nIn; i++)
        {
            final int s = inBase(i);
            count[i] = b.ctrl(s + IN_COUNT);
            cursor[i] = b.ctrl(s + IN_CURSOR);
            gap[i] = b.ctrl(s + IN_GAP);
            fin[i] = b.ctrl(s + IN_FINAL) != 0;
            fired[i] = b.ctrl(s + IN_FIRED);
            if (gap[i] >= 0)
            {
                load(b, i);
            }
        }
        for (int o = 0; o < nOut; o++)
        {
            final int s = outBase(nIn, o);
            outCount[o] = b.ctrl(s + OUT_COUNT);
            outCap[o] = b.ctrl(s + OUT_CAPACITY);
            outTotal[o] = b.ctrl(s + OUT_TOTAL);
            patternMask[o] = b.ctrl(s + OUT_PATTERN_MASK);
            final int words = (int)((patternMask[o] + 1) >>> 6);
            if (pattern[o] == null || pattern[o].length != words)
            {
                pattern[o] = new long[words];
            }
            MemorySegment.copy(b.patternSegment(o), ValueLayout.JAVA_LONG, 0, pattern[o], 0, words);
        }
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
                if (gap[i] < 0)
                {
                    if (cursor[i] < count[i])
                    {
                        gap[i] = b.inSegment(i).getAtIndex(ValueLayout.JAVA_LONG, cursor[i] * b.inRecordWords(i));
                        load(b, i);
                    }
                    else if (!fin[i])
                    {
                        need = true;
                    }
                }
                if (gap[i] >= 0 || cursor[i] < count[i] || !fin[i])
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
                final boolean valid = gap[i] == 0;
                in[inValid[i]] = valid ? 1 : 0;
                final long[] cur = current[i];
                int src = 0;
                for (int d = 0; d < inData[i].length; d++)
                {
                    for (int w = 0; w < inDataWords[i][d]; w++)
                    {
                        in[inData[i][d] + w] = valid ? cur[src] : 0;
                        src++;
                    }
                }
            }
            for (int o = 0; o < nOut; o++)
            {
                final long bit = cycle & patternMask[o];
                in[outReady[o]] = (pattern[o][(int)(bit >>> 6)] >>> (bit & 63)) & 1;
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
                if (gap[i] == 0)
                {
                    active = true;
                    if (out[inReady[i]] != 0)
                    {
                        cursor[i]++;
                        gap[i] = -1;
                        fired[i]++;
                    }
                }
                else if (gap[i] > 0)
                {
                    active = true;
                    gap[i]--;
                }
            }
            for (int o = 0; o < nOut; o++)
            {
                if (out[outValid[o]] != 0)
                {
                    active = true;
                    if (in[outReady[o]] != 0)
                    {
                        final MemorySegment seg = b.outSegment(o);
                        long dst = outCount[o] * b.outRecordWords(o);
                        seg.setAtIndex(ValueLayout.JAVA_LONG, dst++, cycle);
                        for (int d = 0; d < outData[o].length; d++)
                        {
                            for (int w = 0; w < outDataWords[o][d]; w++)
                            {
                                seg.setAtIndex(ValueLayout.JAVA_LONG, dst++, out[outData[o][d] + w]);
                            }
                        }
                        outCount[o]++;
                        outTotal[o]++;
                        if (outCount[o] >= outCap[o])
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
        for (int i = 0; i < nIn; i++)
        {
            final int s = inBase(i);
            b.ctrl(s + IN_CURSOR, cursor[i]);
            b.ctrl(s + IN_GAP, gap[i]);
            b.ctrl(s + IN_FIRED, fired[i]);
        }
        for (int o = 0; o < nOut; o++)
        {
            final int s = outBase(nIn, o);
            b.ctrl(s + OUT_COUNT, outCount[o]);
            b.ctrl(s + OUT_TOTAL, outTotal[o]);
        }
        b.ctrl(CTRL_QUIET, quiet);
        b.ctrl(CTRL_CYCLE, cycle);
        b.ctrl(CTRL_STATUS, status);
        b.ctrl(CTRL_CYCLES_RUN, run);
        return status;
    }

    /** Copies the current transaction's payload of input stream {@code i} out of the batch. */
    private void load(final StreamBatch b, final int i)
    {
        final int rw = b.inRecordWords(i);
        MemorySegment.copy(b.inSegment(i), ValueLayout.JAVA_LONG, 8L * (cursor[i] * rw + 1), current[i], 0, rw - 1);
    }
}
