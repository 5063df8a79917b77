package dev.ccsilicon.scenario;

/**
 * One flow of application data.
 *
 * @param id        unique among flows.
 * @param src       sending host.
 * @param dst       receiving host.
 * @param startPs   when the application starts offering data, picoseconds from the start of the run.
 * @param sizeBytes payload bytes to deliver, or {@link #INFINITE} for a flow that never ends.
 * @param demandBps the application's offered rate (payload and headers on the wire), bits per second.
 */
public record Flow(String id, String src, String dst, long startPs, long sizeBytes, long demandBps)
{
    /** The size of a flow that sends until the end of the run. */
    public static final long INFINITE = -1L;

    public boolean isInfinite()
    {
        return sizeBytes == INFINITE;
    }
}
