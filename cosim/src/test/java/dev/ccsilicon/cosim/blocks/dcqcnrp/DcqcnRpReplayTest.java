package dev.ccsilicon.cosim.blocks.dcqcnrp;

import dev.ccsilicon.blocks.dcqcnrp.DcqcnRpConfig;
import dev.ccsilicon.blocks.dcqcnrp.DcqcnRpParams;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.jverilator.NativeRtl;
import dev.ccsilicon.cosim.jverilator.Rtl;
import dev.ccsilicon.cosim.jverilator.RtlBuilder;
import dev.ccsilicon.cosim.lockstep.PerSignalRtlModel;
import dev.ccsilicon.hdl.ClockDomain;
import dev.ccsilicon.hdl.ComponentDut;
import dev.ccsilicon.hdl.ModelDut;
import dev.ccsilicon.hdl.PortSpec;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Directed lockstep replays of {@code dcqcn_rp}: the model and the Verilated RTL driven through the
 * same pins cycle by cycle, every output pin compared every cycle (an output stream's data only
 * while its valid is high, as the network bridge does). The regime the random co-simulation does not
 * reach: the 32-bit time base, a 512 x 256 wheel and timers that expire in long quiet stretches.
 */
class DcqcnRpReplayTest
{
    /** The closed-loop network's reaction point: 4 QPs, 40G line, T_inc = K = 55 us. */
    static final DcqcnRpConfig NETWORK = new DcqcnRpConfig(4, 2, 4, 4, 512, 256, 2, 32, 32,
        new DcqcnRpParams(DcqcnRpParams.PROFILE_PAPER, 256_000, 640, 256, 1280, 256, 5, 55_000, 55_000, 10_000_000,
            4000, false, false, true, true, true));

    /** One input record: presented from {@code cycle} and held until taken. */
    record Rec(long cycle, boolean cnp, long qp, long bytes)
    {
    }

    /** An update the block emitted (a handshake on {@code upd}). */
    record Upd(long cycle, long qp, long rc, boolean limiter, int cause)
    {
    }

    /** What a replay saw: the updates (identical on both sides) and timers_armed_o at the end. */
    record Run(List<Upd> updates, long armed)
    {
    }

    static List<Rec> trace(final String resource)
    {
        final List<Rec> l = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
            DcqcnRpReplayTest.class.getResourceAsStream(resource), StandardCharsets.US_ASCII)))
        {
            for (String line = r.readLine(); line != null; line = r.readLine())
            {
                final String[] f = line.trim().split("\\s+");
                if (f.length == 4)
                {
                    l.add(new Rec(Long.parseLong(f[0]), f[1].equals("CNP"), Long.parseLong(f[2]), Long.parseLong(f[3])));
                }
            }
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(e);
        }
        return l;
    }

    /**
     * Replays {@code records} (each stream in order, each record held until ready) and runs until
     * {@code endCycle}; fails at the first cycle in which a pin differs.
     */
    static Run replay(final DcqcnRpConfig config, final List<Rec> records, final long endCycle, final boolean idleSkip)
    {
        return replay(config, records, endCycle, idleSkip, 0);
    }

    /** {@code skipSeed} != 0: the bridge's service points (the network's events) at random, so idle skips end anywhere. */
    static Run replay(final DcqcnRpConfig config, final List<Rec> records, final long endCycle, final boolean idleSkip,
        final long skipSeed)
    {
        final BlockSpec spec = DcqcnRpSpec.spec(config);
        final ModelDut model = new DcqcnRpAdapter(spec, config.params().profile()).newModel(spec);
        final ClockDomain domain = ((ComponentDut)model).domain();
        // One FFM call per pin per cycle: slow by design, but the only way to hold a record until ready.
        try (Rtl verilated = NativeRtl.open(RtlBuilder.build(spec, false)))
        {
            final ModelDut rtl = new PerSignalRtlModel(verilated);
            model.reset();
            rtl.reset();
            final long[] in = new long[spec.inputWords()];
            final long[] mOut = new long[spec.outputWords()];
            final long[] rOut = new long[spec.outputWords()];
            DcqcnRpSpec.staticInputs(spec, config.params(), in);
            final int cnpValid = spec.inputWord("cnp_valid_i");
            final int cnpQp = spec.inputWord("cnp_qp_i");
            final int txValid = spec.inputWord("tx_valid_i");
            final int txQp = spec.inputWord("tx_qp_i");
            final int txBytes = spec.inputWord("tx_bytes_i");
            in[spec.inputWord("upd_ready_i")] = 1;
            final int cnpReady = spec.outputWord("cnp_ready_o");
            final int txReady = spec.outputWord("tx_ready_o");
            final int updValid = spec.outputWord("upd_valid_o");
            final int updQp = spec.outputWord("upd_qp_o");
            final int updRc = spec.outputWord("upd_rc_o");
            final int updLimiter = spec.outputWord("upd_limiter_o");
            final int updCause = spec.outputWord("upd_cause_o");
            final boolean[] qualified = new boolean[spec.outputWords()];
            for (final int w : new int[] {updQp, updRc, updLimiter, updCause})
            {
                qualified[w] = true;
            }
            final List<Rec> cnps = records.stream().filter(Rec::cnp).toList();
            final List<Rec> txs = records.stream().filter(r -> !r.cnp()).toList();
            int ci = 0;
            int ti = 0;
            final List<Upd> updates = new ArrayList<>();
            domain.idleSkip(idleSkip);
            final java.util.SplittableRandom rnd = new java.util.SplittableRandom(skipSeed);
            for (long c = 0; c < endCycle; c++)
            {
                final boolean cv = ci < cnps.size() && cnps.get(ci).cycle() <= c;
                final boolean tv = ti < txs.size() && txs.get(ti).cycle() <= c;
                in[cnpValid] = cv ? 1 : 0;
                in[cnpQp] = cv ? cnps.get(ci).qp() : 0;
                in[txValid] = tv ? 1 : 0;
                in[txQp] = tv ? txs.get(ti).qp() : 0;
                in[txBytes] = tv ? txs.get(ti).bytes() : 0;
                model.evaluate(in, mOut);
                rtl.evaluate(in, rOut);
                for (int w = 0; w < rOut.length; w++)
                {
                    if (rOut[w] != mOut[w] && (!qualified[w] || rOut[updValid] != 0))
                    {
                        fail("RTL and model diverge at cycle " + c + differences(spec, rOut, mOut) + "; updates so far "
                            + updates);
                    }
                }
                if (rOut[updValid] != 0)
                {
                    updates.add(new Upd(c, rOut[updQp], rOut[updRc], rOut[updLimiter] != 0, (int)rOut[updCause]));
                }
                final boolean cnpTaken = cv && rOut[cnpReady] != 0;
                final boolean txTaken = tv && rOut[txReady] != 0;
                ci += cnpTaken ? 1 : 0;
                ti += txTaken ? 1 : 0;
                if (idleSkip && !cv && !tv && rOut[updValid] == 0)
                {
                    // As the network bridge: the model's kernel skips what it calls idle (up to the next
                    // record), the RTL is stepped through it with the same pins, its outputs quiet.
                    final long next = Math.min(endCycle, Math.min(ci < cnps.size() ? cnps.get(ci).cycle() : Long.MAX_VALUE,
                        ti < txs.size() ? txs.get(ti).cycle() : Long.MAX_VALUE));
                    final long toTick = 256 - (c & 255) + rnd.nextInt(9) - 3;
                    final long pick = switch (rnd.nextInt(4))
                    {
                        case 0 -> 1 + rnd.nextInt(3);
                        case 1 -> 1 + rnd.nextInt(3000);
                        default -> Math.max(1, toTick);
                    };
                    final long cap = skipSeed == 0 ? next - c : Math.min(next - c, pick);
                    final long n = domain.advance(cap);
                    rtl.clock();
                    for (long k = 1; k < n; k++)
                    {
                        rtl.evaluate(in, rOut);
                        if (rOut[updValid] != 0)
                        {
                            fail("RTL update in cycle " + (c + k) + ", which the model skipped as idle; updates so far "
                                + updates);
                        }
                        rtl.clock();
                    }
                    c += n - 1;
                    continue;
                }
                model.clock();
                rtl.clock();
            }
            assertEquals(cnps.size(), ci, "every CNP taken");
            assertEquals(txs.size(), ti, "every TX report taken");
            return new Run(updates, rOut[spec.outputWord("timers_armed_o")]);
        }
    }

    private static String differences(final BlockSpec spec, final long[] rtl, final long[] model)
    {
        final StringBuilder sb = new StringBuilder();
        for (int p = 0; p < spec.outputs().size(); p++)
        {
            final PortSpec port = spec.outputs().get(p);
            final int w = spec.outputOffset(p);
            if (rtl[w] != model[w])
            {
                sb.append("; ").append(port.name()).append(" rtl=").append(rtl[w]).append(" model=").append(model[w]);
            }
        }
        return sb.toString();
    }

    /**
     * The updates of trace h2 (QP 0, 40G, T_inc = K = 55 us): a cut per CNP, an FR step per increase
     * expiry (Rc = (Rt + Rc + 1) / 2 with Rt = 24281 after the last cut), then at T = F (post-compare)
     * one AI step (Rt + R_AI = 24537, Rc = 24032), in the quiet stretch after the last input where the
     * closed loop saw the model with no timer armed.
     */
    static final List<Upd> H2_UPDATES = List.of(
        new Upd(27_232, 0, 128_000, true, 0), new Upd(82_192, 0, 192_000, true, 17), new Upd(97_030, 0, 96_375, true, 0),
        new Upd(147_192, 0, 48_375, true, 0), new Upd(197_368, 0, 24_281, true, 0), new Upd(247_544, 0, 12_187, true, 0),
        new Upd(302_352, 0, 18_234, true, 17), new Upd(357_136, 0, 21_258, true, 17), new Upd(411_920, 0, 22_770, true, 17),
        new Upd(466_704, 0, 23_526, true, 17), new Upd(521_488, 0, 24_032, true, 18));
    static final long TRACE_END = 530_000;


    /** The closed-loop trace h2, every cycle stepped on both sides. */
    @Test
    void networkTraceH2AgreesCycleByCycle()
    {
        final Run r = replay(NETWORK, trace("/dcqcnrp/rp-h2-trace.txt"), TRACE_END, false);
        assertEquals(H2_UPDATES, r.updates());
        assertEquals(2, r.armed(), "both timers of QP 0 armed at the end, on both sides");
    }

    /** The same with the model's kernel skipping idle stretches as the network bridge does, up to the next record. */
    @Test
    void networkTraceH2AgreesWithTheModelSkippingIdleCycles()
    {
        final Run r = replay(NETWORK, trace("/dcqcnrp/rp-h2-trace.txt"), TRACE_END, true);
        assertEquals(H2_UPDATES, r.updates());
        assertEquals(2, r.armed());
    }

    /** Skips cut short at random points (the network's other events): near tick boundaries, single steps, anywhere. */
    @Test
    void networkTraceH2AgreesWhereverTheIdleSkipsEnd()
    {
        for (long seed = 1; seed <= 2; seed++)
        {
            final Run r = replay(NETWORK, trace("/dcqcnrp/rp-h2-trace.txt"), TRACE_END, true, seed);
            assertEquals(H2_UPDATES, r.updates(), "seed " + seed);
        }
    }

    /**
     * Host h1's trace of the same closed-loop run (the reaction point that diverged there, through a
     * re-entrancy of the network bridge, not of the block): cuts, FR steps, one AI step at T = F.
     */
    static final List<Upd> H1_UPDATES = List.of(
        new Upd(97_243, 0, 128_000, true, 0), new Upd(147_448, 0, 64_000, true, 0), new Upd(197_624, 0, 32_000, true, 0),
        new Upd(247_800, 0, 16_000, true, 0), new Upd(302_608, 0, 24_000, true, 17), new Upd(357_392, 0, 28_000, true, 17),
        new Upd(412_176, 0, 30_000, true, 17), new Upd(466_960, 0, 31_000, true, 17), new Upd(521_744, 0, 31_628, true, 18));

    @Test
    void networkTraceH1AgreesCycleByCycleAndWithTheIdleSkip()
    {
        assertEquals(H1_UPDATES, replay(NETWORK, trace("/dcqcnrp/rp-h1-trace.txt"), TRACE_END, false).updates());
        assertEquals(H1_UPDATES, replay(NETWORK, trace("/dcqcnrp/rp-h1-trace.txt"), TRACE_END, true).updates());
    }
}
