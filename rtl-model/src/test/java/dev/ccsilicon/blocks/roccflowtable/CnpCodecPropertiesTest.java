package dev.ccsilicon.blocks.roccflowtable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.Set;

import org.junit.jupiter.api.Test;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

class CnpCodecPropertiesTest
{
    @Provide
    Arbitrary<CnpPacket> packets()
    {
        return CnpFixtures.packets();
    }

    @Property(tries = 1000, seed = "253")
    void decodeOfEncodeIsIdentity(@ForAll("packets") final CnpPacket packet, @ForAll final boolean withFcs)
    {
        final CnpCodec codec = new CnpCodec(withFcs);
        final byte[] buffer = new byte[80];
        final int length = codec.encode(packet, buffer, 3);
        assertEquals(codec.frameLength(packet.vlanTagged()), length);
        final CnpPacket decoded = new CnpPacket();
        codec.decode(buffer, 3, length, decoded);
        assertEquals(packet, decoded);
    }

    @Property(tries = 1000, seed = "2531")
    void encodeOfDecodeIsTheSameBytes(@ForAll("packets") final CnpPacket packet, @ForAll final boolean withFcs)
    {
        final CnpCodec codec = new CnpCodec(withFcs);
        final byte[] first = new byte[66];
        final int length = codec.encode(packet, first, 0);
        final CnpPacket decoded = new CnpPacket();
        codec.decode(first, 0, length, decoded);
        final byte[] second = new byte[66];
        codec.encode(decoded, second, 0);
        assertEquals(CnpFixtures.toHex(first, length), CnpFixtures.toHex(second, length));
    }

    @Property(tries = 2000, seed = "2532")
    void everySingleBitFlipIsDetectedWithFcs(
        @ForAll("packets") final CnpPacket packet,
        @ForAll @IntRange(min = 0, max = 66 * 8 - 1) final int bit)
    {
        final CnpCodec codec = new CnpCodec(true);
        final byte[] frame = new byte[66];
        final int length = codec.encode(packet, frame, 0);
        final int flipped = bit % (length * 8);
        frame[flipped / 8] ^= (byte)(1 << (flipped % 8));
        assertEquals(CnpDecodeStatus.BAD_FCS, codec.tryDecode(frame, 0, length, new CnpPacket()));
    }

    @Property(tries = 2000, seed = "2533")
    void everySingleBitFlipInTheIpPacketIsDetectedWithoutFcs(
        @ForAll("packets") final CnpPacket packet,
        @ForAll @IntRange(min = 0, max = 44 * 8 - 1) final int bit)
    {
        // Without the FCS the two Internet checksums cover the IPv4 header and the ICMP message.
        final CnpCodec codec = new CnpCodec(false);
        final byte[] frame = new byte[62];
        final int length = codec.encode(packet, frame, 0);
        final int ip = packet.vlanTagged() ? 18 : 14;
        frame[ip + bit / 8] ^= (byte)(1 << (bit % 8));
        assertNotEquals(CnpDecodeStatus.OK, codec.tryDecode(frame, 0, length, new CnpPacket()));
    }

    @Test
    void exhaustiveBitFlipsOfTheGoldenFrames()
    {
        for (final boolean tagged : new boolean[] {false, true})
        {
            final CnpPacket packet = CnpFixtures.golden().vlanTagged(tagged).vid(100);
            final int ip = tagged ? 18 : 14;
            final int icmp = ip + 20;

            final CnpCodec withFcs = new CnpCodec(true);
            final byte[] good = new byte[66];
            final int fcsLength = withFcs.encode(packet, good, 0);
            for (int bit = 0; bit < fcsLength * 8; bit++)
            {
                final byte[] frame = good.clone();
                frame[bit / 8] ^= (byte)(1 << (bit % 8));
                assertEquals(CnpDecodeStatus.BAD_FCS,
                    withFcs.tryDecode(frame, 0, fcsLength, new CnpPacket()), "bit " + bit);
            }

            // Without the FCS: what each region's flips are caught by, and what only the FCS catches.
            final CnpCodec plain = new CnpCodec(false);
            final int plainLength = plain.encode(packet, good, 0);
            for (int bit = 0; bit < plainLength * 8; bit++)
            {
                final byte[] frame = good.clone();
                final int at = bit / 8;
                frame[at] ^= (byte)(1 << (bit % 8));
                final CnpPacket into = new CnpPacket();
                final CnpDecodeStatus status = plain.tryDecode(frame, 0, plainLength, into);
                final Set<CnpDecodeStatus> allowed;
                if (at == ip - 2 || at == ip - 1 || (tagged && (at == 12 || at == 13)))
                {
                    allowed = EnumSet.of(CnpDecodeStatus.WRONG_ETHERTYPE);
                }
                else if (at >= ip && at < icmp)
                {
                    allowed = EnumSet.of(CnpDecodeStatus.NOT_IPV4, CnpDecodeStatus.BAD_IHL,
                        CnpDecodeStatus.BAD_IPV4_CHECKSUM);
                }
                else if (at >= icmp && at < icmp + 24)
                {
                    allowed = EnumSet.of(CnpDecodeStatus.WRONG_ICMP_TYPE, CnpDecodeStatus.WRONG_ICMP_CODE,
                        CnpDecodeStatus.BAD_ICMP_CHECKSUM);
                }
                else
                {
                    // MAC addresses, the 802.1Q TCI and the padding: no checksum covers them, only the FCS.
                    allowed = EnumSet.of(CnpDecodeStatus.OK);
                    assertTrue(at < 12 || (tagged && at < 16) || at >= icmp + 24, "bit " + bit);
                    if (at < 12 || at >= icmp + 24)
                    {
                        // Padding flips decode to the same packet; MAC flips change exactly that MAC.
                        assertEquals(at >= icmp + 24, packet.equals(into), "bit " + bit);
                    }
                }
                assertTrue(allowed.contains(status), "bit " + bit + " gave " + status);
            }
        }
    }
}
