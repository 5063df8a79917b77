package dev.ccsilicon.cosim.blocks.fxpaccumulator;

import dev.ccsilicon.cosim.harness.LevelSuite;
import dev.ccsilicon.cosim.harness.StreamHarness;
import dev.ccsilicon.cosim.harness.StreamSink;
import dev.ccsilicon.cosim.harness.StreamSource;
import dev.ccsilicon.cosim.harness.Txn;
import dev.ccsilicon.cosim.lockstep.BlockAdapter;
import dev.ccsilicon.hdl.SeededRandom;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.ccsilicon.cosim.blocks.fxpaccumulator.FxpAccumulatorSpec.ACC_WIDTH;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Directed pin-level tests of {@code rtl/common/fxp_accumulator.sv} (16-bit samples, gain in Q4.4,
 * 24-bit accumulator), run on every level by {@link FxpAccumulatorModelTest} and
 * {@link FxpAccumulatorRtlTest}. Per accepted sample: {@code prod = (data * gain) >>> 4} (floor),
 * {@code sum = sat(clear ? prod : acc + prod)}, emitted as {@code {sum, sat}} one cycle later.
 */
abstract class FxpAccumulatorSuite extends LevelSuite
{
    /** Gain 1.0 in Q4.4. */
    private static final long UNITY = 16;
    private static final long MAX = (1L << (ACC_WIDTH - 1)) - 1;
    private static final long MIN = -(1L << (ACC_WIDTH - 1));

    private StreamHarness h;
    private StreamSource in;
    private StreamSink out;

    @Override
    protected BlockAdapter adapter()
    {
        return new FxpAccumulatorAdapter();
    }

    @Test
    void outputsAreIdleAndZeroAfterReset()
    {
        bench(UNITY);
        assertFalse(h.isHigh("out_valid_o"));
        assertTrue(h.isHigh("in_ready_o"), "an empty output register takes a sample");
        assertEquals(0, h.get("out_sum_o"));
        assertEquals(0, h.get("out_sat_o"));
    }

    @Test
    void unityGainAccumulatesSamples()
    {
        bench(UNITY);
        in.send(5, 1);
        in.send(7, 0);
        in.send(-3, 0);
        assertEquals(List.of(5L, 12L, 9L), List.of(sum(out.recv()), sum(out.recv()), sum(out.recv())));
        assertEquals(0, out.received().stream().filter(t -> t.get("sat") != 0).count(), "no saturation");
    }

    @Test
    void clearRestartsFromTheProduct()
    {
        bench(UNITY);
        in.send(1000, 1);
        in.send(2000, 0);
        in.send(10, 1);
        in.send(1, 0);
        out.recv();
        assertEquals(3000, sum(out.recv()));
        assertEquals(10, sum(out.recv()), "clear drops the accumulated 3000");
        assertEquals(11, sum(out.recv()));
    }

    @Test
    void gainScalesInQ4Dot4()
    {
        bench(0x18); // 1.5
        in.send(10, 1);
        in.send(100, 1);
        bench(0xFF); // 15.9375
        in.send(16, 1);
        assertEquals(15, sum(out.recv()));
        assertEquals(150, sum(out.recv()));
        assertEquals(255, sum(out.recv()));
    }

    @Test
    void productsRoundTowardMinusInfinity()
    {
        bench(0x18); // 1.5
        in.send(3, 1);   // 4.5 -> 4
        in.send(-3, 1);  // -4.5 -> -5 (floor, not truncation toward zero)
        bench(1);        // 1/16
        in.send(1, 1);   // 0.0625 -> 0
        in.send(-1, 1);  // -0.0625 -> -1
        assertEquals(4, sum(out.recv()));
        assertEquals(-5, sum(out.recv()));
        assertEquals(0, sum(out.recv()));
        assertEquals(-1, sum(out.recv()));
    }

    @Test
    void zeroGainAddsNothing()
    {
        bench(UNITY);
        in.send(77, 1);
        bench(0);
        in.send(32767, 0);
        in.send(-32768, 0);
        in.send(123, 1);
        assertEquals(77, sum(out.recv()));
        assertEquals(77, sum(out.recv()));
        assertEquals(77, sum(out.recv()));
        assertEquals(0, sum(out.recv()), "clear with a zero product");
    }

    @Test
    void saturatesAtThePositiveBoundAndFlagsOnlySaturatedSums()
    {
        bench(0xFF);
        final long prod = (32767L * 0xFF) >> 4;
        final int steps = (int)(MAX / prod) + 1;
        for (int i = 0; i < steps + 2; i++)
        {
            in.send(32767, i == 0 ? 1 : 0);
        }
        for (int i = 0; i < steps + 2; i++)
        {
            final Txn t = out.recv();
            final long expect = Math.min(MAX, prod * (i + 1));
            assertEquals(expect, sum(t), "sample " + i);
            assertEquals(prod * (i + 1) > MAX ? 1 : 0, t.get("sat"), "sat of sample " + i);
        }
        // From the rail, a negative sample moves the sum back into range without a flag.
        in.send(-32768, 0);
        final Txn back = out.recv();
        assertEquals(MAX + ((-32768L * 0xFF) >> 4), sum(back));
        assertEquals(0, back.get("sat"));
    }

    @Test
    void saturatesAtTheNegativeBound()
    {
        bench(0xFF);
        final long prod = (-32768L * 0xFF) >> 4;
        final int steps = (int)(MIN / prod) + 1;
        for (int i = 0; i < steps + 1; i++)
        {
            in.send(-32768, i == 0 ? 1 : 0);
        }
        for (int i = 0; i < steps + 1; i++)
        {
            final Txn t = out.recv();
            assertEquals(Math.max(MIN, prod * (i + 1)), sum(t), "sample " + i);
            assertEquals(prod * (i + 1) < MIN ? 1 : 0, t.get("sat"), "sat of sample " + i);
        }
    }

    @Test
    void aSumOfExactlyThePositiveBoundIsNotSaturatedAndTheNextStepIs()
    {
        // At gain 1.0 the product is the sample: 256 full-scale samples, then the rest to MAX exactly.
        bench(UNITY);
        final int full = (int)(MAX / 32767);
        final long rest = MAX - full * 32767L;
        for (int i = 0; i < full; i++)
        {
            in.send(32767, i == 0 ? 1 : 0);
        }
        in.send(rest, 0);
        in.send(1, 0);
        for (int i = 0; i < full; i++)
        {
            final Txn t = out.recv();
            assertEquals(32767L * (i + 1), sum(t), "sample " + i);
            assertEquals(0, t.get("sat"), "sat of sample " + i);
        }
        final Txn atBound = out.recv();
        assertEquals(MAX, sum(atBound));
        assertEquals(0, atBound.get("sat"), "a sum of exactly the bound fits: not saturated");
        final Txn beyond = out.recv();
        assertEquals(MAX, sum(beyond));
        assertEquals(1, beyond.get("sat"), "one beyond the bound saturates");
    }

    @Test
    void aSumOfExactlyTheNegativeBoundIsNotSaturatedAndTheNextStepIs()
    {
        // -2^23 is exactly 256 full-scale negative samples at gain 1.0.
        bench(UNITY);
        final int full = (int)(MIN / -32768);
        for (int i = 0; i < full; i++)
        {
            in.send(-32768, i == 0 ? 1 : 0);
        }
        in.send(-1, 0);
        for (int i = 0; i < full; i++)
        {
            final Txn t = out.recv();
            assertEquals(-32768L * (i + 1), sum(t), "sample " + i);
            assertEquals(0, t.get("sat"), "sat of sample " + i + " (the last is exactly the bound)");
        }
        assertEquals(MIN, -32768L * full, "the run lands on the bound");
        final Txn beyond = out.recv();
        assertEquals(MIN, sum(beyond));
        assertEquals(1, beyond.get("sat"), "one beyond the bound saturates");
    }

    @Test
    void resultsComeOneCycleAfterAcceptanceAtOnePerCycle()
    {
        bench(UNITY);
        for (int i = 0; i < 50; i++)
        {
            in.send(i, 0);
        }
        h.runUntil(() -> out.received().size() == 50, 1_000);
        final List<Txn> accepted = in.accepted();
        final List<Txn> results = out.received();
        for (int i = 0; i < 50; i++)
        {
            assertEquals(accepted.get(0).cycle() + i, accepted.get(i).cycle(), "II = 1 at sample " + i);
            assertEquals(accepted.get(i).cycle() + 1, results.get(i).cycle(), "latency 1 at sample " + i);
            assertEquals((long)i * (i + 1) / 2, sum(results.get(i)));
        }
    }

    @Test
    void backpressureHoldsTheResultAndStallsTheInput()
    {
        bench(UNITY);
        out.neverReady();
        in.send(1, 1);
        in.send(2, 0);
        in.send(4, 0);
        h.run(20);
        assertEquals(1, in.accepted().size(), "the single output register is full");
        assertFalse(h.isHigh("in_ready_o"));
        assertTrue(h.isHigh("out_valid_o"));
        assertEquals(1, h.get("out_sum_o"), "the result is held");
        out.alwaysReady();
        assertTrue(h.isHigh("in_ready_o"), "refilled in the cycle it drains");
        assertEquals(List.of(1L, 3L, 7L), List.of(sum(out.recv()), sum(out.recv()), sum(out.recv())));
    }

    @Test
    void randomGapsAndBackpressureMatchTheFormula()
    {
        bench(0x13);
        final SeededRandom rnd = new SeededRandom(17, "fxp");
        in.idleGaps(rnd.child("gaps"), 3);
        out.randomReady(rnd.child("ready"), 0.6);
        final long[] data = new long[500];
        for (int i = 0; i < data.length; i++)
        {
            data[i] = rnd.nextInt(65536) - 32768;
            in.send(in.txn(data[i], rnd.nextInt(16) == 0 ? 1 : 0));
        }
        while (out.received().size() < data.length)
        {
            // The ready rule at the pins: the output register takes a sample when empty or draining.
            final boolean expectReady = !h.isHigh("out_valid_o") || out.ready();
            assertEquals(expectReady, h.isHigh("in_ready_o"), "in_ready at cycle " + h.cycle());
            h.step();
        }
        long acc = 0;
        for (int i = 0; i < data.length; i++)
        {
            final Txn sent = in.accepted().get(i);
            final long exact = (sent.get("clear") != 0 ? 0 : acc) + ((data[i] * 0x13) >> 4);
            acc = Math.max(MIN, Math.min(MAX, exact));
            final Txn got = out.received().get(i);
            assertEquals(acc, sum(got), "sample " + i);
            assertEquals(acc != exact ? 1 : 0, got.get("sat"), "sample " + i);
        }
    }

    @Test
    void resetClearsTheAccumulator()
    {
        bench(UNITY);
        in.send(500, 1);
        out.recv();
        h.reset();
        assertFalse(h.isHigh("out_valid_o"));
        in.send(3, 0);
        assertEquals(3, sum(out.recv()), "accumulates from 0 after reset");
    }

    /** A fresh bench with {@code gain} on the static pin; a later call only changes the gain. */
    private void bench(final long gain)
    {
        if (h == null)
        {
            h = harness();
            in = h.source("in");
            out = h.sink("out");
        }
        else
        {
            // The gain is static: change it only once what was sent has been taken.
            in.drain(1_000);
        }
        h.set("gain_i", gain);
    }

    private static long sum(final Txn t)
    {
        return t.get("sum") << (64 - ACC_WIDTH) >> (64 - ACC_WIDTH);
    }
}
