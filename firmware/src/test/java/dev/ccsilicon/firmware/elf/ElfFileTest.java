package dev.ccsilicon.firmware.elf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import dev.ccsilicon.firmware.core.CostModel;
import dev.ccsilicon.firmware.core.Memory;
import dev.ccsilicon.firmware.core.MemoryMap;
import dev.ccsilicon.firmware.core.Preset;
import dev.ccsilicon.firmware.pcc.FirmwareDir;
import dev.ccsilicon.firmware.pcc.PccFirmware;
import dev.ccsilicon.firmware.pcc.ProgramBuild.Target;

/** The loader on the committed, really compiled ELFs, and on bad files. */
class ElfFileTest
{
    private static final String ROCC = "programs/rocc_rp/rocc_rp.c";

    @Test
    void readsBothClassesTheirSegmentsAndSymbols() throws Exception
    {
        for (final Target t : Target.values())
        {
            final ElfFile e = ElfFile.read(FirmwareDir.elf(ROCC, t));
            assertEquals(t == Target.RV64 ? 64 : 32, e.xlen());
            assertEquals(0, e.entry(), "_start at 0");
            for (final String s : new String[] {"_start", "__ccs_halt", "doca_pcc_dev_user_algo", "doca_pcc_dev_user_init",
                "__ccs_params", "__ccs_counters", "__global_pointer$"})
            {
                assertTrue(e.symbol(s).isPresent(), t + ": " + s);
            }
            assertEquals(MemoryMap.SHARED_BASE + 0x800, e.requireSymbol("__global_pointer$"));
            assertTrue(e.requireSymbol("__ccs_params") >= MemoryMap.SHARED_BASE, "tables in the shared heap");
            final ElfFile.Segment text = e.segments().get(0);
            assertEquals(0, text.vaddr());
            final Memory mem = new Memory(1, CostModel.defaults(e.xlen()));
            mem.write32(e.requireSymbol("__ccs_params"), 0xDEAD);
            e.loadInto(mem);
            assertEquals(0, mem.read32(e.requireSymbol("__ccs_params")), ".bss zeroed on load");
            final byte[] file = Files.readAllBytes(FirmwareDir.elf(ROCC, t));
            assertEquals(text.data()[0], (byte) mem.read8(0), "first code byte");
            assertEquals(0x7F, file[0]);
            final IllegalArgumentException missing = assertThrows(IllegalArgumentException.class, () -> e.requireSymbol("nope"));
            assertTrue(missing.getMessage().contains("symbol 'nope' not in .symtab"), missing.getMessage());
        }
    }

    @Test
    void rejectsWhatIsNotARiscvExecutable() throws Exception
    {
        ElfFormatException x = assertThrows(ElfFormatException.class, () -> ElfFile.parse("notes.txt", "hello, world, not an elf at all; padding padding padding".getBytes()));
        assertEquals("notes.txt: e_ident is not an ELF file (no \\x7fELF magic); expected an ELF executable", x.getMessage());
        final byte[] good = Files.readAllBytes(FirmwareDir.elf(ROCC, Target.RV64));
        final byte[] x86 = good.clone();
        x86[18] = 62;
        x86[19] = 0;
        x = assertThrows(ElfFormatException.class, () -> ElfFile.parse("x86.elf", x86));
        assertEquals("x86.elf: e_machine is 62; expected 243 (RISC-V)", x.getMessage());
        final byte[] be = good.clone();
        be[5] = 2;
        x = assertThrows(ElfFormatException.class, () -> ElfFile.parse("be.elf", be));
        assertTrue(x.getMessage().contains("EI_DATA is 2; expected 1 (little-endian)"), x.getMessage());
        final byte[] rel = good.clone();
        rel[16] = 1;
        x = assertThrows(ElfFormatException.class, () -> ElfFile.parse("obj.o", rel));
        assertTrue(x.getMessage().contains("e_type is 1"), x.getMessage());
        final byte[] cut = java.util.Arrays.copyOf(good, 200);
        x = assertThrows(ElfFormatException.class, () -> ElfFile.parse("cut.elf", cut));
        assertTrue(x.getMessage().startsWith("cut.elf: segment 0 is bytes"), x.getMessage());
        final Path missing = Path.of("no/such.elf");
        final IllegalArgumentException io = assertThrows(IllegalArgumentException.class, () -> ElfFile.read(missing));
        assertTrue(io.getMessage().startsWith("cannot read ELF no/such.elf"), io.getMessage());
    }

    @Test
    void anElfForTheOtherWidthIsRefusedByThePreset()
    {
        final IllegalArgumentException x = assertThrows(IllegalArgumentException.class,
            () -> PccFirmware.load(FirmwareDir.elf(ROCC, Target.RV32), Preset.DPA_BF3));
        assertTrue(x.getMessage().contains("is RV32 but preset dpa-bf3 runs rv64im_zbb_xccsfxp"), x.getMessage());
    }
}
