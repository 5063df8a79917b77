package dev.ccsilicon.firmware.pcc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import dev.ccsilicon.firmware.core.Cluster;
import dev.ccsilicon.firmware.core.CostModel;
import dev.ccsilicon.firmware.core.Hart;
import dev.ccsilicon.firmware.core.IssTrap;
import dev.ccsilicon.firmware.core.Preset;
import dev.ccsilicon.firmware.elf.ElfFile;
import dev.ccsilicon.firmware.isa.IsaConfig;
import dev.ccsilicon.firmware.pcc.ProgramBuild.Target;

/** Compiled C programs (committed ELFs) run from _start to their halt with the exact expected value. */
class CompiledProgramsTest
{
    private static final Preset RV32_FXP = new Preset("rv32-fxp", IsaConfig.RV32IM_ZBB_FXP, 1e9, 1, 1, 1, CostModel.defaults(32));

    /** Runs main on hart 0 and returns its 32-bit result; {@code counts[0..1]} = instret, cycles. */
    static int run(final Path elf, final Preset preset, final long[] counts)
    {
        final ElfFile e = ElfFile.read(elf);
        final Cluster c = new Cluster(preset);
        e.loadInto(c.memory());
        final Hart h = c.hart(0);
        h.start(e.entry(), 0);
        c.executor().runAlone(h, 50_000_000);
        counts[0] = h.instret();
        counts[1] = h.busyCycles();
        return (int) h.reg(10);
    }

    private static Preset preset(final Target t)
    {
        return t == Target.RV64 ? Preset.DPA_BF3 : Preset.GENERIC;
    }

    @Test
    void aLoopGivesItsKnownSum()
    {
        int want = 0;
        for (int i = 0; i < 1000; i++)
        {
            want += (i * i) ^ Integer.bitCount(i) ^ (i >>> 3);
        }
        for (final Target t : Target.values())
        {
            final long[] n = new long[2];
            assertEquals(want, run(FirmwareDir.elf("programs/selftest/loop.c", t), preset(t), n), t.name());
            assertTrue(n[0] > 5000 && n[1] > n[0], t + ": " + n[0] + " instructions, " + n[1] + " cycles");
        }
    }

    @Test
    void sixtyFourBitDivisionIsExactOnBothWidths()
    {
        final long n = 0x123456789abcdef0L;
        final long d = 0x12345L;
        final long sn = -0x0fedcba987654321L;
        final long sd = 12345;
        final long q = Long.divideUnsigned(n, d);
        final long r = Long.remainderUnsigned(n, d);
        final long sq = sn / sd;
        final long sr = sn % sd;
        final int want = (int) (q ^ (q >>> 32) ^ r ^ sq ^ (sq >>> 32) ^ sr);
        final long[] c64 = new long[2];
        final long[] c32 = new long[2];
        assertEquals(want, run(FirmwareDir.elf("programs/selftest/div64.c", Target.RV64), Preset.DPA_BF3, c64));
        assertEquals(want, run(FirmwareDir.elf("programs/selftest/div64.c", Target.RV32), Preset.GENERIC, c32));
        assertTrue(c32[0] > 10 * c64[0], "RV32's software divide costs far more: " + c32[0] + " vs " + c64[0]);
    }

    @Test
    void aRecursiveFunctionReturnsFib20()
    {
        for (final Target t : Target.values())
        {
            assertEquals(6765, run(FirmwareDir.elf("programs/selftest/fib.c", t), preset(t), new long[2]), t.name());
        }
    }

    @Test
    void fixedPointOpsRunWhereTheIsaHasThemAndTrapWhereNot()
    {
        assertEquals(0x48000, run(FirmwareDir.elf("programs/selftest/fxp.c", Target.RV64), Preset.DPA_BF3, new long[2]));
        assertEquals(0x48000, run(FirmwareDir.elf("programs/selftest/fxp.c", Target.RV32), RV32_FXP, new long[2]));
        final IssTrap t = assertThrows(IssTrap.class,
            () -> run(FirmwareDir.elf("programs/selftest/fxp.c", Target.RV32), Preset.GENERIC, new long[2]));
        assertTrue(t.getMessage().startsWith("illegal instruction for rv32im at pc 0x"), t.getMessage());
        assertEquals(0x0B, t.word() & 0x7F, "the CUSTOM-0 word");
    }

    @Test
    void presetsAreNamedAndValidated()
    {
        assertEquals(Preset.DPA_BF3, Preset.named("dpa-bf3"));
        assertEquals(64, Preset.named("dpa-bf3").isa().xlen());
        assertEquals(256, Preset.DPA_BF3.cores() * Preset.DPA_BF3.threadsPerCore());
        assertEquals(49, Preset.DPA_BF3.threadsEnabled());
        assertEquals(250e6, Preset.named("swcc").clockHz());
        assertEquals(16, Preset.named("generic").cores() * Preset.named("generic").threadsPerCore());
        IllegalArgumentException x = assertThrows(IllegalArgumentException.class, () -> Preset.named("dpa"));
        assertEquals("preset 'dpa': allowed are dpa-bf3, swcc, generic", x.getMessage());
        x = assertThrows(IllegalArgumentException.class, () -> Preset.GENERIC.withCost(CostModel.defaults(32).withDiv(0)));
        assertTrue(x.getMessage().startsWith("cost model: every class base must be 1..10000 cycles, got 0"), x.getMessage());
        x = assertThrows(IllegalArgumentException.class, () -> new IsaConfig(16, true, false, false));
        assertEquals("xlen 16: allowed are 32 and 64", x.getMessage());
    }
}
