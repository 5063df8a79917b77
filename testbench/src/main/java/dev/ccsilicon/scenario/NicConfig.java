package dev.ccsilicon.scenario;

/**
 * What every NIC of the scenario shares.
 *
 * @param headerBytes     per-packet header bytes on the wire, added to each packet's payload.
 * @param roccRecoveryPs  the RoCC reaction point's recovery timer (SPEC §6.5), picoseconds.
 */
public record NicConfig(long headerBytes, long roccRecoveryPs)
{
    public static final long DEFAULT_HEADER_BYTES = 64L;
    public static final long DEFAULT_ROCC_RECOVERY_PS = 55_000_000L;
}
