package dev.ccsilicon.firmware.nic;

/** Which CNP payload (event words 8 and 9) a merge of two CNPs keeps. */
public enum CnpMerge
{
    /** The arriving CNP's payload (the newest congestion signal). */
    LATEST,
    /** The payload whose word 8 (the rate, compared unsigned as a whole word) is lower: the most restrictive. */
    LOWEST_PAYLOAD
}
