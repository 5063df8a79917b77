package dev.ccsilicon.farm;

import java.util.List;
import java.util.Map;

/**
 * One line of a plan (SPEC §12): a job of any kind, run by a worker process.
 *
 * @param id        unique in the plan and safe as a file name; names the job's result and log files.
 * @param name      the human name (a JUnit test case name), unique in the plan.
 * @param seed      the job's derived seed.
 * @param args      the worker's arguments (after the worker command the pool is given).
 * @param buildKey  what the job needs built before it runs ("" when nothing; cosim jobs: the RTL cache key).
 * @param params    the job's parameters by name (a sweep's varied values), in order.
 * @param reproduce the one command line that runs the job alone.
 */
public record Job(String id, String name, long seed, List<String> args, String buildKey, Map<String, String> params,
                  String reproduce)
{
    public Job
    {
        args = List.copyOf(args);
        params = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(params));
    }

    /** The job as one JSON line of plan.jsonl. */
    public String toJson()
    {
        final StringBuilder sb = new StringBuilder("{\"id\":").append(FlatJson.quote(id))
            .append(",\"name\":").append(FlatJson.quote(name))
            .append(",\"seed\":").append(seed)
            .append(",\"build_key\":").append(FlatJson.quote(buildKey))
            .append(",\"params\":{");
        String sep = "";
        for (final Map.Entry<String, String> e : params.entrySet())
        {
            sb.append(sep).append(FlatJson.quote(e.getKey())).append(':').append(FlatJson.quote(e.getValue()));
            sep = ",";
        }
        sb.append("},\"args\":[");
        sep = "";
        for (final String a : args)
        {
            sb.append(sep).append(FlatJson.quote(a));
            sep = ",";
        }
        return sb.append("],\"reproduce\":").append(FlatJson.quote(reproduce)).append('}').toString();
    }
}
