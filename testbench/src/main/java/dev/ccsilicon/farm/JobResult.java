package dev.ccsilicon.farm;

import java.util.Map;

/**
 * What became of one job.
 *
 * @param status  PASS (exit 0 and a result), FAIL (the job's check failed: exit 1 with a result) or ERROR (it
 *                crashed, exited otherwise, wrote no result, or timed out).
 * @param reason  null on PASS; else the exit code or timeout and the last line of the worker's stderr.
 * @param values  the worker's result (a flat JSON object), empty when it wrote none.
 */
public record JobResult(Job job, Status status, int exitCode, String reason, double seconds, Map<String, Object> values)
{
    public enum Status
    {
        PASS, FAIL, ERROR
    }

    public boolean passed()
    {
        return status == Status.PASS;
    }
}
