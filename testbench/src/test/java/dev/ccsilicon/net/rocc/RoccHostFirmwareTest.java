package dev.ccsilicon.net.rocc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;

import dev.ccsilicon.net.Topology;
import dev.ccsilicon.net.cc.CcHook;
import dev.ccsilicon.net.firmware.FirmwareHostReport;
import dev.ccsilicon.scenario.Scenario;
import dev.ccsilicon.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;

/**
 * The firmware NIC glue driven without a network: a CNP in at a chosen time, the pacer's rates and
 * their times out. rocc_rp's decisions are the reference's (3, 6, clamped 10 Gb/s, then no limiter,
 * one recovery period apart), each applied after the firmware's latency and never before its apply
 * cycle.
 */
class RoccHostFirmwareTest
{
    private static final long US = 1_000_000;
    private static final long UNLIMITED = RoccHost.UNLIMITED;
    private static final String YAML = """
        name: nic
        algorithm: rocc
        duration: 10ms
        defaults:
          link: {rate: 10Gbps, delay: 1us}
        hosts: [A0, A1, B0]
        switches: [S0]
        links:
          - {a: A0, b: S0}
          - {a: A1, b: S0}
          - {a: S0, b: B0}
        flows:
          - {id: F0, src: A0, dst: B0, start: 0ms, size: infinite, demand: 10Gbps}
          - {id: F1, src: A0, dst: B0, start: 0ms, size: infinite, demand: 10Gbps}
          - {id: F2, src: A1, dst: B0, start: 0ms, size: infinite, demand: 10Gbps}
        nic:
          cc: firmware
          rocc: {recovery: 10us}
        """;

    /** A pacer log and the network's wake rule (a wake is never before now, nor again at now). */
    static final class Bench implements RoccContext
    {
        final RoccHostFirmware cc;
        final long[] wakeAt;
        final List<long[]> changes = new ArrayList<>();
        long now;

        Bench(final String... overrides)
        {
            final Scenario scenario = ScenarioLoader.parse(YAML, "nic.yaml", List.of(overrides), OptionalLong.empty());
            cc = new RoccHostFirmware(scenario, new Topology(scenario), this, RoccSection.FIRMWARE_PROGRAM);
            wakeAt = new long[cc.wakeSlots()];
            Arrays.fill(wakeAt, CcHook.NEVER);
        }

        void runTo(final long t)
        {
            while (true)
            {
                int slot = -1;
                for (int s = 0; s < wakeAt.length; s++)
                {
                    if (wakeAt[s] <= t && (slot < 0 || wakeAt[s] < wakeAt[slot]))
                    {
                        slot = s;
                    }
                }
                if (slot < 0)
                {
                    now = t;
                    return;
                }
                now = wakeAt[slot];
                wakeAt[slot] = CcHook.NEVER;
                final long next = cc.wake(slot, now);
                if (next != CcHook.NEVER)
                {
                    assertTrue(next >= now, "wake at " + next + " before " + now);
                    wakeAt[slot] = Math.max(next, now + 1);
                }
            }
        }

        void cnp(final long t, final int flow, final long rateField, final int cp)
        {
            runTo(t);
            cc.onCnp(flow, rateField, cp, t);
        }

        List<long[]> of(final int flow)
        {
            final List<long[]> out = new ArrayList<>();
            for (final long[] c : changes)
            {
                if (c[0] == flow)
                {
                    out.add(new long[] {c[1], c[2]});
                }
            }
            return out;
        }

        @Override
        public long queueBytes(final int port)
        {
            return 0;
        }

        @Override
        public void sendCnp(final int port, final int flow, final long rateField, final int cpId, final long nowPs)
        {
            throw new AssertionError("a reaction point sends no CNPs");
        }

        @Override
        public void rateChanged(final int flow, final long nowPs)
        {
            assertEquals(now, nowPs, "rate change timed at the adapter's call");
            changes.add(new long[] {flow, nowPs, cc.rateBps(flow)});
        }

        @Override
        public void requestWake(final CcHook hook, final int slot, final long atPs)
        {
            assertTrue(atPs >= now, "wake asked for at " + atPs + ", before now " + now);
            wakeAt[slot] = atPs;
        }
    }

    @Test
    void theParametersAreTheHostsLineRateAndTheRecoveryTimerAfterInit()
    {
        final Bench b = new Bench("nic.rocc.recovery=137.5us");
        final int slot = b.cc.nic(0).config().algoSlot();
        for (int port = 0; port < 4; port++)
        {
            assertEquals(1000, b.cc.firmware(0).param(port, slot, RoccHostFirmware.P_RATE_MAX), "10 Gb/s in 10 Mb/s units");
            assertEquals(137_500, b.cc.firmware(0).param(port, slot, RoccHostFirmware.P_RECOVERY_NS));
        }
    }

    @Test
    void aCnpLimitsTheFlowAfterTheFirmwaresLatencyAndTheTimerDoublesItToLineRateThenRemovesIt()
    {
        final Bench b = new Bench();
        final long t0 = 5 * US;
        b.cnp(t0, 1, 300, 7);
        b.runTo(100 * US);
        final List<long[]> f1 = b.of(1);
        final long[] expect = {3_000_000_000L, 6_000_000_000L, 10_000_000_000L, UNLIMITED};
        assertEquals(expect.length, f1.size(), () -> "changes of F1: " + f1.stream().map(Arrays::toString).toList());
        for (int k = 0; k < expect.length; k++)
        {
            assertEquals(expect[k], f1.get(k)[1], "change " + k);
            final long late = f1.get(k)[0] - (t0 + k * 10 * US);
            assertTrue(late > 0 && late < 2 * US, "change " + k + " is " + late + " ps after the reference's time");
        }
        assertEquals(List.of(), b.of(0), "F0 shares the NIC but got no CNP");
        assertEquals(List.of(), b.of(2));
        assertEquals(UNLIMITED, b.cc.rateBps(1));
        final FirmwareHostReport a0 = b.cc.reports().get(0);
        assertEquals("A0", a0.host());
        assertEquals(1, a0.events().get("cnp").handled());
        assertEquals(3, a0.events().get("timer").handled());
        assertTrue(a0.applyLatencyP50Ns() > 0 && a0.applyLatencyP99Ns() >= a0.applyLatencyP50Ns(), a0.toString());
    }

    @Test
    void aResultIsAppliedAtItsApplyCycleNotWhenTheHandlerEnds()
    {
        // 900000 cycles at 1.8 GHz = 500 us of apply latency: the rate must not change before then.
        final Bench b = new Bench("nic.firmware.dispatch.apply_latency=900000");
        final long t0 = 5 * US;
        b.cnp(t0, 2, 300, 7);
        b.runTo(t0 + 499 * US);
        assertEquals(List.of(), b.of(2), "applied before its apply cycle");
        assertEquals(UNLIMITED, b.cc.rateBps(2));
        b.runTo(t0 + 502 * US);
        assertEquals(1, b.of(2).size());
        assertEquals(3_000_000_000L, b.cc.rateBps(2));
        final long late = b.of(2).get(0)[0] - t0;
        assertTrue(late >= 500 * US && late < 501 * US, "applied " + late + " ps after the CNP");
    }

    @Test
    void manyResultsHeldAtOnceAreAppliedInOrderEachAtItsOwnApplyCycle()
    {
        // 60 CNPs, 3 us apart over the three flows, with 500 us of apply latency: ~60 results wait at once.
        final Bench b = new Bench("nic.firmware.dispatch.apply_latency=900000");
        final int cnps = 60;
        final long[] at = new long[cnps];
        for (int k = 0; k < cnps; k++)
        {
            at[k] = 5 * US + k * 3 * US;
            b.cnp(at[k], k % 3, 100 + k, 7);
        }
        b.runTo(at[cnps - 1] + 502 * US);
        for (int flow = 0; flow < 3; flow++)
        {
            final List<long[]> changes = b.of(flow);
            assertTrue(changes.size() >= cnps / 3, "flow " + flow + ": " + changes.size() + " changes");
            for (int j = 0; j < cnps / 3; j++)
            {
                final int k = 3 * j + flow;
                // Same congestion point: every CNP is accepted and its F becomes the rate.
                assertEquals((100L + k) * 10_000_000L, changes.get(j)[1], "flow " + flow + " change " + j);
                final long late = changes.get(j)[0] - at[k];
                assertTrue(late >= 500 * US && late < 501 * US, "flow " + flow + " change " + j + " " + late + " ps after its CNP");
            }
        }
    }
}
