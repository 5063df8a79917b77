package dev.ccsilicon.cosim.synth;

import dev.ccsilicon.cosim.CacheDirs;
import dev.ccsilicon.cosim.jverilator.RepoRoot;
import dev.ccsilicon.cosim.jverilator.RtlSources;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * {@link Synthesizer} on Yosys, ABC and OpenSTA (docs/synthesis.md, "Timing").
 *
 * <p>Cells, flip-flop bits and SRAM macros come from {@code rtl/synth_stats.sh} itself (one
 * methodology, one place); the same run writes the design mapped to the liberty's cells
 * ({@code --netlist/--liberty}), which OpenSTA times with one ideal clock, input and output delays
 * 0: the critical path is the period minus the worst setup slack. One FO4 of the liberty is
 * measured once, in OpenSTA, on a chain of INVX1 each driving four INVX1.
 *
 * <p>Results are cached under {@link #cacheRoot()} by a content key: the block's RTL sources
 * (found by hierarchy, {@link RtlSources#forTop}), the parameters, the script, the STA script,
 * the liberty's content and the Yosys and OpenSTA versions (probed once per JVM). A hit runs no tool.
 */
public final class YosysSynthesizer implements Synthesizer
{
    /** Where Debian's {@code qflow-tech-osu018} puts the liberty (also under a {@code dpkg -x} root). */
    public static final String LIBERTY_PATH = "usr/share/qflow/tech/osu018/osu018_stdcells.lib";
    /** The install command for the tools. */
    public static final String INSTALL_TOOLS = "sudo apt-get install -y yosys opensta";
    /** Bumped when the flow or the result format changes: part of every key. */
    private static final String FLOW_VERSION = "synth-3";
    private static final double PERIOD_NS = 10.0;
    /** Chain stages between the two FO4 taps. */
    private static final int FO4_TAP_FROM = 3;
    private static final int FO4_TAP_TO = 9;
    private static final int FO4_STAGES = 12;

    private static final Pattern CELLS = Pattern.compile("(?m)^cells: (\\d+) ");
    private static final Pattern FLOPS = Pattern.compile("(?m)^flip-flop bits: (\\d+)$");
    private static final Pattern SRAM =
        Pattern.compile("(?m)^SRAM macro (\\S+): (\\d+) x (\\d+) = \\d+ bits \\((\\d+)R(\\d+)W\\)$");
    private static final Pattern ARRIVAL = Pattern.compile("(?m)^\\s*([0-9.]+)\\s+data arrival time");
    private static final Pattern WORST = Pattern.compile("(?m)^WORST_SLACK (\\S+)$");
    private static final Pattern STARTPOINT = Pattern.compile("(?m)^Startpoint: (.*)$");
    private static final Pattern ENDPOINT = Pattern.compile("(?m)^Endpoint: (.*)$");
    private static final Pattern CLOCK_PORT = Pattern.compile("(?m)^\\s*input\\s+(clk[A-Za-z0-9_]*)\\s*;");
    private static final Pattern PARAM_NAME = Pattern.compile("[A-Z][A-Za-z0-9_]*");

    private static final java.util.concurrent.ConcurrentHashMap<String, String> VERSIONS =
        new java.util.concurrent.ConcurrentHashMap<>();

    private final Path root;
    private final Path cacheDir;
    private final String path;
    private final Path explicitLiberty;
    private final AtomicInteger toolRuns = new AtomicInteger();
    private volatile Path lastEntry;

    /** The repository found by {@link RepoRoot}, the default cache, tools on PATH, the liberty where Debian or the launcher put it. */
    public YosysSynthesizer()
    {
        this(RepoRoot.find(), cacheRoot(), System.getenv().getOrDefault("PATH", ""), null);
    }

    /**
     * @param root     the repository root (holds rtl/).
     * @param cacheDir the cache directory of synthesis results.
     * @param path     the search path for {@code yosys} and {@code sta} (PATH syntax).
     * @param liberty  the liberty, or null to look in the usual places ({@link #libertyCandidates}).
     */
    public YosysSynthesizer(final Path root, final Path cacheDir, final String path, final Path liberty)
    {
        this.root = root;
        this.cacheDir = cacheDir;
        this.path = path;
        this.explicitLiberty = liberty;
    }

    /**
     * The synthesis cache: {@code <-Dccsilicon.cache or $CCSILICON_CACHE>/synth}, else
     * {@code ~/.cache/ccsilicon/synth}.
     */
    public static Path cacheRoot()
    {
        return cacheBase().resolve("synth");
    }

    /** {@code -Dccsilicon.cache}, {@code $CCSILICON_CACHE}, else {@code ~/.cache/ccsilicon}. */
    static Path cacheBase()
    {
        return CacheDirs.configured().orElse(CacheDirs.userDefault());
    }

    /**
     * Where the liberty is looked for: {@code $CCSILICON_LIBERTY}, the installed package, and the
     * launcher's {@code dpkg -x} of it under {@code <cache base>/osu018}.
     */
    public static List<Path> libertyCandidates()
    {
        final List<Path> c = new ArrayList<>();
        final String env = System.getenv("CCSILICON_LIBERTY");
        if (env != null && !env.isBlank())
        {
            c.add(Path.of(env));
        }
        c.add(Path.of("/").resolve(LIBERTY_PATH));
        c.add(cacheBase().resolve("osu018").resolve(LIBERTY_PATH));
        return c;
    }

    /** The commands that install the liberty without its qflow/tcsh dependencies (into the cache). */
    public static String libertyInstallCommand()
    {
        final Path dir = cacheBase().resolve("osu018");
        return "cd \"$(mktemp -d)\" && apt-get download qflow-tech-osu018 && mkdir -p " + dir
            + " && dpkg -x qflow-tech-osu018_*.deb " + dir;
    }

    /**
     * Prints the figures of one block: {@code YosysSynthesizer BLOCK [Param=value ...]} (repository
     * from {@code -Dccsilicon.root} or the working directory).
     */
    public static void main(final String[] args)
    {
        if (args.length < 1)
        {
            System.err.println("usage: YosysSynthesizer BLOCK [Param=value ...]");
            System.exit(2);
        }
        final Map<String, Long> params = new TreeMap<>();
        for (int i = 1; i < args.length; i++)
        {
            final int eq = args[i].indexOf('=');
            if (eq <= 0)
            {
                System.err.println("bad argument '" + args[i] + "' (expected Param=value)");
                System.exit(2);
            }
            params.put(args[i].substring(0, eq), Long.parseLong(args[i].substring(eq + 1)));
        }
        try
        {
            final YosysSynthesizer s = new YosysSynthesizer();
            final SynthResult r = s.synthesize(args[0], params);
            System.out.printf(Locale.ROOT, "%s %s: cells %d, flip-flop bits %d, SRAM %d bits in %d macros, "
                    + "critical path %.3f ns = %.1f FO4 (FO4 %.4f ns, OSU 0.18 um typical)%n  path: %s%n",
                r.top(), params, r.cells(), r.flopBits(), r.sramBits(), r.srams().size(), r.criticalPathNs(),
                r.fo4Depth(), r.fo4Ns(), s.lastCriticalPathEnds());
        }
        catch (final ToolMissingException e)
        {
            System.err.println(e.getMessage());
            System.exit(2);
        }
    }

    /** How many times this instance has run Yosys or OpenSTA: a cache hit leaves it unchanged. */
    public int toolRuns()
    {
        return toolRuns.get();
    }

    @Override
    public SynthResult synthesize(final String top, final Map<String, Long> parameters)
    {
        final Path yosys = tool("yosys");
        final Path sta = tool("sta");
        final Path liberty = liberty();
        final Map<String, Long> params = new TreeMap<>(parameters);
        for (final String name : params.keySet())
        {
            if (!PARAM_NAME.matcher(name).matches())
            {
                throw new IllegalArgumentException("bad parameter name '" + name + "'");
            }
        }
        final double fo4 = fo4(sta, liberty);
        final Path script = root.resolve("rtl/synth_stats.sh");
        final List<String> keyParts = new ArrayList<>(List.of(FLOW_VERSION, version(yosys, "-V"),
            version(sta, "-version"), read(script), staScript("NETLIST", "TOP", "CLOCK"), digest(liberty), top,
            params.toString()));
        for (final String src : RtlSources.forTop(root, top))
        {
            keyParts.add(src);
            keyParts.add(read(root.resolve(src)));
        }
        final String key = hash(keyParts);
        final Path entry = cacheDir.resolve(top + "-" + key.substring(0, 32) + ".properties");
        if (!Files.isRegularFile(entry))
        {
            storeProps(entry, run(top, params, script, yosys, sta, liberty));
        }
        lastEntry = entry;
        return load(entry, fo4);
    }

    /**
     * The critical path's start and end points as OpenSTA names them (a flop instance, a port, or
     * a cut SRAM macro's read data {@code u_x.mem_q...} / inputs), of the last
     * {@link #synthesize} call of this instance.
     */
    public String lastCriticalPathEnds()
    {
        if (lastEntry == null)
        {
            throw new IllegalStateException("no synthesis yet");
        }
        final Properties p = loadProps(lastEntry);
        return p.getProperty("startpoint", "?") + " -> " + p.getProperty("endpoint", "?");
    }

    /** Runs the script and OpenSTA; the result as cache properties. */
    private Properties run(
        final String top, final Map<String, Long> params, final Path script, final Path yosys, final Path sta,
        final Path liberty)
    {
        final Path work = tempDir();
        try
        {
            final Path netlist = work.resolve(top + ".v");
            final List<String> cmd = new ArrayList<>(List.of("bash", script.toString(), top, "--netlist",
                netlist.toString(), "--liberty", liberty.toString()));
            params.forEach((k, v) -> cmd.add(k + "=" + v));
            final String out = exec(cmd, root, top + ": rtl/synth_stats.sh failed");
            final long cells = Long.parseLong(find(CELLS, out, "cells"));
            final long flops = Long.parseLong(find(FLOPS, out, "flip-flop bits"));
            final List<SynthResult.SramMacro> srams = new ArrayList<>();
            final Matcher m = SRAM.matcher(out);
            while (m.find())
            {
                srams.add(new SynthResult.SramMacro(m.group(1), Long.parseLong(m.group(2)),
                    Long.parseLong(m.group(3)), Integer.parseInt(m.group(4)), Integer.parseInt(m.group(5))));
            }
            final String netlistText = read(netlist);
            final Matcher clk = CLOCK_PORT.matcher(netlistText);
            final String clock = clk.find() ? clk.group(1) : null;
            final Path tcl = work.resolve("sta.tcl");
            Files.writeString(tcl, "read_liberty " + liberty + "\n" + staScript(netlist.toString(), top, clock));
            final String report = exec(List.of(sta.toString(), "-no_init", "-exit", tcl.toString()), work,
                top + ": OpenSTA failed");
            final double slack = Double.parseDouble(find(WORST, report, "worst slack"));
            // No constrained path (a purely combinational block with no ports): depth 0.
            final double critical = Math.abs(slack) > 1e20 ? 0.0 : PERIOD_NS - slack;
            final Properties p = toProps(new SynthResult(top, cells, flops, srams, critical, 1.0));
            final Matcher start = STARTPOINT.matcher(report);
            final Matcher end = ENDPOINT.matcher(report);
            if (start.find() && end.find())
            {
                p.setProperty("startpoint", register(netlistText, start.group(1).trim()));
                p.setProperty("endpoint", register(netlistText, end.group(1).trim()));
            }
            return p;
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(e);
        }
        finally
        {
            deleteTree(work);
        }
    }

    /**
     * A path end as OpenSTA names it, with a flip-flop instance ({@code _09417_ (rising edge...)})
     * replaced by the register it holds (its Q net: {@code u_core.st_qp_q[1][3] (flop)}).
     */
    static String register(final String netlist, final String point)
    {
        final int paren = point.indexOf(" (");
        final String name = paren < 0 ? point : point.substring(0, paren);
        final String kind = paren < 0 ? "" : point.substring(paren + 2, point.length() - (point.endsWith(")") ? 1 : 0));
        if (!kind.contains("flip-flop"))
        {
            return name + (kind.isEmpty() ? "" : " (" + kind.replace(" clocked by clk", "") + ")");
        }
        final Matcher m = Pattern.compile("(?s)\\b\\w+\\s+" + Pattern.quote(name) + "\\s*\\((.*?)\\);").matcher(netlist);
        if (m.find())
        {
            final Matcher q = Pattern.compile("\\.Q\\(\\s*\\\\?([^)]*?)\\s*\\)").matcher(m.group(1));
            if (q.find())
            {
                return q.group(1) + " (flop)";
            }
        }
        return name + " (flop)";
    }

    /**
     * The OpenSTA script (after read_liberty): one ideal clock on the clock port (a virtual clock
     * without one), every other input and every output at delay 0 against it.
     */
    static String staScript(final String netlist, final String top, final String clock)
    {
        final String clk = clock == null
            ? "create_clock -name clk -period " + PERIOD_NS + "\nset ins [all_inputs]\n"
            : "create_clock -name clk -period " + PERIOD_NS + " [get_ports " + clock + "]\n"
                + "set ins [delete_from_list [all_inputs] [get_ports " + clock + "]]\n";
        return "read_verilog " + netlist + "\nlink_design " + top + "\n" + clk
            + "set_input_delay 0 -clock clk $ins\nset_output_delay 0 -clock clk [all_outputs]\n"
            + "report_checks -path_delay max -digits 4\n"
            + "puts \"WORST_SLACK [format %.6f [worst_slack -max]]\"\n";
    }

    /** One FO4 of the liberty (ns), measured once per liberty and OpenSTA version and cached. */
    private double fo4(final Path sta, final Path liberty)
    {
        final String key = hash(List.of(FLOW_VERSION, "fo4", version(sta, "-version"), digest(liberty), fo4Netlist()));
        final Path entry = cacheDir.resolve("fo4-" + key.substring(0, 32) + ".properties");
        if (Files.isRegularFile(entry))
        {
            return Double.parseDouble(loadProps(entry).getProperty("fo4Ns"));
        }
        final Path work = tempDir();
        try
        {
            Files.writeString(work.resolve("fo4.v"), fo4Netlist());
            final StringBuilder tcl = new StringBuilder("read_liberty " + liberty + "\nread_verilog fo4.v\n"
                + "link_design fo4_chain\ncreate_clock -name clk -period " + PERIOD_NS + "\n"
                + "set_input_delay 0 -clock clk [get_ports a]\nset_output_delay 0 -clock clk [all_outputs]\n");
            tcl.append("report_checks -path_delay max -digits 6 -to [get_ports t").append(FO4_TAP_FROM).append("]\n");
            tcl.append("report_checks -path_delay max -digits 6 -to [get_ports t").append(FO4_TAP_TO).append("]\n");
            Files.writeString(work.resolve("fo4.tcl"), tcl.toString());
            final String out = exec(List.of(sta.toString(), "-no_init", "-exit", "fo4.tcl"), work, "OpenSTA FO4 chain failed");
            final Matcher m = ARRIVAL.matcher(out);
            final List<Double> arrivals = new ArrayList<>();
            while (m.find())
            {
                arrivals.add(Double.parseDouble(m.group(1)));
            }
            if (arrivals.size() != 2)
            {
                throw new IllegalStateException("OpenSTA FO4 chain: expected two arrival times:\n" + out);
            }
            final double fo4 = (arrivals.get(1) - arrivals.get(0)) / (FO4_TAP_TO - FO4_TAP_FROM);
            final Properties p = new Properties();
            p.setProperty("fo4Ns", Double.toString(fo4));
            storeProps(entry, p);
            return fo4;
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(e);
        }
        finally
        {
            deleteTree(work);
        }
    }

    /**
     * {@value #FO4_STAGES} INVX1 in a chain, each driving the next and three more INVX1 (fanout 4);
     * taps on stage outputs {@value #FO4_TAP_FROM} and {@value #FO4_TAP_TO}, away from the
     * ideal input edge and the unloaded end.
     */
    static String fo4Netlist()
    {
        final StringBuilder v = new StringBuilder("module fo4_chain (a, t" + FO4_TAP_FROM + ", t" + FO4_TAP_TO + ");\n");
        v.append("  input a;\n  output t").append(FO4_TAP_FROM).append(";\n  output t").append(FO4_TAP_TO).append(";\n");
        for (int i = 1; i <= FO4_STAGES; i++)
        {
            if (i != FO4_TAP_FROM && i != FO4_TAP_TO)
            {
                v.append("  wire n").append(i).append(";\n");
            }
        }
        for (int i = 1; i <= FO4_STAGES; i++)
        {
            final String in = i == 1 ? "a" : net(i - 1);
            v.append("  INVX1 s").append(i).append(" (.A(").append(in).append("), .Y(").append(net(i)).append("));\n");
            for (int j = 0; j < 3; j++)
            {
                v.append("  INVX1 l").append(i).append('_').append(j).append(" (.A(").append(net(i)).append("), .Y());\n");
            }
        }
        return v.append("endmodule\n").toString();
    }

    private static String net(final int i)
    {
        return i == FO4_TAP_FROM || i == FO4_TAP_TO ? "t" + i : "n" + i;
    }

    private Path tool(final String name)
    {
        for (final String dir : path.split(File.pathSeparator))
        {
            if (dir.isEmpty())
            {
                continue;
            }
            final Path p = Path.of(dir, name);
            if (Files.isRegularFile(p) && Files.isExecutable(p))
            {
                return p;
            }
        }
        throw new ToolMissingException("synthesis needs " + ("sta".equals(name) ? "OpenSTA (sta)" : name)
            + ", not found on PATH; run: " + INSTALL_TOOLS + " (or ./ccsilicon test as root)");
    }

    private Path liberty()
    {
        final List<Path> candidates = explicitLiberty != null ? List.of(explicitLiberty) : libertyCandidates();
        for (final Path p : candidates)
        {
            if (Files.isRegularFile(p))
            {
                return p.toAbsolutePath();
            }
        }
        throw new ToolMissingException("synthesis needs the OSU 0.18 um liberty (Debian qflow-tech-osu018), not found at "
            + candidates + "; run: " + libertyInstallCommand() + " (or ./ccsilicon test as root)");
    }

    /** A tool's version string, probed once per JVM per executable (path, size, mtime). */
    private String version(final Path tool, final String flag)
    {
        String id;
        try
        {
            id = tool.toRealPath() + "|" + Files.size(tool) + "|" + Files.getLastModifiedTime(tool).toMillis() + "|" + flag;
        }
        catch (final IOException e)
        {
            id = tool + "|" + flag;
        }
        return VERSIONS.computeIfAbsent(id, k -> exec(List.of(tool.toString(), flag), root, tool + " " + flag + " failed").trim());
    }

    private String exec(final List<String> cmd, final Path dir, final String what)
    {
        toolRuns.incrementAndGet();
        try
        {
            final ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true);
            // The tools found on this synthesizer's path first, then the inherited PATH (bash, awk, ...).
            pb.environment().put("PATH", path + File.pathSeparator + System.getenv().getOrDefault("PATH", ""));
            final Process p = pb.start();
            final byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(1, TimeUnit.HOURS))
            {
                p.destroyForcibly();
                throw new IllegalStateException(what + ": timed out");
            }
            final String text = new String(out, StandardCharsets.UTF_8);
            if (p.exitValue() != 0)
            {
                throw new IllegalStateException(what + " (exit " + p.exitValue() + "): " + String.join(" ", cmd) + "\n" + text);
            }
            return text;
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(what + ": " + String.join(" ", cmd), e);
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(what + ": interrupted", e);
        }
    }

    private static String find(final Pattern p, final String text, final String what)
    {
        final Matcher m = p.matcher(text);
        if (!m.find())
        {
            throw new IllegalStateException("no " + what + " in:\n" + text);
        }
        return m.group(1);
    }

    private static SynthResult load(final Path entry, final double fo4)
    {
        final Properties p = loadProps(entry);
        final List<SynthResult.SramMacro> srams = new ArrayList<>();
        final int n = Integer.parseInt(p.getProperty("srams"));
        for (int i = 0; i < n; i++)
        {
            final String s = "sram." + i + ".";
            srams.add(new SynthResult.SramMacro(p.getProperty(s + "name"), Long.parseLong(p.getProperty(s + "depth")),
                Long.parseLong(p.getProperty(s + "width")), Integer.parseInt(p.getProperty(s + "readPorts")),
                Integer.parseInt(p.getProperty(s + "writePorts"))));
        }
        return new SynthResult(p.getProperty("top"), Long.parseLong(p.getProperty("cells")),
            Long.parseLong(p.getProperty("flopBits")), srams, Double.parseDouble(p.getProperty("criticalPathNs")), fo4);
    }

    private static Properties toProps(final SynthResult r)
    {
        final Properties p = new Properties();
        p.setProperty("top", r.top());
        p.setProperty("cells", Long.toString(r.cells()));
        p.setProperty("flopBits", Long.toString(r.flopBits()));
        p.setProperty("criticalPathNs", Double.toString(r.criticalPathNs()));
        p.setProperty("srams", Integer.toString(r.srams().size()));
        for (int i = 0; i < r.srams().size(); i++)
        {
            final SynthResult.SramMacro m = r.srams().get(i);
            final String s = "sram." + i + ".";
            p.setProperty(s + "name", m.name());
            p.setProperty(s + "depth", Long.toString(m.depth()));
            p.setProperty(s + "width", Long.toString(m.width()));
            p.setProperty(s + "readPorts", Integer.toString(m.readPorts()));
            p.setProperty(s + "writePorts", Integer.toString(m.writePorts()));
        }
        return p;
    }

    private static Properties loadProps(final Path entry)
    {
        final Properties p = new Properties();
        try (var in = Files.newBufferedReader(entry))
        {
            p.load(in);
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(e);
        }
        return p;
    }

    /** Writes a temporary file and renames it: a reader sees a whole entry or none. */
    private static void storeProps(final Path entry, final Properties p)
    {
        try
        {
            Files.createDirectories(entry.getParent());
            final Path tmp = Files.createTempFile(entry.getParent(), entry.getFileName().toString(), ".tmp");
            try (var out = Files.newBufferedWriter(tmp))
            {
                p.store(out, null);
            }
            try
            {
                Files.move(tmp, entry, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            }
            catch (final AtomicMoveNotSupportedException e)
            {
                Files.move(tmp, entry, StandardCopyOption.REPLACE_EXISTING);
            }
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("cannot write synthesis cache entry " + entry, e);
        }
    }

    private Path tempDir()
    {
        try
        {
            Files.createDirectories(cacheDir);
            return Files.createTempDirectory(cacheDir, "work-");
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(final Path p)
    {
        try
        {
            return Files.readString(p);
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("cannot read " + p, e);
        }
    }

    private static String digest(final Path p)
    {
        try
        {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p)));
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("cannot read " + p, e);
        }
        catch (final NoSuchAlgorithmException e)
        {
            throw new IllegalStateException(e);
        }
    }

    private static String hash(final List<String> parts)
    {
        try
        {
            final MessageDigest md = MessageDigest.getInstance("SHA-256");
            for (final String s : parts)
            {
                final byte[] b = s.getBytes(StandardCharsets.UTF_8);
                md.update(Long.toString(b.length).getBytes(StandardCharsets.US_ASCII));
                md.update((byte) ':');
                md.update(b);
            }
            return HexFormat.of().formatHex(md.digest()).toLowerCase(Locale.ROOT);
        }
        catch (final NoSuchAlgorithmException e)
        {
            throw new IllegalStateException(e);
        }
    }

    private static void deleteTree(final Path dir)
    {
        if (!Files.exists(dir))
        {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir))
        {
            for (final Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList())
            {
                Files.deleteIfExists(p);
            }
        }
        catch (final IOException e)
        {
            // best effort: a leftover work directory holds no result
        }
    }
}
