package dev.ccsilicon.blocks.roccfairrate;

import dev.ccsilicon.hdl.ClockDomain;
import dev.ccsilicon.hdl.Component;
import dev.ccsilicon.hdl.SeededRandom;
import dev.ccsilicon.hdl.Signal;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What only the cycle model can show: its idle skip and its resource report. The block's pin-level
 * behaviour (sweep, latency, backpressure, late and merged ticks, every branch and clamp) is tested
 * on the model and on the RTL alike by cosim's {@code RoccFairRateSuite}.
 */
final class RoccFairRateTest
{
    private static final int P = 8;
    private static final long PERIOD = 100;
    private static final RoccFairRateConfig CFG = RoccFairRateConfig.gbps40(P, 1_000_000_000L).withPeriodCycles(PERIOD);

    @Test
    void idleSkipLeavesTheSameStateAsSteppingEveryCycle()
    {
        final RoccFairRateConfig cfg = CFG.withPeriodCycles(1000);
        final Env skipping = new Env(cfg, true);
        final Env stepping = new Env(cfg, false);
        final SeededRandom rnd = new SeededRandom(3, "chunks");
        boolean enable = true;
        for (int i = 0; i < 400; i++)
        {
            if (rnd.nextInt(20) == 0)
            {
                enable = !enable;
            }
            skipping.dut.enable(enable);
            stepping.dut.enable(enable);
            final long n = 1 + rnd.nextInt(700);
            skipping.clk.run(n);
            stepping.clk.run(n);
            assertEquals(stepping.clk.cycle(), skipping.clk.cycle());
            assertEquals(stepping.snapshot(), skipping.snapshot(), "after chunk " + i + " at cycle " + skipping.clk.cycle());
        }
        assertTrue(skipping.dut.statLateTicks() == 0 && skipping.dut.portF(P - 1) != 4000, "sweeps ran");
        assertTrue(skipping.clk.skippedCycles() > 0.8 * skipping.clk.cycle(),
            "skipped " + skipping.clk.skippedCycles() + " of " + skipping.clk.cycle());
        assertEquals(0, stepping.clk.skippedCycles());
    }

    @Test
    void resourceReportIsTheStateOfTheRtl()
    {
        final RoccFairRate dut = new RoccFairRate(null, RoccFairRateConfig.gbps40(64, 1_000_000_000L));
        final Map<String, Long> bits = new LinkedHashMap<>();
        for (final var e : dut.stateElements())
        {
            bits.put(e.name(), e.flopBits() + e.sramBits());
        }
        // Per port: {F, Qold} 31 RAM bits + 1 written flag.
        assertEquals(64L * 31, bits.get("rf_state"));
        assertEquals(64L, bits.get("init_q"));
        assertEquals(3L * 29 + 6, bits.get("fifo_mem_q"));
        assertEquals(32, RoccFairRateConfig.gbps40(64, 1_000_000_000L).stateBitsPerPort());
    }

    /**
     * A block in its own domain with a traffic manager and a consumer that are pure functions of
     * (cycle, port), applied after every cycle or bulk skip, so stepping and skipping see the same
     * pins.
     */
    private static final class Env
    {
        final ClockDomain clk = ClockDomain.ofFrequencyHz("clk", 1e9);
        final RoccFairRate dut;
        private long requested;

        Env(final RoccFairRateConfig cfg, final boolean skip)
        {
            dut = new RoccFairRate(null, cfg);
            clk.add(dut).idleSkip(skip);
            clk.addListener((domain, n) -> drive(domain.cycle()));
            clk.reset();
            drive(0);
        }

        private void drive(final long cycle)
        {
            // Answer for the port requested in the cycle about to run's predecessor.
            dut.queueBytes(mix(requested * 1_000_003L + cycle) % 420_000);
            requested = dut.qRdPort();
            dut.outReady(mix(cycle) % 3 != 0);
        }

        Map<String, Long> snapshot()
        {
            final Map<String, Long> values = new LinkedHashMap<>();
            for (final Component c : clk.components())
            {
                for (final Signal s : c.signals())
                {
                    values.put(c.path() + "." + s.name(), s.value());
                }
            }
            for (int p = 0; p < dut.config().ports(); p++)
            {
                values.put("F" + p, dut.portF(p));
                values.put("Qold" + p, dut.portQOld(p));
            }
            return values;
        }

        private static long mix(final long x)
        {
            long z = x * 0x9E3779B97F4A7C15L;
            z = (z ^ (z >>> 31)) * 0xBF58476D1CE4E5B9L;
            return (z ^ (z >>> 29)) >>> 1;
        }
    }
}
