package dev.ccsilicon.blocks.qptable;

import dev.ccsilicon.blocks.qptable.QpTableBench.Event;
import dev.ccsilicon.hdl.Direction;
import dev.ccsilicon.hdl.PortSpec;
import dev.ccsilicon.hdl.ResourceReport;
import dev.ccsilicon.hdl.SeededRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static dev.ccsilicon.blocks.qptable.GenericUpdate.OP_ADD_SAT;
import static dev.ccsilicon.blocks.qptable.GenericUpdate.OP_READ;
import static dev.ccsilicon.blocks.qptable.GenericUpdate.OP_WRITE;
import static dev.ccsilicon.blocks.qptable.GenericUpdate.operand;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class QpTableTest
{
    private static QpTableConfig config(final int numQps, final int latency, final int outDepth)
    {
        return new QpTableConfig(numQps, latency, outDepth, 32, new GenericUpdate());
    }

    @ParameterizedTest(name = "N={0} L={1} depth={2} seed={3}")
    @CsvSource({
        "16, 1, 3, 1",
        "16, 2, 4, 2",
        "16, 3, 5, 3",
        "16, 4, 3, 4",
        "1024, 2, 4, 5",
        "64, 5, 8, 6"})
    void randomEventsMatchAHashMapReference(final int numQps, final int latency, final int outDepth, final long seed)
    {
        final QpTableBench b = new QpTableBench(config(numQps, latency, outDepth));
        b.finishInit();
        final SeededRandom rnd = new SeededRandom(seed, "events");
        final int events = 20_000;
        int sent = 0;
        while (sent < events)
        {
            if (b.idle() && rnd.nextInt(8) != 0)
            {
                b.offer(randomEvent(rnd, numQps));
                sent++;
            }
            // Phases of heavy and no backpressure, so the FIFO both fills and streams.
            final boolean heavy = (b.clk.cycle() / 500) % 2 == 1;
            b.cycle(rnd.nextInt(heavy ? 2 : 16) != 0);
        }
        b.drain();
        assertEquals(events, b.results);
        assertEquals(b.forwardedExpected, b.table.statFwd(), "stat_fwd");
        assertEquals(b.stallCycles, b.table.statStall(), "stat_stall");
        assertTrue(b.forwardedExpected > 0, "random traffic on few QPs forwards");
        b.checkSramMatchesReference();
        assertEquals(0, b.table.sram().conflictCount());
    }

    @Test
    void sameQpAtEveryDistanceUpToLatencyPlusOne()
    {
        for (int latency = 1; latency <= 4; latency++)
        {
            for (int d = 1; d <= latency + 1; d++)
            {
                final QpTableBench b = new QpTableBench(config(32, latency, latency + 2));
                b.finishInit();
                b.offer(new Event(7, OP_ADD_SAT, operand(1, 5)));
                b.cycle(true);
                for (int i = 1; i < d; i++)
                {
                    b.cycle(true);
                }
                b.offer(new Event(7, OP_ADD_SAT, operand(1, 3)));
                b.cycle(true);
                b.drain();
                final String where = "L=" + latency + " d=" + d;
                assertEquals(2, b.results, where);
                assertEquals(d <= latency ? 1 : 0, b.table.statFwd(), where);
                if (d <= latency)
                {
                    assertEquals(1, b.fwdAtDistance[d], where + ": second event forwarded from distance d");
                    assertEquals(1, b.fwdAtDistance[0], where + ": first event from SRAM");
                }
                else
                {
                    assertEquals(2, b.fwdAtDistance[0], where + ": both from SRAM");
                }
                assertEquals(8, GenericUpdate.TEST_LAYOUT.get(b.referenceContext(7), 1), where);
                b.checkSramMatchesReference();
            }
        }
    }

    @Test
    void aBurstOnOneQpForwardsEveryEventButTheFirst()
    {
        final QpTableBench b = new QpTableBench(config(1024, 3, 5));
        b.finishInit();
        for (int i = 0; i < 1000; i++)
        {
            b.offer(new Event(1023, OP_ADD_SAT, operand(2, 100)));
            b.cycle(true);
            assertTrue(b.idle(), "one event per cycle (II = 1) at event " + i);
        }
        b.drain();
        assertEquals(999, b.table.statFwd());
        assertEquals(999, b.fwdAtDistance[1]);
        assertEquals(0xFFFF, GenericUpdate.TEST_LAYOUT.get(b.referenceContext(1023), 2), "saturated");
        b.checkSramMatchesReference();
    }

    @Test
    void alternatingQpsForwardAtDistanceTwo()
    {
        final QpTableBench b = new QpTableBench(config(64, 2, 4));
        b.finishInit();
        for (int i = 0; i < 100; i++)
        {
            b.offer(new Event(i % 2 == 0 ? 0 : 63, OP_WRITE, operand(3, i)));
            b.cycle(true);
        }
        b.drain();
        assertEquals(98, b.fwdAtDistance[2]);
        assertEquals(98, b.table.statFwd());
    }

    @Test
    void resultLatencyIsSramLatencyPlusOne()
    {
        for (int latency = 1; latency <= 4; latency++)
        {
            final QpTableBench b = new QpTableBench(config(16, latency, latency + 2));
            b.finishInit();
            b.offer(new Event(3, OP_READ, operand(0, 0)));
            b.drain();
            assertEquals(latency + 1, b.lastLatency, "L=" + latency);
        }
    }

    @Test
    void backpressureNeverLosesAnEventAndStallsTheInput()
    {
        final QpTableBench b = new QpTableBench(config(16, 2, 4));
        b.finishInit();
        final SeededRandom rnd = new SeededRandom(9, "bp");
        int sent = 0;
        boolean sawNotReady = false;
        for (int c = 0; c < 20_000; c++)
        {
            if (b.idle())
            {
                b.offer(randomEvent(rnd, 16));
                sent++;
            }
            sawNotReady |= !b.table.inReady();
            // Long stretches of out_ready low: the FIFO fills and admission must stop.
            b.cycle((c / 37) % 3 == 0 && rnd.nextBoolean());
            assertTrue(b.accepted - b.results <= 4, "never more in the table than the FIFO can hold");
        }
        b.drain();
        assertTrue(sawNotReady);
        assertEquals(sent, b.results);
        assertTrue(b.table.statStall() > 1000);
        assertEquals(b.stallCycles, b.table.statStall());
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

    private static double throughput(final int latency, final int outDepth)
    {
        final QpTableBench b = new QpTableBench(config(16, latency, outDepth));
        b.finishInit();
        final long start = b.clk.cycle();
        for (int i = 0; i < 1000; i++)
        {
            b.offer(new Event(i % 16, OP_READ, 0));
            while (!b.idle())
            {
                b.cycle(true);
            }
        }
        return 1000.0 / (b.clk.cycle() - start);
    }

    @Test
    void initSweepClearsEveryEntryInNumQpsCycles()
    {
        final QpTableBench b = new QpTableBench(config(256, 2, 4));
        assertTrue(b.table.initBusy());
        assertEquals(256, b.finishInit());
        for (int qp = 0; qp < 256; qp++)
        {
            b.table.sram().load(qp, 0, -1L);
            b.table.sram().load(qp, 1, -1L);
        }
        // Reset: the SRAM keeps its contents (like a macro) and the sweep clears them again.
        b.clk.reset();
        assertTrue(b.table.initBusy());
        assertFalse(b.table.inReady());
        b.offer(new Event(5, OP_READ, 0));
        assertEquals(256, b.finishInit());
        b.drain();
        assertEquals(b.stallCycles, b.table.statStall());
        for (int qp = 0; qp < 256; qp++)
        {
            assertEquals(0, b.table.sram().entryWord(qp, 0), "qp " + qp);
            assertEquals(0, b.table.sram().entryWord(qp, 1), "qp " + qp);
        }
        assertEquals(1, b.results);
    }

    @Test
    void statisticsSaturate()
    {
        final QpTableBench b = new QpTableBench(new QpTableConfig(16, 1, 3, 3, new GenericUpdate()));
        b.finishInit();
        for (int i = 0; i < 20; i++)
        {
            b.offer(new Event(4, OP_ADD_SAT, operand(0, 1)));
            b.cycle(true);
        }
        b.drain();
        assertEquals(7, b.table.statFwd());
    }

    @Test
    void idleSkipLeavesTheSameState()
    {
        final QpTableBench b = new QpTableBench(config(16, 2, 4));
        b.finishInit();
        b.offer(new Event(2, OP_WRITE, operand(0, 77)));
        b.drain();
        b.table.setInputs(false, 0, 0, 0);
        b.clk.run(1_000_000);
        assertTrue(b.clk.skippedCycles() > 900_000, "idle table is skipped in bulk");
        b.offer(new Event(2, OP_READ, operand(0, 0)));
        b.drain();
        assertEquals(2, b.results);
    }

    @Test
    void resourceReportBitsPerQpEqualTheLayout()
    {
        for (final ContextLayout layout : new ContextLayout[] {GenericUpdate.TEST_LAYOUT, RoccRpContext.LAYOUT})
        {
            for (final int n : new int[] {1024, 65536})
            {
                final QpTableConfig cfg = new QpTableConfig(n, 2, 4, 32, new GenericUpdate(layout));
                final QpTable t = new QpTable(null, "qp_table", cfg);
                final ResourceReport r = ResourceReport.of(t);
                assertEquals((long)n * layout.bits(), r.totalSramBits(), layout.name());
                assertEquals(layout.bits(), r.totalSramBits() / n);
                assertEquals(layout.bits(), t.bitsPerQp());
                // Flops: pipeline stages, history, FIFO, control, counters (docs/blocks/qp_table.md).
                final int qpw = cfg.qpWidth();
                final long expectFlops = 2L * (1 + qpw + 3 + 34) + 2L * (1 + qpw + layout.bits()) +
                    4L * cfg.fifoEntryBits() + (1 + qpw) + 3 + 2 * 2 + 3 + 2 * 32;
                assertEquals(expectFlops, r.totalFlops(), layout.name() + " N=" + n);
            }
        }
    }

    @Test
    void rejectsBadShapes()
    {
        assertThrows(IllegalArgumentException.class, () -> config(1000, 2, 4));
        assertThrows(IllegalArgumentException.class, () -> config(16, 0, 4));
        assertThrows(IllegalArgumentException.class, () -> config(16, 2, 1));
    }

    @Test
    void portListMatchesTheRtlWidths()
    {
        final QpTableConfig c = QpTableConfig.generic(1024);
        final StringBuilder sb = new StringBuilder();
        for (final PortSpec p : c.ports())
        {
            sb.append(p.name()).append(p.direction() == Direction.OUT ? ":o:" : ":i:").append(p.width()).append(' ');
        }
        assertEquals("clk_i:i:1 rst_ni:i:1 in_valid_i:i:1 in_ready_o:o:1 in_qp_i:i:10 in_op_i:i:3 in_operand_i:i:34 " +
            "out_valid_o:o:1 out_ready_i:i:1 out_qp_o:o:10 out_op_o:o:3 out_fwd_o:o:2 out_old_ctx_o:o:92 " +
            "out_new_ctx_o:o:92 out_result_o:o:32 init_busy_o:o:1 stat_fwd_o:o:32 stat_stall_o:o:32 ", sb.toString());
    }

    static Event randomEvent(final SeededRandom rnd, final int numQps)
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
        return new Event(qp, op == 7 && rnd.nextBoolean() ? GenericUpdate.OP_CLEAR : op, operand(sel, value));
    }
}
