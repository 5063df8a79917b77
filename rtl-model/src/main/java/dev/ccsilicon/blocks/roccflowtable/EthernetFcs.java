package dev.ccsilicon.blocks.roccflowtable;

/**
 * The Ethernet frame check sequence: IEEE 802.3 CRC-32 (polynomial 0x04C11DB7, processed
 * reflected as 0xEDB88320, initial value 0xFFFFFFFF, final complement), the same function as
 * {@link java.util.zip.CRC32}. Table driven, one byte per step, no allocation.
 * <p>
 * On the wire the FCS follows the last data byte and is stored least significant byte first
 * (the bit order Ethernet transmits the CRC in), so a frame followed by its FCS has the CRC-32
 * residue {@link #RESIDUE}.
 */
public final class EthernetFcs
{
    /** Bytes of FCS at the end of a frame. */
    public static final int LENGTH = 4;

    /** CRC-32 of any frame with its correct FCS appended. */
    public static final int RESIDUE = 0x2144DF1C;

    private static final int[] TABLE = new int[256];

    static
    {
        for (int n = 0; n < 256; n++)
        {
            int c = n;
            for (int k = 0; k < 8; k++)
            {
                c = (c & 1) != 0 ? 0xEDB88320 ^ (c >>> 1) : c >>> 1;
            }
            TABLE[n] = c;
        }
    }

    private EthernetFcs()
    {
    }

    /** CRC-32 of {@code length} bytes of {@code frame} from {@code offset}. */
    public static int crc32(final byte[] frame, final int offset, final int length)
    {
        int crc = 0xFFFFFFFF;
        final int end = offset + length;
        for (int i = offset; i < end; i++)
        {
            crc = TABLE[(crc ^ frame[i]) & 0xFF] ^ (crc >>> 8);
        }
        return ~crc;
    }

    /** Computes the FCS of {@code length} bytes from {@code offset} and stores it right after them. */
    public static void append(final byte[] frame, final int offset, final int length)
    {
        final int crc = crc32(frame, offset, length);
        final int at = offset + length;
        frame[at] = (byte)crc;
        frame[at + 1] = (byte)(crc >>> 8);
        frame[at + 2] = (byte)(crc >>> 16);
        frame[at + 3] = (byte)(crc >>> 24);
    }

    /** The FCS stored in the 4 bytes at {@code at} (least significant byte first). */
    public static int read(final byte[] frame, final int at)
    {
        return (frame[at] & 0xFF)
            | (frame[at + 1] & 0xFF) << 8
            | (frame[at + 2] & 0xFF) << 16
            | (frame[at + 3] & 0xFF) << 24;
    }
}
