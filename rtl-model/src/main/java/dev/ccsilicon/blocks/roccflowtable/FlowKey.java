package dev.ccsilicon.blocks.roccflowtable;

/**
 * The flow key of {@code rocc_flow_table} and its bucket hash, bit-exact with the RTL.
 *
 * <h2>Key</h2>
 * The 5-tuple as the CNP payload carries it, 104 bits, most significant first:
 * {@code {src_ip[31:0], dst_ip[31:0], proto[7:0], src_port[15:0], dst_port[15:0]}}, i.e. bits
 * 103..72 source address, 71..40 destination address, 39..32 protocol, 31..16 source port, 15..0
 * destination port. In Java a key is two words: {@code lo} = bits 63..0, {@code hi} = bits 103..64.
 *
 * <h2>Hash</h2>
 * CRC with the CRC-32C (Castagnoli) polynomial {@code 0x1EDC6F41}, shifted MSB first, register
 * preset to {@code 0xFFFFFFFF}, no reflection, no final XOR, over the 104 key bits from bit 103
 * down to bit 0 (equivalently the 13 key bytes in network order). The bucket is the low
 * {@code bucketsLog2} bits of the register. The port is not hashed: it selects the port's
 * partition of the table (the SRAM address is {@code port << bucketsLog2 | bucket}).
 */
public final class FlowKey
{
    public static final int POLY = 0x1EDC6F41;
    public static final int INIT = 0xFFFFFFFF;

    private static final int[] TABLE = new int[256];

    static
    {
        for (int b = 0; b < 256; b++)
        {
            int crc = b << 24;
            for (int i = 0; i < 8; i++)
            {
                crc = crc < 0 ? crc << 1 ^ POLY : crc << 1;
            }
            TABLE[b] = crc;
        }
    }

    private FlowKey()
    {
    }

    /** Bits 63..0 of the key. */
    public static long lo(final int dstIp, final int proto, final int srcPort, final int dstPort)
    {
        return (dstIp & 0xFF_FFFFL) << 40 | (proto & 0xFFL) << 32 | (srcPort & 0xFFFFL) << 16 | dstPort & 0xFFFFL;
    }

    /** Bits 103..64 of the key. */
    public static long hi(final int srcIp, final int dstIp)
    {
        return (srcIp & 0xFFFF_FFFFL) << 8 | (dstIp >>> 24) & 0xFFL;
    }

    public static int srcIp(final long hi, final long lo)
    {
        return (int)(hi >>> 8);
    }

    public static int dstIp(final long hi, final long lo)
    {
        return (int)((hi & 0xFF) << 24 | lo >>> 40);
    }

    public static int proto(final long hi, final long lo)
    {
        return (int)(lo >>> 32) & 0xFF;
    }

    public static int srcPort(final long hi, final long lo)
    {
        return (int)(lo >>> 16) & 0xFFFF;
    }

    public static int dstPort(final long hi, final long lo)
    {
        return (int)lo & 0xFFFF;
    }

    /** The 32-bit CRC register after the 104 key bits (byte-wise, table driven). */
    public static int crc(final long hi, final long lo)
    {
        int crc = INIT;
        for (int shift = 32; shift >= 0; shift -= 8)
        {
            crc = crc << 8 ^ TABLE[(crc >>> 24 ^ (int)(hi >>> shift)) & 0xFF];
        }
        for (int shift = 56; shift >= 0; shift -= 8)
        {
            crc = crc << 8 ^ TABLE[(crc >>> 24 ^ (int)(lo >>> shift)) & 0xFF];
        }
        return crc;
    }

    /** The same CRC one bit at a time, as the RTL writes it (the definition; tests compare the two). */
    public static int crcBitSerial(final long hi, final long lo)
    {
        int crc = INIT;
        for (int i = 103; i >= 0; i--)
        {
            final int bit = (int)(i >= 64 ? hi >>> (i - 64) : lo >>> i) & 1;
            final int feedback = crc >>> 31 ^ bit;
            crc = feedback != 0 ? crc << 1 ^ POLY : crc << 1;
        }
        return crc;
    }

    /** Bucket of a key in a table of {@code 2^bucketsLog2} buckets per port. */
    public static int bucket(final long hi, final long lo, final int bucketsLog2)
    {
        return crc(hi, lo) & ((1 << bucketsLog2) - 1);
    }

    /** Bits {@code [lsb +: width]} (width <= 64) of a little-endian word array. */
    static long getBits(final long[] words, final int lsb, final int width)
    {
        final int w = lsb >>> 6;
        final int s = lsb & 63;
        long v = words[w] >>> s;
        if (s != 0 && s + width > 64)
        {
            v |= words[w + 1] << (64 - s);
        }
        return width == 64 ? v : v & ((1L << width) - 1);
    }

    /** Sets bits {@code [lsb +: width]} (width <= 64) of a little-endian word array to {@code value}. */
    static void setBits(final long[] words, final int lsb, final int width, final long value)
    {
        final long mask = width == 64 ? -1L : (1L << width) - 1;
        final long v = value & mask;
        final int w = lsb >>> 6;
        final int s = lsb & 63;
        words[w] = words[w] & ~(mask << s) | v << s;
        if (s != 0 && s + width > 64)
        {
            final int rest = s + width - 64;
            final long restMask = (1L << rest) - 1;
            words[w + 1] = words[w + 1] & ~restMask | v >>> (64 - s) & restMask;
        }
    }
}
