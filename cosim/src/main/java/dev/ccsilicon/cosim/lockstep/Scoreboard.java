package dev.ccsilicon.cosim.lockstep;

import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.jverilator.StreamBatch;
import dev.ccsilicon.hdl.StreamSpec;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;

/**
 * Compares the model's output transactions with the RTL's, per output stream and in order: every
 * data field bit-exact, and the handshake cycle within the adapter's timing tolerance. The timing
 * error of a transaction is model cycle minus RTL cycle.
 *
 * <p>Records are compared where they lie: the two batches' output buffers against each other, a
 * whole run of records with one {@link MemorySegment#mismatch} (records {@code [cycle, data...]} that
 * are equal word for word are a match with timing error 0). Only at the first differing word does
 * the comparison go record by record, field by field. Records one side produced and the other not
 * yet wait in that side's {@link RecordQueue} (a bulk copy) for the other side's next batch.
 *
 * <p>Every record ends with the running hash of the status pins (every output that is not an
 * output stream's data: see {@code HarnessAbi.statusPins}). For a cycle-exact adapter (tolerance 0)
 * it is compared at every record, and at the end of the run: the first
 * difference is a {@link StatusDivergence}, bounded by the last record whose hash agreed, which the
 * engine localises to a pin and a cycle by a re-run. It does not count as a transaction mismatch
 * (once the hashes differ every later record's hash differs too; there is one divergence to report).
 * With a non-zero tolerance the sides' cycles may legitimately differ, and so do their per-cycle
 * pins: the hash is not compared.
 */
final class Scoreboard
{
    private final BlockAdapter adapter;
    private final List<StreamSpec> streams;
    private final RecordQueue[] rtl;
    private final RecordQueue[] model;
    private final int[] recordWords;
    private final int[][] fieldOffsets;
    private final int[][] fieldWords;
    private final String[][] fieldNames;
    private final long[] compared;
    private final int tolerance;
    private final boolean hashCompared;

    private StatusDivergence statusDivergence;
    /** The cycle of the latest record whose status hash agreed (-1: none yet). */
    private long hashAgreedAt = -1;

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
        recordWords = new int[n];
        fieldOffsets = new int[n][];
        fieldWords = new int[n][];
        fieldNames = new String[n][];
        compared = new long[n];
        for (int o = 0; o < n; o++)
        {
            final StreamSpec s = streams.get(o);
            final int rw = dev.ccsilicon.cosim.jverilator.HarnessAbi.outRecordWords(spec.dataWords(s));
            recordWords[o] = rw;
            rtl[o] = new RecordQueue(rw);
            model[o] = new RecordQueue(rw);
            fieldOffsets[o] = new int[s.dataPorts().size()];
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
        tolerance = adapter.timingTolerance();
        hashCompared = tolerance == 0;
    }

    /** Queues a side's new records without comparing (tests; the engine uses {@link #compare(StreamBatch, StreamBatch)}). */
    void addRtl(final StreamBatch batch)
    {
        for (int o = 0; o < rtl.length; o++)
        {
            rtl[o].addFrom(batch.outSegment(o), 0, batch.outCount(o));
        }
    }

    void addModel(final StreamBatch batch)
    {
        for (int o = 0; o < model.length; o++)
        {
            model[o].addFrom(batch.outSegment(o), 0, batch.outCount(o));
        }
    }

    /** Compares every pair available on both sides (queued records only). */
    void compare()
    {
        compare(null, null);
    }

    /**
     * Compares every pair available on both sides: queued records first, then the batches' new
     * records ({@code null}: that side produced none, e.g. it has finished); what one side has beyond
     * the other is queued. The batches are not referenced after the call.
     */
    void compare(final StreamBatch rtlBatch, final StreamBatch modelBatch)
    {
        for (int o = 0; o < rtl.length; o++)
        {
            final RecordQueue rq = rtl[o];
            final RecordQueue mq = model[o];
            final MemorySegment rs = rtlBatch == null ? null : rtlBatch.outSegment(o);
            final MemorySegment ms = modelBatch == null ? null : modelBatch.outSegment(o);
            final int rn = rtlBatch == null ? 0 : rtlBatch.outCount(o);
            final int mn = modelBatch == null ? 0 : modelBatch.outCount(o);
            int ri = 0;
            int mi = 0;
            for (;;)
            {
                final boolean rFromQueue = rq.size() > 0;
                final boolean mFromQueue = mq.size() > 0;
                final int rAvail = rFromQueue ? rq.size() : rn - ri;
                final int mAvail = mFromQueue ? mq.size() : mn - mi;
                final int n = Math.min(rAvail, mAvail);
                if (n == 0)
                {
                    break;
                }
                compareRun(o,
                    rFromQueue ? rq.segment() : rs, rFromQueue ? rq.head() : ri,
                    mFromQueue ? mq.segment() : ms, mFromQueue ? mq.head() : mi, n);
                if (rFromQueue)
                {
                    rq.drop(n);
                }
                else
                {
                    ri += n;
                }
                if (mFromQueue)
                {
                    mq.drop(n);
                }
                else
                {
                    mi += n;
                }
            }
            if (ri < rn)
            {
                rq.addFrom(rs, ri, rn - ri);
            }
            if (mi < mn)
            {
                mq.addFrom(ms, mi, mn - mi);
            }
        }
    }

    /** Compares {@code n} records of stream {@code o}: record {@code a + k} of the RTL with record {@code b + k} of the model. */
    private void compareRun(final int o, final MemorySegment rtlRecords, final int a, final MemorySegment modelRecords,
        final int b, final int n)
    {
        final long recordBytes = 8L * recordWords[o];
        long rOff = a * recordBytes;
        long mOff = b * recordBytes;
        int left = n;
        while (left > 0)
        {
            // Identical records are a match with timing error 0 (unless a negative tolerance rejects even 0).
            final long diff = tolerance < 0 ? 0
                : MemorySegment.mismatch(rtlRecords, rOff, rOff + left * recordBytes, modelRecords, mOff, mOff + left * recordBytes);
            final int same = diff < 0 ? left : (int)(diff / recordBytes);
            if (same > 0)
            {
                if (statusDivergence == null)
                {
                    // Equal records, hash included: the status pins agreed up to the run's last record.
                    hashAgreedAt = Math.max(hashAgreedAt, rtlRecords.get(ValueLayout.JAVA_LONG, rOff + (same - 1) * recordBytes));
                }
                timingMin = Math.min(timingMin, 0);
                timingMax = Math.max(timingMax, 0);
                total += same;
                compared[o] += same;
                rOff += same * recordBytes;
                mOff += same * recordBytes;
                left -= same;
            }
            if (left > 0)
            {
                compareOne(o, rtlRecords, rOff, modelRecords, mOff);
                rOff += recordBytes;
                mOff += recordBytes;
                left--;
            }
        }
    }

    /** One pair, field by field: the first difference is the run's first mismatch. */
    private void compareOne(final int o, final MemorySegment r, final long rOff, final MemorySegment m, final long mOff)
    {
        final long rtlCycle = r.get(ValueLayout.JAVA_LONG, rOff);
        final long modelCycle = m.get(ValueLayout.JAVA_LONG, mOff);
        final long err = modelCycle - rtlCycle;
        timingMin = Math.min(timingMin, err);
        timingMax = Math.max(timingMax, err);
        timingSum += err;
        total++;
        boolean differs = false;
        for (int d = 0; d < fieldNames[o].length && !differs; d++)
        {
            final int off = fieldOffsets[o][d];
            for (int w = 0; w < fieldWords[o][d]; w++)
            {
                if (r.get(ValueLayout.JAVA_LONG, rOff + 8L * (off + w)) != m.get(ValueLayout.JAVA_LONG, mOff + 8L * (off + w)))
                {
                    differs = true;
                    if (first == null)
                    {
                        first = new Mismatch(streams.get(o).name(), compared[o], fieldNames[o][d],
                            adapter.formatField(fieldNames[o][d], slice(r, rOff, off, fieldWords[o][d])),
                            adapter.formatField(fieldNames[o][d], slice(m, mOff, off, fieldWords[o][d])),
                            rtlCycle, modelCycle);
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
                    "within " + tolerance + " of " + rtlCycle, String.valueOf(modelCycle), rtlCycle, modelCycle);
            }
        }
        if (differs)
        {
            mismatches++;
        }
        // The status pins are compared whatever the record's data: a wrong ready or valid usually
        // shows in a status pin before it shows in the data, and names the pin that went wrong.
        if (hashCompared && statusDivergence == null)
        {
            final long hashOffset = 8L * (recordWords[o] - 1);
            final long rtlHash = r.get(ValueLayout.JAVA_LONG, rOff + hashOffset);
            final long modelHash = m.get(ValueLayout.JAVA_LONG, mOff + hashOffset);
            if (rtlHash == modelHash)
            {
                hashAgreedAt = Math.max(hashAgreedAt, rtlCycle);
            }
            else
            {
                statusDivergence = new StatusDivergence("output stream '" + streams.get(o).name() + "' transaction #"
                    + compared[o], hashAgreedAt, rtlCycle, rtlHash, modelHash);
            }
        }
        compared[o]++;
    }

    /**
     * At the end of a run that both sides finished: their final status hashes and cycle counts (the
     * control block) must agree too, which covers the cycles after the last output record.
     */
    void finishStatus(final long rtlHash, final long rtlCycle, final long modelHash, final long modelCycle)
    {
        if (hashCompared && statusDivergence == null && (rtlHash != modelHash || rtlCycle != modelCycle))
        {
            statusDivergence = new StatusDivergence("the end of the run (RTL ran " + rtlCycle + " cycles, model "
                + modelCycle + ")", hashAgreedAt, Math.min(rtlCycle, modelCycle) - 1, rtlHash, modelHash);
        }
    }

    /** The first record (or the end) where the status hashes differed, or null. */
    StatusDivergence statusDivergence()
    {
        return statusDivergence;
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
                    final long cycle = extra.cycleOfHead();
                    first = new Mismatch(streams.get(o).name(), compared[o], "presence",
                        rtlExtra ? "a transaction" : "none", rtlExtra ? "none" : "a transaction",
                        rtlExtra ? cycle : -1, rtlExtra ? -1 : cycle);
                }
            }
        }
    }

    private static long[] slice(final MemorySegment s, final long recordOffset, final int word, final int len)
    {
        final long[] r = new long[len];
        MemorySegment.copy(s, ValueLayout.JAVA_LONG, recordOffset + 8L * word, r, 0, len);
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
