package dev.ccsilicon.blocks.roccfairrate;

import dev.ccsilicon.hdl.ClockDomain;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongBinaryOperator;

/**
 * Pin-level environment of {@link RoccFairRate} for tests: a traffic manager that answers every
 * {@code q_rd_req_o} with the depth of the requested port in the next cycle (random garbage when
 * nothing was requested, which the block must ignore), a consumer on the output stream, and a
 * scalar replica of the per-port state that predicts every update with
 * {@link RoccFairRateAlgorithm}.
 */
final class RoccFairRateBench
{
    /** One output handshake. */
    record Update(long cycle, int port, long f, int branch, int clamp, int ratioLog2)
    {
    }

    final ClockDomain clk = ClockDomain.ofFrequencyHz("clk", 1e9);
    final RoccFairRate dut;
    final List<Update> updates = new ArrayList<>();
    /** Issue cycles of every queue-depth request. */
    final List<Long> issues = new ArrayList<>();
    /** What the reference predicts, in output order. */
    final List<Update> expected = new ArrayList<>();

    private final RoccFairRateReference reference;
    private LongBinaryOperator depth = (port, cycle) -> 0;
    private boolean prevReq;
    private int prevPort;
    private long garbage = 0x5A5A5A;

    RoccFairRateBench(final RoccFairRateConfig cfg)
    {
        dut = new RoccFairRate(null, cfg);
        clk.add(dut);
        reference = new RoccFairRateReference(cfg);
        reset();
    }

    /** Depth in bytes the TM reports for (port, cycle of the answer). */
    RoccFairRateBench depth(final LongBinaryOperator bytes)
    {
        this.depth = bytes;
        return this;
    }

    void reset()
    {
        clk.reset();
        prevReq = false;
        reference.reset();
    }

    /** One cycle with {@code out_ready_i = ready}. */
    void step(final boolean ready)
    {
        final long now = clk.cycle();
        dut.outReady(ready);
        if (prevReq)
        {
            final long bytes = depth.applyAsLong(prevPort, now);
            dut.queueBytes(bytes);
            predict(prevPort, now, bytes);
        }
        else
        {
            garbage = garbage * 6364136223846793005L + 1442695040888963407L;
            dut.queueBytes(garbage >>> 40);
        }
        final boolean req = dut.qRdReq();
        final int port = dut.qRdPort();
        if (req)
        {
            issues.add(now);
        }
        if (dut.outValid() && ready)
        {
            updates.add(new Update(now, dut.outPort(), dut.outF(), dut.outBranch(), dut.outClamp(), dut.outRatioLog2()));
        }
        clk.step();
        prevReq = req;
        prevPort = port;
    }

    void run(final long cycles, final boolean ready)
    {
        for (long i = 0; i < cycles; i++)
        {
            step(ready);
        }
    }

    private void predict(final int port, final long cycle, final long bytes)
    {
        final long r = reference.onSample(port, bytes);
        expected.add(new Update(-1, port, RoccFairRateAlgorithm.nextF(r), RoccFairRateAlgorithm.branch(r), RoccFairRateAlgorithm.clamp(r),
            RoccFairRateAlgorithm.ratioLog2(r)));
    }
}
