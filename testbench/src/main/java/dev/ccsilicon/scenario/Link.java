package dev.ccsilicon.scenario;

/**
 * A full-duplex link between two nodes; both directions have the rate and the delay.
 *
 * @param a       one end (host or switch id).
 * @param b       the other end.
 * @param rateBps line rate in bits per second, counting payload and header bytes on the wire.
 * @param delayPs propagation delay in picoseconds, each way.
 */
public record Link(String a, String b, long rateBps, long delayPs)
{
    /** The other end of the link, seen from {@code node}. */
    public String peerOf(final String node)
    {
        return a.equals(node) ? b : a;
    }

    public boolean touches(final String node)
    {
        return a.equals(node) || b.equals(node);
    }
}
