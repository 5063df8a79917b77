package dev.ccsilicon.blocks.roccflowtable;

import dev.ccsilicon.hdl.ClockDomain;
import dev.ccsilicon.hdl.ResourceReport;
import dev.ccsilicon.hdl.SeededRandom;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What is not pin-level: the flow hash and key packing (functional units) and the model's resource
 * report. The block's pin-level behaviour (counting, full buckets, saturation, scans, CNPs, rate
 * limit, arbitration, latencies) is tested on the model and on the RTL alike by cosim's
 * {@code RoccFlowTableSuite}.
 */
class RoccFlowTableTest
{
    private static final RoccFlowTableConfig SMALL = new RoccFlowTableConfig(4, 3, 2, 4, 16, 8, 24, 16, 3);

    @Test
    void hashIsTheBitSerialCrcAndMatchesTheDocumentedVector()
    {
        final SeededRandom r = new SeededRandom(1, "hash");
        for (int i = 0; i < 100_000; i++)
        {
            final long hi = r.nextLong() & 0xFF_FFFF_FFFFL;
            final long lo = r.nextLong();
            assertEquals(FlowKey.crcBitSerial(hi, lo), FlowKey.crc(hi, lo));
        }
        // The docs' test vector: 10.0.0.1:49152 -> 10.0.1.2:4791 UDP.
        final long hi = FlowKey.hi(0x0A000001, 0x0A000102);
        final long lo = FlowKey.lo(0x0A000102, 17, 49152, 4791);
        assertEquals(0x0A0000010AL, hi);
        assertEquals(0x000102_11_C000_12B7L, lo);
        assertEquals(0x3D08F579, FlowKey.crc(hi, lo), () -> Integer.toHexString(FlowKey.crc(hi, lo)));
    }

    @Test
    void keyFieldsRoundTrip()
    {
        final long hi = FlowKey.hi(0xC0A80101, 0xFFFEFDFC);
        final long lo = FlowKey.lo(0xFFFEFDFC, 6, 0xFFFF, 1);
        assertEquals(0xC0A80101, FlowKey.srcIp(hi, lo));
        assertEquals(0xFFFEFDFC, FlowKey.dstIp(hi, lo));
        assertEquals(6, FlowKey.proto(hi, lo));
        assertEquals(0xFFFF, FlowKey.srcPort(hi, lo));
        assertEquals(1, FlowKey.dstPort(hi, lo));
    }

    @Test
    void resourceReportMatchesTheDocumentedBits()
    {
        final ResourceReport r = ResourceReport.of(domainOf(RoccFlowTableConfig.defaults()));
        assertEquals(1_966_080L, r.totalSramBits(), "64 ports x 64 buckets x 4 ways x (16 + 104) bits");
        assertEquals(RoccFlowTableConfig.defaults().sramBits(), r.totalSramBits());
        assertEquals(3_441L, r.totalFlops(), r::toString);
        final ResourceReport rs = ResourceReport.of(domainOf(SMALL));
        assertEquals(4L * 8 * 2 * (4 + 104), rs.totalSramBits());
        assertEquals(1_480L, rs.totalFlops(), rs::toString);
    }

    /** The block alone in its clock domain, reset, as the report walks it. */
    private static ClockDomain domainOf(final RoccFlowTableConfig cfg)
    {
        final RoccFlowTable dut = new RoccFlowTable(null, cfg);
        dut.configure(1, 1);
        final ClockDomain clk = ClockDomain.ofFrequencyHz("clk", 1e9).add(dut);
        clk.reset();
        return clk;
    }
}
