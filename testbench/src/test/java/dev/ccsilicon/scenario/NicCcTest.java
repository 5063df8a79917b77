package dev.ccsilicon.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.OptionalLong;

import org.junit.jupiter.api.Test;

/** {@code nic.cc} as SPEC §8.2 spells it ({@code blocks}, alias {@code block}) and DCQCN's firmware keys. */
class NicCcTest
{
    private static final String YAML = """
        name: cc
        algorithm: dcqcn
        duration: 1ms
        defaults:
          link: {rate: 40Gbps, delay: 1us}
        hosts: [H1, R]
        switches: [S]
        links:
          - {a: H1, b: S}
          - {a: S, b: R}
        flows:
          - {id: F1, src: H1, dst: R}
        """;

    private static Scenario parse(final String... set)
    {
        return ScenarioLoader.parse(YAML, "cc.yaml", List.of(set), OptionalLong.empty());
    }

    @Test
    void blocksIsTheSpellingAndBlockItsAlias()
    {
        assertEquals("blocks", NicCc.BLOCK.key());
        assertEquals("firmware", NicCc.FIRMWARE.key());
        assertEquals(NicCc.BLOCK, NicCc.ofKey("blocks"));
        assertEquals(NicCc.BLOCK, NicCc.ofKey("block"));
        assertNull(NicCc.ofKey("Blocks"));
        assertEquals(NicCc.BLOCK, parse().nic().cc(), "blocks by default");
        assertEquals(NicCc.BLOCK, parse("nic.cc=blocks").nic().cc());
        assertEquals(NicCc.BLOCK, parse("nic.cc=block").nic().cc());
        assertEquals(NicCc.FIRMWARE, parse("nic.cc=firmware").nic().cc());
    }

    @Test
    void burstAndTimerEventsTakeTheirDefaultsWhenAbsent()
    {
        final NicFirmware fw = parse("nic.cc=firmware").nic().firmware();
        assertEquals(16, fw.burstPackets());
        assertNull(fw.timerEvents(), "the algorithm decides");
        assertEquals(false, fw.timerEvents(false));
        assertEquals(true, fw.timerEvents(true));
        final NicFirmware set = parse("nic.cc=firmware", "nic.firmware.burst=65535", "nic.firmware.timer_events=false")
            .nic().firmware();
        assertEquals(65535, set.burstPackets());
        assertEquals(false, set.timerEvents(true));
    }

    @Test
    void theNs3ProfileHasNoFirmware()
    {
        final ScenarioError e = assertThrows(ScenarioError.class, () -> parse("nic.cc=firmware", "nic.dcqcn.profile=ns3"));
        assertEquals("nic.dcqcn.profile", e.field());
        assertTrue(e.reason().contains("'ns3' is not available with nic.cc: firmware (dcqcn_rp follows the paper profile)"),
            e.reason());
        assertEquals(NicCc.BLOCK, parse("nic.dcqcn.profile=ns3", "nic.dcqcn.cnp_mode=paper").nic().cc(),
            "the blocks run ns3");
    }
}
