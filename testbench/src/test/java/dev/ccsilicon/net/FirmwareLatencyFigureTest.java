package dev.ccsilicon.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

import dev.ccsilicon.net.cc.CcHook;
import dev.ccsilicon.net.rocc.RoccContext;
import dev.ccsilicon.net.rocc.RoccHost;
import dev.ccsilicon.net.rocc.RoccHostBlocks;
import dev.ccsilicon.net.rocc.RoccHostFirmware;
import dev.ccsilicon.net.rocc.RoccSection;
import dev.ccsilicon.scenario.Scenario;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The firmware's extra latency, seen on one rate step: the same CNP (F = 6 Gb/s) at the same time
 * into a NIC with the rocc_rp block (cycle model, 1 GHz) and into a firmware NIC (rocc_rp on the
 * dpa-bf3 preset). Both limit the flow to 6 Gb/s; the block within a few of its cycles, the
 * firmware after dispatch, context fetch, the handler and the apply latency.
 */
class FirmwareLatencyFigureTest
{
    private static final long T0 = 10_000_000L;

    /** The pacer changes of flow 0 after one CNP: {time ps, bps}. */
    private static List<long[]> stepsOf(final Function<RoccContext, RoccHost> make)
    {
        final List<long[]> changes = new ArrayList<>();
        final long[] wake = {CcHook.NEVER};
        final long[] now = {0};
        final RoccHost[] host = new RoccHost[1];
        final RoccContext ctx = new RoccContext()
        {
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
                changes.add(new long[] {nowPs, host[0].rateBps(flow)});
            }

            @Override
            public void requestWake(final CcHook hook, final int slot, final long atPs)
            {
                wake[0] = atPs;
            }
        };
        host[0] = make.apply(ctx);
        now[0] = T0;
        host[0].onCnp(0, 600, 1, T0);
        while (wake[0] != CcHook.NEVER && wake[0] < T0 + 1_000_000L)
        {
            now[0] = Math.max(wake[0], now[0] + 1);
            wake[0] = CcHook.NEVER;
            final long next = host[0].wake(0, now[0]);
            if (next != CcHook.NEVER)
            {
                wake[0] = Math.max(next, now[0] + 1);
            }
        }
        return changes;
    }

    @Test
    void theSameCnpLimitsTheFlowLaterThroughTheFirmwareThanThroughTheBlock(@TempDir final Path dir) throws IOException
    {
        final Scenario scenario = TestScenarios.file("rocc-testbed-10-3-1.yaml", "nic.cc=firmware");
        final Topology topo = new Topology(scenario);
        final List<long[]> block = stepsOf(ctx -> new RoccHostBlocks(scenario, topo, ctx));
        final List<long[]> firmware = stepsOf(ctx -> new RoccHostFirmware(scenario, topo, ctx, RoccSection.FIRMWARE_PROGRAM));
        assertEquals(1, block.size(), () -> block.stream().map(Arrays::toString).toList().toString());
        assertEquals(1, firmware.size(), () -> firmware.stream().map(Arrays::toString).toList().toString());
        assertEquals(6_000_000_000L, block.get(0)[1]);
        assertEquals(6_000_000_000L, firmware.get(0)[1]);
        final long blockNs = (block.get(0)[0] - T0) / 1000;
        final long firmwareNs = (firmware.get(0)[0] - T0) / 1000;
        assertTrue(blockNs < 50, "block step " + blockNs + " ns after the CNP");
        assertTrue(firmwareNs > 100 && firmwareNs < 1000, "firmware step " + firmwareNs + " ns after the CNP");

        final double[][] t = new double[2][];
        final double[][] r = new double[2][];
        final long[] at = {block.get(0)[0], firmware.get(0)[0]};
        for (int i = 0; i < 2; i++)
        {
            final double step = (at[i] - T0) / 1000.0;
            t[i] = new double[] {-50, step, step, 400};
            r[i] = new double[] {10, 10, 6, 6};
        }
        final Path png = FirmwareFigures.target(dir, "firmware-vs-block-rocc-rp-step.png");
        FirmwareFigures.save(FirmwareFigures.steps(String.format(Locale.ROOT,
            "one CNP (F = 6 Gb/s) at t = 0: rocc_rp block %d ns, firmware (dpa-bf3) %d ns", blockNs, firmwareNs),
            new String[] {"block (model, 1 GHz)", "firmware (dpa-bf3, 1.8 GHz)"}, t, r), png);
        assertTrue(Files.size(png) > 5_000, png + " written");
    }
}
