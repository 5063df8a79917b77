package dev.ccsilicon.net.dcqcn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

import dev.ccsilicon.firmware.pcc.DcqcnRpProgram;
import dev.ccsilicon.firmware.pcc.PccAbi;
import dev.ccsilicon.firmware.pcc.PccFirmware;
import dev.ccsilicon.net.Topology;
import dev.ccsilicon.net.cc.CcHook;
import dev.ccsilicon.scenario.Scenario;
import dev.ccsilicon.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;

/**
 * The DCQCN firmware glue without a network: packets and CNPs in at chosen times, TX events and pacer
 * rates out. One sending host (H1, 40 Gb/s) with one flow.
 */
class DcqcnHostFirmwareTest
{
    private static final long US = 1_000_000;
    private static final int WIRE = 1064;
    private static final String YAML = """
        name: nic
        algorithm: dcqcn
        duration: 10ms
        defaults:
          link: {rate: 40Gbps, delay: 1us}
        hosts: [H1, R]
        switches: [S]
        links:
          - {a: H1, b: S}
          - {a: S, b: R}
        flows:
          - {id: F1, src: H1, dst: R}
        nic:
          cc: firmware
          dcqcn: {g: 0.00390625, alpha_timer: 55us, rate_timer: 60us, byte_counter: 32767B, fast_recovery: 5,
                  rate_ai: 40Mbps, rate_hai: 200Mbps, rate_min: 100Mbps}
        """;

    /** The network's side: wakes (a later request replaces an earlier one) and the pacer's log. */
    static final class Bench implements DcqcnParts.Events
    {
        final DcqcnHostFirmware rp;
        final List<long[]> changes = new ArrayList<>();
        long wakeAt = CcHook.NEVER;

        Bench(final String... overrides)
        {
            final Scenario scenario = ScenarioLoader.parse(YAML, "nic.yaml", List.of(overrides), OptionalLong.empty());
            rp = new DcqcnHostFirmware(scenario, new Topology(scenario), new int[] {1, 0, 0}, this);
        }

        void request(final long at)
        {
            if (at != CcHook.NEVER)
            {
                wakeAt = at;
            }
        }

        void runTo(final long t)
        {
            while (wakeAt <= t)
            {
                final long now = wakeAt;
                wakeAt = CcHook.NEVER;
                final long next = rp.wake(0, now);
                if (next != CcHook.NEVER)
                {
                    wakeAt = Math.max(next, now + 1);
                }
            }
        }

        void sent(final long t, final boolean last)
        {
            runTo(t);
            request(rp.onSent(0, 0, WIRE, last, t));
        }

        void cnp(final long t)
        {
            runTo(t);
            request(rp.onCnp(0, 0, t));
        }

        long rateBps()
        {
            return rp.limited(0, 0) ? rp.rc(0, 0) * DcqcnFormats.RATE_UNIT_BPS : Long.MAX_VALUE;
        }

        @Override
        public void rateChanged(final int host, final int qp, final long nowPs)
        {
            changes.add(new long[] {nowPs, rateBps()});
        }

        @Override
        public void cnp(final int host, final int qp, final long nowPs)
        {
            throw new AssertionError("a reaction point sends no CNPs");
        }
    }

    private static int param(final Bench b, final int id)
    {
        final PccFirmware fw = b.rp.nic(0).firmware();
        return fw.param(0, b.rp.nic(0).config().algoSlot(), id);
    }

    @Test
    void theBlocksParametersGoToTheProgram()
    {
        final Bench lazy = new Bench();
        assertEquals(256_000, param(lazy, DcqcnRpProgram.P_RATE_LINE), "40 Gb/s in 156.25 kb/s units");
        assertEquals(640, param(lazy, DcqcnRpProgram.P_RATE_MIN));
        assertEquals(256, param(lazy, DcqcnRpProgram.P_RATE_AI));
        assertEquals(1280, param(lazy, DcqcnRpProgram.P_RATE_HAI));
        assertEquals(256, param(lazy, DcqcnRpProgram.P_G16));
        assertEquals(5, param(lazy, DcqcnRpProgram.P_F));
        assertEquals(60_000, param(lazy, DcqcnRpProgram.P_T_INC_NS));
        assertEquals(55_000, param(lazy, DcqcnRpProgram.P_K_NS));
        assertEquals(32_767, param(lazy, DcqcnRpProgram.P_BYTES));
        assertEquals(0, param(lazy, DcqcnRpProgram.P_MIN_CUT_GAP_NS), "every CNP cuts, as the paper profile's block");
        assertEquals(DcqcnRpProgram.ALPHA_ONE, param(lazy, DcqcnRpProgram.P_ALPHA_INIT));
        assertEquals(0, param(lazy, DcqcnRpProgram.P_TIMER_MODE), "lazy timers by default");
        assertFalse(lazy.rp.nic(0).config().timerEvents(), "no TIMER service by default for dcqcn");
        assertEquals(16, lazy.rp.bursts(0).burst(), "burst 16 by default");

        final Bench timer = new Bench("nic.firmware.timer_events=true", "nic.firmware.burst=4");
        assertEquals(1, param(timer, DcqcnRpProgram.P_TIMER_MODE));
        assertTrue(timer.rp.nic(0).config().timerEvents());
        assertEquals(4, timer.rp.bursts(0).burst());
    }

    @Test
    void aCnpHalvesTheRateAfterTheFirmwaresLatencyAndAnIdlePacerFlushesItsBurst()
    {
        final Bench b = new Bench();
        final long t0 = 100 * US;
        b.cnp(t0);
        b.runTo(t0 + 5 * US);
        assertEquals(1, b.changes.size());
        assertEquals(20_000_000_000L, b.changes.get(0)[1], "α = 1 halves 40 Gb/s");
        final long lagPs = b.changes.get(0)[0] - t0;
        assertTrue(lagPs > 100_000 && lagPs < 2 * US, "applied " + lagPs + " ps after the CNP");

        // Three packets at 20 Gb/s (425.6 ns each), then nothing: the burst of 16 closes as idle.
        final long t1 = t0 + 10 * US;
        for (int i = 0; i < 3; i++)
        {
            b.sent(t1 + i * 426_000L, false);
        }
        assertEquals(0, b.rp.nic(0).counters().offered(PccAbi.EV_TX), "the burst is open");
        final long deadline = b.rp.bursts(0).idleDeadlinePs(0);
        assertEquals(t1 + 2 * 426_000L + 4 * 425_600L, deadline, "four packet times at 20 Gb/s after the last packet");
        b.runTo(deadline - 1);
        assertEquals(0, b.rp.nic(0).counters().offered(PccAbi.EV_TX));
        b.runTo(deadline);
        assertEquals(1, b.rp.nic(0).counters().offered(PccAbi.EV_TX), "flushed at the idle deadline");
        assertEquals(3, b.rp.bursts(0).packets());
        b.runTo(deadline + 5 * US);
        assertEquals(1, b.rp.nic(0).counters().handled(PccAbi.EV_TX));

        // 16 packets close one burst at the 16th; the message's last packet closes the next at once.
        final long t2 = deadline + 10 * US;
        for (int i = 0; i < 16; i++)
        {
            b.sent(t2 + i * 426_000L, false);
        }
        assertEquals(2, b.rp.nic(0).counters().offered(PccAbi.EV_TX));
        b.sent(t2 + 16 * 426_000L, true);
        assertEquals(3, b.rp.nic(0).counters().offered(PccAbi.EV_TX));
        assertEquals(20, b.rp.bursts(0).packets());
        assertEquals(3, b.rp.bursts(0).events());
    }

    @Test
    void programsThatDisableTxGetTheirTxEventsDroppedAtTheDoorAndCounted()
    {
        final Bench b = new Bench("nic.firmware.program=rocc_rp", "nic.firmware.burst=1");
        for (int i = 0; i < 5; i++)
        {
            b.sent(i * US, false);
        }
        assertEquals(5, b.rp.nic(0).counters().offered(PccAbi.EV_TX));
        assertEquals(5, b.rp.nic(0).counters().droppedDisabled(PccAbi.EV_TX), "rocc_rp disables TX events");
        assertEquals(0, b.rp.nic(0).counters().handled(PccAbi.EV_TX));
    }
}
