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
        final java.util.SplittableRandom rnd = new java.util.SplittableRandom(seed);
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
        final DcqcnRpConfig config = NETWORK;
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
            dut.output("upd", out -> updates.add(dut.cycle() << 32 | out[rcWord]));
            final long end = 530_000;
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
        // Cuts, FR steps, then one AI step in the quiet stretch after the last input (DcqcnRpReplayTest.H2_UPDATES).
        assertEquals(List.of(27_232L << 32 | 128_000, 82_192L << 32 | 192_000, 97_030L << 32 | 96_375, 147_192L << 32 | 48_375,
            197_368L << 32 | 24_281, 247_544L << 32 | 12_187, 302_352L << 32 | 18_234, 357_136L << 32 | 21_258,
            411_920L << 32 | 22_770, 466_704L << 32 | 23_526, 521_488L << 32 | 24_032), updates, "seed " + seed);
    }
}
