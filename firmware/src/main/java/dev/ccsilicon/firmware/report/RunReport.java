package dev.ccsilicon.firmware.report;

import java.util.List;

/**
 * One {@code firmware run}: what ran (program, preset, load, seed, window), what the handlers cost
 * ({@link ReportStats}), what the NIC counted ({@link NicSnapshot}) and, when asked, the core-sizing table.
 *
 * @param harts      the harts the runtime dispatched to (the preset's enabled threads).
 * @param load       the SPEC text of the synthetic load, or the trace it read.
 * @param durationPs the arrival window; the run then drains what is queued.
 */
public record RunReport(ProgramInfo program, String preset, String isa, double clockHz, int cores, int threadsPerCore, int harts,
                        String load, long seed, long durationPs, ReportStats stats, NicSnapshot nic, Sizing sizing)
{
    /** The sizing table and how it was made. */
    public record Sizing(CoreSizing.Grid grid, long windowPs, double boundNs, double maxUtilisation, double utilisation,
                         double overheadCycles, List<CoreSizing.Point> points)
    {
    }

    public RunReport withSizing(final Sizing s)
    {
        return new RunReport(program, preset, isa, clockHz, cores, threadsPerCore, harts, load, seed, durationPs, stats, nic, s);
    }

    public double ns(final double cycles)
    {
        return cycles * 1e9 / clockHz;
    }
}
