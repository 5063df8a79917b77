package dev.ccsilicon.firmware.pcc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ccsilicon.firmware.core.Preset;
import dev.ccsilicon.firmware.elf.ElfFile;
import dev.ccsilicon.firmware.pcc.Lockstep.Ev;
import dev.ccsilicon.firmware.pcc.ProgramBuild.Target;

/**
 * dcqcn_rp, rtt_aimd and swift as shipped: committed ELFs built from the current sources, a clang
 * rebuild that decides exactly like the twin (and so like the committed ELF), and a one-token
 * change in each C source that makes the compiled program and the twin part ways.
 */
class ShippedProgramsBuildTest
{
    record Case(String name, Supplier<PccProgram> twin, String source, int flows, List<Ev> stimulus, boolean timers, int[] overrides,
        String token, String mutant)
    {
    }

    static List<Case> cases()
    {
        return List.of(
            new Case("dcqcn_rp", DcqcnRpProgram::new, DcqcnRpProgramTest.SOURCE, 16, DcqcnRpProgramTest.stimulus(21, 1200, 16, true), false,
                new int[0], "return min32(t, bc) > f ? BR_HAI : BR_AI;", "return min32(t, bc) >= f ? BR_HAI : BR_AI;"),
            new Case("dcqcn_rp timer_mode", DcqcnRpProgram::new, DcqcnRpProgramTest.SOURCE, 16, DcqcnRpProgramTest.stimulus(22, 800, 16, false),
                true, new int[] {DcqcnRpProgram.P_TIMER_MODE, 1}, null, null),
            new Case("rtt_aimd", RttAimdProgram::new, RttAimdProgramTest.SOURCE, 32, RttAimdProgramTest.stimulus(23, 1500, 32), false,
                new int[0], "total > turnaround ? total - turnaround : 1;", "total > turnaround ? total + turnaround : 1;"),
            new Case("swift", SwiftProgram::new, SwiftProgramTest.SOURCE, 16, SwiftProgramTest.stimulus(24, 1000, 16), false, new int[0],
                "r = (r >> 1) + bit;", "r = (r >> 2) + bit;"));
    }

    @Test
    void everyShippedProgramHasCurrentElfsForBothTargetsAndATwin()
    {
        final Path dir = FirmwareDir.get();
        for (final String name : List.of("dcqcn_rp", "rtt_aimd", "swift"))
        {
            final FirmwarePrograms.Shipped s = FirmwarePrograms.shipped(name);
            assertNotNull(s, name + " is registered");
            assertTrue(ProgramBuild.PROGRAMS.contains(s.source()), name + " is rebuilt by ProgramBuild");
            assertEquals(name, s.twin().get().name());
            for (final Target t : Target.values())
            {
                final Path elf = s.elf(dir, t);
                final Path side = ProgramBuild.sidecarOf(elf);
                assertEquals(ProgramBuild.sourceHash(dir, s.source()), ProgramBuild.sidecarField(side, "source_sha256"), side + " is stale");
                assertEquals(t.march, ProgramBuild.sidecarField(side, "target"));
                final ElfFile e = ElfFile.read(elf);
                assertEquals(t == Target.RV64 ? 64 : 32, e.xlen());
                assertTrue(e.symbol("doca_pcc_dev_user_algo").isPresent() && e.symbol("doca_pcc_dev_user_init").isPresent(), elf.toString());
            }
            assertEquals(s.elf(dir, Target.RV32), FirmwarePrograms.resolveElf(name, Preset.GENERIC));
        }
    }

    private static Lockstep run(final Case c, final Path elf, final Target t)
    {
        final Preset preset = t == Target.RV64 ? Preset.DPA_BF3 : Preset.SWCC;
        final Lockstep l = new Lockstep(c.twin.get(), List.of(elf), List.of(preset), c.flows, c.overrides);
        l.run(c.stimulus, c.timers);
        return l;
    }

    @Test
    void aClangRebuildDecidesLikeTheTwinOnBothTargets(@TempDir final Path tmp)
    {
        FirmwareDir.requireClang();
        for (final Case c : cases())
        {
            if (c.token == null)
            {
                continue;
            }
            for (final Target t : Target.values())
            {
                final Path elf = tmp.resolve(c.name + "." + t.suffix + ".elf");
                ProgramBuild.compile(FirmwareDir.get(), Path.of(c.source), t, elf);
                final Lockstep l = run(c, elf, t);
                assertEquals(c.stimulus.size(), l.events, c.name + " " + t + ": every event agreed");
            }
        }
        // timer_mode on the rebuilt RV64 ELF too (the service follows the program's requests).
        final Case timed = cases().get(1);
        final Path elf = tmp.resolve("dcqcn_rp.rv64.elf");
        assertTrue(run(timed, elf, Target.RV64).events > timed.stimulus.size(), "TIMER events ran as well");
    }

    @Test
    void aOneTokenChangeInEachProgramIsCaught(@TempDir final Path tmp) throws IOException
    {
        FirmwareDir.requireClang();
        for (final Case c : cases())
        {
            if (c.token == null)
            {
                continue;
            }
            final String src = Files.readString(FirmwareDir.get().resolve(c.source));
            assertTrue(src.contains(c.token), c.name + " has the token");
            assertEquals(src.indexOf(c.token), src.lastIndexOf(c.token), c.name + ": the token occurs once");
            final Path mutant = tmp.resolve(c.name + "_mutant.c");
            Files.writeString(mutant, src.replace(c.token, c.mutant));
            final Path elf = tmp.resolve(c.name + "_mutant.elf");
            ProgramBuild.compile(FirmwareDir.get(), mutant, Target.RV64, elf);
            final AssertionError e = assertThrows(AssertionError.class, () -> run(c, elf, Target.RV64), c.name + ": the mutant must differ");
            assertTrue(e.getMessage().startsWith(c.name + " "), e.getMessage());
            System.out.println("mutant " + c.name + " caught: " + e.getMessage());
        }
    }
}
