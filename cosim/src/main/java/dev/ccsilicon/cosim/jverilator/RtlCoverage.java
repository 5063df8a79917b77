package dev.ccsilicon.cosim.jverilator;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Verilator line and toggle coverage of the RTL (SPEC §12, specs/ecosystem-and-scale.md B.2). A process
 * whose environment has {@code CCSILICON_RTL_COVERAGE=FILE} builds every RTL with {@code --coverage}
 * (under its own cache key) and each RTL writes its points to FILE when it is closed; a regression job
 * sets it for its one RTL. The points name the build's copies of the sources, which {@link #relativise}
 * turns back into repository paths so the report annotates the real files.
 */
public final class RtlCoverage
{
    /** The environment variable that asks for coverage and names the file. */
    public static final String ENV = "CCSILICON_RTL_COVERAGE";

    // A build verilates copies under <cache entry>.tmp-*/src/<repository path>, and every source is under rtl/.
    private static final Pattern COPY = Pattern.compile("\u0001f\u0002[^\u0001]*/src/(rtl/[^\u0001]*)");

    private RtlCoverage()
    {
    }

    /** True when this process asked for coverage builds. */
    public static boolean requested()
    {
        final String file = System.getenv(ENV);
        return null != file && !file.isBlank();
    }

    /** The coverage.dat text with every source path made relative to the repository. */
    public static String relativise(final String dat)
    {
        final Matcher m = COPY.matcher(dat);
        return m.replaceAll(r -> Matcher.quoteReplacement("\u0001f\u0002" + r.group(1)));
    }

    /** The RTL points {@code file} holds (relativised), or "" when the RTL wrote none. */
    public static String read(final Path file) throws IOException
    {
        return Files.isRegularFile(file) ? relativise(Files.readString(file)) : "";
    }
}
