package dev.ccsilicon.scenario;

import java.util.Locale;

/**
 * The transport every NIC of the scenario runs (SPEC §8.1, {@code transport:} in §8.2).
 *
 * @param ackEvery the receiver sends an ACK per {@code ackEvery} data packets; 0 = no ACKs.
 * @param recovery how the sender recovers lost packets.
 * @param rtoPs    the retransmission timeout, picoseconds.
 */
public record Transport(int ackEvery, Recovery recovery, long rtoPs)
{
    public static final int DEFAULT_ACK_EVERY = 0;
    public static final long DEFAULT_RTO_PS = 1_000_000_000L;

    /** The transport without a {@code transport:} section: no ACKs, no recovery, rto 1ms (as before the transport). */
    public static final Transport NONE = new Transport(DEFAULT_ACK_EVERY, Recovery.NONE, DEFAULT_RTO_PS);

    /** How a sender recovers lost packets. */
    public enum Recovery
    {
        NONE,
        GO_BACK_N;

        /** The name in scenario files: {@code none}, {@code go-back-n}. */
        public String key()
        {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        /** The recovery named {@code key} in a scenario file, or null. */
        public static Recovery ofKey(final String key)
        {
            for (final Recovery recovery : values())
            {
                if (recovery.key().equals(key))
                {
                    return recovery;
                }
            }
            return null;
        }

        @Override
        public String toString()
        {
            return key();
        }
    }
}
