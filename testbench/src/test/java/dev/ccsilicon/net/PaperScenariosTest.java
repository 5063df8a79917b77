package dev.ccsilicon.net;

import dev.ccsilicon.scenario.Scenario;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The paper's experiments (seed 000 §6.1, §6.2) from scenarios/, against the figures the paper
 * reports (in each file's comment). Rates are wire rates; tolerance 10 % unless a test says why.
 * The long ones carry the tag "paper" and run with {@code -Ppaper}.
 */
class PaperScenariosTest
{
    private static final double TOLERANCE = 0.10;

    private static void near(final double expected, final double actual, final double tolerance, final String what)
    {
        assertTrue(Math.abs(actual - expected) <= tolerance * expected,
            what + ": expected " + expected + " within " + (int)Math.round(tolerance * 100) + " %, got " + actual);
    }

    private static void flowRates(final Summary s, final double expectedGbps, final String... ids)
    {
        for (final String id : ids)
        {
            near(expectedGbps, s.flow(id).avgGbps(), TOLERANCE, id + " avg_gbps");
        }
    }

    private static void stableQueue(final Summary s, final String port, final double qRefBytes, final double tolerance)
    {
        final Summary.PortResult p = s.port(port);
        near(qRefBytes, p.queueAvgBytes(), tolerance, port + " queue_avg_bytes vs Qref");
        assertEquals(1.0, p.utilization(), 0.01, port + " utilization");
        assertEquals(0, p.drops(), port + " drops");
    }

    @Test
    void testbedThreeEqualSenders()
    {
        // Fig. 13: queue at Qref = 75 KB; the fair rate "3 Gb/s", exactly 10/3 Gb/s on the wire.
        final Summary s = TestScenarios.run(TestScenarios.file("rocc-testbed-equal.yaml")).summary();
        flowRates(s, 10.0 / 3, "F0", "F1", "F2");
        near(10.0 / 3, s.port("S0->B0").rateGbps("fair_rate"), TOLERANCE, "fair rate");
        stableQueue(s, "S0->B0", 75_000, TOLERANCE);
        assertTrue(s.jainIndex() > 0.999, "Jain " + s.jainIndex());
    }

    @Test
    void testbedSendersAt10And3And1Gbps()
    {
        // Fig. 13: max-min fair, F0 6 Gb/s, F1 and F2 keep 3 and 1; fair rate 6 Gb/s; queue 75 KB.
        // The recovery timer scaled with T = 100 us (the file keeps 55 us, see its comment and the
        // next test).
        final Summary s = TestScenarios.run(TestScenarios.file("rocc-testbed-10-3-1.yaml",
            "nic.rocc.recovery=137.5us")).summary();
        flowRates(s, 6, "F0");
        flowRates(s, 3, "F1");
        flowRates(s, 1, "F2");
        near(6, s.port("S0->B0").rateGbps("fair_rate"), TOLERANCE, "fair rate");
        stableQueue(s, "S0->B0", 75_000, TOLERANCE);
    }

    @Test
    void testbedWithTheDefaultRecoveryTimerKeepsTheRatesButNotTheFairRate()
    {
        // The file as it is: at 55 us < T = 100 us every limiter doubles before the next CNP. The
        // flows still get 6, 3 and 1 Gb/s, but the fair rate settles well below the paper's 6.
        final Summary s = TestScenarios.run(TestScenarios.file("rocc-testbed-10-3-1.yaml")).summary();
        flowRates(s, 6, "F0");
        flowRates(s, 3, "F1");
        flowRates(s, 1, "F2");
        assertTrue(s.port("S0->B0").rateGbps("fair_rate") < 5, "fair rate " + s.port("S0->B0").rateGbps("fair_rate"));
    }

    @Test
    void fairnessTwoSenders()
    {
        final Summary s = TestScenarios.run(TestScenarios.file("rocc-fairness-n2-40g.yaml")).summary();
        flowRates(s, 20, "F0", "F1");
        near(20, s.port("S0->B0").rateGbps("fair_rate"), TOLERANCE, "fair rate");
        stableQueue(s, "S0->B0", 150_000, TOLERANCE);
        assertTrue(s.jainIndex() > 0.999, "Jain " + s.jainIndex());
    }

    @Test
    void fairnessTenSenders()
    {
        final Summary s = TestScenarios.run(TestScenarios.file("rocc-fairness-n10-40g.yaml")).summary();
        for (int i = 0; i < 10; i++)
        {
            flowRates(s, 4, "F" + i);
        }
        near(4, s.port("S0->B0").rateGbps("fair_rate"), TOLERANCE, "fair rate");
        stableQueue(s, "S0->B0", 150_000, TOLERANCE);
        assertTrue(s.jainIndex() > 0.999, "Jain " + s.jainIndex());
    }

    @Test
    void multipleBottlenecks()
    {
        // Fig. 12a: D0 and D5 5 Gb/s (bottleneck S1->B0), D1..D4 8.75 Gb/s (the rest of S0->S1).
        final Summary s = TestScenarios.run(TestScenarios.file("rocc-multi-bottleneck.yaml")).summary();
        flowRates(s, 5, "D0", "D5");
        flowRates(s, 8.75, "D1", "D2", "D3", "D4");
        stableQueue(s, "S1->B0", 75_000, TOLERANCE);
        stableQueue(s, "S0->S1", 150_000, TOLERANCE);
    }

    @Test
    void asymmetricTopology()
    {
        // Fig. 12b: all seven flows get 100/7 = 14.29 Gb/s whatever their access link.
        final Summary s = TestScenarios.run(TestScenarios.file("rocc-asymmetric.yaml")).summary();
        flowRates(s, 100.0 / 7, "D0", "D1", "D2", "D3", "D4", "D5", "D6");
        stableQueue(s, "S2->B0", 300_000, TOLERANCE);
        assertTrue(s.jainIndex() > 0.999, "Jain " + s.jainIndex());
    }

    @Test
    @Tag("paper")
    void fairnessHundredSenders()
    {
        final Summary s = TestScenarios.run(TestScenarios.file("rocc-fairness-n100-40g.yaml")).summary();
        for (int i = 0; i < 100; i++)
        {
            flowRates(s, 0.4, "F" + i);
        }
        near(0.4, s.port("S0->B0").rateGbps("fair_rate"), TOLERANCE, "fair rate");
        assertTrue(s.jainIndex() > 0.999, "Jain " + s.jainIndex());
        // At F = 0.4 Gb/s one step of the fair rate (10 Mb/s) moves the offered load by 1 Gb/s, 2.5 %
        // of the link, so the PI controller holds the queue in a band below Qref: 25 % tolerance.
        near(150_000, s.port("S0->B0").queueAvgBytes(), 0.25, "queue_avg_bytes vs Qref");
        assertEquals(1.0, s.port("S0->B0").utilization(), 0.01);
    }

    @Test
    @Tag("paper")
    void convergenceWhileNDoublesAndHalves()
    {
        // Fig. 9: the fair rate follows 40/N as N goes 3, 6, 12, 25, 50, 100 and back every 10 ms.
        final Scenario scenario = TestScenarios.file("rocc-convergence-40g.yaml");
        final NetworkRunner.Result r = TestScenarios.run(scenario);
        final Topology topo = r.network().topology();
        int port = -1;
        for (int p = 0; p < topo.portCount(); p++)
        {
            if (topo.portId(p).equals("S0->B0"))
            {
                port = p;
            }
        }
        final TimeSeries ts = r.network().series();
        final int[] n = {3, 6, 12, 25, 50, 100, 50, 25, 12, 6, 3};
        final StringBuilder settle = new StringBuilder();
        for (int phase = 0; phase < n.length; phase++)
        {
            final double expected = 40.0 / n[phase];
            final long from = phase * 10_000_000_000L;
            final long to = from + 10_000_000_000L;
            double sum = 0;
            double queue = 0;
            int count = 0;
            long lastOff = from;
            for (int k = 0; k < ts.size(); k++)
            {
                final long t = ts.timeOf(k);
                if (t < from || t >= to)
                {
                    continue;
                }
                final double f = ts.rate(0, port, k) / 1e9;
                // Finite flows end a little before their interval does (they carry the payload of
                // the nominal fair share), so the last millisecond does not count for settling.
                if (Math.abs(f - expected) > TOLERANCE * expected && t < to - 1_000_000_000L)
                {
                    lastOff = t;
                }
                if (t >= from + 5_000_000_000L)
                {
                    sum += f;
                    queue += ts.queue(port, k);
                    count++;
                }
            }
            near(expected, sum / count, TOLERANCE, "phase " + phase + " (N = " + n[phase] + ") fair rate, last 5 ms");
            final double settledMs = (lastOff - from) / 1e9;
            settle.append(String.format("N=%d: F within 10 %% of 40/N from %.2f ms after the change on, queue %.0f KB; ",
                n[phase], settledMs, queue / count / 1e3));
            // The paper reports < 2 ms; from Fmin the PI climb alone needs ~2.6 ms to reach 40/6 Gb/s
            // (docs/network.md), so the bound checked here is what the algorithm allows, not the paper's.
            assertTrue(settledMs < 6.5, "phase " + phase + " took " + settledMs + " ms to settle");
        }
        System.out.println("convergence: " + settle);
    }
}
