package dev.ccsilicon.firmware.pcc;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;

import dev.ccsilicon.firmware.core.Preset;

/**
 * The programs the project ships (firmware/programs/&lt;name&gt;/&lt;name&gt;.c with committed ELFs and a
 * Java twin), and how a user's PROGRAM argument resolves: a shipped name, or a path to an ELF.
 * One place, so {@code firmware run}, {@code firmware check} and {@code nic.cc: firmware} agree.
 */
public final class FirmwarePrograms
{
    /** A shipped program: its name, its source relative to the firmware directory, and its twin. */
    public record Shipped(String name, String source, Supplier<PccProgram> twin)
    {
        public Path elf(final Path firmwareDir, final ProgramBuild.Target target)
        {
            return ProgramBuild.elfOf(firmwareDir, source, target);
        }
    }

    /** Shipped programs in the order the docs list them; one line per program. */
    public static final List<Shipped> SHIPPED = List.of(
        new Shipped("rocc_rp", "programs/rocc_rp/rocc_rp.c", RoccRpProgram::new),
        new Shipped("dcqcn_rp", "programs/dcqcn_rp/dcqcn_rp.c", DcqcnRpProgram::new),
        new Shipped("rtt_aimd", "programs/rtt_aimd/rtt_aimd.c", RttAimdProgram::new),
        new Shipped("swift", "programs/swift/swift.c", SwiftProgram::new));

    private FirmwarePrograms()
    {
    }

    public static List<String> names()
    {
        return SHIPPED.stream().map(Shipped::name).toList();
    }

    /** The shipped program called {@code name}, or null. */
    public static Shipped shipped(final String name)
    {
        for (final Shipped s : SHIPPED)
        {
            if (s.name.equals(name))
            {
                return s;
            }
        }
        return null;
    }

    /** The compilation target whose ISA a preset runs. */
    public static ProgramBuild.Target targetOf(final Preset preset)
    {
        return preset.isa().xlen() == 64 ? ProgramBuild.Target.RV64 : ProgramBuild.Target.RV32;
    }

    /**
     * The ELF for a PROGRAM argument on {@code preset}: a shipped name gives its committed ELF for the
     * preset's ISA; anything else is taken as a path to an ELF file.
     *
     * @throws IllegalArgumentException naming the argument and what is allowed, when neither resolves.
     */
    public static Path resolveElf(final String program, final Preset preset)
    {
        final Shipped s = shipped(program);
        if (s != null)
        {
            final Path elf = s.elf(directory(), targetOf(preset));
            if (!Files.isRegularFile(elf))
            {
                throw new IllegalArgumentException("program '" + program + "': its committed ELF " + elf + " is missing");
            }
            return elf;
        }
        final Path p = Path.of(program);
        if (!Files.isRegularFile(p))
        {
            throw new IllegalArgumentException("program '" + program + "': not a shipped program (" + String.join(", ", names())
                + ") and no such ELF file");
        }
        return p;
    }

    /**
     * The firmware directory (with include/ccsilicon_pcc.h): from {@code -Dccsilicon.root} (set by the
     * launcher), else the working directory, its {@code firmware/} child or an ancestor's.
     */
    public static Path directory()
    {
        final String root = System.getProperty("ccsilicon.root");
        if (root != null && !root.isBlank() && isFirmwareDir(Path.of(root, "firmware")))
        {
            return Path.of(root, "firmware").toAbsolutePath().normalize();
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent())
        {
            if (isFirmwareDir(dir))
            {
                return dir;
            }
            if (isFirmwareDir(dir.resolve("firmware")))
            {
                return dir.resolve("firmware");
            }
        }
        throw new IllegalStateException("firmware/include/ccsilicon_pcc.h not found from " + Path.of("").toAbsolutePath()
            + "; run from the ccsilicon repository or set -Dccsilicon.root=DIR");
    }

    private static boolean isFirmwareDir(final Path p)
    {
        return Files.isRegularFile(p.resolve("include/ccsilicon_pcc.h"));
    }
}
