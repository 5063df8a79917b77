package dev.ccsilicon.blocks.roccflowtable;

import dev.ccsilicon.hdl.ClockDomain;
import dev.ccsilicon.hdl.RecordFifo;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongPredicate;

import static dev.ccsilicon.blocks.roccflowtable.RoccFlowTablePorts.*;

/**
 * Test bench around {@link RoccFlowTable}: queues of input records pushed as soon as the channel is
 * ready, output channels popped when their ready predicate (of the cycle) is true, every output
 * recorded with its handshake cycle in element 0 and the fields after it.
 */
final class FlowTableBench
{
    final ClockDomain clk;
    final RoccFlowTable dut;
    final RoccFlowTableConfig cfg;
    final ArrayDeque<long[]> evIn = new ArrayDeque<>();
    final ArrayDeque<long[]> updIn = new ArrayDeque<>();
    final List<long[]> rsps = new ArrayList<>();
    final List<long[]> cnps = new ArrayList<>();
    final List<long[]> scans = new ArrayList<>();
    final List<Long> evAccepted = new ArrayList<>();
    final List<Long> updAccepted = new ArrayList<>();
    LongPredicate rspReady = c -> true;
    LongPredicate cnpReady = c -> true;
    LongPredicate scanReady = c -> true;

    FlowTableBench(final RoccFlowTableConfig cfg, final int switchId, final int cnpGap)
    {
        this.cfg = cfg;
        dut = new RoccFlowTable(null, cfg);
        dut.configure(switchId, cnpGap);
        clk = ClockDomain.ofFrequencyHz("clk", 1e9).add(dut);
        clk.reset();
    }

    /** Runs the initial table-clearing sweep. */
    FlowTableBench initialised()
    {
        while (!dut.initDone())
        {
            step();
        }
        return this;
    }

    static long[] event(final boolean deq, final boolean tracked, final int port, final int srcIp, final int dstIp,
        final int proto, final int srcPort, final int dstPort)
    {
        return new long[] {deq ? 1 : 0, tracked ? 1 : 0, port, srcIp & 0xFFFF_FFFFL, dstIp & 0xFFFF_FFFFL, proto, srcPort,
            dstPort};
    }

    static long[] enq(final int port, final Flow f)
    {
        return event(false, false, port, f.srcIp(), f.dstIp(), f.proto(), f.srcPort(), f.dstPort());
    }

    static long[] deq(final int port, final Flow f, final boolean tracked)
    {
        return event(true, tracked, port, f.srcIp(), f.dstIp(), f.proto(), f.srcPort(), f.dstPort());
    }

    void update(final int port, final long f)
    {
        updIn.add(new long[] {port, f});
    }

    void step()
    {
        final long c = clk.cycle();
        if (!evIn.isEmpty() && dut.ev().canPush())
        {
            final long[] e = evIn.poll();
            for (int i = 0; i < e.length; i++)
            {
                dut.ev().stage(i, e[i]);
            }
            dut.ev().push();
            evAccepted.add(c);
        }
        if (!updIn.isEmpty() && dut.upd().canPush())
        {
            final long[] u = updIn.poll();
            dut.upd().stage(UPD_PORT, u[0]);
            dut.upd().stage(UPD_F, u[1]);
            dut.upd().push();
            updAccepted.add(c);
        }
        take(dut.rsp(), rspReady, c, rsps);
        take(dut.cnp(), cnpReady, c, cnps);
        take(dut.scan(), scanReady, c, scans);
        clk.step();
    }

    void run(final long cycles)
    {
        for (long i = 0; i < cycles; i++)
        {
            step();
        }
    }

    /** Steps until every input is consumed and the block has been quiet for {@code quiet} cycles. */
    void drain(final int quiet)
    {
        int q = 0;
        long guard = 0;
        while (q < quiet)
        {
            final int before = rsps.size() + cnps.size() + scans.size();
            final boolean inputs = !evIn.isEmpty() || !updIn.isEmpty();
            step();
            final boolean busy = inputs || rsps.size() + cnps.size() + scans.size() != before ||
                dut.nextBusyCycle(clk.cycle()) == clk.cycle();
            q = busy ? 0 : q + 1;
            if (++guard > 50_000_000L)
            {
                throw new AssertionError("bench did not drain");
            }
        }
    }

    private static void take(final RecordFifo f, final LongPredicate ready, final long c, final List<long[]> out)
    {
        if (f.canPop() && ready.test(c))
        {
            final long[] r = new long[f.fields() + 1];
            r[0] = c;
            for (int i = 0; i < f.fields(); i++)
            {
                r[i + 1] = f.peek(i);
            }
            f.pop();
            out.add(r);
        }
    }

    /** A 5-tuple. */
    record Flow(int srcIp, int dstIp, int proto, int srcPort, int dstPort)
    {
        long hi()
        {
            return FlowKey.hi(srcIp, dstIp);
        }

        long lo()
        {
            return FlowKey.lo(dstIp, proto, srcPort, dstPort);
        }

        int bucket(final int bucketsLog2)
        {
            return FlowKey.bucket(hi(), lo(), bucketsLog2);
        }

        static Flow of(final int i)
        {
            return new Flow(0x0A00_0000 | i, 0x0A01_0000 | (i * 7 & 0xFFFF), 17, 49152 + (i & 0x3FFF), 4791);
        }
    }
}
