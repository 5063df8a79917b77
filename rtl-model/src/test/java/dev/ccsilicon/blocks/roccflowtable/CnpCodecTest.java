package dev.ccsilicon.blocks.roccflowtable;

import static dev.ccsilicon.blocks.roccflowtable.CnpFixtures.golden;
import static dev.ccsilicon.blocks.roccflowtable.CnpFixtures.hex;
import static dev.ccsilicon.blocks.roccflowtable.CnpFixtures.putShort;
import static dev.ccsilicon.blocks.roccflowtable.CnpFixtures.referenceChecksum;
import static dev.ccsilicon.blocks.roccflowtable.CnpFixtures.refresh;
import static dev.ccsilicon.blocks.roccflowtable.CnpFixtures.toHex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.zip.CRC32;

import org.junit.jupiter.api.Test;

class CnpCodecTest
{
    /*
     * The golden untagged CNP, written out by hand from the layout in docs/blocks/rocc_cnp_packet.md.
     *
     * IPv4 header checksum, words with the checksum field zero:
     *   45c0 + 002c + 1234 + 4000 + 4001 + 0000 + 0aff + 0005 + 0a00 + 0001
     *   = 45ec, 5820, 9820, d821, d821, e320, e325, ed25, ed26 (no carry) -> ~0xed26 = 0x12d9
     * ICMP checksum, words with the checksum field zero:
     *   fd00 + 0000 + 1100 + 0190 + 0005 + 0011 + 0a00 + 0001 + 0a00 + 0102 + c000 + 12b7
     *   = 0x1f760 -> end-around carry 0xf760 + 1 = 0xf761 -> ~0xf761 = 0x089e
     */
    private static final String GOLDEN_UNTAGGED =
        "02aabbccdd01 021122334405 0800" +                      // Ethernet: dst, src, EtherType IPv4
        "45 c0 002c 1234 4000 40 01 12d9 0aff0005 0a000001" +    // IPv4: DSCP 48, len 44, DF, TTL 64, ICMP
        "fd 00 089e 11 000190 0005 0011" +                      // ICMP 253/0, cksum, proto 17, F 400, CP 5/17
        "0a000001 0a000102 c000 12b7" +                         // flow 10.0.0.1:49152 -> 10.0.1.2:4791
        "0000";                                                 // padding to 60 bytes

    /*
     * The same packet tagged (PCP 6, DEI 0, VID 100: TCI 0xc064): the IPv4 header and the ICMP
     * message are unchanged, no padding (62 bytes), then the FCS. CRC-32 of the 62 bytes is
     * 0x33503153 (checked against java.util.zip.CRC32 below), stored least significant byte first.
     */
    private static final String GOLDEN_TAGGED_FCS =
        "02aabbccdd01 021122334405 8100 c064 0800" +
        "45 c0 002c 1234 4000 40 01 12d9 0aff0005 0a000001" +
        "fd 00 089e 11 000190 0005 0011" +
        "0a000001 0a000102 c000 12b7" +
        "53315033";

    private final CnpCodec plain = new CnpCodec(false);
    private final CnpCodec fcs = new CnpCodec(true);

    @Test
    void goldenChecksumsAgreeWithTheIndependentChecksum()
    {
        final byte[] expected = hex(GOLDEN_UNTAGGED);
        final byte[] ip = Arrays.copyOfRange(expected, 14, 34);
        putShort(ip, 10, 0);
        assertEquals(0x12D9, referenceChecksum(ip, 0, 20));
        final byte[] icmp = Arrays.copyOfRange(expected, 34, 58);
        putShort(icmp, 2, 0);
        assertEquals(0x089E, referenceChecksum(icmp, 0, 24));
    }

    @Test
    void encodesTheGoldenUntaggedFrameByteForByte()
    {
        final byte[] expected = hex(GOLDEN_UNTAGGED);
        assertEquals(60, expected.length);
        final byte[] out = new byte[80];
        Arrays.fill(out, (byte)0xEE);
        final int length = plain.encode(golden(), out, 10);
        assertEquals(60, length);
        assertEquals(toHex(expected, 60), toHex(Arrays.copyOfRange(out, 10, 70), 60));
        assertEquals((byte)0xEE, out[9], "nothing written before the offset");
        assertEquals((byte)0xEE, out[70], "nothing written after the frame");
    }

    @Test
    void encodesTheGoldenTaggedFrameWithFcsByteForByte()
    {
        final byte[] expected = hex(GOLDEN_TAGGED_FCS);
        assertEquals(66, expected.length);
        final CRC32 crc = new CRC32();
        crc.update(expected, 0, 62);
        assertEquals(0x33503153L, crc.getValue());

        final byte[] out = new byte[66];
        final int length = fcs.encode(golden().vlanTagged(true).pcp(6).vid(100), out, 0);
        assertEquals(66, length);
        assertEquals(toHex(expected, 66), toHex(out, 66));
    }

    @Test
    void decodesTheGoldenFrames()
    {
        final CnpPacket decoded = new CnpPacket();
        plain.decode(hex(GOLDEN_UNTAGGED), 0, 60, decoded);
        assertEquals(golden(), decoded);
        assertEquals(400, decoded.fairRate());
        assertEquals(17, decoded.egressPort());

        fcs.decode(hex(GOLDEN_TAGGED_FCS), 0, 66, decoded);
        assertEquals(golden().vlanTagged(true).pcp(6).vid(100), decoded);
    }

    @Test
    void frameSizes()
    {
        assertEquals(60, plain.frameLength(false));
        assertEquals(62, plain.frameLength(true));
        assertEquals(64, fcs.frameLength(false));
        assertEquals(66, fcs.frameLength(true));
    }

    @Test
    void untaggedFrameIsPaddedWithZerosToTheMinimumFrame()
    {
        // 14 + 20 + 24 = 58 bytes of headers: two zero bytes of padding make 60, and the FCS
        // covers them.
        final byte[] out = new byte[64];
        Arrays.fill(out, (byte)0xFF);
        assertEquals(64, fcs.encode(golden(), out, 0));
        assertEquals(0, out[58]);
        assertEquals(0, out[59]);
        final CRC32 crc = new CRC32();
        crc.update(out, 0, 60);
        assertEquals((int)crc.getValue(), EthernetFcs.read(out, 60));
    }

    @Test
    void taggedFrameNeedsNoPadding()
    {
        final byte[] out = new byte[63];
        Arrays.fill(out, (byte)0xFF);
        assertEquals(62, plain.encode(golden().vlanTagged(true), out, 0));
        assertEquals((byte)0xB7, out[61], "last byte is the flow's destination port");
        assertEquals((byte)0xFF, out[62], "nothing after the frame");
    }

    @Test
    void vlanTagCarriesPcpAndVid()
    {
        final byte[] out = new byte[62];
        plain.encode(golden().vlanTagged(true).pcp(5).vid(0xABC), out, 0);
        assertEquals(toHex(hex("8100 aabc 0800"), 6), toHex(Arrays.copyOfRange(out, 12, 18), 6));
    }

    @Test
    void encodeRejectsABufferTooSmall()
    {
        assertThrows(IllegalArgumentException.class, () -> plain.encode(golden(), new byte[59], 0));
        assertThrows(IllegalArgumentException.class, () -> fcs.encode(golden(), new byte[70], 7));
    }

    @Test
    void rewriteFairRateEqualsAFullEncode()
    {
        for (final boolean tagged : new boolean[] {false, true})
        {
            for (final CnpCodec codec : new CnpCodec[] {plain, fcs})
            {
                final byte[] rewritten = new byte[66];
                codec.encode(golden().vlanTagged(tagged), rewritten, 0);
                codec.rewriteFairRate(rewritten, 0, 0xABCDEF);
                final byte[] encoded = new byte[66];
                codec.encode(golden().vlanTagged(tagged).fairRate(0xABCDEF), encoded, 0);
                assertArrayEquals(encoded, rewritten, "tagged=" + tagged + " fcs=" + codec.withFcs());
            }
        }
    }

    // ---- every rejection, with consistent checksums elsewhere so the named check is the one that fails

    private static byte[] frame(final boolean tagged, final boolean withFcs)
    {
        final byte[] out = new byte[66];
        new CnpCodec(withFcs).encode(golden().vlanTagged(tagged), out, 0);
        return out;
    }

    private static CnpDecodeStatus status(final CnpCodec codec, final byte[] frame, final int length)
    {
        final CnpPacket into = golden().ttl(1);
        final CnpPacket before = new CnpPacket().copyFrom(into);
        final CnpDecodeStatus status = codec.tryDecode(frame, 0, length, into);
        if (status != CnpDecodeStatus.OK)
        {
            assertEquals(before, into, "a rejected frame leaves the packet untouched");
        }
        return status;
    }

    private static CnpFormatException thrown(final CnpCodec codec, final byte[] frame, final int length)
    {
        return assertThrows(CnpFormatException.class, () -> codec.decode(frame, 0, length, new CnpPacket()));
    }

    @Test
    void truncated()
    {
        assertEquals(CnpDecodeStatus.TRUNCATED, status(plain, frame(false, false), 59));
        assertEquals(CnpDecodeStatus.TRUNCATED, status(fcs, frame(false, true), 63));
        // A tagged frame cut to 61 bytes passes the minimum but misses the last byte of the ICMP message.
        assertEquals(CnpDecodeStatus.TRUNCATED, status(plain, frame(true, false), 61));
        // A tagged frame cut to 60 bytes and given a valid FCS: the FCS passes, the ICMP message is short.
        final byte[] cut = Arrays.copyOf(frame(true, false), 64);
        refreshFcsOnly(cut, 64);
        final CnpFormatException e = thrown(fcs, cut, 64);
        assertEquals(CnpDecodeStatus.TRUNCATED, e.status());
        assertEquals("frame too short: 64 bytes, a CNP has 66", e.getMessage());
    }

    private static void refreshFcsOnly(final byte[] frame, final int length)
    {
        final CRC32 crc = new CRC32();
        crc.update(frame, 0, length - 4);
        final long v = crc.getValue();
        for (int i = 0; i < 4; i++)
        {
            frame[length - 4 + i] = (byte)(v >>> (8 * i));
        }
    }

    @Test
    void badFcs()
    {
        final byte[] f = frame(false, true);
        f[63] ^= 0x01;
        final CnpFormatException e = thrown(fcs, f, 64);
        assertEquals(CnpDecodeStatus.BAD_FCS, e.status());
        assertEquals(String.format("bad Ethernet FCS: found 0x%08x, expected 0x%08x",
            EthernetFcs.read(f, 60), EthernetFcs.crc32(f, 0, 60)), e.getMessage());
    }

    @Test
    void wrongEtherType()
    {
        final byte[] f = frame(false, true);
        putShort(f, 12, 0x86DD);
        refresh(f, 64, false, true);
        final CnpFormatException e = thrown(fcs, f, 64);
        assertEquals(CnpDecodeStatus.WRONG_ETHERTYPE, e.status());
        assertEquals("EtherType is not IPv4 (0x0800): found 0x86dd", e.getMessage());

        final byte[] tagged = frame(true, false);
        putShort(tagged, 16, 0x0806);
        assertEquals(CnpDecodeStatus.WRONG_ETHERTYPE, status(plain, tagged, 62));

        final byte[] doubleTagged = frame(true, false);
        putShort(doubleTagged, 16, 0x8100);
        assertEquals(CnpDecodeStatus.WRONG_ETHERTYPE, status(plain, doubleTagged, 62));
    }

    @Test
    void notIpv4()
    {
        final byte[] f = frame(false, false);
        f[14] = 0x65;
        refresh(f, 60, false, false);
        assertEquals(CnpDecodeStatus.NOT_IPV4, status(plain, f, 60));
    }

    @Test
    void ihlNotFive()
    {
        final byte[] f = frame(true, false);
        f[18] = 0x46;
        refresh(f, 62, true, false);
        assertEquals(CnpDecodeStatus.BAD_IHL, thrown(plain, f, 62).status());
    }

    @Test
    void badIpv4Checksum()
    {
        final byte[] f = frame(false, false);
        f[22] = 0x3F; // TTL 63 without updating the checksum
        final CnpFormatException e = thrown(plain, f, 60);
        assertEquals(CnpDecodeStatus.BAD_IPV4_CHECKSUM, e.status());
        // Decrementing TTL by one raises the checksum by 0x0100: 0x12d9 -> 0x13d9 (RFC 1141).
        assertEquals("bad IPv4 header checksum: found 0x12d9, expected 0x13d9", e.getMessage());
    }

    @Test
    void badIpv4TotalLength()
    {
        final byte[] f = frame(false, false);
        putShort(f, 16, 46);
        refresh(f, 60, false, false);
        assertEquals(CnpDecodeStatus.BAD_IPV4_TOTAL_LENGTH, status(plain, f, 60));
    }

    @Test
    void fragment()
    {
        final byte[] moreFragments = frame(false, false);
        putShort(moreFragments, 20, 0x2000);
        refresh(moreFragments, 60, false, false);
        assertEquals(CnpDecodeStatus.IPV4_FRAGMENT, status(plain, moreFragments, 60));

        final byte[] offset = frame(false, false);
        putShort(offset, 20, 0x4001);
        refresh(offset, 60, false, false);
        assertEquals(CnpDecodeStatus.IPV4_FRAGMENT, status(plain, offset, 60));
    }

    @Test
    void notIcmp()
    {
        final byte[] f = frame(false, true);
        f[23] = 17;
        refresh(f, 64, false, true);
        final CnpFormatException e = thrown(fcs, f, 64);
        assertEquals(CnpDecodeStatus.NOT_ICMP, e.status());
        assertEquals("IPv4 protocol is not ICMP (1): found 17", e.getMessage());
    }

    @Test
    void wrongIcmpType()
    {
        final byte[] f = frame(false, false);
        f[34] = 8;
        refresh(f, 60, false, false);
        assertEquals(CnpDecodeStatus.WRONG_ICMP_TYPE, status(plain, f, 60));
    }

    @Test
    void wrongIcmpCode()
    {
        final byte[] f = frame(true, false);
        f[39] = 1;
        refresh(f, 62, true, false);
        assertEquals(CnpDecodeStatus.WRONG_ICMP_CODE, status(plain, f, 62));
    }

    @Test
    void badIcmpChecksum()
    {
        final byte[] f = frame(false, false);
        f[41] = 0x00; // fair rate 0x000190 -> 0x000100 without updating the checksum
        final CnpFormatException e = thrown(plain, f, 60);
        assertEquals(CnpDecodeStatus.BAD_ICMP_CHECKSUM, e.status());
        // The word 0x0190 became 0x0100: the sum drops by 0x90, the checksum rises: 0x089e -> 0x092e.
        assertEquals("bad ICMP checksum: found 0x089e, expected 0x092e", e.getMessage());
    }

    @Test
    void frameLongerThanACnp()
    {
        final byte[] f = Arrays.copyOf(frame(false, false), 61);
        assertEquals(CnpDecodeStatus.BAD_FRAME_LENGTH, status(plain, f, 61));
        final byte[] tagged = Arrays.copyOf(frame(true, false), 68);
        refreshFcsOnly(tagged, 68);
        final CnpFormatException e = thrown(fcs, tagged, 68);
        assertEquals(CnpDecodeStatus.BAD_FRAME_LENGTH, e.status());
        assertEquals("frame longer than a CNP: 68 bytes, a CNP has 66", e.getMessage());
    }

    @Test
    void paddingContentIsIgnored()
    {
        final byte[] f = frame(false, false);
        f[58] = 0x5A;
        f[59] = (byte)0xA5;
        final CnpPacket into = new CnpPacket();
        assertEquals(CnpDecodeStatus.OK, plain.tryDecode(f, 0, 60, into));
        assertEquals(golden(), into);
    }

    @Test
    void decodeRejectsARangeOutsideTheBuffer()
    {
        final byte[] buffer = new byte[60];
        assertThrows(IllegalArgumentException.class, () -> plain.tryDecode(buffer, 1, 60, new CnpPacket()));
    }
}
