package dev.ccsilicon.scenario;

/** The window over which summary.json averages, in picoseconds from the start of the run. */
public record MeasureWindow(long fromPs, long toPs)
{
    public long lengthPs()
    {
        return toPs - fromPs;
    }
}
