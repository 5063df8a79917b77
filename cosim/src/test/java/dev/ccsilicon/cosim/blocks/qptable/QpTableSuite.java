package dev.ccsilicon.cosim.blocks.qptable;

import dev.ccsilicon.blocks.qptable.ContextLayout;
import dev.ccsilicon.blocks.qptable.GenericUpdate;
import dev.ccsilicon.blocks.qptable.QpTableConfig;
import dev.ccsilicon.blocks.qptable.QpTableReference;
import dev.ccsilicon.cosim.harness.LevelSuite;
import dev.ccsilicon.cosim.harness.StreamHarness;
import dev.ccsilicon.cosim.harness.StreamSink;
import dev.ccsilicon.cosim.harness.StreamSource;
import dev.ccsilicon.cosim.harness.Txn;
import dev.ccsilicon.cosim.lockstep.BlockAdapter;
import dev.ccsilicon.hdl.SeededRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static dev.ccsilicon.blocks.qptable.GenericUpdate.OP_ADD_SAT;
import static dev.ccsilicon.blocks.qptable.GenericUpdate.OP_CLEAR;
import static dev.ccsilicon.blocks.qptable.GenericUpdate.OP_MIN;
import static dev.ccsilicon.blocks.qptable.GenericUpdate.OP_READ;
import static dev.ccsilicon.blocks.qptable.GenericUpdate.OP_WRITE;
import static dev.ccsilicon.blocks.qptable.GenericUpdate.operand;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The pin-level suite of {@code qp_table} with its generic update, run on every level by
 * {@link QpTableModelTest} and {@link QpTableRtlTest}. Events go in on stream {@code in}
 * ({@code qp, op, operand}), results come out on stream {@code out}. The oracle is the block's
 * reference, {@link QpTableReference}: {@link Checker} feeds it the accepted events in acceptance
 * order and compares every result record (QP, opcode, old and new context, result) with what it
 * computes; the forward distance, the result latency and the statistics (the pipeline, not the
 * algorithm) are checked against the acceptance cycles at the pins. Where the model-only tests used
 * to peek into the SRAM, these read the entries back through the pins and compare them with the
 * reference's table.
 */
abstract class QpTableSuite extends LevelSuite
{
    private static final ContextLayout LAYOUT = GenericUpdate.TEST_LAYOUT;
    private static final long MAX_CYCLES = 1_000_000;

    @Override
    protected BlockAdapter adapter()
    {
        return new QpTableAdapter();
    }

    @ParameterizedTest(name = "N={0} L={1} depth={2} seed={3}")
    @CsvSource({
        "16, 1, 3, 1",
        "16, 2, 4, 2",
        "16, 3, 5, 3",
        "16, 4, 3, 4",
        "1024, 2, 4, 5",
        "64, 5, 8, 6"})
    void randomEventsMatchTheReference(final int numQps, final int latency, final int outDepth, final long seed)
    {
        final Checker b = new Checker(harness(QpTableSpec.spec(numQps, latency, outDepth)), latency);
        b.finishInit();
        final SeededRandom rnd = new SeededRandom(seed, "events");
        // Phases of heavy and no backpressure, so the FIFO both fills and streams.
        b.out.ready(cycle -> rnd.nextInt((cycle / 500) % 2 == 1 ? 2 : 16) != 0);
        final int events = 20_000;
        int sent = 0;
        while (sent < events)
        {
            if (b.in.idle() && rnd.nextInt(8) != 0)
            {
                b.in.send(randomEvent(b.in, rnd, numQps));
                sent++;
            }
            b.step();
        }
        b.drain();
        b.checkResults();
        assertEquals(events, b.out.received().size());
        assertEquals(b.forwardedExpected, b.h.get("stat_fwd_o"), "stat_fwd");
        assertEquals(b.stallCycles, b.h.get("stat_stall_o"), "stat_stall");
        assertTrue(b.forwardedExpected > 0, "random traffic on few QPs forwards");
        b.checkEntriesMatchReference(numQps);
    }

    @Test
    void sameQpAtEveryDistanceUpToLatencyPlusOne()
    {
        for (int latency = 1; latency <= 4; latency++)
        {
            final StreamHarness h = harness(QpTableSpec.spec(32, latency, latency + 2));
            for (int d = 1; d <= latency + 1; d++)
            {
                h.reset();
                final Checker b = new Checker(h, latency);
                b.finishInit();
                b.in.send(7, OP_ADD_SAT, operand(1, 5));
                b.step();
                for (int i = 1; i < d; i++)
                {
                    b.step();
                }
                b.in.send(7, OP_ADD_SAT, operand(1, 3));
                b.step();
                b.drain();
                b.checkResults();
                final String where = "L=" + latency + " d=" + d;
                assertEquals(2, b.results, where);
                assertEquals(d <= latency ? 1 : 0, h.get("stat_fwd_o"), where);
                if (d <= latency)
                {
                    assertEquals(1, b.fwdAtDistance[d], where + ": second event forwarded from distance d");
                    assertEquals(1, b.fwdAtDistance[0], where + ": first event from SRAM");
                }
                else
                {
                    assertEquals(2, b.fwdAtDistance[0], where + ": both from SRAM");
                }
                assertEquals(8, LAYOUT.get(b.referenceContext(7), 1), where);
                b.checkEntriesMatchReference(32);
            }
        }
    }

    @Test
    void aBurstOnOneQpForwardsEveryEventButTheFirst()
    {
        final Checker b = new Checker(harness(QpTableSpec.spec(1024, 3, 5)), 3);
        b.finishInit();
        for (int i = 0; i < 1000; i++)
        {
            b.in.send(1023, OP_ADD_SAT, operand(2, 100));
            b.step();
            assertTrue(b.in.idle(), "one event per cycle (II = 1) at event " + i);
        }
        b.drain();
        b.checkResults();
        assertEquals(999, b.h.get("stat_fwd_o"));
        assertEquals(999, b.fwdAtDistance[1]);
        assertEquals(0xFFFF, LAYOUT.get(b.referenceContext(1023), 2), "saturated");
        b.checkEntriesMatchReference(1024);
    }

    @Test
    void alternatingQpsForwardAtDistanceTwo()
    {
        final Checker b = new Checker(harness(QpTableSpec.spec(64, 2, 4)), 2);
        b.finishInit();
        for (int i = 0; i < 100; i++)
        {
            b.in.send(i % 2 == 0 ? 0 : 63, OP_WRITE, operand(3, i));
            b.step();
        }
        b.drain();
        b.checkResults();
        assertEquals(98, b.fwdAtDistance[2]);
        assertEquals(98, b.h.get("stat_fwd_o"));
    }

    @Test
    void resultLatencyIsSramLatencyPlusOne()
    {
        for (int latency = 1; latency <= 4; latency++)
        {
            final Checker b = new Checker(harness(QpTableSpec.spec(16, latency, latency + 2)), latency);
            b.finishInit();
            b.in.send(3, OP_READ, operand(0, 0));
            b.drain();
            b.checkResults();
            assertEquals(latency + 1, b.lastLatency, "L=" + latency);
        }
    }

    @Test
    void backpressureNeverLosesAnEventAndStallsTheInput()
    {
        final Checker b = new Checker(harness(QpTableSpec.spec(16, 2, 4)), 2);
        b.finishInit();
        final SeededRandom rnd = new SeededRandom(9, "bp");
        // Long stretches of out_ready low: the FIFO fills and admission must stop.
        final long start = b.h.cycle();
        b.out.ready(cycle -> ((cycle - start) / 37) % 3 == 0 && rnd.nextBoolean());
        int sent = 0;
        boolean sawNotReady = false;
        for (int c = 0; c < 20_000; c++)
        {
            if (b.in.idle())
            {
                b.in.send(randomEvent(b.in, rnd, 16));
                sent++;
            }
            sawNotReady |= !b.h.isHigh("in_ready_o");
            b.step();
            assertTrue(b.in.accepted().size() - b.out.received().size() <= 4, "never more in the table than the FIFO can hold");
        }
        b.drain();
        b.checkResults();
        assertTrue(sawNotReady);
        assertEquals(sent, b.out.received().size());
        assertTrue(b.h.get("stat_stall_o") > 1000);
        assertEquals(b.stallCycles, b.h.get("stat_stall_o"));
    }

    @Test
    void fullThroughputNeedsOutDepthOfLatencyPlusTwo()
    {
        for (int latency = 1; latency <= 4; latency++)
        {
            assertEquals(1.0, throughput(latency, latency + 2), 1e-9, "L=" + latency);
            assertTrue(throughput(latency, latency + 1) < 1.0, "L=" + latency + " with one entry fewer");
        }
    }

    private double throughput(final int latency, final int outDepth)
    {
        final Checker b = new Checker(harness(QpTableSpec.spec(16, latency, outDepth)), latency);
        b.finishInit();
        final long start = b.h.cycle();
        for (int i = 0; i < 1000; i++)
        {
            b.in.send(i % 16, OP_READ, 0);
            while (!b.in.idle())
            {
                b.step();
            }
        }
        return 1000.0 / (b.h.cycle() - start);
    }

    @Test
    void initSweepClearsEveryEntryInNumQpsCycles()
    {
        final StreamHarness h = harness(QpTableSpec.spec(256, 2, 4));
        final Checker fill = new Checker(h, 2);
        assertTrue(h.isHigh("init_busy_o"));
        assertEquals(256, fill.finishInit());
        // Every bit of every entry set through the pins (the model test used the SRAM back door).
        for (int qp = 0; qp < 256; qp++)
        {
            for (int field = 0; field < LAYOUT.fieldCount(); field++)
            {
                fill.in.send(qp, OP_WRITE, operand(field, 0xFFFF_FFFFL));
            }
        }
        fill.drain();
        fill.checkResults();
        fill.checkEntriesMatchReference(256);
        assertEquals(-1L, fill.referenceContext(255)[0], "the fill set every bit");

        // Reset: the SRAM keeps its contents (like a macro) and the sweep clears them again.
        h.reset();
        final Checker b = new Checker(h, 2);
        assertTrue(h.isHigh("init_busy_o"));
        assertFalse(h.isHigh("in_ready_o"));
        b.in.send(5, OP_READ, 0);
        assertEquals(256, b.finishInit());
        b.drain();
        b.checkResults();
        assertEquals(b.stallCycles, h.get("stat_stall_o"));
        assertEquals(1, b.results);
        b.checkEntriesMatchReference(256);
    }

    @Test
    void statisticsSaturate()
    {
        final Checker b = new Checker(harness(QpTableSpec.spec(16, 1, 3, 3)), 1);
        b.finishInit();
        for (int i = 0; i < 20; i++)
        {
            b.in.send(4, OP_ADD_SAT, operand(0, 1));
            b.step();
        }
        b.drain();
        b.checkResults();
        assertEquals(7, b.h.get("stat_fwd_o"));
    }

    @Test
    void addSatSaturatesAtTheFieldMaximumAndSaysSo()
    {
        final Checker b = new Checker(harness(QpTableSpec.spec(16, 2, 4)), 2);
        b.finishInit();
        // f2 is 16 bits wide: 0xFFF0 + 0x0F fits exactly, one more saturates.
        b.in.send(9, OP_WRITE, operand(2, 0xFFF0));
        b.in.send(9, OP_ADD_SAT, operand(2, 0x0F));
        b.in.send(9, OP_ADD_SAT, operand(2, 1));
        b.in.send(9, OP_READ, operand(2, 0));
        final Txn write = b.out.recv();
        final Txn fits = b.out.recv();
        final Txn saturates = b.out.recv();
        final Txn read = b.out.recv();
        assertEquals(0, write.get("result"), "write returns the old field");
        assertEquals(0, fits.get("result"), "0xFFFF fits in 16 bits");
        assertEquals(1, saturates.get("result"), "0x10000 does not");
        assertEquals(0xFFFF, read.get("result"));
        b.checkResults();
    }

    @Test
    void minReplacesOnlyASmallerValue()
    {
        final Checker b = new Checker(harness(QpTableSpec.spec(16, 2, 4)), 2);
        b.finishInit();
        b.in.send(2, OP_WRITE, operand(0, 100));
        b.in.send(2, OP_MIN, operand(0, 200));
        b.in.send(2, OP_MIN, operand(0, 100));
        b.in.send(2, OP_MIN, operand(0, 50));
        b.in.send(2, OP_READ, operand(0, 0));
        b.out.recv();
        assertEquals(0, b.out.recv().get("result"), "200 is not smaller");
        assertEquals(0, b.out.recv().get("result"), "an equal value keeps the field");
        assertEquals(1, b.out.recv().get("result"), "50 replaces 100");
        assertEquals(50, b.out.recv().get("result"));
        b.checkResults();
    }

    @Test
    void clearZeroesTheContextAndReservedOpcodesChangeNothing()
    {
        final Checker b = new Checker(harness(QpTableSpec.spec(16, 2, 4)), 2);
        b.finishInit();
        for (int field = 0; field < LAYOUT.fieldCount(); field++)
        {
            b.in.send(15, OP_WRITE, operand(field, 0x1234 + field));
        }
        b.in.send(15, 5, operand(1, 99));
        b.in.send(15, 7, operand(0, 1));
        b.in.send(15, OP_READ, operand(3, 0));
        b.in.send(15, OP_CLEAR, operand(1, 0));
        b.in.send(15, OP_READ, operand(1, 0));
        b.drain();
        b.checkResults();
        final List<Txn> r = b.out.received();
        assertEquals(0, r.get(4).get("result"), "reserved opcode 5 returns 0");
        assertEquals(0, r.get(5).get("result"), "reserved opcode 7 returns 0");
        assertEquals(0x1234 + 3, r.get(6).get("result"), "reserved opcodes left f3 alone");
        assertEquals(0x1234 + 1, r.get(7).get("result"), "clear returns the old field");
        assertArrayEquals(new long[LAYOUT.words()], r.get(7).words("new_ctx"), "clear zeroes every field");
        assertEquals(0, r.get(8).get("result"));
    }

    static Txn randomEvent(final StreamSource in, final SeededRandom rnd, final int numQps)
    {
        // A hot set of 4 QPs half the time forces hazards at every distance.
        final long qp = rnd.nextInt(2) == 0 ? rnd.nextInt(Math.min(4, numQps)) : rnd.nextInt(numQps);
        final int op = rnd.nextInt(8);
        final int sel = rnd.nextInt(4);
        final long value = switch (rnd.nextInt(4))
        {
            case 0 -> rnd.nextInt(16);
            case 1 -> 0xFFFF_FFFFL - rnd.nextInt(16);
            default -> rnd.nextLong() & 0xFFFF_FFFFL;
        };
        return in.txn(qp, op == 7 && rnd.nextBoolean() ? OP_CLEAR : op, operand(sel, value));
    }

    /**
     * The block-specific half of the bench: counts input stall cycles at the pins, feeds every
     * accepted event, in acceptance order, to the block's {@link QpTableReference} and checks each
     * result record against it, together with the forward distance each event must have (cycles
     * since the last accepted event on the same QP, if within the latency) and its latency.
     */
    static final class Checker
    {
        final StreamHarness h;
        final StreamSource in;
        final StreamSink out;
        private final int latency;
        /** The oracle: the block's reference of the spec's configuration, all zero like the swept table. */
        private final QpTableReference reference;
        private final Map<Long, Long> lastAccept = new HashMap<>();
        private final int firstAccepted;
        private final int firstResult;
        private int checkedAccepted;
        private int checkedResults;
        final long[] fwdAtDistance;
        long stallCycles;
        long forwardedExpected;
        long results;
        long lastLatency = -1;

        /** Checks what {@code h} accepts and returns from now on; out_ready high unless a test says otherwise. */
        Checker(final StreamHarness h, final int latency)
        {
            this.h = h;
            this.in = h.source("in");
            this.out = h.sink("out").alwaysReady();
            this.latency = latency;
            final QpTableConfig config = QpTableSpec.config(h.spec());
            assertEquals(latency, config.sramLatency(), "the Checker's latency is the spec's");
            this.reference = new QpTableReference(config);
            assertEquals(LAYOUT.words(), reference.contextWords(), "the reference's layout is the suite's");
            this.fwdAtDistance = new long[latency + 1];
            firstAccepted = in.accepted().size();
            firstResult = out.received().size();
            checkedAccepted = firstAccepted;
            checkedResults = firstResult;
        }

        /** Steps through the init sweep (input never ready during it); returns its length in cycles. */
        long finishInit()
        {
            long n = 0;
            while (h.isHigh("init_busy_o"))
            {
                assertFalse(h.isHigh("in_ready_o"), "ready during the init sweep");
                step();
                n++;
            }
            return n;
        }

        /** One cycle, counting it as a stall if an event is presented and not taken. */
        void step()
        {
            if (in.valid() && !h.isHigh("in_ready_o"))
            {
                stallCycles++;
            }
            h.step();
        }

        /** Cycles with out_ready high until every sent event has produced its result. */
        void drain()
        {
            out.alwaysReady();
            int guard = 0;
            while (!in.idle() || out.received().size() - firstResult < in.accepted().size() - firstAccepted)
            {
                step();
                assertTrue(++guard < MAX_CYCLES, "drain did not finish");
            }
        }

        /** {@code qp}'s context in the reference now (a copy). */
        long[] referenceContext(final int qp)
        {
            final long[] ctx = new long[reference.contextWords()];
            for (int w = 0; w < ctx.length; w++)
            {
                ctx[w] = reference.context(qp, w);
            }
            return ctx;
        }

        /** Every result so far, in order, against the reference. */
        void checkResults()
        {
            final List<Txn> accepted = in.accepted();
            final List<Txn> got = out.received();
            assertTrue(got.size() - firstResult <= accepted.size() - firstAccepted, "more results than accepted events");
            while (checkedResults < got.size())
            {
                final Txn e = accepted.get(checkedAccepted++);
                final Txn r = got.get(checkedResults++);
                final long qp = e.get("qp");
                final Long prev = lastAccept.put(qp, e.cycle());
                final int expectFwd = prev != null && e.cycle() - prev <= latency ? (int)(e.cycle() - prev) : 0;
                final String where = "event " + results + " " + e + ", result " + r;
                assertTrue(r.cycle() >= e.cycle() + latency + 1, where + ": too early");
                final long expectResult = reference.onEvent((int)qp, (int)e.get("op"), e.get("operand"));
                assertEquals(qp, r.get("qp"), where + ": qp");
                assertEquals(e.get("op"), r.get("op"), where + ": op");
                assertEquals(expectFwd, r.get("fwd"), where + ": forward distance");
                assertArrayEquals(reference.oldContext(), r.words("old_ctx"), where + ": old context");
                assertArrayEquals(reference.newContext(), r.words("new_ctx"), where + ": new context");
                assertEquals(expectResult, r.get("result"), where + ": result");
                if (expectFwd != 0)
                {
                    forwardedExpected++;
                }
                fwdAtDistance[expectFwd]++;
                lastLatency = r.cycle() - e.cycle();
                results++;
            }
        }

        /** Every entry read back through the pins equals the reference's table (a READ changes nothing). */
        void checkEntriesMatchReference(final int numQps)
        {
            checkResults();
            final long[][] expect = new long[numQps][];
            for (int qp = 0; qp < numQps; qp++)
            {
                expect[qp] = referenceContext(qp);
            }
            final int before = out.received().size();
            for (int qp = 0; qp < numQps; qp++)
            {
                in.send(qp, OP_READ, operand(0, 0));
            }
            drain();
            final List<Txn> got = out.received();
            for (int qp = 0; qp < numQps; qp++)
            {
                assertArrayEquals(expect[qp], got.get(before + qp).words("old_ctx"), "entry of QP " + qp);
            }
            checkResults();
            for (int qp = 0; qp < numQps; qp++)
            {
                assertArrayEquals(expect[qp], referenceContext(qp), "the reads left QP " + qp + " unchanged");
            }
        }
    }
}
