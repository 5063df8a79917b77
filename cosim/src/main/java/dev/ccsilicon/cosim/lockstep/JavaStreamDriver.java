package dev.ccsilicon.cosim.lockstep;

import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.jverilator.StreamBatch;
import dev.ccsilicon.hdl.ModelDut;
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
 * {@code [c, data..., hash]}; a pending gap counts down. (4) Rising edge; {@code c} advances.
 * Between (2) and (3) the status pins ({@code HarnessAbi.statusPins}, word by word in declaration
 * order) go into the running status hash ({@code HarnessAbi.mix}), which each record ends with.
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
    /** Per input stream, the input vector index of each payload word (data ports in order, LSW first). */
    private final int[][] inDataDst;
    private final int[] outValid;
    private final int[] outReady;
    /** Per output stream, the output vector index of each record data word. */
    private final int[][] outDataSrc;
    /** Output vector word indices of the status pins, in the order the hash takes them. */
    private final int[] statusWords;
    private long hash;
    private final MemorySegment[] inSeg;
    private final int[] inRec;
    private final MemorySegment[] outSeg;
    private final int[] outRec;
    private long quietOut;
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
    /** Heap staging of the one-to-one loop's output records (copied out in bulk when the loop ends). */
    private long[] outStage = new long[0];

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
        inDataDst = new int[nIn][];
        inSeg = new MemorySegment[nIn];
        inRec = new int[nIn];
        for (int i = 0; i < nIn; i++)
        {
            final StreamSpec s = ins.get(i);
            inValid[i] = spec.inputWord(s.validPort());
            inReady[i] = spec.outputWord(s.readyPort());
            inDataDst[i] = new int[spec.dataWords(s)];
            int k = 0;
            for (final String d : s.dataPorts())
            {
                for (int w = 0; w < spec.port(d).words(); w++)
                {
                    inDataDst[i][k++] = spec.inputWord(d) + w;
                }
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
        outDataSrc = new int[nOut][];
        outSeg = new MemorySegment[nOut];
        outRec = new int[nOut];
        statusWords = statusWords(spec);
        for (int o = 0; o < nOut; o++)
        {
            final StreamSpec s = outs.get(o);
            outValid[o] = spec.outputWord(s.validPort());
            outReady[o] = spec.inputWord(s.readyPort());
            outDataSrc[o] = new int[spec.dataWords(s)];
            int k = 0;
            for (final String d : s.dataPorts())
            {
                for (int w = 0; w < spec.port(d).words(); w++)
                {
                    outDataSrc[o][k++] = spec.outputWord(d) + w;
                }
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
     * locals for the loop and written back once, so the per-cycle work is plain Java. One input and
     * one output stream (most blocks) take a loop specialised for that shape.
     */
    public int run(final StreamBatch b)
    {
        final long budget = b.ctrl(CTRL_BUDGET);
        final long quietNeeded = b.ctrl(CTRL_QUIET_NEEDED);
        for (int i = 0; i < nIn; i++)
        {
            final int s = inBase(i);
            inSeg[i] = b.inSegment(i);
            inRec[i] = b.inRecordWords(i);
            count[i] = b.ctrl(s + IN_COUNT);
            cursor[i] = b.ctrl(s + IN_CURSOR);
            gap[i] = b.ctrl(s + IN_GAP);
            fin[i] = b.ctrl(s + IN_FINAL) != 0;
            fired[i] = b.ctrl(s + IN_FIRED);
            if (gap[i] >= 0)
            {
                load(i);
            }
        }
        for (int o = 0; o < nOut; o++)
        {
            final int s = outBase(nIn, o);
            outSeg[o] = b.outSegment(o);
            outRec[o] = b.outRecordWords(o);
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
        final long quiet0 = b.ctrl(CTRL_QUIET);
        hash = b.ctrl(CTRL_STATUS_HASH);
        final long cycle0 = cycle;
        final int status = nIn == 1 && nOut == 1 ? runOneToOne(budget, quietNeeded, quiet0) : runGeneral(budget, quietNeeded, quiet0);
        for (int i = 0; i < nIn; i++)
        {
            final int s = inBase(i);
            b.ctrl(s + IN_CURSOR, cursor[i]);
            b.ctrl(s + IN_GAP, gap[i]);
            b.ctrl(s + IN_FIRED, fired[i]);
            inSeg[i] = null;
        }
        for (int o = 0; o < nOut; o++)
        {
            final int s = outBase(nIn, o);
            b.ctrl(s + OUT_COUNT, outCount[o]);
            b.ctrl(s + OUT_TOTAL, outTotal[o]);
            outSeg[o] = null;
        }
        b.ctrl(CTRL_QUIET, quietOut);
        b.ctrl(CTRL_STATUS_HASH, hash);
        b.ctrl(CTRL_CYCLE, cycle);
        b.ctrl(CTRL_STATUS, status);
        b.ctrl(CTRL_CYCLES_RUN, cycle - cycle0);
        return status;
    }

    /** The loop for one input and one output stream: same steps as {@link #runGeneral}, state in locals. */
    private int runOneToOne(final long budget, final long quietNeeded, final long quietIn)
    {
        final ModelDut m = model;
        final CycleObserver obs = observer;
        final long[] in = this.in;
        final long[] out = this.out;
        final int srcRec = inRec[0];
        final long srcCount = count[0];
        final boolean last = fin[0];
        final long[] cur = current[0];
        final int[] dataDst = inDataDst[0];
        final int validPin = inValid[0];
        final int inReadyPin = inReady[0];
        final int dstRec = outRec[0];
        final int[] dataSrc = outDataSrc[0];
        final int outValidPin = outValid[0];
        final int outReadyPin = outReady[0];
        final long mask = patternMask[0];
        final long[] pat = pattern[0];
        final long cap = outCap[0];
        final int[] status = statusWords;
        long h = hash;
        long cur0 = cursor[0];
        // The output records of this call are staged in a heap array: plain stores in the loop, one
        // bulk copy into the batch's segment when it ends.
        final MemorySegment src = inSeg[0];
        final long oc0 = outCount[0];
        final int outWords = (int)(Math.max(1, outCap[0] - oc0) * dstRec);
        if (outStage.length < outWords)
        {
            outStage = new long[outWords];
        }
        final long[] dst = outStage;
        long g = gap[0];
        long fire = fired[0];
        long oc = outCount[0];
        long ot = outTotal[0];
        long quiet = quietIn;
        long c = cycle;
        long run = 0;
        int st;
        for (;;)
        {
            if (run >= budget)
            {
                st = STATUS_BUDGET;
                break;
            }
            if (g < 0)
            {
                if (cur0 < srcCount)
                {
                    final long at = cur0 * srcRec;
                    g = src.getAtIndex(ValueLayout.JAVA_LONG, at);
                    for (int w = 0; w < dataDst.length; w++)
                    {
                        cur[w] = src.getAtIndex(ValueLayout.JAVA_LONG, at + 1 + w);
                    }
                }
                else if (!last)
                {
                    st = STATUS_IN_NEED;
                    break;
                }
                else if (quiet >= quietNeeded)
                {
                    st = STATUS_DONE;
                    break;
                }
            }
            final boolean valid = g == 0;
            in[validPin] = valid ? 1 : 0;
            for (int w = 0; w < dataDst.length; w++)
            {
                in[dataDst[w]] = valid ? cur[w] : 0;
            }
            final long bit = c & mask;
            final long ready = (pat[(int)(bit >>> 6)] >>> (bit & 63)) & 1;
            in[outReadyPin] = ready;
            m.evaluate(in, out);
            for (int w = 0; w < status.length; w++)
            {
                h = mix(h, out[status[w]]);
            }
            if (obs != null)
            {
                obs.onCycle(c, in, out);
            }
            boolean active = false;
            boolean full = false;
            if (valid)
            {
                active = true;
                if (out[inReadyPin] != 0)
                {
                    cur0++;
                    g = -1;
                    fire++;
                }
            }
            else if (g > 0)
            {
                active = true;
                g--;
            }
            if (out[outValidPin] != 0)
            {
                active = true;
                if (ready != 0)
                {
                    int at = (int)((oc - oc0) * dstRec);
                    dst[at++] = c;
                    for (int w = 0; w < dataSrc.length; w++)
                    {
                        dst[at++] = out[dataSrc[w]];
                    }
                    dst[at] = h;
                    oc++;
                    ot++;
                    full = oc >= cap;
                }
            }
            quiet = active ? 0 : quiet + 1;
            m.clock();
            c++;
            run++;
            if (full)
            {
                st = STATUS_OUT_FULL;
                break;
            }
        }
        MemorySegment.copy(dst, 0, outSeg[0], ValueLayout.JAVA_LONG, 8L * oc0 * dstRec, (int)((oc - oc0) * dstRec));
        hash = h;
        cursor[0] = cur0;
        gap[0] = g;
        fired[0] = fire;
        outCount[0] = oc;
        outTotal[0] = ot;
        quietOut = quiet;
        cycle = c;
        return st;
    }

    private int runGeneral(final long budget, final long quietNeeded, final long quietIn)
    {
        long quiet = quietIn;
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
                        gap[i] = inSeg[i].getAtIndex(ValueLayout.JAVA_LONG, cursor[i] * inRec[i]);
                        load(i);
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
                final int[] dataDst = inDataDst[i];
                for (int w = 0; w < dataDst.length; w++)
                {
                    in[dataDst[w]] = valid ? cur[w] : 0;
                }
            }
            for (int o = 0; o < nOut; o++)
            {
                final long bit = cycle & patternMask[o];
                in[outReady[o]] = (pattern[o][(int)(bit >>> 6)] >>> (bit & 63)) & 1;
            }
            model.evaluate(in, out);
            long h = hash;
            for (int w = 0; w < statusWords.length; w++)
            {
                h = mix(h, out[statusWords[w]]);
            }
            hash = h;
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
                        final MemorySegment seg = outSeg[o];
                        long dst = outCount[o] * outRec[o];
                        seg.setAtIndex(ValueLayout.JAVA_LONG, dst++, cycle);
                        final int[] dataSrc = outDataSrc[o];
                        for (int w = 0; w < dataSrc.length; w++)
                        {
                            seg.setAtIndex(ValueLayout.JAVA_LONG, dst++, out[dataSrc[w]]);
                        }
                        seg.setAtIndex(ValueLayout.JAVA_LONG, dst, hash);
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
        quietOut = quiet;
        return status;
    }

    /** Copies the current transaction's payload of input stream {@code i} out of the batch. */
    private void load(final int i)
    {
        final int rw = inRec[i];
        MemorySegment.copy(inSeg[i], ValueLayout.JAVA_LONG, 8L * (cursor[i] * rw + 1), current[i], 0, rw - 1);
    }
}
