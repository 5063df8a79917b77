package dev.ccsilicon.cosim.lockstep;

import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.jverilator.StreamBatch;
import dev.ccsilicon.hdl.StreamSpec;

import java.util.List;

/**
 * Compares the model's output transactions with the RTL's, per output stream and in order: every
 * data field bit-exact, and the handshake cycle within the adapter's timing tolerance. The timing
 * error of a transaction is model cycle minus RTL cycle.
 */
final class Scoreboard
{
    private final BlockAdapter adapter;
    private final List<StreamSpec> streams;
    private final RecordQueue[] rtl;
    private final RecordQueue[] model;
    private final long[][] fieldOffsets;
    private final int[][] fieldWords;
    private final String[][] fieldNames;
    private final long[] compared;
    private final long[] rtlRecord;
    private final long[] modelRecord;
    private final int tolerance;

    private long mismatches;
    private Mismatch first;
    private long timingMin = Long.MAX_VALUE;
    private long timingMax = Long.MIN_VALUE;
    private long timingSum;
    private long total;

    Scoreboard(final BlockSpec spec, final BlockAdapter adapter)
    {
        this.adapter = adapter;
        this.streams = spec.outStreams();
        final int n = streams.size();
        rtl = new RecordQueue[n];
        model = new RecordQueue[n];
        fieldOffsets = new long[n][];
        fieldWords = new int[n][];
        fieldNames = new String[n][];
        compared = new long[n];
        int maxWords = 1;
        for (int o = 0; o < n; o++)
        {
            final StreamSpec s = streams.get(o);
            final int rw = 1 + spec.dataWords(s);
            maxWords = Math.max(maxWords, rw);
            rtl[o] = new RecordQueue(rw);
            model[o] = new RecordQueue(rw);
            fieldOffsets[o] = new long[s.dataPorts().size()];
            fieldWords[o] = new int[s.dataPorts().size()];
            fieldNames[o] = s.dataPorts().toArray(new String[0]);
            int off = 1;
            for (int d = 0; d < fieldNames[o].length; d++)
            {
                fieldOffsets[o][d] = off;
                fieldWords[o][d] = spec.port(fieldNames[o][d]).words();
                off += fieldWords[o][d];
            }
        }
        rtlRecord = new long[maxWords];
        modelRecord = new long[maxWords];
        tolerance = adapter.timingTolerance();
    }

    void addRtl(final StreamBatch batch)
    {
        for (int o = 0; o < rtl.length; o++)
        {
            rtl[o].addFrom(batch, o);
        }
    }

    void addModel(final StreamBatch batch)
    {
        for (int o = 0; o < model.length; o++)
        {
            model[o].addFrom(batch, o);
        }
    }

    /** Compares every pair available on both sides. */
    void compare()
    {
        for (int o = 0; o < rtl.length; o++)
        {
            while (rtl[o].size() > 0 && model[o].size() > 0)
            {
                rtl[o].poll(rtlRecord);
                model[o].poll(modelRecord);
                final long err = modelRecord[0] - rtlRecord[0];
                timingMin = Math.min(timingMin, err);
                timingMax = Math.max(timingMax, err);
                timingSum += err;
                total++;
                boolean differs = false;
                for (int d = 0; d < fieldNames[o].length && !differs; d++)
                {
                    final int off = (int)fieldOffsets[o][d];
                    for (int w = 0; w < fieldWords[o][d]; w++)
                    {
                        if (rtlRecord[off + w] != modelRecord[off + w])
                        {
                            differs = true;
                            if (first == null)
                            {
                                first = new Mismatch(streams.get(o).name(), compared[o], fieldNames[o][d],
                                    adapter.formatField(fieldNames[o][d], slice(rtlRecord, off, fieldWords[o][d])),
                                    adapter.formatField(fieldNames[o][d], slice(modelRecord, off, fieldWords[o][d])),
                                    rtlRecord[0], modelRecord[0]);
                            }
                            break;
                        }
                    }
                }
                if (!differs && Math.abs(err) > tolerance)
                {
                    differs = true;
                    if (first == null)
                    {
                        first = new Mismatch(streams.get(o).name(), compared[o], "cycle",
                            "within " + tolerance + " of " + rtlRecord[0], String.valueOf(modelRecord[0]), rtlRecord[0],
                            modelRecord[0]);
                    }
                }
                if (differs)
                {
                    mismatches++;
                }
                compared[o]++;
            }
        }
    }

    /** At the end of a run: transactions one side produced and the other did not. */
    void finish()
    {
        compare();
        for (int o = 0; o < rtl.length; o++)
        {
            final boolean rtlExtra = rtl[o].size() > 0;
            final RecordQueue extra = rtlExtra ? rtl[o] : model[o];
            if (extra.size() > 0)
            {
                mismatches += extra.size();
                if (first == null)
                {
                    extra.poll(rtlRecord);
                    first = new Mismatch(streams.get(o).name(), compared[o], "presence",
                        rtlExtra ? "a transaction" : "none", rtlExtra ? "none" : "a transaction",
                        rtlExtra ? rtlRecord[0] : -1, rtlExtra ? -1 : rtlRecord[0]);
                }
            }
        }
    }

    private static long[] slice(final long[] a, final int off, final int len)
    {
        final long[] r = new long[len];
        System.arraycopy(a, off, r, 0, len);
        return r;
    }

    long mismatches()
    {
        return mismatches;
    }

    Mismatch first()
    {
        return first;
    }

    long compared()
    {
        return total;
    }

    long timingMin()
    {
        return total == 0 ? 0 : timingMin;
    }

    long timingMax()
    {
        return total == 0 ? 0 : timingMax;
    }

    double timingMean()
    {
        return total == 0 ? 0 : (double)timingSum / total;
    }
}
