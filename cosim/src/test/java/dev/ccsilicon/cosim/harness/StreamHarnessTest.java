package dev.ccsilicon.cosim.harness;

import dev.ccsilicon.cosim.blocks.streamfifo.StreamFifoAdapter;
import dev.ccsilicon.cosim.blocks.timerwheel.TimerWheelAdapter;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.jverilator.StreamBatch;
import dev.ccsilicon.cosim.lockstep.BlockAdapter;
import dev.ccsilicon.cosim.lockstep.JavaStreamDriver;
import dev.ccsilicon.hdl.SeededRandom;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static dev.ccsilicon.cosim.jverilator.HarnessAbi.CTRL_BUDGET;
import static dev.ccsilicon.cosim.jverilator.HarnessAbi.CTRL_QUIET_NEEDED;
import static dev.ccsilicon.cosim.jverilator.HarnessAbi.STATUS_DONE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The harness has the lockstep driver's cycle semantics: the same transactions, idle gaps and ready
 * pattern through {@link JavaStreamDriver} and through {@link StreamHarness} give the same output
 * transactions in the same cycles (one input and one output stream, and one input with two outputs,
 * the driver's two loops).
 */
class StreamHarnessTest
{
    private static final int TRANSACTIONS = 3_000;
    private static final int PATTERN_BITS = 1024;
    private static final int QUIET = 64;

    @Test
    void sameRecordsAsTheLockstepDriverOnOneInputAndOneOutput()
    {
        sameRecordsAsTheLockstepDriver(new StreamFifoAdapter(), 1);
    }

    @Test
    void sameRecordsAsTheLockstepDriverOnOneInputAndTwoOutputs()
    {
        sameRecordsAsTheLockstepDriver(new TimerWheelAdapter(), 2);
    }

    @Test
    void fieldsAreNamedFromTheDataPorts()
    {
        final TimerWheelAdapter adapter = new TimerWheelAdapter();
        final StreamHarness h = new StreamHarness(adapter.spec(), adapter.newModel(adapter.spec()));
        final Txn t = h.source("cmd").txn(1, 31, 0xFFFF);
        assertEquals(List.of("cancel", "qp", "deadline"), t.fields());
        assertEquals(31, t.get("qp"));
        assertEquals(31, t.get("cmd_qp_i"), "the port name works too");
        assertEquals(0xFFF, t.get("deadline"), "truncated to the 12-bit pin");
        assertEquals(List.of("lane_valid", "qp", "deadline", "late"), fieldsOf(h, "exp"), "exp_lane_valid_o is lane_valid");
        assertThrows(IllegalArgumentException.class, () -> t.get("nope"));
        assertThrows(IllegalArgumentException.class, () -> h.source("rsp"));
    }

    @Test
    void recvFailsWhenNothingArrives()
    {
        final StreamFifoAdapter adapter = new StreamFifoAdapter();
        final StreamHarness h = new StreamHarness(adapter.spec(), adapter.newModel(adapter.spec()));
        assertThrows(AssertionError.class, () -> h.sink("out").recv(50));
        assertEquals(50, h.cycle());
    }

    private static List<String> fieldsOf(final StreamHarness h, final String outStream)
    {
        final BlockSpec spec = h.spec();
        return new Txn.Layout(spec, spec.outStreams().stream().filter(s -> s.name().equals(outStream)).findFirst()
            .orElseThrow()).empty().fields();
    }

    private static void sameRecordsAsTheLockstepDriver(final BlockAdapter adapter, final int outStreams)
    {
        final BlockSpec spec = adapter.spec();
        final SeededRandom rnd = new SeededRandom(42, spec.name());
        final StreamHarness h = new StreamHarness(spec, adapter.newModel(spec));
        final StreamSource source = h.source(spec.inStreams().get(0).name());
        final long[][] patterns = new long[outStreams][PATTERN_BITS / 64];
        try (StreamBatch batch = new StreamBatch(spec, TRANSACTIONS, 4 * TRANSACTIONS, PATTERN_BITS))
        {
            batch.refill(0);
            for (int i = 0; i < TRANSACTIONS; i++)
            {
                Txn t = source.txn();
                for (final String f : t.fields())
                {
                    t = t.with(f, new long[] {rnd.nextLong(), rnd.nextLong()});
                }
                final long gap = rnd.nextInt(4) == 0 ? rnd.nextInt(5) : 0;
                source.send(gap, t);
                assertTrue(batch.offer(0, gap, t.rawWords()));
            }
            batch.markFinal(0);
            for (int o = 0; o < outStreams; o++)
            {
                for (int w = 0; w < patterns[o].length; w++)
                {
                    // Mostly ready, so the run drains; the zeros are backpressure.
                    patterns[o][w] = rnd.nextLong() | rnd.nextLong();
                }
                batch.pattern(o, patterns[o]);
                final long[] p = patterns[o];
                h.sink(spec.outStreams().get(o).name())
                    .ready(cycle -> (p[(int)((cycle & (PATTERN_BITS - 1)) >>> 6)] >>> (cycle & 63) & 1) != 0);
            }
            batch.ctrl(CTRL_BUDGET, 10_000_000);
            batch.ctrl(CTRL_QUIET_NEEDED, QUIET);
            final JavaStreamDriver driver = new JavaStreamDriver(spec, adapter.newModel(spec));
            driver.reset();
            assertEquals(STATUS_DONE, driver.run(batch));

            h.run(driver.cycle());
            assertEquals(TRANSACTIONS, source.accepted().size());
            for (int o = 0; o < outStreams; o++)
            {
                final List<Txn> got = h.sink(spec.outStreams().get(o).name()).received();
                assertEquals(batch.outCount(o), got.size(), "records of output stream " + o);
                assertTrue(got.size() > 100, "the run produced output on stream " + o);
                for (int r = 0; r < got.size(); r++)
                {
                    final Txn t = got.get(r);
                    assertEquals(batch.outCycle(o, r), t.cycle(), "cycle of record " + r + " of stream " + o);
                    final List<Long> expect = new ArrayList<>();
                    for (int w = 0; w < t.rawWords().length; w++)
                    {
                        expect.add(batch.outWord(o, r, w));
                    }
                    assertArrayEquals(expect.stream().mapToLong(Long::longValue).toArray(), t.rawWords(),
                        "record " + r + " of stream " + o);
                }
            }
        }
    }
}
