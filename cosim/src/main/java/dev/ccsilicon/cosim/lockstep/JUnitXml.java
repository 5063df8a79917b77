package dev.ccsilicon.cosim.lockstep;


import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** One JUnit XML file per co-simulated block, {@code TEST-cosim.<block>.xml}, for CI dashboards. */
public final class JUnitXml
{
    private JUnitXml()
    {
    }

    public static Path write(final Path dir, final CosimResult r, final double seconds) throws IOException
    {
        Files.createDirectories(dir);
        final Path file = dir.resolve("TEST-cosim." + r.block() + ".xml");
        final StringBuilder sb = new StringBuilder();
        sb.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        sb.append(String.format(Locale.ROOT, "<testsuite name=\"cosim.%s\" tests=\"1\" failures=\"%d\" errors=\"0\" skipped=\"0\" time=\"%.3f\">\n",
            esc(r.block()), r.passed() ? 0 : 1, seconds));
        sb.append("  <properties>\n");
        prop(sb, "seed", String.valueOf(r.seed()));
        prop(sb, "transactions", String.valueOf(r.inputTransactions()));
        prop(sb, "mismatches", String.valueOf(r.mismatches()));
        prop(sb, "statusMismatch", r.statusMismatch() == null ? "none" : r.statusMismatch().describe());
        prop(sb, "timingErrorMin", String.valueOf(r.timingMin()));
        prop(sb, "timingErrorMax", String.valueOf(r.timingMax()));
        prop(sb, "timingErrorMean", String.format(Locale.ROOT, "%.4f", r.timingMean()));
        prop(sb, "rtlCyclesPerSecond", String.format(Locale.ROOT, "%.0f", r.rtlCyclesPerSecond()));
        prop(sb, "modelTransactionsPerSecond", String.format(Locale.ROOT, "%.0f", r.modelTransactionsPerSecond()));
        sb.append("  </properties>\n");
        sb.append(String.format(Locale.ROOT, "  <testcase classname=\"cosim\" name=\"%s\" time=\"%.3f\">\n", esc(r.block()), seconds));
        if (!r.passed())
        {
            final String summary = r.firstMismatch() != null ? r.firstMismatch().describe()
                : r.statusMismatch() != null ? r.statusMismatch().describe()
                : r.failure() != null ? r.failure() : "coverage holes: " + String.join(", ", r.unhitBins());
            sb.append("    <failure message=\"").append(esc(summary)).append("\">")
                .append(esc(String.join("\n", r.report()))).append("</failure>\n");
        }
        sb.append("    <system-out>").append(esc(String.join("\n", r.report()))).append("</system-out>\n");
        sb.append("  </testcase>\n</testsuite>\n");
        Files.writeString(file, sb);
        return file;
    }

    private static void prop(final StringBuilder sb, final String name, final String value)
    {
        sb.append("    <property name=\"").append(name).append("\" value=\"").append(esc(value)).append("\"/>\n");
    }

    private static String esc(final String s)
    {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
