package dev.ccsilicon.farm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The engine with shell workers: each job's argument is a shell script that gets the result file as $1. */
class LocalPoolTest
{
    private static Job job(final int i, final String script)
    {
        return new Job(String.format("%04d", i), "job" + i, i, List.of(script), "", Map.of("i", Integer.toString(i)),
            "./reproduce " + i);
    }

    private static LocalPool pool(final int jobs, final Duration timeout)
    {
        return new LocalPool((job, result) -> List.of("bash", "-c", job.args().getFirst(), "worker", result.toString()),
            jobs, timeout);
    }

    private static String writes(final double v)
    {
        return "echo '{\"v\": " + v + "}' > \"$1\"";
    }

    @Test
    void aCrashingJobFailsOnlyItselfWithItsReasonAndCollectKeepsPlanOrder(@TempDir final Path out) throws Exception
    {
        final List<Job> plan = List.of(
            job(0, "sleep 0.3; " + writes(0)),
            job(1, "echo 'first line' >&2; echo 'Segmentation fault: boom' >&2; kill -SEGV $$"),
            job(2, writes(2)),
            job(3, "echo 'no result' >&2; exit 3"),
            job(4, "echo '{\"v\": 4, \"error\": \"books do not balance\"}' > \"$1\"; exit 1"),
            job(5, "exit 0"));
        final List<String> progress = Collections.synchronizedList(new ArrayList<>());
        final List<JobResult> results = pool(3, null).run(plan, out, LocalPool.ProgressListener.lines(progress::add));

        assertEquals(List.of("job0", "job1", "job2", "job3", "job4", "job5"),
            results.stream().map(r -> r.job().name()).toList());
        assertEquals(JobResult.Status.PASS, results.get(0).status());
        assertNull(results.get(0).reason());
        assertEquals(0.0, results.get(0).values().get("v"));
        assertEquals(JobResult.Status.ERROR, results.get(1).status());
        assertEquals("exit code 139 (signal 11): Segmentation fault: boom", results.get(1).reason());
        assertEquals(JobResult.Status.PASS, results.get(2).status());
        assertEquals(2.0, results.get(2).values().get("v"));
        assertEquals("exit code 3: no result", results.get(3).reason());
        assertEquals(JobResult.Status.FAIL, results.get(4).status());
        assertEquals("books do not balance", results.get(4).reason());
        assertEquals(JobResult.Status.ERROR, results.get(5).status());
        assertEquals("exit code 0 but no result written", results.get(5).reason());
        assertEquals(6, progress.size());
        assertTrue(progress.stream().anyMatch(l -> l.matches("\\[\\d/6] job1 ERROR .* s: exit code 139.*")), progress.toString());
        assertTrue(Files.isRegularFile(out.resolve("results").resolve("0002.json")));
        assertTrue(Files.isRegularFile(out.resolve("logs").resolve("0001.err")));
    }

    @Test
    void aJobOverItsTimeoutIsKilledAndFailsAloneWhileTheOthersPass(@TempDir final Path out) throws Exception
    {
        // Not killed, job 0 would finish after its sleep and pass: the status says whether the kill happened.
        final List<JobResult> results = pool(2, Duration.ofMillis(700)).run(List.of(
            job(0, "echo 'still working' >&2; sleep 30; " + writes(0)),
            job(1, writes(1)),
            job(2, writes(2))), out, (r, d, t) -> { });

        assertEquals(JobResult.Status.ERROR, results.get(0).status());
        assertEquals("timed out after 0.7 s; stderr: still working", results.get(0).reason());
        assertEquals(JobResult.Status.PASS, results.get(1).status());
        assertEquals(JobResult.Status.PASS, results.get(2).status());
    }

    @Test
    void planOrderDoesNotDependOnFinishingOrder(@TempDir final Path out) throws Exception
    {
        final List<Job> plan = new ArrayList<>();
        for (int i = 0; i < 5; i++)
        {
            plan.add(job(i, "sleep 0." + (5 - i) + "; " + writes(i)));
        }
        final List<JobResult> results = pool(5, null).run(plan, out, (r, d, t) -> { });
        for (int i = 0; i < 5; i++)
        {
            assertEquals((double) i, results.get(i).values().get("v"));
        }
        LocalPool.writePlan(plan, out);
        assertEquals(5, Files.readAllLines(out.resolve("plan.jsonl")).size());
    }

    @Test
    void junitXmlHasOneUniqueTestCasePerJobAndTheReproduceCommandInAFailure()
    {
        final List<JobResult> results = List.of(
            new JobResult(job(0, ""), JobResult.Status.PASS, 0, null, 1.5, Map.of("v", 1.0)),
            new JobResult(job(1, ""), JobResult.Status.FAIL, 1, "books <off>", 2.0, Map.of()),
            new JobResult(job(2, ""), JobResult.Status.ERROR, 139, "exit code 139", 0.5, Map.of()));
        final String xml = JUnitXml.of("sweep.x", "sweep.x", results);

        assertTrue(xml.contains("<testsuite name=\"sweep.x\" tests=\"3\" failures=\"1\" errors=\"1\" skipped=\"0\" time=\"4.000\">"), xml);
        assertEquals(3, xml.split("<testcase ", -1).length - 1);
        assertTrue(xml.contains("<testcase classname=\"sweep.x\" name=\"job1\" time=\"2.000\">"), xml);
        assertTrue(xml.contains("<failure message=\"books &lt;off&gt; (seed 1)\" type=\"FAIL\">reproduce: ./reproduce 1&#10;books &lt;off&gt;</failure>"), xml);
        assertTrue(xml.contains("<error message=\"exit code 139 (seed 2)\" type=\"ERROR\">reproduce: ./reproduce 2"), xml);
    }

    @Test
    void flatJsonRoundTrips()
    {
        final Map<String, Object> m = new java.util.LinkedHashMap<>();
        m.put("a", 1.25);
        m.put("b", null);
        m.put("c", "S0->B0 \"q\"\n");
        m.put("d", 3L);
        m.put("e", Double.NaN);
        final Map<String, Object> back = FlatJson.parse(FlatJson.write(m));
        assertEquals(1.25, back.get("a"));
        assertNull(back.get("b"));
        assertEquals("S0->B0 \"q\"\n", back.get("c"));
        assertEquals(3.0, back.get("d"));
        assertNull(back.get("e"));
        assertEquals(Map.of(), FlatJson.parse("{ }"));
    }
}
