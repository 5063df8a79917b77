package dev.ccsilicon.firmware.pcc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ccsilicon.blocks.roccrp.RoccRpReference;
import dev.ccsilicon.firmware.core.Preset;
import dev.ccsilicon.firmware.pcc.ProgramBuild.Target;

/**
 * rocc_rp three ways on one CNP sequence: (a) the compiled program on the ISS (RV64 on dpa-bf3,
 * RV32 on generic), (b) its Java twin, (c) the hardware block's reference RoccRpReference; the
 * same decision (cause, native rate, limiter) event by event, TIMER events included. A one-token
 * change in the C source must make (a) differ.
 */
class RoccRpCrossCheckTest
{
    static final String SOURCE = "programs/rocc_rp/rocc_rp.c";
    static final int FLOWS = 4;
    static final int RATE_MAX = 10_000;
    static final int RECOVERY = 55_000;
    static final long NONE = Long.MAX_VALUE;

    /** One decision: the event's flow, whether it was a TIMER, cause code, native rate, limiter. */
    record Decision(int flow, boolean timer, int cause, long rate, boolean limiter)
    {
    }

    record Cnp(long time, int flow, int rate, int cp)
    {
    }

    /** Something that runs the program on events: a compiled ELF on the ISS, or the twin. */
    interface Engine
    {
        void algo(int flow, int[] event, int[] results);
    }

    static final class IssEngine implements Engine
    {
        final PccFirmware fw;
        final int[][] ctx = new int[FLOWS][PccAbi.CTX_WORDS];
        /** per cause code (+ 16 for TIMER events): count, instructions, cycles, min instr, max instr. */
        final TreeMap<String, long[]> cost = new TreeMap<>();

        IssEngine(final Path elf, final Preset preset)
        {
            fw = PccFirmware.load(elf, preset);
            final int mask = fw.init();
            assertEquals(1 << PccAbi.EV_TX | 1 << PccAbi.EV_ACK | 1 << PccAbi.EV_NACK | 1 << PccAbi.EV_RTT, mask, "disable mask from init");
            assertEquals(RATE_MAX, fw.param(0, 0, RoccRpProgram.P_RATE_MAX), "init's default R_max");
            fw.setParam(0, RoccRpProgram.P_RATE_MAX, RATE_MAX);
            fw.setParam(0, RoccRpProgram.P_RECOVERY_NS, RECOVERY);
        }

        @Override
        public void algo(final int flow, final int[] event, final int[] results)
        {
            fw.algo(flow % Math.min(3, fw.cluster().harts()), ctx[flow], event, PccAbi.attr(0, false), results);
            final String key = (PccAbi.type(event) == PccAbi.EV_TIMER ? "timer " : "cnp ") + name(results[PccAbi.R_CAUSE] & 0xFF);
            final long[] c = cost.computeIfAbsent(key, k -> new long[] {0, 0, 0, Long.MAX_VALUE, 0});
            c[0]++;
            c[1] += fw.lastInstructions();
            c[2] += fw.lastCycles();
            c[3] = Math.min(c[3], fw.lastInstructions());
            c[4] = Math.max(c[4], fw.lastInstructions());
        }
    }

    static String name(final int cause)
    {
        return switch (cause)
        {
            case 0 -> "accept_new";
            case 1 -> "accept_lower";
            case 2 -> "accept_equal";
            case 3 -> "accept_same_cp";
            case 4 -> "reject";
            case 6 -> "ignored";
            case 7 -> "double";
            case 8 -> "double_clamp";
            case 9 -> "remove";
            default -> "cause" + cause;
        };
    }

    static final class TwinEngine implements Engine
    {
        final RoccRpProgram prog = new RoccRpProgram();
        final PccSlots slots = new PccSlots();
        final int[][] ctx = new int[FLOWS][PccAbi.CTX_WORDS];

        TwinEngine()
        {
            prog.init(slots);
            slots.setParam(0, RoccRpProgram.P_RATE_MAX, RATE_MAX);
            slots.setParam(0, RoccRpProgram.P_RECOVERY_NS, RECOVERY);
        }

        @Override
        public void algo(final int flow, final int[] event, final int[] results)
        {
            prog.algo(slots, ctx[flow], event, PccAbi.attr(0, false), results);
        }
    }

    /** A CNP sequence in the style of the block's co-simulation stimulus, deterministic per seed. */
    static List<Cnp> stimulus(final long seed, final int n)
    {
        final SplittableRandom rnd = new SplittableRandom(seed);
        final int[] cps = {0x0001_0001, 0x0001_0002, 0x0002_0001, 0x0003_0005};
        final int[] last = new int[FLOWS];
        final List<Cnp> out = new ArrayList<>();
        long t = 1000;
        for (int i = 0; i < n; i++)
        {
            final int g = rnd.nextInt(10);
            t += g < 6 ? rnd.nextInt(0, 20_000) : g < 9 ? rnd.nextInt(20_000, 120_000) : rnd.nextInt(120_000, 600_000);
            final int flow = rnd.nextInt(FLOWS);
            final int kind = rnd.nextInt(8);
            final int rate = switch (kind)
            {
                case 0 -> last[flow];
                case 1 -> last[flow] + rnd.nextInt(-4, 5);
                case 2 -> RATE_MAX >> rnd.nextInt(0, 8);
                case 3 -> RATE_MAX + rnd.nextInt(-2, 3);
                case 4 -> rnd.nextInt(RATE_MAX, 3 * RATE_MAX);
                default -> rnd.nextInt(1, RATE_MAX);
            };
            final int r = Math.max(1, Math.min(rate, 0xFF_FFFF));
            last[flow] = r;
            out.add(new Cnp(t, flow, r, cps[rnd.nextInt(cps.length)]));
        }
        return out;
    }

    /** The block's reference: its updates, plus each rejected CNP, in order. */
    static List<Decision> reference(final List<Cnp> cnps)
    {
        final List<Decision> out = new ArrayList<>();
        final RoccRpReference[] ref = new RoccRpReference[1];
        ref[0] = new RoccRpReference(FLOWS, RATE_MAX, RECOVERY,
            (time, qp, rate, limiter, cause) -> out.add(new Decision(qp, cause >= 7, cause, rate, limiter)));
        for (final Cnp c : cnps)
        {
            final int res = ref[0].onCnp(c.flow, c.rate, c.cp & 0xFFFF_FFFFL, c.time);
            if (res == 4)
            {
                out.add(new Decision(c.flow, false, res, ref[0].rate(c.flow), ref[0].limiter(c.flow)));
            }
        }
        ref[0].advanceTo(Long.MAX_VALUE / 4);
        return out;
    }

    /**
     * Runs an engine with the TIMER service a firmware NIC would have: exact per-flow deadlines
     * from the results' timer requests, fired in (deadline, flow) order before every CNP after them.
     */
    static List<Decision> drive(final Engine e, final List<Cnp> cnps)
    {
        final List<Decision> out = new ArrayList<>();
        final long[] deadline = new long[FLOWS];
        java.util.Arrays.fill(deadline, NONE);
        final int[] results = new int[PccAbi.RESULT_WORDS];
        int sn = 0;
        for (int i = 0; i <= cnps.size(); i++)
        {
            final long t = i < cnps.size() ? cnps.get(i).time : Long.MAX_VALUE / 4;
            while (true)
            {
                int f = -1;
                for (int q = 0; q < FLOWS; q++)
                {
                    if (deadline[q] != NONE && deadline[q] <= t - 1 && (f < 0 || deadline[q] < deadline[f]))
                    {
                        f = q;
                    }
                }
                if (f < 0)
                {
                    break;
                }
                final long d = deadline[f];
                deadline[f] = NONE;
                e.algo(f, PccAbi.timer(f, sn++, (int) d, (int) d), results);
                out.add(decision(f, true, results, deadline));
            }
            if (i < cnps.size())
            {
                final Cnp c = cnps.get(i);
                e.algo(c.flow, PccAbi.cnp(c.flow, sn++, (int) c.time, c.rate, c.cp), results);
                out.add(decision(c.flow, false, results, deadline));
            }
        }
        return out;
    }

    private static Decision decision(final int flow, final boolean timer, final int[] results, final long[] deadline)
    {
        if (results[PccAbi.R_TIMER_REQ] == PccAbi.TIMER_ARM)
        {
            deadline[flow] = results[PccAbi.R_TIMER_DEADLINE] & 0xFFFF_FFFFL;
        }
        else if (results[PccAbi.R_TIMER_REQ] == PccAbi.TIMER_CANCEL)
        {
            deadline[flow] = NONE;
        }
        final boolean limiter = (results[PccAbi.R_CAUSE] & PccAbi.CAUSE_LIMITER) != 0;
        final long rate = results[PccAbi.R_NATIVE_RATE] & 0xFFFF_FFFFL;
        final int expectFxp = limiter ? (int) Math.max(1, Math.min(PccAbi.MAX_RATE, (rate << 20) / RATE_MAX)) : PccAbi.MAX_RATE;
        assertEquals(expectFxp, results[PccAbi.R_RATE], "fxp20 rate = R_cur / R_max, or 1.0 without a limiter");
        return new Decision(flow, timer, results[PccAbi.R_CAUSE] & 0xFF, rate, limiter);
    }

    /** Index of the first difference, or -1. */
    static int firstDifference(final List<Decision> a, final List<Decision> b)
    {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++)
        {
            if (!a.get(i).equals(b.get(i)))
            {
                return i;
            }
        }
        return a.size() == b.size() ? -1 : Math.min(a.size(), b.size());
    }

    static void assertSame(final List<Decision> want, final List<Decision> got, final String what)
    {
        final int d = firstDifference(want, got);
        assertEquals(-1, d, () -> what + ": first difference at decision " + d + ": reference " + (d < want.size() ? want.get(d) : "none")
            + ", got " + (d < got.size() ? got.get(d) : "none"));
    }

    @Test
    void compiledProgramTwinAndBlockReferenceDecideAlikeEventByEvent()
    {
        for (final long seed : new long[] {1, 2026})
        {
            final List<Cnp> cnps = stimulus(seed, 1500);
            final List<Decision> ref = reference(cnps);
            final IssEngine rv64 = new IssEngine(FirmwareDir.elf(SOURCE, Target.RV64), Preset.DPA_BF3);
            final IssEngine rv32 = new IssEngine(FirmwareDir.elf(SOURCE, Target.RV32), Preset.GENERIC);
            assertSame(ref, drive(new TwinEngine(), cnps), "twin, seed " + seed);
            assertSame(ref, drive(rv64, cnps), "rv64 on dpa-bf3, seed " + seed);
            assertSame(ref, drive(rv32, cnps), "rv32 on generic, seed " + seed);
            // The sequence exercises every decision the block can make.
            for (final int cause : new int[] {0, 1, 2, 3, 4, 7, 8, 9})
            {
                assertTrue(ref.stream().anyMatch(x -> x.cause == cause), "seed " + seed + " covers cause " + cause);
            }
            assertTrue(ref.size() > cnps.size(), "timer decisions too");
            final int accepted = (int) ref.stream().filter(x -> !x.timer && x.cause < 4).count();
            assertEquals(accepted, rv64.fw.counter(0, 0, RoccRpProgram.C_ACCEPT), "the program's accept counter");
            if (seed == 2026)
            {
                report("rv64im_zbb on dpa-bf3", rv64);
                report("rv32im on generic", rv32);
            }
        }
    }

    private static void report(final String what, final IssEngine e)
    {
        System.out.println("rocc_rp " + what + " (" + e.fw.elf().source() + "): decision, events, mean instructions, mean cycles, min..max instructions");
        e.cost.forEach((k, c) -> System.out.printf("  %-22s %6d %8.1f %8.1f %6d..%d%n", k, c[0], (double) c[1] / c[0], (double) c[2] / c[0],
            c[3], c[4]));
    }

    @Test
    void committedElfsMatchTheirSourcesHashes()
    {
        final Path dir = FirmwareDir.get();
        for (final String p : ProgramBuild.PROGRAMS)
        {
            for (final Target t : Target.values())
            {
                final Path side = ProgramBuild.sidecarOf(ProgramBuild.elfOf(dir, p, t));
                assertEquals(ProgramBuild.sourceHash(dir, p), ProgramBuild.sidecarField(side, "source_sha256"),
                    side + " is stale: rebuild with java -cp firmware/target/classes dev.ccsilicon.firmware.pcc.ProgramBuild firmware");
                assertEquals(t.march, ProgramBuild.sidecarField(side, "target"));
                assertEquals(String.join(" ", ProgramBuild.flags(t)), ProgramBuild.sidecarField(side, "flags"));
                assertTrue(ProgramBuild.sidecarField(side, "compiler").contains("clang"));
            }
        }
    }

    @Test
    void aRebuiltElfDecidesLikeTheCommittedOne(@TempDir final Path tmp)
    {
        FirmwareDir.requireClang();
        final List<Cnp> cnps = stimulus(7, 600);
        final List<Decision> ref = reference(cnps);
        for (final Target t : Target.values())
        {
            final Path elf = tmp.resolve("rocc_rp." + t.suffix + ".elf");
            ProgramBuild.compile(FirmwareDir.get(), Path.of(SOURCE), t, elf);
            final Preset p = t == Target.RV64 ? Preset.DPA_BF3 : Preset.SWCC;
            assertSame(ref, drive(new IssEngine(elf, p), cnps), "rebuilt " + t);
            assertSame(drive(new IssEngine(FirmwareDir.elf(SOURCE, t), p), cnps), drive(new IssEngine(elf, p), cnps), "committed vs rebuilt " + t);
            final PccFirmware fw = PccFirmware.load(elf, p);
            final IllegalArgumentException x = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> fw.algo(p.cores() * p.threadsPerCore(), new int[12], new int[16], 0, new int[8]));
            assertTrue(x.getMessage().contains("has harts 0.."), x.getMessage());
        }
    }

    @Test
    void aOneTokenChangeInTheAcceptRuleIsCaught(@TempDir final Path tmp) throws IOException
    {
        FirmwareDir.requireClang();
        final String src = Files.readString(FirmwareDir.get().resolve(SOURCE));
        final String from = "else if (f < s->rate)";
        assertEquals(src.indexOf(from), src.lastIndexOf(from), "the token occurs once");
        assertTrue(src.contains(from));
        final Path mutant = tmp.resolve("rocc_rp_mutant.c");
        Files.writeString(mutant, src.replace(from, "else if (f <= s->rate)"));
        final Path elf = tmp.resolve("mutant.elf");
        ProgramBuild.compile(FirmwareDir.get(), mutant, Target.RV64, elf);
        final List<Cnp> cnps = stimulus(2026, 1500);
        final List<Decision> ref = reference(cnps);
        final List<Decision> got = drive(new IssEngine(elf, Preset.DPA_BF3), cnps);
        final int d = firstDifference(ref, got);
        assertNotEquals(-1, d, "the mutant must differ");
        assertEquals(2, ref.get(d).cause, "the reference accepted an equal rate as EQUAL");
        assertEquals(1, got.get(d).cause, "the mutant calls it LOWER");
    }
}
