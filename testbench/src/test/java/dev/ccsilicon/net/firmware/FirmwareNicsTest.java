package dev.ccsilicon.net.firmware;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;

import dev.ccsilicon.firmware.core.Preset;
import dev.ccsilicon.firmware.nic.DispatchConfig;
import dev.ccsilicon.firmware.nic.EventQueueConfig;
import dev.ccsilicon.firmware.nic.FirmwareNicConfig;
import dev.ccsilicon.firmware.nic.WredProfile;
import dev.ccsilicon.firmware.pcc.PccAbi;
import dev.ccsilicon.scenario.NicFirmware;
import dev.ccsilicon.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;

/** {@code nic.firmware} as the runtime gets it: each key lands in its field, the rest keep the runtime's defaults. */
class FirmwareNicsTest
{
    private static NicFirmware load(final String... sets) throws Exception
    {
        final Path file = Path.of(FirmwareNicsTest.class.getResource("/scenarios/good/every-field-firmware.yaml").toURI());
        return ScenarioLoader.load(file, List.of(sets), OptionalLong.empty()).nic().firmware();
    }

    @Test
    void everyKeyOfTheFileLandsInThePresetOrTheRuntimeConfig() throws Exception
    {
        final NicFirmware fw = load("nic.firmware.dispatch.apply_latency=33", "nic.firmware.event_queue.overload=100");
        final Preset p = FirmwareNics.preset(fw);
        assertEquals("dpa-bf3", p.name());
        assertEquals(4, p.cores());
        assertEquals(4, p.threadsPerCore());
        assertEquals(16, p.threadsEnabled(), "49 enabled threads of 16 x 16, at most the 16 harts of 4 x 4");
        assertEquals(1.8e9, p.clockHz());

        final FirmwareNicConfig c = FirmwareNics.config(fw, 7);
        final EventQueueConfig q = c.queue();
        assertEquals(256, q.depth());
        assertEquals(100, q.overloadThreshold());
        assertArrayEquals(EventQueueConfig.defaultClasses(), q.classOfType(), "coalesce: true keeps the runtime's classes");
        final WredProfile[] wred = q.wredOfType();
        assertEquals(new WredProfile(64, 192, 0.1), wred[PccAbi.EV_CNP]);
        assertEquals(new WredProfile(64, 192, 0.1), wred[PccAbi.EV_TIMER]);
        assertEquals(7, q.seed());
        assertEquals(new DispatchConfig(50, 10, 300, DispatchConfig.defaults().writeBackCycles(), 33, 1024,
            DispatchConfig.defaults().policy()), c.dispatch());
        assertEquals(true, c.timerEvents());
    }

    @Test
    void whatTheFileLeavesOutIsTheRuntimesDefault() throws Exception
    {
        final NicFirmware fw = load("nic.firmware={}", "nic.firmware.event_queue.coalesce=false",
            "nic.firmware.timer_events=false");
        assertNull(fw.program());
        assertEquals(Preset.DPA_BF3, FirmwareNics.preset(fw));
        assertEquals("rocc_rp", FirmwareNics.program(fw, "rocc_rp"));
        final FirmwareNicConfig c = FirmwareNics.config(fw, 1);
        final FirmwareNicConfig d = FirmwareNicConfig.defaults();
        assertEquals(d.dispatch(), c.dispatch());
        assertEquals(d.queue().depth(), c.queue().depth());
        assertEquals(d.queue().overloadThreshold(), c.queue().overloadThreshold());
        final int[] never = new int[EventQueueConfig.TYPES];
        Arrays.fill(never, EventQueueConfig.NEVER);
        assertArrayEquals(never, c.queue().classOfType(), "coalesce: false: no type coalesces");
        assertEquals(false, c.timerEvents());
        assertEquals(Arrays.asList(new WredProfile[EventQueueConfig.TYPES]), Arrays.asList(c.queue().wredOfType()));
    }
}
