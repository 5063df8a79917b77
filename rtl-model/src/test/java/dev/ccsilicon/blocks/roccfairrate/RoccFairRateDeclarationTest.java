package dev.ccsilicon.blocks.roccfairrate;

import dev.ccsilicon.hdl.Direction;
import dev.ccsilicon.hdl.PortSpec;
import dev.ccsilicon.hdl.ResourceReport;
import dev.ccsilicon.hdl.Signal;
import dev.ccsilicon.hdl.StateElement;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What is particular to {@code rocc_fair_rate}'s declaration at the default parameters (P = 64).
 * The docs page, the RTL header and the generated state table are held against the declaration by
 * the generic {@code BlockDocsTest} (cosim), for every registered block.
 */
final class RoccFairRateDeclarationTest
{
    private static final RoccFairRateConfig CFG = RoccFairRateConfig.gbps40(64, 1_000_000_000L);

    /** No signal of the model is named like a pin without being one (the generic check sees only the pin layout). */
    @Test
    void modelHasExactlyTheDeclaredPins()
    {
        final RoccFairRate dut = new RoccFairRate(null, CFG);
        final Map<String, Integer> pins = new LinkedHashMap<>();
        for (final Signal s : dut.signals())
        {
            if (s.name().endsWith("_i") || s.name().endsWith("_o"))
            {
                pins.put(s.name(), s.width());
            }
        }
        final Map<String, Integer> declared = new LinkedHashMap<>();
        for (final PortSpec p : dut.ports())
        {
            if (!p.name().equals(RoccFairRatePorts.CLK_I) && !p.name().equals(RoccFairRatePorts.RST_NI))
            {
                declared.put(p.name(), p.width());
                if (p.direction() == Direction.IN)
                {
                    assertEquals(p.width(), dut.input(p.name()).width());
                }
                else
                {
                    assertEquals(p.width(), dut.output(p.name()).width());
                }
            }
        }
        assertEquals(declared, pins);
    }

    /** The per-port figure of the docs ({@code stateBitsPerPort()}) is what the model holds per port: the state RAM and the written flag. */
    @Test
    void stateBitsPerPortAreTheStateRamAndTheWrittenFlags()
    {
        final RoccFairRate dut = new RoccFairRate(null, CFG);
        final ResourceReport report = ResourceReport.of(dut);
        final long initFlops = dut.stateElements().stream().filter(e -> e.name().equals("init_q")).mapToLong(StateElement::flopBits).sum();
        assertEquals(64L, initFlops);
        assertEquals(64L * CFG.stateBitsPerPort(), report.totalSramBits() + initFlops);
    }
}
