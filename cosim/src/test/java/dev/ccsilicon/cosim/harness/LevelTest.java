package dev.ccsilicon.cosim.harness;

import dev.ccsilicon.cosim.blocks.fxpaccumulator.FxpAccumulatorAdapter;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.jverilator.RtlMutant;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * Each level really runs its own implementation: an RTL mutant changes what the rtl level returns
 * and leaves the model level alone, so a suite passing under {@code [rtl]} has exercised the RTL.
 */
class LevelTest
{
    private final List<AutoCloseable> resources = new ArrayList<>();

    @Test
    void theRtlLevelRunsTheRtlAndTheModelLevelTheModel() throws Exception
    {
        final FxpAccumulatorAdapter adapter = new FxpAccumulatorAdapter();
        // A logical instead of an arithmetic shift: negative products lose their floor rounding.
        final BlockSpec mutant = RtlMutant.of(adapter.spec(), "rtl/common/fxp_accumulator.sv",
            "prod_shifted = prod >>> GainFrac;", "prod_shifted = prod >> GainFrac;");
        try
        {
            assertEquals(-5, sumOf(Level.MODEL, adapter, mutant), "the model of -3 * 1.5, floored");
            assertEquals(-5, sumOf(Level.RTL, adapter, adapter.spec()), "the RTL agrees");
            assertNotEquals(-5, sumOf(Level.RTL, adapter, mutant), "the mutant RTL does not");
        }
        finally
        {
            for (final AutoCloseable r : resources)
            {
                r.close();
            }
        }
    }

    private long sumOf(final Level level, final FxpAccumulatorAdapter adapter, final BlockSpec spec)
    {
        final StreamHarness h = new StreamHarness(spec, level.open(adapter, spec, resources::add));
        h.set("gain_i", 0x18);
        h.source("in").send(-3, 1);
        return h.sink("out").recv().get("sum") << 40 >> 40;
    }
}
