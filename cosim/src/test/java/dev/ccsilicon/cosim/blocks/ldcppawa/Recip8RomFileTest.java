package dev.ccsilicon.cosim.blocks.ldcppawa;

import dev.ccsilicon.blocks.recip8.Recip8;
import dev.ccsilicon.cosim.jverilator.RepoRoot;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@code rtl/common/recip8_rom.sv} is exactly {@link Recip8#svFile()}: the RTL reads the table the
 * Java model computes, bit for bit. After a change to the table, regenerate the file with
 * {@code -Dccsilicon.docs.write=true}.
 */
class Recip8RomFileTest
{
    @Test
    void romFileIsTheGeneratedTable() throws IOException
    {
        final Path file = RepoRoot.find().resolve("rtl/common/recip8_rom.sv");
        if (Boolean.getBoolean("ccsilicon.docs.write"))
        {
            Files.writeString(file, Recip8.svFile());
        }
        assertEquals(Recip8.svFile(), Files.readString(file));
    }
}
