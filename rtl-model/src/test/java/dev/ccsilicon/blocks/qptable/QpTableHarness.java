package dev.ccsilicon.blocks.qptable;

import dev.ccsilicon.hdl.ClockDomain;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Test bench for {@link QpTable}: drives events with the valid/ready rule (valid held until
 * accepted), takes results under a chosen out_ready, and checks every result against the block's
 * reference level {@link QpTableReference} fed the events in acceptance order. Also records the forward distance each
 * event must have (cycles since the last accepted event on the same QP, if within the latency).
 */
final class QpTableHarness
{
    record Event(long qp, int op, long operand)
    {
    }

    private record Pending(Event event, long acceptCycle, int expectFwd)
    {
    }

    final QpTable table;
    final ClockDomain clk;
    private final int words;
    private final int latency;
    private final QpTableReference reference;
    private final Map<Long, Long> lastAccept = new HashMap<>();
    private final ArrayDeque<Pending> inFlight = new ArrayDeque<>();
    private Event driving;

    long accepted;
    long results;
    long forwardedExpected;
    long stallCycles;
    final long[] fwdAtDistance;
    long lastResultCycle = -1;
    long lastLatency = -1;

    QpTableHarness(final QpTableConfig config)
    {
        table = new QpTable(null, "qp_table", config);
        clk = ClockDomain.ofFrequencyHz("clk", 1e9).add(table);
        reference = new QpTableReference(config);
        words = config.layout().words();
        latency = config.sramLatency();
        fwdAtDistance = new long[latency + 1];
        clk.reset();
    }

    /** Step through the init sweep; returns its length in cycles. */
    long finishInit()
    {
        long n = 0;
        while (table.initBusy())
        {
            assertTrue(!table.inReady());
            clk.step();
            n++;
        }
        return n;
    }

    boolean idle()
    {
        return driving == null;
    }

    /** Present {@code e} from the next cycle on until it is accepted. */
    void offer(final Event e)
    {
        assertTrue(driving == null, "previous event not yet accepted");
        driving = e;
    }

    /** One clock cycle with the given out_ready; checks a result taken in this cycle. */
    void cycle(final boolean outReady)
    {
        final long now = clk.cycle();
        if (driving != null)
        {
            table.setInputs(true, driving.qp(), driving.op(), driving.operand());
        }
        else
        {
            table.setInputs(false, 0, 0, 0);
        }
        table.setOutReady(outReady);
        final boolean accept = driving != null && table.inReady();
        if (driving != null && !table.inReady())
        {
            stallCycles++;
        }
        if (table.outValid() && outReady)
        {
            checkResult(now);
        }
        if (accept)
        {
            final Long prev = lastAccept.put(driving.qp(), now);
            final int fwd = prev != null && now - prev <= latency ? (int)(now - prev) : 0;
            inFlight.addLast(new Pending(driving, now, fwd));
            accepted++;
            driving = null;
        }
        clk.step();
    }

    /** Cycles with out_ready high until every accepted event has produced its result. */
    void drain()
    {
        int guard = 0;
        while (!inFlight.isEmpty() || driving != null)
        {
            cycle(true);
            assertTrue(++guard < 10_000, "drain did not finish");
        }
    }

    long[] referenceContext(final long qp)
    {
        final long[] ctx = new long[words];
        for (int w = 0; w < words; w++)
        {
            ctx[w] = reference.context((int)qp, w);
        }
        return ctx;
    }

    private void checkResult(final long now)
    {
        assertTrue(!inFlight.isEmpty(), "result without an accepted event at cycle " + now);
        final Pending p = inFlight.removeFirst();
        final Event e = p.event();
        final String where = "event " + results + " " + e + " accepted at " + p.acceptCycle() + ", result at " + now;
        assertTrue(now >= p.acceptCycle() + latency + 1, where + ": too early");
        final long expectResult = reference.onEvent((int)e.qp(), e.op(), e.operand());
        final long[] old = reference.oldContext();
        final long[] refNew = reference.newContext();
        assertEquals(e.qp(), table.outQp(), where + ": qp");
        assertEquals(e.op(), table.outOp(), where + ": op");
        assertEquals(p.expectFwd(), table.outFwd(), where + ": forward distance");
        final long[] gotOld = new long[words];
        final long[] gotNew = new long[words];
        for (int w = 0; w < words; w++)
        {
            gotOld[w] = table.outOldCtx(w);
            gotNew[w] = table.outNewCtx(w);
        }
        assertArrayEquals(old, gotOld, where + ": old context");
        assertArrayEquals(refNew, gotNew, where + ": new context");
        assertEquals(expectResult, table.outResult(), where + ": result");
        if (p.expectFwd() != 0)
        {
            forwardedExpected++;
        }
        fwdAtDistance[p.expectFwd()]++;
        lastLatency = now - p.acceptCycle();
        lastResultCycle = now;
        results++;
    }

    /** The SRAM contents (back door) equal the reference for every QP. */
    void checkSramMatchesReference()
    {
        final int numQps = table.config().numQps();
        for (int qp = 0; qp < numQps; qp++)
        {
            final long[] expect = referenceContext(qp);
            final long[] got = new long[words];
            for (int w = 0; w < words; w++)
            {
                got[w] = table.sram().entryWord(qp, w);
            }
            assertArrayEquals(expect, got, "SRAM entry of QP " + qp + " " + Arrays.toString(got));
        }
    }
}
