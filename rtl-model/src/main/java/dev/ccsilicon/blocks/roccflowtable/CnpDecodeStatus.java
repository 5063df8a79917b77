package dev.ccsilicon.blocks.roccflowtable;

/**
 * Outcome of {@link CnpCodec#tryDecode}: {@link #OK} or the first check the frame failed, in the
 * order the decoder checks them (length and FCS, Ethernet, IPv4, ICMP, frame length).
 */
public enum CnpDecodeStatus
{
    OK("valid CNP"),
    TRUNCATED("frame too short"),
    BAD_FCS("bad Ethernet FCS"),
    WRONG_ETHERTYPE("EtherType is not IPv4 (0x0800)"),
    NOT_IPV4("IP version is not 4"),
    BAD_IHL("IPv4 IHL is not 5 (options are not allowed)"),
    BAD_IPV4_CHECKSUM("bad IPv4 header checksum"),
    BAD_IPV4_TOTAL_LENGTH("IPv4 total length is not 44"),
    IPV4_FRAGMENT("IPv4 packet is a fragment"),
    NOT_ICMP("IPv4 protocol is not ICMP (1)"),
    WRONG_ICMP_TYPE("ICMP type is not 253"),
    WRONG_ICMP_CODE("ICMP code is not 0"),
    BAD_ICMP_CHECKSUM("bad ICMP checksum"),
    BAD_FRAME_LENGTH("frame longer than a CNP");

    private final String description;

    CnpDecodeStatus(final String description)
    {
        this.description = description;
    }

    /** One-line description of the check. */
    public String description()
    {
        return description;
    }
}
