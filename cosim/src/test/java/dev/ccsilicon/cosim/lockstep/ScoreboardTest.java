package dev.ccsilicon.cosim.lockstep;

import dev.ccsilicon.cosim.blocks.streamfifo.StreamFifoAdapter;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.jverilator.HarnessAbi;
import dev.ccsilicon.cosim.jverilator.StreamBatch;
import org.junit.jupiter.api.Test;

import java.lang.foreign.ValueLayout;

import static dev.ccsilicon.cosim.jverilator.HarnessAbi.OUT_COUNT;
import static dev.ccsilicon.cosim.jverilator.HarnessAbi.outBase;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The in-place comparison: runs of equal records, uneven batches on the two sides, the first difference. */
class ScoreboardTest
{
    private final StreamFifoAdapter adapter = new StreamFifoAdapter();
    private final BlockSpec spec = adapter.spec();
    private final int rw = HarnessAbi.outRecordWords(spec.dataWords(spec.outStreams().get(0)));

    /** Records {@code [cycle, lo, hi, hash]} for transactions {@code from..to-1}: cycle 3t + shift, data t * 7, t, hash 31t. */
    private void fill(final StreamBatch b, final int from, final int to, final long shift, final int corrupt)
    {
        fill(b, from, to, shift, corrupt, Integer.MAX_VALUE);
    }

    /** As above; from transaction {@code hashFrom} on the hash word is different (a status pin diverged). */
    private void fill(final StreamBatch b, final int from, final int to, final long shift, final int corrupt, final int hashFrom)
    {
        for (int t = from; t < to; t++)
        {
            final long at = (long)(t - from) * rw;
            b.outSegment(0).setAtIndex(ValueLayout.JAVA_LONG, at, 3L * t + shift);
            b.outSegment(0).setAtIndex(ValueLayout.JAVA_LONG, at + 1, t == corrupt ? 7L * t ^ 1 : 7L * t);
            b.outSegment(0).setAtIndex(ValueLayout.JAVA_LONG, at + 2, t & 0xFF);
            b.outSegment(0).setAtIndex(ValueLayout.JAVA_LONG, at + 3, t >= hashFrom ? ~31L * t : 31L * t);
        }
        b.ctrl(outBase(spec.inStreams().size(), 0) + OUT_COUNT, to - from);
    }

    @Test
    void unevenBatchesCompareInOrderAndTheFirstDifferenceIsReported()
    {
        final Scoreboard sb = new Scoreboard(spec, adapter);
        try (StreamBatch rtl = new StreamBatch(spec, 16, 1000, 64); StreamBatch model = new StreamBatch(spec, 16, 1000, 64))
        {
            fill(rtl, 0, 700, 0, -1);
            fill(model, 0, 300, 0, -1);
            sb.compare(rtl, model);
            assertEquals(300, sb.compared());
            fill(rtl, 700, 900, 0, -1);
            fill(model, 300, 1000 - 50, 0, 555);
            sb.compare(rtl, model);
            assertEquals(900, sb.compared());
            assertEquals(1, sb.mismatches());
            assertEquals(new Mismatch("out", 555, "out_data_o", "0x" + Long.toHexString(555 & 0xFF) + String.format("%016x", 7L * 555),
                "0x" + Long.toHexString(555 & 0xFF) + String.format("%016x", 7L * 555 ^ 1), 3L * 555, 3L * 555), sb.first());
            sb.compare(null, null);
            assertEquals(900, sb.compared());
            sb.finish();
            // 50 model records the RTL never produced.
            assertEquals(51, sb.mismatches());
            assertEquals(0, sb.timingMin());
            assertEquals(0, sb.timingMax());
        }
    }

    @Test
    void lateRecordsCountInTheTimingErrorAndBeyondToleranceAsMismatches()
    {
        final Scoreboard sb = new Scoreboard(spec, adapter);
        try (StreamBatch rtl = new StreamBatch(spec, 16, 1000, 64); StreamBatch model = new StreamBatch(spec, 16, 1000, 64))
        {
            fill(rtl, 0, 500, 0, -1);
            fill(model, 0, 400, 0, -1);
            sb.compare(rtl, model);
            fill(model, 400, 500, 2, -1);
            sb.compare(null, model);
            assertEquals(500, sb.compared());
            assertEquals(100, sb.mismatches());
            assertEquals(0, sb.timingMin());
            assertEquals(2, sb.timingMax());
            assertEquals(200.0 / 500, sb.timingMean(), 1e-12);
            assertEquals(new Mismatch("out", 400, "cycle", "within 0 of 1200", "1202", 1200, 1202), sb.first());
        }
    }

    @Test
    void identicalStreamsHaveNoMismatchAndZeroTiming()
    {
        final Scoreboard sb = new Scoreboard(spec, adapter);
        try (StreamBatch rtl = new StreamBatch(spec, 16, 1000, 64); StreamBatch model = new StreamBatch(spec, 16, 1000, 64))
        {
            fill(rtl, 0, 1000, 0, -1);
            fill(model, 0, 1000, 0, -1);
            sb.compare(rtl, model);
            sb.finish();
            assertEquals(1000, sb.compared());
            assertEquals(0, sb.mismatches());
            assertNull(sb.first());
            assertEquals(0.0, sb.timingMean());
        }
    }

    @Test
    void aStatusHashDifferenceIsNotATransactionMismatchButIsBoundedByTheLastAgreeingRecord()
    {
        final Scoreboard sb = new Scoreboard(spec, adapter);
        try (StreamBatch rtl = new StreamBatch(spec, 16, 1000, 64); StreamBatch model = new StreamBatch(spec, 16, 1000, 64))
        {
            fill(rtl, 0, 600, 0, -1);
            fill(model, 0, 600, 0, -1, 400);
            sb.compare(rtl, model);
            sb.finish();
            assertEquals(600, sb.compared());
            assertEquals(0, sb.mismatches());
            assertNull(sb.first());
            // Record 399 (cycle 1197) agreed, record 400 (cycle 1200) did not: the pin changed in (1197, 1200].
            assertEquals(new StatusDivergence("output stream 'out' transaction #400", 1197, 1200, 31L * 400, ~31L * 400),
                sb.statusDivergence());
        }
    }

    @Test
    void theFinalHashOrCycleCountDifferingIsADivergenceAtTheEnd()
    {
        final Scoreboard sb = new Scoreboard(spec, adapter);
        try (StreamBatch rtl = new StreamBatch(spec, 16, 1000, 64); StreamBatch model = new StreamBatch(spec, 16, 1000, 64))
        {
            fill(rtl, 0, 100, 0, -1);
            fill(model, 0, 100, 0, -1);
            sb.compare(rtl, model);
            sb.finish();
            sb.finishStatus(5, 400, 5, 400);
            assertNull(sb.statusDivergence());
            sb.finishStatus(5, 400, 6, 400);
            assertEquals(new StatusDivergence("the end of the run (RTL ran 400 cycles, model 400)", 297, 399, 5, 6),
                sb.statusDivergence());
        }
    }
}
