package dev.ccsilicon.hdl;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SimulatorTest
{
    @Test
    void domainsAdvanceInTimeOrderWithDeterministicTies()
    {
        final TestBlock fastTop = new TestBlock("fast");
        final TestBlock slowTop = new TestBlock("slow");
        final ClockDomain fast = ClockDomain.ofPeriodPs("fast", 1000).add(fastTop);
        final ClockDomain slow = ClockDomain.ofPeriodPs("slow", 1500).add(slowTop);
        final List<String> edges = new ArrayList<>();
        fastTop.logic = () -> edges.add("F" + fast.timePs());
        slowTop.logic = () -> edges.add("S" + slow.timePs());
        fast.reset();
        slow.reset();
        new Simulator(fast, slow).runUntilPs(6000);
        assertEquals(List.of("F0", "S0", "F1000", "S1500", "F2000", "F3000", "S3000", "F4000", "S4500", "F5000"), edges);
        assertEquals(6, fast.cycle());
        assertEquals(4, slow.cycle());
    }

    @Test
    void frequencyRoundsToWholePicoseconds()
    {
        assertEquals(6400, ClockDomain.ofFrequencyHz("c", 156.25e6).periodPs());
        assertEquals(3103, ClockDomain.ofFrequencyHz("c", 322.265625e6).periodPs());
        final ClockDomain d = ClockDomain.ofFrequencyHz("c", 1e9).add(new TestBlock("t"));
        d.run(5);
        assertEquals(5000, d.timePs());
    }
}
