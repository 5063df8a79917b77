package dev.ccsilicon.cosim.jverilator;

import dev.ccsilicon.cosim.CacheDirs;
import dev.ccsilicon.hdl.Direction;
import dev.ccsilicon.hdl.PortSpec;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Verilates a block and links it with its generated harness into a shared library, through an
 * on-disk cache.
 *
 * <p>Cache layout under {@link #cacheRoot()}: {@code <key>/libjv_<top>_<key12>.so} plus
 * {@code harness.cpp}, {@code build.log}, {@code descriptor} and the {@code COMPLETE} marker;
 * {@code runtime-<key>/} holds Verilator's own runtime objects, compiled once per toolchain and
 * flag set and shared by every block (they are the slow part of a cold build). An entry is built
 * in a {@code <key>.tmp-*} directory and published by one atomic rename, under an exclusive
 * {@code <key>.lock} file lock, so concurrent builders in one or several JVMs wait for each other
 * and readers never see a half-written entry.
 */
public final class RtlBuilder
{
    private static final AtomicInteger COMPILATIONS = new AtomicInteger();
    private static final Map<String, Object> IN_PROCESS_LOCKS = new ConcurrentHashMap<>();
    private static final Pattern PORT_DECL = Pattern.compile(
        "VL_(IN|OUT|INOUT)(8|16|64|W)?\\(&(\\w+),(\\d+),(\\d+)(?:,(\\d+))?\\);");
    private static final String COMPLETE = "COMPLETE";

    private RtlBuilder()
    {
    }

    /** Cache directory: {@code -Dccsilicon.cache}, {@code $CCSILICON_CACHE}, else {@code ~/.cache/ccsilicon/jverilator}. */
    public static Path cacheRoot()
    {
        return CacheDirs.configured().orElse(CacheDirs.userDefault().resolve("jverilator"));
    }

    /** How many libraries (or runtimes) this JVM has compiled: a cache hit leaves it unchanged. */
    public static int compilations()
    {
        return COMPILATIONS.get();
    }

    public static RtlLibrary build(final BlockSpec spec, final boolean trace)
    {
        return build(spec, trace ? WaveFormat.VCD : null, cacheRoot());
    }

    /** A library traced in {@code waves} (null: not traced). */
    public static RtlLibrary build(final BlockSpec spec, final WaveFormat waves)
    {
        return build(spec, waves, cacheRoot());
    }

    public static RtlLibrary build(final BlockSpec spec, final boolean trace, final Path cacheRoot)
    {
        return build(spec, trace ? WaveFormat.VCD : null, cacheRoot);
    }

    public static RtlLibrary build(final BlockSpec spec, final WaveFormat waves, final Path cacheRoot)
    {
        final boolean trace = null != waves;
        final Toolchain tc = Toolchain.get();
        final Path root = spec.sourceRoot() != null ? spec.sourceRoot() : RepoRoot.find();
        final Map<String, byte[]> sources = new LinkedHashMap<>();
        for (final String s : spec.sources())
        {
            final Path p = root.resolve(s);
            try
            {
                sources.put(s, Files.readAllBytes(p));
            }
            catch (final IOException e)
            {
                throw new RtlBuildException(spec.name() + ": cannot read RTL source " + p, e.toString());
            }
        }
        final String harness = HarnessGenerator.generate(spec);
        final boolean coverage = RtlCoverage.requested();
        final List<String> cxxFlags = cxxFlags(waves, coverage);
        final List<String> vFlags = verilatorFlags(spec, waves, coverage);
        final String runtimeKey = hash(List.of("runtime", String.valueOf(HarnessAbi.VERSION), tc.verilatorVersion(),
            tc.cxxVersion(), String.join(" ", cxxFlags)), Map.of());
        final List<String> keyParts = new ArrayList<>(List.of(
            "block", String.valueOf(HarnessAbi.VERSION), tc.verilatorVersion(), tc.cxxVersion(), spec.top(),
            String.join(" ", vFlags), String.join(" ", cxxFlags), String.join(" ", linkFlags()), harness, runtimeKey));
        final String key = hash(keyParts, sources);
        final Path dir = cacheRoot.resolve(key);
        final Path lib = dir.resolve("libjv_" + spec.top() + "_" + key.substring(0, 12) + ".so");
        if (Files.isRegularFile(dir.resolve(COMPLETE)))
        {
            return new RtlLibrary(spec, key, lib, trace, false);
        }
        final boolean compiled = publish(cacheRoot, key, tmp ->
        {
            final Path obj = tmp.resolve("obj");
            final Path srcDir = tmp.resolve("src");
            Files.createDirectories(srcDir);
            final List<String> cmd = new ArrayList<>();
            cmd.add(tc.verilator());
            cmd.addAll(vFlags);
            cmd.add("--Mdir");
            cmd.add(obj.toString());
            for (final Map.Entry<String, byte[]> e : sources.entrySet())
            {
                // Verilate copies, so a source edited mid-build cannot disagree with the key.
                final Path copy = srcDir.resolve(e.getKey());
                Files.createDirectories(copy.getParent());
                Files.write(copy, e.getValue());
                cmd.add(copy.toString());
            }
            final StringBuilder log = new StringBuilder();
            exec(cmd, tmp, log, spec.name() + ": Verilator failed");
            checkPorts(spec, obj.resolve("V" + spec.top() + ".h"));
            // Lock order is always block entry, then runtime entry: no deadlock between builders.
            final Path runtime = ensureRuntime(cacheRoot, runtimeKey, cxxFlags, waves, coverage);
            exec(List.of("make", "-s", "-C", obj.toString(), "-f", "V" + spec.top() + ".mk", "V" + spec.top() + "__ALL.a",
                "OPT_FAST=-O2", "OPT_SLOW=-O1", "OPT_GLOBAL=-O2", "VM_USER_CFLAGS=" + String.join(" ", cxxFlags)),
                tmp, log, spec.name() + ": compiling the Verilated model failed");
            Files.writeString(tmp.resolve("harness.cpp"), harness);
            final List<String> cc = new ArrayList<>();
            cc.add(tc.cxx());
            cc.addAll(cxxFlags);
            cc.addAll(List.of("-I" + obj, "-I" + tc.verilatorInclude(), "-I" + tc.verilatorInclude().resolve("vltstd"),
                "-c", tmp.resolve("harness.cpp").toString(), "-o", tmp.resolve("harness.o").toString()));
            exec(cc, tmp, log, spec.name() + ": compiling the harness failed");
            final List<String> link = new ArrayList<>();
            link.add(tc.cxx());
            link.add("-shared");
            link.add("-o");
            link.add(tmp.resolve(lib.getFileName().toString()).toString());
            link.add(tmp.resolve("harness.o").toString());
            link.add(obj.resolve("V" + spec.top() + "__ALL.a").toString());
            try (Stream<Path> objs = Files.list(runtime))
            {
                objs.filter(p -> p.toString().endsWith(".o")).sorted().forEach(p -> link.add(p.toString()));
            }
            link.addAll(linkFlags());
            if (WaveFormat.FST == waves)
            {
                link.add("-lz");
            }
            exec(link, tmp, log, spec.name() + ": linking the shared library failed");
            Files.writeString(tmp.resolve("build.log"), log);
            Files.writeString(tmp.resolve("descriptor"), spec.descriptor());
            deleteTree(obj);
        });
        return new RtlLibrary(spec, key, lib, trace, compiled);
    }

    /**
     * A small shared library of our own C++ against Verilator's runtime sources (the FST writer of the
     * model side, {@link FstApi}), built once per toolchain and source into the cache like a block.
     *
     * @param name   the library's base name ({@code lib<name>.so}).
     * @param source the C++ translation unit.
     * @param libs   extra link flags ({@code -lz}).
     */
    static Path helperLibrary(final String name, final String source, final List<String> libs)
    {
        final Toolchain tc = Toolchain.get();
        final Path cacheRoot = cacheRoot();
        final List<String> flags = List.of("-std=gnu++17", "-O2", "-fPIC", "-shared", "-w");
        final String key = hash(List.of("helper", name, tc.verilatorVersion(), tc.cxxVersion(), String.join(" ", flags),
            String.join(" ", libs), source), Map.of());
        final Path lib = cacheRoot.resolve(key).resolve("lib" + name + ".so");
        if (Files.isRegularFile(cacheRoot.resolve(key).resolve(COMPLETE)))
        {
            return lib;
        }
        publish(cacheRoot, key, tmp ->
        {
            final Path src = tmp.resolve(name + ".cpp");
            Files.writeString(src, source);
            final List<String> cc = new ArrayList<>();
            cc.add(tc.cxx());
            cc.addAll(flags);
            cc.addAll(List.of("-I" + tc.verilatorInclude(), "-I" + tc.verilatorInclude().resolve("gtkwave"),
                src.toString(), "-o", tmp.resolve(lib.getFileName().toString()).toString()));
            cc.addAll(libs);
            final StringBuilder log = new StringBuilder();
            exec(cc, tmp, log, "building lib" + name + ".so failed");
            Files.writeString(tmp.resolve("build.log"), log);
        });
        return lib;
    }

    private static List<String> verilatorFlags(final BlockSpec spec, final WaveFormat waves, final boolean coverage)
    {
        final List<String> f = new ArrayList<>(List.of(
            "--cc", "-O3", "--x-assign", "0", "--x-initial", "0", "-Wno-fatal", "--top-module", spec.top()));
        for (final Map.Entry<String, String> e : spec.parameters().entrySet())
        {
            f.add("-G" + e.getKey() + "=" + e.getValue());
        }
        if (null != waves)
        {
            f.add(WaveFormat.FST == waves ? "--trace-fst" : "--trace");
        }
        if (coverage)
        {
            f.add("--coverage");
        }
        return f;
    }

    private static List<String> cxxFlags(final WaveFormat waves, final boolean coverage)
    {
        final boolean trace = null != waves;
        final boolean fst = WaveFormat.FST == waves;
        return List.of("-std=gnu++17", "-O2", "-fPIC", "-faligned-new", "-fcf-protection=none",
            "-Wno-bool-operation", "-Wno-sign-compare", "-Wno-uninitialized", "-Wno-unused-but-set-variable",
            "-Wno-unused-parameter", "-Wno-unused-variable", "-Wno-shadow",
            "-DVM_COVERAGE=" + (coverage ? 1 : 0), "-DVM_SC=0", "-DVM_TRACE=" + (trace ? 1 : 0), "-DVM_TRACE_FST=" + (fst ? 1 : 0),
            "-DVM_TRACE_VCD=" + (trace && !fst ? 1 : 0), "-DVL_USER_FATAL", "-DVL_USER_STOP", "-DVL_USER_FINISH");
    }

    private static List<String> linkFlags()
    {
        // -Bsymbolic: each library binds to its own copy of Verilator's runtime, so several blocks can be
        // loaded in one JVM. -z defs: an unresolved symbol fails the build, not a later dlopen.
        return List.of("-Wl,-Bsymbolic", "-Wl,-z,defs", "-pthread", "-latomic");
    }

    private static Path ensureRuntime(final Path cacheRoot, final String runtimeKey, final List<String> cxxFlags, final WaveFormat waves,
        final boolean coverage)
    {
        final String name = "runtime-" + runtimeKey;
        final Path dir = cacheRoot.resolve(name);
        if (Files.isRegularFile(dir.resolve(COMPLETE)))
        {
            return dir;
        }
        final Toolchain tc = Toolchain.get();
        publish(cacheRoot, name, tmp ->
        {
            final StringBuilder log = new StringBuilder();
            final List<String> units = new ArrayList<>(List.of("verilated.cpp", "verilated_threads.cpp"));
            if (null != waves)
            {
                units.add(WaveFormat.FST == waves ? "verilated_fst_c.cpp" : "verilated_vcd_c.cpp");
            }
            if (coverage)
            {
                units.add("verilated_cov.cpp");
            }
            for (final String unit : units)
            {
                final List<String> cc = new ArrayList<>();
                cc.add(tc.cxx());
                cc.addAll(cxxFlags);
                cc.addAll(List.of("-I" + tc.verilatorInclude(), "-I" + tc.verilatorInclude().resolve("vltstd"), "-c",
                    tc.verilatorInclude().resolve(unit).toString(), "-o",
                    tmp.resolve(unit.replace(".cpp", ".o")).toString()));
                exec(cc, tmp, log, "compiling Verilator's runtime (" + unit + ") failed");
            }
            Files.writeString(tmp.resolve("build.log"), log);
        });
        return dir;
    }

    /** A step that fills a fresh temporary directory with a cache entry's content. */
    @FunctionalInterface
    private interface Producer
    {
        void produce(Path tmp) throws IOException;
    }

    /** Builds {@code name} unless another builder (thread or JVM) has; returns whether this call built it. */
    private static boolean publish(final Path cacheRoot, final String name, final Producer producer)
    {
        final Path dir = cacheRoot.resolve(name);
        try
        {
            Files.createDirectories(cacheRoot);
            // FileChannel locks are per JVM: threads of one JVM serialise on a monitor first.
            synchronized (IN_PROCESS_LOCKS.computeIfAbsent(cacheRoot.toAbsolutePath() + "/" + name, k -> new Object()))
            {
                try (FileChannel ch = FileChannel.open(cacheRoot.resolve(name + ".lock"),
                    StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                    FileLock ignored = ch.lock())
                {
                    if (Files.isRegularFile(dir.resolve(COMPLETE)))
                    {
                        return false;
                    }
                    if (Files.exists(dir))
                    {
                        // A crashed builder's leftovers (a published dir is always complete): rebuild.
                        deleteTree(dir);
                    }
                    final Path tmp = Files.createTempDirectory(cacheRoot, name + ".tmp-");
                    try
                    {
                        COMPILATIONS.incrementAndGet();
                        producer.produce(tmp);
                        Files.writeString(tmp.resolve(COMPLETE), "ok\n");
                        try
                        {
                            Files.move(tmp, dir, StandardCopyOption.ATOMIC_MOVE);
                        }
                        catch (final AtomicMoveNotSupportedException | FileAlreadyExistsException e)
                        {
                            throw new RtlBuildException("cannot publish cache entry " + dir + ": " + e, "");
                        }
                        return true;
                    }
                    finally
                    {
                        deleteTree(tmp);
                    }
                }
            }
        }
        catch (final IOException e)
        {
            throw new RtlBuildException("jverilator cache error under " + cacheRoot + ": " + e, "");
        }
    }

    /** Checks Verilator's generated header against the declaration; names the first offending port. */
    static void checkPorts(final BlockSpec spec, final Path header) throws IOException
    {
        final String h = Files.readString(header);
        final Map<String, int[]> found = new LinkedHashMap<>();
        final Matcher m = PORT_DECL.matcher(h);
        while (m.find())
        {
            final int dir = "IN".equals(m.group(1)) ? 0 : "OUT".equals(m.group(1)) ? 1 : 2;
            found.put(m.group(3), new int[] {dir, Integer.parseInt(m.group(4)) - Integer.parseInt(m.group(5)) + 1});
        }
        for (final PortSpec p : spec.ports())
        {
            final int[] f = found.get(p.name());
            if (f == null)
            {
                throw new RtlBuildException(spec.name() + ": port '" + p.name() + "' is declared in Java but missing from RTL module "
                    + spec.top() + " (RTL ports: " + String.join(", ", found.keySet()) + ")", "");
            }
            if (f[0] != (p.direction() == Direction.IN ? 0 : 1))
            {
                throw new RtlBuildException(spec.name() + ": port '" + p.name() + "' is " + p.direction()
                    + " in Java but " + (f[0] == 0 ? "an input" : f[0] == 1 ? "an output" : "inout") + " in the RTL", "");
            }
            if (f[1] != p.width())
            {
                throw new RtlBuildException(spec.name() + ": port '" + p.name() + "' is " + p.width()
                    + " bits wide in Java but " + f[1] + " bits in the RTL (parameters " + spec.parameters() + ")", "");
            }
        }
        for (final String rtlPort : found.keySet())
        {
            if (spec.ports().stream().noneMatch(p -> p.name().equals(rtlPort)))
            {
                throw new RtlBuildException(spec.name() + ": RTL port '" + rtlPort + "' of " + spec.top()
                    + " is not declared in Java", "");
            }
        }
    }

    private static void exec(final List<String> cmd, final Path dir, final StringBuilder log, final String failure)
        throws IOException
    {
        log.append("$ ").append(String.join(" ", cmd)).append('\n');
        final Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        final String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        log.append(out);
        try
        {
            if (!p.waitFor(30, TimeUnit.MINUTES))
            {
                p.destroyForcibly();
                throw new RtlBuildException(failure + ": timed out", log.toString());
            }
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
            throw new RtlBuildException(failure + ": interrupted", log.toString());
        }
        if (p.exitValue() != 0)
        {
            throw new RtlBuildException(failure + " (exit " + p.exitValue() + "):\n" + tail(out, 4000), log.toString());
        }
    }

    private static String tail(final String s, final int max)
    {
        return s.length() <= max ? s : "..." + s.substring(s.length() - max);
    }

    private static String hash(final List<String> parts, final Map<String, byte[]> files)
    {
        try
        {
            final MessageDigest md = MessageDigest.getInstance("SHA-256");
            for (final String p : parts)
            {
                final byte[] b = p.getBytes(StandardCharsets.UTF_8);
                md.update(longBytes(b.length));
                md.update(b);
            }
            for (final Map.Entry<String, byte[]> e : files.entrySet())
            {
                final byte[] n = e.getKey().getBytes(StandardCharsets.UTF_8);
                md.update(longBytes(n.length));
                md.update(n);
                md.update(longBytes(e.getValue().length));
                md.update(e.getValue());
            }
            return HexFormat.of().formatHex(md.digest());
        }
        catch (final NoSuchAlgorithmException e)
        {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] longBytes(final long v)
    {
        final byte[] b = new byte[8];
        for (int i = 0; i < 8; i++)
        {
            b[i] = (byte)(v >>> (8 * i));
        }
        return b;
    }

    static void deleteTree(final Path dir)
    {
        if (!Files.exists(dir))
        {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir))
        {
            walk.sorted(Comparator.reverseOrder()).forEach(p ->
            {
                try
                {
                    Files.deleteIfExists(p);
                }
                catch (final IOException e)
                {
                    throw new UncheckedIOException(e);
                }
            });
        }
        catch (final IOException | UncheckedIOException e)
        {
            // Best effort: leftovers under a tmp name are never read.
        }
    }
}
