package dev.ccsilicon.firmware.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

import dev.ccsilicon.firmware.core.Preset;
import dev.ccsilicon.firmware.pcc.FirmwarePrograms;
import dev.ccsilicon.firmware.pcc.PccAbi;
import dev.ccsilicon.firmware.pcc.PccFirmware;

class NicSmokeTest
{
    @Test
    void runsCnps()
    {
        final PccFirmware fw = PccFirmware.load(FirmwarePrograms.resolveElf("rocc_rp", Preset.DPA_BF3), Preset.DPA_BF3);
        final FirmwareNic nic = new FirmwareNic(fw, FirmwareNicConfig.defaults());
        final int[] count = {0};
        nic.listener(c -> {
            count[0]++;
        });
        for (int i = 0; i < 10; i++)
        {
            final long cyc = i * 100L;
            nic.offer(cyc, PccAbi.cnp(i % 3, i, nic.nsAt(cyc), 1000 - i, 7));
        }
        nic.advanceTo(1_000_000);
        final NicCounters k = nic.counters();
        assertEquals(10 + k.timersFired(), count[0] + k.coalescedTotal());
    }
}
