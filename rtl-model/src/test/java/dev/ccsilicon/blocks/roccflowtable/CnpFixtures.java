package dev.ccsilicon.blocks.roccflowtable;

import java.util.HexFormat;


import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Builders;

/**
 * Shared test material: the golden packet, hex parsing, an independent Internet checksum, and an
 * arbitrary of CNP packets. No tests here.
 */
final class CnpFixtures
{
    private CnpFixtures()
    {
    }

    /**
     * The golden packet: switch 10.255.0.5 (MAC 02:11:22:33:44:05), switch id 5, egress port 17,
     * tells host 10.0.0.1 (MAC 02:aa:bb:cc:dd:01) that its RoCEv2 flow
     * 10.0.0.1:49152 -> 10.0.1.2:4791 (UDP) gets F = 400 x 10 Mb/s = 4 Gb/s.
     */
    static CnpPacket golden()
    {
        return new CnpPacket()
            .dstMac(0x02AA_BBCC_DD01L)
            .srcMac(0x0211_2233_4405L)
            .srcIp(0x0AFF_0005)
            .dstIp(0x0A00_0001)
            .dscp(48)
            .ttl(64)
            .identification(0x1234)
            .fairRate(400)
            .switchId(5)
            .egressPort(17)
            .flowSrcIp(0x0A00_0001)
            .flowDstIp(0x0A00_0102)
            .flowProtocol(17)
            .flowSrcPort(49152)
            .flowDstPort(4791);
    }

    /** Hex string to bytes; spaces, newlines and {@code |} separators are ignored. */
    static byte[] hex(final String text)
    {
        return HexFormat.of().parseHex(text.replaceAll("[\\s|]", ""));
    }

    static String toHex(final byte[] bytes, final int length)
    {
        return HexFormat.of().formatHex(bytes, 0, length);
    }

    /**
     * Independent RFC 1071 checksum, by the modular definition rather than by folding: the one's
     * complement sum of 16-bit words is their integer sum modulo 0xFFFF, with a non-zero sum that
     * is a multiple of 0xFFFF represented as 0xFFFF (negative zero).
     */
    static int referenceChecksum(final byte[] data, final int offset, final int length)
    {
        long total = 0;
        for (int i = 0; i < length; i++)
        {
            final int b = data[offset + i] & 0xFF;
            total += (i % 2 == 0) ? (long)b * 256 : b;
        }
        long sum = total % 0xFFFF;
        if (sum == 0 && total != 0)
        {
            sum = 0xFFFF;
        }
        return (int)(0xFFFF - sum);
    }

    /** Recomputes the IPv4 and ICMP checksums and the FCS of a frame after a test edited it. */
    static void refresh(final byte[] frame, final int length, final boolean tagged, final boolean withFcs)
    {
        final int ip = tagged ? 18 : 14;
        final int icmp = ip + 20;
        putShort(frame, ip + 10, 0);
        putShort(frame, ip + 10, referenceChecksum(frame, ip, 20));
        putShort(frame, icmp + 2, 0);
        putShort(frame, icmp + 2, referenceChecksum(frame, icmp, 24));
        if (withFcs)
        {
            final java.util.zip.CRC32 crc = new java.util.zip.CRC32();
            crc.update(frame, 0, length - 4);
            final long v = crc.getValue();
            for (int i = 0; i < 4; i++)
            {
                frame[length - 4 + i] = (byte)(v >>> (8 * i));
            }
        }
    }

    static void putShort(final byte[] frame, final int at, final int value)
    {
        frame[at] = (byte)(value >>> 8);
        frame[at + 1] = (byte)value;
    }

    /** Random CNP packets over the full range of every field, tagged and untagged. */
    static Arbitrary<CnpPacket> packets()
    {
        return Builders.withBuilder(CnpPacket::new)
            .use(Arbitraries.longs().between(0, CnpPacket.MAX_MAC)).in(CnpPacket::dstMac)
            .use(Arbitraries.longs().between(0, CnpPacket.MAX_MAC)).in(CnpPacket::srcMac)
            .use(Arbitraries.of(true, false)).in(CnpPacket::vlanTagged)
            .use(Arbitraries.integers().between(0, 7)).in(CnpPacket::pcp)
            .use(Arbitraries.integers().between(0, 0xFFF)).in(CnpPacket::vid)
            .use(Arbitraries.integers()).in(CnpPacket::srcIp)
            .use(Arbitraries.integers()).in(CnpPacket::dstIp)
            .use(Arbitraries.integers().between(0, 63)).in(CnpPacket::dscp)
            .use(Arbitraries.integers().between(0, 255)).in(CnpPacket::ttl)
            .use(Arbitraries.integers().between(0, 0xFFFF)).in(CnpPacket::identification)
            .use(Arbitraries.integers().between(0, CnpPacket.MAX_FAIR_RATE)).in(CnpPacket::fairRate)
            .use(Arbitraries.integers().between(0, 0xFFFF)).in(CnpPacket::switchId)
            .use(Arbitraries.integers().between(0, 0xFFFF)).in(CnpPacket::egressPort)
            .use(Arbitraries.integers()).in(CnpPacket::flowSrcIp)
            .use(Arbitraries.integers()).in(CnpPacket::flowDstIp)
            .use(Arbitraries.integers().between(0, 255)).in(CnpPacket::flowProtocol)
            .use(Arbitraries.integers().between(0, 0xFFFF)).in(CnpPacket::flowSrcPort)
            .use(Arbitraries.integers().between(0, 0xFFFF)).in(CnpPacket::flowDstPort)
            .build();
    }
}
