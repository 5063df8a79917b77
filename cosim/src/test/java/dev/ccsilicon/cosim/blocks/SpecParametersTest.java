package dev.ccsilicon.cosim.blocks;

import dev.ccsilicon.blocks.roccfairrate.RoccFairRate;
import dev.ccsilicon.blocks.roccfairrate.RoccFairRateConfig;
import dev.ccsilicon.cosim.blocks.fxpaccumulator.FxpAccumulatorSpec;
import dev.ccsilicon.cosim.blocks.qptable.QpTableSpec;
import dev.ccsilicon.cosim.blocks.roccfairrate.RoccFairRateCosimSpec;
import dev.ccsilicon.cosim.blocks.roccflowtable.RoccFlowTableSpec;
import dev.ccsilicon.cosim.blocks.roccrp.RoccRpSpec;
import dev.ccsilicon.cosim.blocks.streamfifo.StreamFifoSpec;
import dev.ccsilicon.cosim.blocks.timerwheel.TimerWheelSpec;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The RTL is built with exactly the parameters it was built with when each spec listed them by
 * hand (they are part of the Verilator cache key), and each spec's inverse gives back its config.
 */
class SpecParametersTest
{
    private static Map<String, String> map(final Object... kv)
    {
        final Map<String, String> m = new TreeMap<>();
        for (int i = 0; i < kv.length; i += 2)
        {
            m.put((String)kv[i], String.valueOf(kv[i + 1]));
        }
        return m;
    }

    @Test
    void everyBlockIsBuiltWithTodaysParameters()
    {
        assertEquals(map("InWidth", 16, "GainWidth", 8, "GainFrac", 4, "AccWidth", 24),
            FxpAccumulatorSpec.spec().parameters());
        assertEquals(map("Width", 72, "Depth", 6), StreamFifoSpec.spec().parameters());
        assertEquals(map("NumQps", 1024, "SramLatency", 2, "OutDepth", 4, "StatWidth", 32),
            QpTableSpec.spec().parameters());
        assertEquals(map("NumQps", 32, "NumSlots", 64, "SlotCycles", 16, "NumLanes", 2, "DeadlineWidth", 12,
            "LateWidth", 6, "StatWidth", 16), TimerWheelSpec.spec().parameters());
        assertEquals(map("NumQps", 32, "SramLatency", 2, "OutDepth", 4, "MetaDepth", 4, "NumSlots", 64,
            "SlotCycles", 16, "NumLanes", 2, "DeadlineWidth", 16, "StatWidth", 32), RoccRpSpec.spec().parameters());
        assertEquals(map("NumPorts", 4, "BucketsLog2", 3, "Ways", 2, "CountWidth", 5, "FWidth", 16, "GapWidth", 3,
            "CycleWidth", 12, "StatWidth", 12, "ScanStarveLimit", 2), RoccFlowTableSpec.spec().parameters());
        final RoccFairRateConfig p = RoccFairRateCosimSpec.parameters(RoccFairRateCosimSpec.PORTS, 0,
            dev.ccsilicon.hdl.fixed.Rounding.FLOOR);
        assertEquals(map("NumPorts", p.ports(), "QBytesWidth", p.qBytesWidth(), "QuantBytes", p.quantBytes(),
            "FIntWidth", p.fIntWidth(), "FFracWidth", p.fFracWidth(), "AbIntWidth", p.abIntWidth(),
            "AbFracWidth", p.abFracWidth(), "PeriodWidth", p.periodWidth(), "RoundMode", 0,
            "OutDepth", RoccFairRate.DEFAULT_OUT_DEPTH, "StatWidth", RoccFairRate.DEFAULT_STAT_WIDTH,
            "SilenceLimit", RoccFairRateCosimSpec.SILENCE_LIMIT), RoccFairRateCosimSpec.spec().parameters());
    }

    @Test
    void theInverseOfAVariantShowsTheVariedParameter()
    {
        final BlockSpec rp = RoccRpSpec.spec().withParameter("NumSlots", "128");
        assertEquals(128, RoccRpSpec.config(rp).numSlots());
        assertEquals(RoccRpSpec.COSIM.rateMax(), RoccRpSpec.config(rp).rateMax());
        assertEquals(RoccFlowTableSpec.CONFIG, RoccFlowTableSpec.config(RoccFlowTableSpec.spec()));
        assertEquals(TimerWheelSpec.COSIM, TimerWheelSpec.config(TimerWheelSpec.spec()));
        assertEquals(3, RoccFairRateCosimSpec.parametersOf(RoccFairRateCosimSpec.spec().withParameter("RoundMode", "2"))
            .rounding().ordinal() + 1);
    }
}
