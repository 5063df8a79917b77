package dev.ccsilicon.net.blocks;

import dev.ccsilicon.blocks.dcqcnrp.DcqcnRp;
import dev.ccsilicon.blocks.dcqcnrp.DcqcnRpConfig;
import dev.ccsilicon.blocks.dcqcnrp.DcqcnRpParams;
import dev.ccsilicon.cosim.blocks.dcqcnrp.DcqcnRpSpec;
import dev.ccsilicon.scenario.Level;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * dcqcn_rp through the network bridge ({@link ClockedDut} at RTL level: the Verilated block stepped
 * every cycle, its model shadow idle-skipped by the kernel and compared pin by pin), driven as the
 * closed loop drives it: each record pushed at its cycle, the block woken at its own next busy cycle.
 */
class DcqcnRpBridgeReplayTest
{
    static final DcqcnRpConfig NETWORK = new DcqcnRpConfig(4, 2, 4, 4, 512, 256, 2, 32, 32,
        new DcqcnRpParams(DcqcnRpParams.PROFILE_PAPER, 256_000, 640, 256, 1280, 256, 5, 55_000, 55_000, 10_000_000,
            4000, false, false, true, true, true));

    @Test
    void networkTraceH2ThroughTheBridge() throws Exception
    {
        run(0);
    }

    @Test
    void jitteredWakes() throws Exception
    {
        for (long seed = 1; seed <= 3; seed++)
        {
            run(seed);
        }
    }

    private void run(final long seed) throws Exception
    {
        final List<long[]> recs = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
            getClass().getResourceAsStream("/dcqcnrp/rp-h2-trace.txt"), StandardCharsets.US_ASCII)))
        {
            for (String line = r.readLine(); line != null; line = r.readLine())
            {
                final String[] f = line.trim().split("\\s+");
                recs.add(new long[] {Long.parseLong(f[0]), f[1].equals("CNP") ? 1 : 0, Long.parseLong(f[2]), Long.parseLong(f[3])});
            }
        }
        final List<Long> updates = drive(NETWORK, recs, 530_000, seed);
        // Cuts, FR steps, then one AI step in the quiet stretch after the last input (DcqcnRpReplayTest.H2_UPDATES).
        assertEquals(List.of(27_232L << 32 | 128_000, 82_192L << 32 | 192_000, 97_030L << 32 | 96_375, 147_192L << 32 | 48_375,
            197_368L << 32 | 24_281, 247_544L << 32 | 12_187, 302_352L << 32 | 18_234, 357_136L << 32 | 21_258,
            411_920L << 32 | 22_770, 466_704L << 32 | 23_526, 521_488L << 32 | 24_032), updates, "seed " + seed);
    }

    /**
     * Random closed-loop-like traffic on every QP (sparse CNPs, TX reports, quiet stretches of up to
     * several timer periods) through the bridge with jittered wakes, at the network's parameters and
     * at random ones (either profile, timers 5-60k cycles): the bridge throws at the first cycle the
     * RTL and its idle-skipped model shadow disagree.
     */
    @Test
    void randomTrafficWithQuietStretchesThroughTheBridge() throws Exception
    {
        for (long seed = 1; seed <= 4; seed++)
        {
            final java.util.SplittableRandom r = new java.util.SplittableRandom(seed * 7919);
            final DcqcnRpParams q = NETWORK.params();
            final DcqcnRpConfig config = seed <= 2 ? NETWORK : new DcqcnRpConfig(4, 2, 4, 4, 512, 256, 2, 32, 32,
                new DcqcnRpParams(r.nextInt(2), q.rateLine(), q.rateMin(), q.rateAi(), q.rateHai(), r.nextBoolean() ? 256 : 16384,
                    1 + r.nextInt(5), 5_000 + r.nextInt(55_000), 5_000 + r.nextInt(55_000), 1000 + r.nextInt(100_000),
                    2_000 + r.nextInt(20_000), r.nextBoolean(), r.nextBoolean(), r.nextBoolean(), r.nextBoolean(), r.nextBoolean()));
            final List<long[]> recs = new ArrayList<>();
            long t = 2_000;
            while (t < 1_500_000)
            {
                final int k = r.nextInt(100);
                t += k < 3 ? 50_000 + r.nextInt(250_000) : k < 40 ? 1 + r.nextInt(40) : 500 + r.nextInt(12_000);
                final boolean cnp = r.nextInt(6) == 0;
                recs.add(new long[] {t, cnp ? 1 : 0, r.nextInt(4), cnp ? 0 : 64 + r.nextInt(65_000)});
            }
            final List<Long> updates = drive(config, recs, 1_800_000, seed);
            assertTrue(updates.size() > 100, "seed " + seed + ": " + updates.size() + " " + config);
        }
    }

    private static List<Long> drive(final DcqcnRpConfig config, final List<long[]> recs, final long end, final long seed)
        throws Exception
    {
        return drive(config, recs, end, seed, -1);
    }

    /**
     * {@code reenterAt}: the update handed over in that cycle makes the sink re-enter the bridge, as
     * the network's pacer does: run to the update's time and push a TX report (qp 0, 4256 bytes).
     */
    private static List<Long> drive(final DcqcnRpConfig config, final List<long[]> recs, final long end, final long seed,
        final long reenterAt) throws Exception
    {
        final java.util.SplittableRandom rnd = new java.util.SplittableRandom(seed);
        final List<Long> updates = new ArrayList<>();
        try (ClockedDut dut = Duts.open(Level.RTL, DcqcnRpSpec.spec(config), () -> new DcqcnRp(null, "rp_h2", config)))
        {
            final DcqcnRpParams p = config.params();
            dut.set("cfg_profile_i", p.profile()).set("cfg_fr_pre_i", p.frComparePre() ? 1 : 0)
                .set("cfg_alpha_first_i", p.alphaBeforeCut() ? 1 : 0).set("cfg_hai_scale_i", p.haiScaleI() ? 1 : 0)
                .set("cfg_hai_half_timer_i", p.haiHalveTimer() ? 1 : 0).set("cfg_hai_half_bytes_i", p.haiHalveBytes() ? 1 : 0)
                .set("cfg_rate_line_i", p.rateLine()).set("cfg_rate_min_i", p.rateMin()).set("cfg_rate_ai_i", p.rateAi())
                .set("cfg_rate_hai_i", p.rateHai()).set("cfg_g16_i", p.g16()).set("cfg_f_i", p.fastRecovery())
                .set("cfg_bytes_i", p.byteCounter()).set("cfg_t_inc_i", p.rateTimer()).set("cfg_t_alpha_i", p.alphaTimer())
                .set("cfg_t_dec_i", p.decreaseTimer());
            final InputFifo cnp = dut.input("cnp");
            final InputFifo tx = dut.input("tx");
            final int rcWord = dut.outputWord("upd_rc_o");
            final boolean[] reentered = new boolean[1];
            dut.output("upd", out ->
            {
                updates.add(dut.cycle() << 32 | out[rcWord]);
                if (dut.cycle() == reenterAt && !reentered[0])
                {
                    reentered[0] = true;
                    dut.runToTime(dut.cycle() * ClockedDut.CYCLE_PS);
                    tx.stage(0, 0).stage(1, 4256).push();
                }
            });
            long wake = 0;
            int i = 0;
            while (dut.cycle() < end)
            {
                final long rec = i < recs.size() ? recs.get(i)[0] : Long.MAX_VALUE;
                if (rec <= wake + 1 && rec <= end)
                {
                    // The network's onCnp / onTx at the record's time: run to it, push, ask for the next wake.
                    dut.runTo(rec);
                    final long[] r = recs.get(i++);
                    if (r[1] == 1)
                    {
                        cnp.stage(0, r[2]).push();
                    }
                    else
                    {
                        tx.stage(0, r[2]).stage(1, r[3]).push();
                    }
                }
                else
                {
                    dut.runTo(Math.min(end, wake + 1));
                }
                final long busy = seed != 0 && rnd.nextInt(3) == 0 ? dut.nextOwnWorkCycle() : dut.nextBusyCycle();
                wake = busy == Long.MAX_VALUE ? Long.MAX_VALUE - 2 : busy;
                if (seed != 0)
                {
                    // Other network events wake the host at arbitrary times.
                    final int k = rnd.nextInt(4);
                    final long now = dut.cycle();
                    wake = k == 0 ? wake : k == 1 ? Math.min(wake, now + rnd.nextInt(2000)) : k == 2 ? wake + rnd.nextInt(300)
                        : Math.min(wake, now + 256 - (now & 255) + rnd.nextInt(8) - 4);
                    wake = Math.max(wake, now);
                }
            }
        }
        return updates;
    }

    /**
     * The closed loop's divergence at cycle 466948 (host h1's reaction point): the update of cycle
     * 412176 raised the QP's rate, the network's pacer sent at once and reported the TX from inside
     * the bridge's sink, re-entering it. The bridge then handed the update over twice and clocked a
     * cycle no one evaluated: the model stepped it, the Verilated block saw no edge and ran one cycle
     * behind from there, visible at the next timer pop (timers_armed_o rtl=2 model=0).
     */
    @Test
    void aSinkReenteringTheBridgeKeepsTheRtlAndItsShadowInStep() throws Exception
    {
        final List<long[]> recs = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
            getClass().getResourceAsStream("/dcqcnrp/rp-h1-trace.txt"), StandardCharsets.US_ASCII)))
        {
            for (String line = r.readLine(); line != null; line = r.readLine())
            {
                final String[] f = line.trim().split("\\s+");
                recs.add(new long[] {Long.parseLong(f[0]), f[1].equals("CNP") ? 1 : 0, Long.parseLong(f[2]), Long.parseLong(f[3])});
            }
        }
        // That TX report is the one the sink pushes.
        recs.removeIf(r -> r[0] == 412_177);
        final List<Long> updates = drive(NETWORK, recs, 530_000, 0, 412_176);
        // Each update handed over once, at the cycles of the plain lockstep replay (DcqcnRpReplayTest.H1_UPDATES).
        assertEquals(List.of(97_243L << 32 | 128_000, 147_448L << 32 | 64_000, 197_624L << 32 | 32_000, 247_800L << 32 | 16_000,
            302_608L << 32 | 24_000, 357_392L << 32 | 28_000, 412_176L << 32 | 30_000, 466_960L << 32 | 31_000,
            521_744L << 32 | 31_628), updates);
    }
}
