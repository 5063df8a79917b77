package dev.ccsilicon.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import dev.ccsilicon.cosim.lockstep.CoverageDat;
import dev.ccsilicon.farm.FlatJson;

/**
 * A regression's merged coverage (SPEC §12, specs/ecosystem-and-scale.md B.2): every job's
 * {@code coverage.dat} merged by {@code verilator_coverage -write} into {@code coverage.dat}, converted
 * to lcov ({@code coverage.info}) and rendered by {@code genhtml} into {@code coverage/index.html}; and
 * per block and variant the bins hit and the holes, {@code coverage.txt}.
 */
final class CoverageReport
{
    /** Hits per bin of one block's variant, in the order the bins are declared. */
    record Bins(String block, String variant, Map<String, Long> hits)
    {
        List<String> holes()
        {
            return hits.entrySet().stream().filter(e -> e.getValue() == 0).map(Map.Entry::getKey).toList();
        }
    }

    private final List<Bins> bins;
    private final boolean html;
    private final String note;

    private CoverageReport(final List<Bins> bins, final boolean html, final String note)
    {
        this.bins = bins;
        this.html = html;
        this.note = note;
    }

    List<Bins> bins()
    {
        return bins;
    }

    /** True when the HTML report was written. */
    boolean html()
    {
        return html;
    }

    /** Why there is no HTML, or null. */
    String note()
    {
        return note;
    }

    /**
     * Merges {@code dats} into {@code dir}; {@code root} is where the points' relative source paths
     * resolve (genhtml runs there).
     */
    static CoverageReport merge(final List<Path> dats, final Path dir, final Path root) throws IOException
    {
        final Path merged = dir.resolve("coverage.dat").toAbsolutePath();
        if (dats.isEmpty())
        {
            return new CoverageReport(List.of(), false, "no job wrote coverage");
        }
        final List<String> cmd = new ArrayList<>(List.of("verilator_coverage", "-write", merged.toString()));
        dats.forEach(d -> cmd.add(d.toAbsolutePath().toString()));
        run(cmd, root, "verilator_coverage -write");
        final Path info = dir.resolve("coverage.info").toAbsolutePath();
        run(List.of("verilator_coverage", "--write-info", info.toString(), merged.toString()), root, "verilator_coverage --write-info");
        final List<Bins> bins = functional(Files.readString(merged, StandardCharsets.UTF_8));
        FlatJson.writeAtomically(dir.resolve("coverage.txt"), text(bins));
        if (!onPath("genhtml"))
        {
            return new CoverageReport(bins, false, "genhtml not found (Debian package lcov): no HTML report, "
                + "coverage.info is there for any lcov viewer");
        }
        run(List.of("genhtml", "--quiet", "--output-directory", dir.resolve("coverage").toAbsolutePath().toString(),
            "--title", "ccsilicon regression", info.toString()), root, "genhtml");
        return new CoverageReport(bins, true, null);
    }

    /** The functional points of a merged coverage.dat, grouped by block and variant. */
    static List<Bins> functional(final String dat)
    {
        final Map<String, Bins> groups = new LinkedHashMap<>();
        for (final CoverageDat.Point p : CoverageDat.parse(dat))
        {
            if (!p.page().startsWith(CoverageDat.PAGE_PREFIX))
            {
                continue;
            }
            final String block = p.page().substring(CoverageDat.PAGE_PREFIX.length());
            final int dot = p.comment().indexOf('.');
            final String variant = p.comment().substring(0, dot);
            final String bin = p.comment().substring(dot + 1);
            groups.computeIfAbsent(block + "/" + variant, k -> new Bins(block, variant, new LinkedHashMap<>()))
                .hits().merge(bin, p.count(), Long::sum);
        }
        return List.copyOf(groups.values());
    }

    static String text(final List<Bins> bins)
    {
        final StringBuilder sb = new StringBuilder("# functional coverage merged over the regression's seeds: block variant hit/bins holes\n");
        for (final Bins b : bins)
        {
            final List<String> holes = b.holes();
            sb.append(b.block()).append(' ').append(b.variant()).append(' ').append(b.hits().size() - holes.size()).append('/')
                .append(b.hits().size()).append(holes.isEmpty() ? "" : " holes: " + String.join(", ", holes)).append('\n');
        }
        return sb.toString();
    }

    static boolean onPath(final String tool)
    {
        final String path = System.getenv("PATH");
        if (null == path)
        {
            return false;
        }
        for (final String dir : path.split(java.io.File.pathSeparator))
        {
            if (Files.isExecutable(Path.of(dir, tool)))
            {
                return true;
            }
        }
        return false;
    }

    private static void run(final List<String> cmd, final Path dir, final String what) throws IOException
    {
        final Path log = Files.createTempFile("ccsilicon-coverage", ".log");
        try
        {
            final Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
            if (!p.waitFor(10, TimeUnit.MINUTES))
            {
                p.destroyForcibly();
                throw new IOException(what + " did not finish in 10 minutes");
            }
            if (p.exitValue() != 0)
            {
                throw new IOException(what + " failed (exit " + p.exitValue() + "): "
                    + Files.readString(log, StandardCharsets.UTF_8).strip());
            }
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
            throw new IOException(what + " was interrupted", e);
        }
        finally
        {
            Files.deleteIfExists(log);
        }
    }
}
