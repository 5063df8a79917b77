package dev.ccsilicon.blocks.roccflowtable;

import java.util.Arrays;

/**
 * Byte-exact encoder and decoder of the RoCC CNP: Ethernet II (optionally 802.1Q tagged) + IPv4
 * + ICMP type 253 code 0 with a fixed 16-byte payload. The layout, offset by offset, is in
 * {@code docs/blocks/rocc_cnp_packet.md}; every multi-byte field is in network order except the
 * FCS, which Ethernet stores least significant byte first.
 * <p>
 * The frame has a fixed size: 60 bytes untagged (58 bytes of headers padded with 2 zero bytes to
 * the Ethernet minimum), 62 bytes tagged, plus 4 when the codec is built with the FCS.
 * <p>
 * {@link #encode} and {@link #tryDecode} do not allocate. {@link #decode} allocates only the
 * exception it throws for a bad frame. A codec keeps the details of the last failed
 * {@link #tryDecode}, so one instance belongs to one thread.
 */
public final class CnpCodec
{
    /** ICMP type of a CNP: 253, "RFC3692-style Experiment 1" (RFC 4727), as in the RoCC paper §6.2. */
    public static final int ICMP_TYPE = 253;
    /** ICMP code of this payload format. Other codes are reserved for other formats. */
    public static final int ICMP_CODE = 0;
    public static final int ETHERTYPE_IPV4 = 0x0800;
    public static final int ETHERTYPE_VLAN = 0x8100;
    public static final int IP_PROTOCOL_ICMP = 1;

    public static final int ETHERNET_HEADER_LENGTH = 14;
    public static final int VLAN_TAG_LENGTH = 4;
    public static final int IPV4_HEADER_LENGTH = 20;
    /** ICMP header (8 bytes) + payload (16 bytes). */
    public static final int ICMP_LENGTH = 24;
    public static final int IPV4_TOTAL_LENGTH = IPV4_HEADER_LENGTH + ICMP_LENGTH;
    /** Minimum Ethernet frame without FCS; shorter frames are padded with zeros. */
    public static final int MIN_FRAME_LENGTH = 60;

    /** IPv4 flags and fragment offset of a CNP: DF set, not a fragment. */
    public static final int IPV4_FLAGS_DF = 0x4000;

    // Offsets inside the IPv4 header.
    static final int IP_VERSION_IHL = 0;
    static final int IP_TOS = 1;
    static final int IP_TOTAL_LENGTH = 2;
    static final int IP_IDENTIFICATION = 4;
    static final int IP_FLAGS_FRAGMENT = 6;
    static final int IP_TTL = 8;
    static final int IP_PROTOCOL = 9;
    static final int IP_CHECKSUM = 10;
    static final int IP_SRC = 12;
    static final int IP_DST = 16;

    // Offsets inside the ICMP message.
    static final int ICMP_TYPE_OFFSET = 0;
    static final int ICMP_CODE_OFFSET = 1;
    static final int ICMP_CHECKSUM = 2;
    static final int ICMP_FLOW_PROTOCOL = 4;
    static final int ICMP_FAIR_RATE = 5;
    static final int ICMP_SWITCH_ID = 8;
    static final int ICMP_EGRESS_PORT = 10;
    static final int ICMP_FLOW_SRC_IP = 12;
    static final int ICMP_FLOW_DST_IP = 16;
    static final int ICMP_FLOW_SRC_PORT = 20;
    static final int ICMP_FLOW_DST_PORT = 22;

    private final boolean withFcs;
    private long errorFound;
    private long errorExpected;

    /**
     * @param withFcs whether frames end with the 4-byte Ethernet FCS (CRC-32): computed by
     *                {@link #encode}, checked and required by {@link #tryDecode}.
     */
    public CnpCodec(final boolean withFcs)
    {
        this.withFcs = withFcs;
    }

    /** Whether frames carry the FCS. */
    public boolean withFcs()
    {
        return withFcs;
    }

    /** Bytes of a CNP on this codec: 60 or 62 (tagged), plus 4 with the FCS. */
    public int frameLength(final boolean vlanTagged)
    {
        return dataLength(vlanTagged ? ETHERNET_HEADER_LENGTH + VLAN_TAG_LENGTH : ETHERNET_HEADER_LENGTH) +
            (withFcs ? EthernetFcs.LENGTH : 0);
    }

    /**
     * Writes {@code packet} as a complete frame at {@code offset} of {@code frame}: headers,
     * both checksums, zero padding to 60 bytes, and the FCS when the codec has it.
     *
     * @return the number of bytes written, {@link #frameLength(boolean)}.
     * @throws IllegalArgumentException when the frame does not fit in the array.
     */
    public int encode(final CnpPacket packet, final byte[] frame, final int offset)
    {
        final boolean tagged = packet.vlanTagged();
        final int total = frameLength(tagged);
        checkRange(frame, offset, total);

        putMac(frame, offset, packet.dstMac());
        putMac(frame, offset + 6, packet.srcMac());
        final int l2Length;
        if (tagged)
        {
            put16(frame, offset + 12, ETHERTYPE_VLAN);
            put16(frame, offset + 14, packet.pcp() << 13 | packet.vid());
            put16(frame, offset + 16, ETHERTYPE_IPV4);
            l2Length = ETHERNET_HEADER_LENGTH + VLAN_TAG_LENGTH;
        }
        else
        {
            put16(frame, offset + 12, ETHERTYPE_IPV4);
            l2Length = ETHERNET_HEADER_LENGTH;
        }

        final int ip = offset + l2Length;
        frame[ip + IP_VERSION_IHL] = (byte)0x45;
        frame[ip + IP_TOS] = (byte)(packet.dscp() << 2);
        put16(frame, ip + IP_TOTAL_LENGTH, IPV4_TOTAL_LENGTH);
        put16(frame, ip + IP_IDENTIFICATION, packet.identification());
        put16(frame, ip + IP_FLAGS_FRAGMENT, IPV4_FLAGS_DF);
        frame[ip + IP_TTL] = (byte)packet.ttl();
        frame[ip + IP_PROTOCOL] = (byte)IP_PROTOCOL_ICMP;
        put16(frame, ip + IP_CHECKSUM, 0);
        put32(frame, ip + IP_SRC, packet.srcIp());
        put32(frame, ip + IP_DST, packet.dstIp());
        put16(frame, ip + IP_CHECKSUM, InternetChecksum.checksum(frame, ip, IPV4_HEADER_LENGTH));

        final int icmp = ip + IPV4_HEADER_LENGTH;
        frame[icmp + ICMP_TYPE_OFFSET] = (byte)ICMP_TYPE;
        frame[icmp + ICMP_CODE_OFFSET] = (byte)ICMP_CODE;
        put16(frame, icmp + ICMP_CHECKSUM, 0);
        put32(frame, icmp + ICMP_FLOW_PROTOCOL, packet.flowProtocol() << 24 | packet.fairRate());
        put16(frame, icmp + ICMP_SWITCH_ID, packet.switchId());
        put16(frame, icmp + ICMP_EGRESS_PORT, packet.egressPort());
        put32(frame, icmp + ICMP_FLOW_SRC_IP, packet.flowSrcIp());
        put32(frame, icmp + ICMP_FLOW_DST_IP, packet.flowDstIp());
        put16(frame, icmp + ICMP_FLOW_SRC_PORT, packet.flowSrcPort());
        put16(frame, icmp + ICMP_FLOW_DST_PORT, packet.flowDstPort());
        put16(frame, icmp + ICMP_CHECKSUM, InternetChecksum.checksum(frame, icmp, ICMP_LENGTH));

        final int dataLength = dataLength(l2Length);
        final int end = icmp + ICMP_LENGTH;
        if (offset + dataLength > end)
        {
            Arrays.fill(frame, end, offset + dataLength, (byte)0);
        }
        if (withFcs)
        {
            EthernetFcs.append(frame, offset, dataLength);
        }
        return total;
    }

    /**
     * Rewrites the fair rate of a CNP this codec encoded, in place, as a switch pipeline does when
     * it stamps the current F on a template CNP: the ICMP checksum is updated incrementally
     * (RFC 1624) from the old and new 32-bit word at ICMP offset 4, and the FCS, if any,
     * recomputed. The result is byte-identical to encoding the packet with the new rate.
     */
    public void rewriteFairRate(final byte[] frame, final int offset, final int fairRate)
    {
        if (fairRate < 0 || fairRate > CnpPacket.MAX_FAIR_RATE)
        {
            throw new IllegalArgumentException("fairRate must be in 0.." + CnpPacket.MAX_FAIR_RATE + ": " + fairRate);
        }
        checkRange(frame, offset, ETHERNET_HEADER_LENGTH);
        final int l2Length = get16(frame, offset + 12) == ETHERTYPE_VLAN ?
            ETHERNET_HEADER_LENGTH + VLAN_TAG_LENGTH : ETHERNET_HEADER_LENGTH;
        checkRange(frame, offset, dataLength(l2Length) + (withFcs ? EthernetFcs.LENGTH : 0));
        final int icmp = offset + l2Length + IPV4_HEADER_LENGTH;
        final int oldWord = get32(frame, icmp + ICMP_FLOW_PROTOCOL);
        final int newWord = (oldWord & 0xFF00_0000) | fairRate;
        final int oldChecksum = get16(frame, icmp + ICMP_CHECKSUM);
        put32(frame, icmp + ICMP_FLOW_PROTOCOL, newWord);
        put16(frame, icmp + ICMP_CHECKSUM, InternetChecksum.update32(oldChecksum, oldWord, newWord));
        if (withFcs)
        {
            EthernetFcs.append(frame, offset, dataLength(l2Length));
        }
    }

    /**
     * Checks the {@code length}-byte frame at {@code offset} and, when it is a valid CNP, fills
     * {@code into} (untouched otherwise; an untagged frame sets PCP and VID to 0). On a failure the
     * value found and the value expected are available from {@link #errorFound()} and
     * {@link #errorExpected()} until the next call. Checks, in order: length and FCS; EtherType
     * (one 802.1Q tag allowed); IPv4 version, IHL, header checksum, total length, fragment,
     * protocol; ICMP type, code, checksum; the frame length (padding present, nothing after it).
     * The padding bytes, the DEI bit, the ECN bits and the IPv4 DF and reserved flags are not
     * checked.
     */
    public CnpDecodeStatus tryDecode(
        final byte[] frame, final int offset, final int length, final CnpPacket into)
    {
        checkRange(frame, offset, length);
        final int fcsLength = withFcs ? EthernetFcs.LENGTH : 0;
        if (length < MIN_FRAME_LENGTH + fcsLength)
        {
            return fail(CnpDecodeStatus.TRUNCATED, length, MIN_FRAME_LENGTH + fcsLength);
        }
        final int frameLength = length - fcsLength;
        if (withFcs)
        {
            final int stored = EthernetFcs.read(frame, offset + frameLength);
            final int computed = EthernetFcs.crc32(frame, offset, frameLength);
            if (stored != computed)
            {
                return fail(CnpDecodeStatus.BAD_FCS, stored & 0xFFFF_FFFFL, computed & 0xFFFF_FFFFL);
            }
        }

        int etherType = get16(frame, offset + 12);
        final boolean tagged = etherType == ETHERTYPE_VLAN;
        int tci = 0;
        int l2Length = ETHERNET_HEADER_LENGTH;
        if (tagged)
        {
            tci = get16(frame, offset + 14);
            etherType = get16(frame, offset + 16);
            l2Length += VLAN_TAG_LENGTH;
        }
        if (etherType != ETHERTYPE_IPV4)
        {
            return fail(CnpDecodeStatus.WRONG_ETHERTYPE, etherType, ETHERTYPE_IPV4);
        }

        final int ip = offset + l2Length;
        final int versionIhl = frame[ip + IP_VERSION_IHL] & 0xFF;
        if (versionIhl >>> 4 != 4)
        {
            return fail(CnpDecodeStatus.NOT_IPV4, versionIhl >>> 4, 4);
        }
        if ((versionIhl & 0xF) != 5)
        {
            return fail(CnpDecodeStatus.BAD_IHL, versionIhl & 0xF, 5);
        }
        if (!InternetChecksum.verify(frame, ip, IPV4_HEADER_LENGTH))
        {
            return failChecksum(CnpDecodeStatus.BAD_IPV4_CHECKSUM, frame, ip, IPV4_HEADER_LENGTH, IP_CHECKSUM);
        }
        final int totalLength = get16(frame, ip + IP_TOTAL_LENGTH);
        if (totalLength != IPV4_TOTAL_LENGTH)
        {
            return fail(CnpDecodeStatus.BAD_IPV4_TOTAL_LENGTH, totalLength, IPV4_TOTAL_LENGTH);
        }
        final int flagsFragment = get16(frame, ip + IP_FLAGS_FRAGMENT);
        if ((flagsFragment & 0x3FFF) != 0)
        {
            return fail(CnpDecodeStatus.IPV4_FRAGMENT, flagsFragment, IPV4_FLAGS_DF);
        }
        final int protocol = frame[ip + IP_PROTOCOL] & 0xFF;
        if (protocol != IP_PROTOCOL_ICMP)
        {
            return fail(CnpDecodeStatus.NOT_ICMP, protocol, IP_PROTOCOL_ICMP);
        }

        final int icmp = ip + IPV4_HEADER_LENGTH;
        if (frameLength < l2Length + IPV4_TOTAL_LENGTH)
        {
            return fail(CnpDecodeStatus.TRUNCATED, length, l2Length + IPV4_TOTAL_LENGTH + fcsLength);
        }
        final int type = frame[icmp + ICMP_TYPE_OFFSET] & 0xFF;
        if (type != ICMP_TYPE)
        {
            return fail(CnpDecodeStatus.WRONG_ICMP_TYPE, type, ICMP_TYPE);
        }
        final int code = frame[icmp + ICMP_CODE_OFFSET] & 0xFF;
        if (code != ICMP_CODE)
        {
            return fail(CnpDecodeStatus.WRONG_ICMP_CODE, code, ICMP_CODE);
        }
        if (!InternetChecksum.verify(frame, icmp, ICMP_LENGTH))
        {
            return failChecksum(CnpDecodeStatus.BAD_ICMP_CHECKSUM, frame, icmp, ICMP_LENGTH, ICMP_CHECKSUM);
        }
        final int expectedLength = dataLength(l2Length);
        if (frameLength < expectedLength)
        {
            return fail(CnpDecodeStatus.TRUNCATED, length, expectedLength + fcsLength);
        }
        if (frameLength > expectedLength)
        {
            return fail(CnpDecodeStatus.BAD_FRAME_LENGTH, length, expectedLength + fcsLength);
        }

        into.dstMac(getMac(frame, offset))
            .srcMac(getMac(frame, offset + 6))
            .vlanTagged(tagged)
            .pcp(tci >>> 13)
            .vid(tci & 0xFFF)
            .srcIp(get32(frame, ip + IP_SRC))
            .dstIp(get32(frame, ip + IP_DST))
            .dscp((frame[ip + IP_TOS] & 0xFF) >>> 2)
            .ttl(frame[ip + IP_TTL] & 0xFF)
            .identification(get16(frame, ip + IP_IDENTIFICATION));
        final int protocolRate = get32(frame, icmp + ICMP_FLOW_PROTOCOL);
        into.flowProtocol(protocolRate >>> 24)
            .fairRate(protocolRate & CnpPacket.MAX_FAIR_RATE)
            .switchId(get16(frame, icmp + ICMP_SWITCH_ID))
            .egressPort(get16(frame, icmp + ICMP_EGRESS_PORT))
            .flowSrcIp(get32(frame, icmp + ICMP_FLOW_SRC_IP))
            .flowDstIp(get32(frame, icmp + ICMP_FLOW_DST_IP))
            .flowSrcPort(get16(frame, icmp + ICMP_FLOW_SRC_PORT))
            .flowDstPort(get16(frame, icmp + ICMP_FLOW_DST_PORT));
        errorFound = 0;
        errorExpected = 0;
        return CnpDecodeStatus.OK;
    }

    /**
     * {@link #tryDecode}, throwing on a bad frame.
     *
     * @throws CnpFormatException naming the failed check, the value found and the value expected.
     */
    public void decode(final byte[] frame, final int offset, final int length, final CnpPacket into)
    {
        final CnpDecodeStatus status = tryDecode(frame, offset, length, into);
        if (status != CnpDecodeStatus.OK)
        {
            throw new CnpFormatException(status, describe(status, errorFound, errorExpected));
        }
    }

    /** The value the last failed {@link #tryDecode} found (a length, a field, a checksum). */
    public long errorFound()
    {
        return errorFound;
    }

    /** The value the last failed {@link #tryDecode} expected. */
    public long errorExpected()
    {
        return errorExpected;
    }

    /** One-line description of a failure, e.g. {@code "bad ICMP checksum: found 0x1234, expected 0x089e"}. */
    public static String describe(final CnpDecodeStatus status, final long found, final long expected)
    {
        return switch (status)
        {
            case OK -> status.description();
            case TRUNCATED, BAD_FRAME_LENGTH ->
                status.description() + ": " + found + " bytes, a CNP has " + expected;
            case WRONG_ETHERTYPE -> status.description() + ": found " + hex(found, 4);
            case BAD_IPV4_CHECKSUM, BAD_ICMP_CHECKSUM ->
                status.description() + ": found " + hex(found, 4) + ", expected " + hex(expected, 4);
            case IPV4_FRAGMENT -> status.description() + ": flags/fragment offset " + hex(found, 4);
            case BAD_FCS -> status.description() + ": found " + hex(found, 8) + ", expected " + hex(expected, 8);
            default -> status.description() + ": found " + found;
        };
    }

    private static String hex(final long value, final int digits)
    {
        final String s = Long.toHexString(value);
        return "0x" + "0".repeat(Math.max(0, digits - s.length())) + s;
    }

    private CnpDecodeStatus fail(final CnpDecodeStatus status, final long found, final long expected)
    {
        errorFound = found;
        errorExpected = expected;
        return status;
    }

    private CnpDecodeStatus failChecksum(
        final CnpDecodeStatus status,
        final byte[] frame,
        final int start,
        final int length,
        final int checksumOffset)
    {
        final int stored = get16(frame, start + checksumOffset);
        // Sum without the stored checksum: subtracting in one's complement is adding the complement.
        final int sumWithout = InternetChecksum.add(InternetChecksum.sum(frame, start, length, 0), ~stored);
        return fail(status, stored, ~sumWithout & 0xFFFF);
    }

    private static int dataLength(final int l2Length)
    {
        return Math.max(MIN_FRAME_LENGTH, l2Length + IPV4_TOTAL_LENGTH);
    }

    private static void checkRange(final byte[] frame, final int offset, final int length)
    {
        if (offset < 0 || length < 0 || (long)offset + length > frame.length)
        {
            throw new IllegalArgumentException(
                "frame [" + offset + ", " + ((long)offset + length) + ") outside array of " + frame.length);
        }
    }

    private static void putMac(final byte[] frame, final int at, final long mac)
    {
        put16(frame, at, (int)(mac >>> 32));
        put32(frame, at + 2, (int)mac);
    }

    private static long getMac(final byte[] frame, final int at)
    {
        return (long)get16(frame, at) << 32 | (get32(frame, at + 2) & 0xFFFF_FFFFL);
    }

    /** Stores the low 16 bits of {@code value} in network order. */
    static void put16(final byte[] frame, final int at, final int value)
    {
        frame[at] = (byte)(value >>> 8);
        frame[at + 1] = (byte)value;
    }

    /** Stores {@code value} in network order. */
    static void put32(final byte[] frame, final int at, final int value)
    {
        frame[at] = (byte)(value >>> 24);
        frame[at + 1] = (byte)(value >>> 16);
        frame[at + 2] = (byte)(value >>> 8);
        frame[at + 3] = (byte)value;
    }

    /** The unsigned 16-bit network-order value at {@code at}. */
    static int get16(final byte[] frame, final int at)
    {
        return (frame[at] & 0xFF) << 8 | (frame[at + 1] & 0xFF);
    }

    /** The 32-bit network-order value at {@code at}. */
    static int get32(final byte[] frame, final int at)
    {
        return (frame[at] & 0xFF) << 24 | (frame[at + 1] & 0xFF) << 16 | (frame[at + 2] & 0xFF) << 8 |
            (frame[at + 3] & 0xFF);
    }
}
