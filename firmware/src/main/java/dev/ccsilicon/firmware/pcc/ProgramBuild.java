package dev.ccsilicon.firmware.pcc;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How firmware programs are compiled (Debian clang + lld; docs/firmware.md "Building"), in one
 * place for the rebuild tool and the tests: flags per target, the source hash recorded in each
 * committed ELF's sidecar, and the clang invocation.
 *
 * <p>{@code java -cp firmware/target/classes dev.ccsilicon.firmware.pcc.ProgramBuild [FIRMWARE_DIR]}
 * rebuilds every committed ELF and its sidecar.
 */
public final class ProgramBuild
{
    /** A compilation target: the file suffix, clang's triple, -march and -mabi. */
    public enum Target
    {
        RV64("rv64", "riscv64-unknown-elf", "rv64im_zbb", "lp64"),
        RV32("rv32", "riscv32-unknown-elf", "rv32im", "ilp32");

        public final String suffix;
        public final String triple;
        public final String march;
        public final String mabi;

        Target(final String suffix, final String triple, final String march, final String mabi)
        {
            this.suffix = suffix;
            this.triple = triple;
            this.march = march;
            this.mabi = mabi;
        }
    }

    /** Files every program is built from besides its own source, relative to the firmware directory. */
    public static final List<String> COMMON = List.of("include/ccsilicon_pcc.h", "runtime/ccsilicon-fw.ld", "runtime/crt0.S",
        "runtime/runtime.c");

    private ProgramBuild()
    {
    }

    public static List<String> flags(final Target t)
    {
        final List<String> f = new ArrayList<>(List.of("--target=" + t.triple, "-march=" + t.march, "-mabi=" + t.mabi));
        if (t == Target.RV64)
        {
            f.add("-mcmodel=medany");
        }
        f.addAll(List.of("-O2", "-ffreestanding", "-nostdlib", "-fuse-ld=lld", "-Wall", "-Werror"));
        return f;
    }

    /** SHA-256 over the program source and the common files: each relative name, a NUL, its bytes. */
    public static String sourceHash(final Path firmwareDir, final String programSource)
    {
        try
        {
            final MessageDigest md = MessageDigest.getInstance("SHA-256");
            final List<String> files = new ArrayList<>(COMMON);
            files.add(programSource);
            for (final String rel : files)
            {
                md.update(rel.getBytes(StandardCharsets.UTF_8));
                md.update((byte) 0);
                md.update(Files.readAllBytes(firmwareDir.resolve(rel)));
            }
            return HexFormat.of().formatHex(md.digest());
        }
        catch (final IOException e)
        {
            throw new IllegalArgumentException("cannot hash firmware sources under " + firmwareDir + ": " + e.getMessage(), e);
        }
        catch (final NoSuchAlgorithmException e)
        {
            throw new IllegalStateException(e);
        }
    }

    /** clang's first version line, or empty when clang or ld.lld is not installed. */
    public static Optional<String> clangVersion()
    {
        try
        {
            final Process lld = new ProcessBuilder("ld.lld", "--version").redirectErrorStream(true).start();
            lld.getInputStream().readAllBytes();
            if (lld.waitFor() != 0)
            {
                return Optional.empty();
            }
            final Process p = new ProcessBuilder("clang", "--version").redirectErrorStream(true).start();
            final String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return p.waitFor() == 0 ? Optional.of(out.lines().findFirst().orElse("").strip()) : Optional.empty();
        }
        catch (final IOException e)
        {
            return Optional.empty();
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /**
     * Compiles {@code programSource} (relative to {@code firmwareDir}, or absolute) with the runtime
     * into {@code out}.
     *
     * @throws IllegalStateException with clang's output when the build fails.
     */
    public static void compile(final Path firmwareDir, final Path programSource, final Target t, final Path out)
    {
        final List<String> cmd = new ArrayList<>();
        cmd.add("clang");
        cmd.addAll(flags(t));
        cmd.add("-Wl,-T," + firmwareDir.resolve("runtime/ccsilicon-fw.ld"));
        cmd.add("-I" + firmwareDir.resolve("include"));
        cmd.add(firmwareDir.resolve("runtime/crt0.S").toString());
        cmd.add(firmwareDir.resolve("runtime/runtime.c").toString());
        cmd.add(firmwareDir.resolve(programSource).toString());
        cmd.add("-o");
        cmd.add(out.toString());
        try
        {
            final Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            final String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (p.waitFor() != 0)
            {
                throw new IllegalStateException("clang failed (" + String.join(" ", cmd) + "):\n" + log);
            }
        }
        catch (final IOException e)
        {
            throw new IllegalStateException("cannot run clang: " + e.getMessage(), e);
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while compiling " + programSource, e);
        }
    }

    /** The committed ELF of a source for a target: {@code dir/name.c} → {@code dir/name.rv64.elf}. */
    public static Path elfOf(final Path firmwareDir, final String programSource, final Target t)
    {
        final String base = programSource.substring(0, programSource.length() - 2);
        return firmwareDir.resolve(base + "." + t.suffix + ".elf");
    }

    public static Path sidecarOf(final Path elf)
    {
        return elf.resolveSibling(elf.getFileName() + ".json");
    }

    /** Builds the committed ELF and writes its sidecar (source hash, compiler, flags). */
    public static Path buildCommitted(final Path firmwareDir, final String programSource, final Target t)
    {
        final String compiler = clangVersion().orElseThrow(() -> new IllegalStateException(
            "clang and lld are needed to build firmware: apt-get install --no-install-recommends clang lld"));
        final Path elf = elfOf(firmwareDir, programSource, t);
        compile(firmwareDir, Path.of(programSource), t, elf);
        final String json = "{\n  \"source\": \"" + programSource + "\",\n  \"target\": \"" + t.march + "\",\n"
            + "  \"source_sha256\": \"" + sourceHash(firmwareDir, programSource) + "\",\n"
            + "  \"compiler\": \"" + compiler.replace("\"", "'") + "\",\n"
            + "  \"flags\": \"" + String.join(" ", flags(t)) + "\"\n}\n";
        try
        {
            Files.writeString(sidecarOf(elf), json);
        }
        catch (final IOException e)
        {
            throw new IllegalStateException("cannot write " + sidecarOf(elf) + ": " + e.getMessage(), e);
        }
        return elf;
    }

    /** A string field of a sidecar. */
    public static String sidecarField(final Path sidecar, final String field)
    {
        try
        {
            final Matcher m = Pattern.compile("\"" + Pattern.quote(field) + "\"\\s*:\\s*\"([^\"]*)\"").matcher(Files.readString(sidecar));
            if (!m.find())
            {
                throw new IllegalArgumentException(sidecar + ": no field '" + field + "'");
            }
            return m.group(1);
        }
        catch (final IOException e)
        {
            throw new IllegalArgumentException("cannot read " + sidecar + ": " + e.getMessage(), e);
        }
    }

    /** The programs whose ELFs are committed, relative to the firmware directory. */
    public static final List<String> PROGRAMS = List.of("programs/rocc_rp/rocc_rp.c", "programs/selftest/loop.c",
        "programs/selftest/div64.c", "programs/selftest/fib.c", "programs/selftest/fxp.c",
        "programs/dcqcn_rp/dcqcn_rp.c", "programs/rtt_aimd/rtt_aimd.c", "programs/swift/swift.c");

    public static void main(final String[] args)
    {
        final Path dir = Path.of(args.length > 0 ? args[0] : "firmware");
        for (final String p : PROGRAMS)
        {
            for (final Target t : Target.values())
            {
                System.out.println(buildCommitted(dir, p, t));
            }
        }
    }
}
