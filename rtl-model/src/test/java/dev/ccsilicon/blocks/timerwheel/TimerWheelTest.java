package dev.ccsilicon.blocks.timerwheel;

import dev.ccsilicon.blocks.timerwheel.TimerWheelHarness.Expiry;
import dev.ccsilicon.hdl.SeededRandom;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Model-only tests of {@link TimerWheel}: what the pins cannot show (SRAM port conflicts, the
 * response queue's occupancy) and a scale the RTL build is not made for. The pin-level behaviour
 * is tested on every level by the suite in
 * {@code cosim/src/test/java/dev/ccsilicon/cosim/blocks/timerwheel/TimerWheelSuite.java}.
 */
class TimerWheelTest
{
    /** 16 QPs, 16 slots of 8 cycles (horizon 128), one lane, 16-bit time. */
    static final TimerWheelConfig SMALL = new TimerWheelConfig(16, 16, 8, 1, 16, 8, 16);

    @Test
    void armAndExpiryNeedNoSramPortTheyDoNotHave()
    {
        final TimerWheelHarness h = new TimerWheelHarness(SMALL).initialised();
        assertEquals(16, h.clk.cycle(), "one meta clear per QP after reset");
        h.arm(3, 100);
        h.stepTo(200);
        assertEquals(1, h.expiries.size());
        assertEquals(0, h.wheel.sramConflicts());
    }

    @Test
    void commandsWaitingForTheResponseQueueLeaveItFull()
    {
        final TimerWheelHarness h = new TimerWheelHarness(SMALL).initialised();
        h.rspReady = false;
        for (int qp = 0; qp < 10; qp++)
        {
            h.arm(qp, 100);
        }
        h.step(50);
        assertEquals(3, h.wheel.rsp().occupancy(), "response queue full");
        assertEquals(3, h.wheel.armedCount(), "no command issued without room for its response");
    }

    @Test
    void aMillionQpModel()
    {
        final TimerWheelConfig cfg = new TimerWheelConfig(1 << 20, 1024, 64, 4, 32, 16, 32);
        assertEquals(49, cfg.bitsPerQp(), "1 + 10 + 2 * (1 + 18)");
        final TimerWheelHarness h = new TimerWheelHarness(cfg).initialised();
        assertEquals(1 << 18, h.clk.cycle(), "each lane clears its 2^18 QPs");
        final SeededRandom rnd = new SeededRandom(3, "million");
        final Map<Integer, Long> armed = new HashMap<>();
        while (armed.size() < 5000)
        {
            final int qp = rnd.nextInt(cfg.numQps());
            final long d = h.clk.cycle() + 20_000 + rnd.nextLong(cfg.horizonCycles() - 24_000);
            if (armed.putIfAbsent(qp, d) == null)
            {
                h.arm(qp, d);
            }
        }
        h.step((int)(2 * cfg.horizonCycles()));
        assertEquals(5000, h.responses.size());
        assertEquals(List.of(), h.responses.stream().filter(r -> r.code() != TimerWheel.RSP_ARMED).limit(3).toList());
        assertEquals(5000, h.expiries.size());
        for (final Expiry e : h.expiries)
        {
            assertEquals(armed.get(e.qp()) & ~63L, e.deadline(), "qp " + e.qp());
            assertEquals(e.qp() & 3, e.lane());
        }
        assertEquals(0, h.wheel.armedCount());
        assertEquals(0, h.wheel.sramConflicts());
    }

    private static List<Integer> qps(final List<Expiry> expiries)
    {
        return expiries.stream().map(Expiry::qp).toList();
    }
}
