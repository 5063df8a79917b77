package dev.ccsilicon.scenario;

/**
 * What every NIC of the scenario shares. An algorithm's own NIC keys ({@code nic.rocc}) are its
 * {@link AlgorithmSection}'s, in {@link Scenario#sections()}.
 *
 * @param headerBytes per-packet header bytes on the wire, added to each packet's payload.
 * @param cc          what runs the algorithm's reaction point in each sending NIC ({@code nic.cc}).
 * @param firmware    the firmware NICs' settings ({@code nic.firmware}); used with {@link NicCc#FIRMWARE}.
 */
public record NicConfig(long headerBytes, NicCc cc, NicFirmware firmware)
{
    public static final long DEFAULT_HEADER_BYTES = 64L;

    /** A NIC with the algorithm's hardware block and the default firmware settings. */
    public NicConfig(final long headerBytes)
    {
        this(headerBytes, NicCc.BLOCK, NicFirmware.DEFAULT);
    }
}
