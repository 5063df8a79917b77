package dev.ccsilicon.blocks.roccflowtable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class CnpPacketTest
{
    @Test
    void defaultsAreTheHighPriorityClass()
    {
        final CnpPacket p = new CnpPacket();
        assertEquals(48, p.dscp());
        assertEquals(6, p.pcp());
        assertEquals(64, p.ttl());
    }

    @Test
    void settersRejectValuesOutsideTheFieldWidth()
    {
        final CnpPacket p = new CnpPacket();
        assertThrows(IllegalArgumentException.class, () -> p.fairRate(1 << 24));
        assertThrows(IllegalArgumentException.class, () -> p.fairRate(-1));
        assertThrows(IllegalArgumentException.class, () -> p.pcp(8));
        assertThrows(IllegalArgumentException.class, () -> p.vid(4096));
        assertThrows(IllegalArgumentException.class, () -> p.dscp(64));
        assertThrows(IllegalArgumentException.class, () -> p.ttl(256));
        assertThrows(IllegalArgumentException.class, () -> p.identification(65536));
        assertThrows(IllegalArgumentException.class, () -> p.switchId(65536));
        assertThrows(IllegalArgumentException.class, () -> p.egressPort(-1));
        assertThrows(IllegalArgumentException.class, () -> p.flowProtocol(256));
        assertThrows(IllegalArgumentException.class, () -> p.flowSrcPort(65536));
        assertThrows(IllegalArgumentException.class, () -> p.flowDstPort(65536));
        assertThrows(IllegalArgumentException.class, () -> p.dstMac(1L << 48));
        assertThrows(IllegalArgumentException.class, () -> p.srcMac(-1L));
        assertEquals(CnpPacket.MAX_FAIR_RATE, p.fairRate(CnpPacket.MAX_FAIR_RATE).fairRate());
    }

    @Test
    void equalityIgnoresPcpAndVidOnlyWhenUntagged()
    {
        final CnpPacket a = CnpFixtures.golden().pcp(1).vid(2);
        final CnpPacket b = CnpFixtures.golden().pcp(3).vid(4);
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        a.vlanTagged(true);
        b.vlanTagged(true);
        assertNotEquals(a, b);
        assertEquals(a, new CnpPacket().copyFrom(a));
        assertNotEquals(CnpFixtures.golden(), CnpFixtures.golden().fairRate(401));
    }

    @Test
    void toStringShowsAddressesInDottedForm()
    {
        assertEquals("CnpPacket{dstMac=02:aa:bb:cc:dd:01, srcMac=02:11:22:33:44:05, untagged, srcIp=10.255.0.5, " +
            "dstIp=10.0.0.1, dscp=48, ttl=64, identification=4660, fairRate=400, cp=5/17, " +
            "flow=10.0.0.1:49152->10.0.1.2:4791/17}", CnpFixtures.golden().toString());
    }
}
