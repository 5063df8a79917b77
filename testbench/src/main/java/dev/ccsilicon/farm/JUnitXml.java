package dev.ccsilicon.farm;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One JUnit XML for a whole plan (specs/ecosystem-and-scale.md B.3): one test case per job, named by
 * the job's unique name; a failed job is a {@code <failure>} (its check failed) or an {@code <error>}
 * (it crashed or timed out) whose message is the reason and whose body starts with the reproduce command.
 */
public final class JUnitXml
{
    private JUnitXml()
    {
    }

    public static String of(final String suite, final String classname, final List<JobResult> results)
    {
        return of(suite, job -> classname, results);
    }

    /** As {@link #of(String, String, List)} with a class name per job (a regression's {@code cosim.<block>}). */
    public static String of(final String suite, final java.util.function.Function<Job, String> classname,
        final List<JobResult> results)
    {
        long failures = results.stream().filter(r -> r.status() == JobResult.Status.FAIL).count();
        long errors = results.stream().filter(r -> r.status() == JobResult.Status.ERROR).count();
        double time = results.stream().mapToDouble(JobResult::seconds).sum();
        final StringBuilder sb = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        sb.append(String.format(Locale.ROOT, "<testsuite name=\"%s\" tests=\"%d\" failures=\"%d\" errors=\"%d\" skipped=\"0\" time=\"%.3f\">%n",
            esc(suite), results.size(), failures, errors, time));
        for (final JobResult r : results)
        {
            final Job job = r.job();
            sb.append(String.format(Locale.ROOT, "  <testcase classname=\"%s\" name=\"%s\" time=\"%.3f\">%n",
                esc(classname.apply(job)), esc(job.name()), r.seconds()));
            sb.append("    <properties>\n");
            sb.append("      <property name=\"seed\" value=\"").append(job.seed()).append("\"/>\n");
            for (final Map.Entry<String, String> e : job.params().entrySet())
            {
                sb.append("      <property name=\"").append(esc(e.getKey())).append("\" value=\"").append(esc(e.getValue()))
                    .append("\"/>\n");
            }
            sb.append("      <property name=\"reproduce\" value=\"").append(esc(job.reproduce())).append("\"/>\n");
            sb.append("    </properties>\n");
            if (!r.passed())
            {
                final String tag = r.status() == JobResult.Status.FAIL ? "failure" : "error";
                sb.append("    <").append(tag).append(" message=\"").append(esc(r.reason() + " (seed " + job.seed() + ")"))
                    .append("\" type=\"").append(r.status()).append("\">")
                    .append(esc("reproduce: " + job.reproduce() + "\n" + r.reason()))
                    .append("</").append(tag).append(">\n");
            }
            sb.append("  </testcase>\n");
        }
        return sb.append("</testsuite>\n").toString();
    }

    static String esc(final String s)
    {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;")
            .replace("\n", "&#10;");
    }
}
