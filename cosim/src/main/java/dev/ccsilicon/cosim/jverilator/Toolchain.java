package dev.ccsilicon.cosim.jverilator;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The native tools a build needs, found once per JVM: Verilator (property {@code ccsilicon.verilator},
 * default {@code verilator} on PATH) and a C++ compiler ({@code ccsilicon.cxx} or {@code $CXX},
 * default {@code g++}). Their version strings are part of every cache key.
 */
public final class Toolchain
{
    private static volatile Toolchain instance;

    private final String verilator;
    private final String cxx;
    private final String verilatorVersion;
    private final String cxxVersion;
    private final Path verilatorInclude;

    private Toolchain(final String verilator, final String cxx)
    {
        this.verilator = verilator;
        this.cxx = cxx;
        this.verilatorVersion = firstLine(run(List.of(verilator, "--version"), "Verilator"));
        this.cxxVersion = firstLine(run(List.of(cxx, "--version"), "a C++ compiler"));
        final String root = run(List.of(verilator, "--getenv", "VERILATOR_ROOT"), "Verilator").trim();
        this.verilatorInclude = Path.of(root, "include");
    }

    public static Toolchain get()
    {
        Toolchain t = instance;
        if (t == null)
        {
            synchronized (Toolchain.class)
            {
                t = instance;
                if (t == null)
                {
                    final String env = System.getenv("CXX");
                    t = new Toolchain(
                        System.getProperty("ccsilicon.verilator", "verilator"),
                        System.getProperty("ccsilicon.cxx", env == null || env.isBlank() ? "g++" : env));
                    instance = t;
                }
            }
        }
        return t;
    }

    public String verilator()
    {
        return verilator;
    }

    public String cxx()
    {
        return cxx;
    }

    public String verilatorVersion()
    {
        return verilatorVersion;
    }

    public String cxxVersion()
    {
        return cxxVersion;
    }

    public Path verilatorInclude()
    {
        return verilatorInclude;
    }

    private static String firstLine(final String s)
    {
        final int nl = s.indexOf('\n');
        return (nl < 0 ? s : s.substring(0, nl)).trim();
    }

    private static String run(final List<String> cmd, final String what)
    {
        try
        {
            final Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            final String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0)
            {
                throw new RtlBuildException("'" + String.join(" ", cmd) + "' failed", out);
            }
            return out;
        }
        catch (final IOException e)
        {
            throw new RtlBuildException(
                what + " not found ('" + cmd.get(0) + "'): install it (Debian/Ubuntu: apt-get install verilator g++)"
                    + " or point -Dccsilicon.verilator / -Dccsilicon.cxx at it", e.getMessage());
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
            throw new RtlBuildException("interrupted while running " + cmd.get(0), "");
        }
    }
}
