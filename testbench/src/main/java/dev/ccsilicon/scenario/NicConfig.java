package dev.ccsilicon.scenario;

/**
 * What every NIC of the scenario shares. An algorithm's own NIC keys ({@code nic.rocc}) are its
 * {@link AlgorithmSection}'s, in {@link Scenario#sections()}.
 *
 * @param headerBytes     per-packet header bytes on the wire, added to each packet's payload.
 */
public record NicConfig(long headerBytes)
{
    public static final long DEFAULT_HEADER_BYTES = 64L;
}
