package dev.ccsilicon.scenario;

/**
 * Priority flow control of every switch: an ingress whose buffered bytes reach {@code xoffBytes}
 * pauses its upstream, which resumes once they fall to {@code xonBytes}.
 */
public record PfcConfig(boolean enabled, long xoffBytes, long xonBytes)
{
    /** Enabled, XOFF 500 KB, XON 480 KB: the values of SPEC §8.2's example. */
    public static final PfcConfig DEFAULT = new PfcConfig(true, 500_000L, 480_000L);
}
