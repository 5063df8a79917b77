package dev.ccsilicon.cosim.lockstep;

import dev.ccsilicon.cosim.blocks.streamfifo.StreamFifoAdapter;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.jverilator.NativeRtl;
import dev.ccsilicon.cosim.jverilator.RtlBuilder;
import dev.ccsilicon.cosim.jverilator.RtlLibrary;
import org.junit.jupiter.api.Test;

import dev.ccsilicon.cosim.blocks.timerwheel.TimerWheelAdapter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The Java driver and the generated native loop implement one semantics: the same RTL, driven
 * once by the native batch loop and once by {@link JavaStreamDriver} through per-signal calls,
 * produces the same output transactions in the same cycles, and the same status hash (every
 * status pin, every cycle) in each record and at the end.
 */
class DriverEquivalenceTest
{
    @Test
    void nativeBatchLoopAndJavaDriverAgreeOnTheSameRtl()
    {
        final StreamFifoAdapter adapter = new StreamFifoAdapter();
        final BlockSpec spec = adapter.spec();
        final RtlLibrary lib = RtlBuilder.build(spec, false);
        try (NativeRtl batchRtl = NativeRtl.open(lib); NativeRtl pinRtl = NativeRtl.open(lib))
        {
            final CosimResult r = LockstepEngine.runAgainst(adapter, spec, batchRtl, new PerSignalRtlModel(pinRtl),
                CosimOptions.of(5_000, 11));
            assertEquals(0, r.mismatches(), () -> String.join("\n", r.report()));
            assertEquals(5_000, r.outputTransactions());
            assertEquals(0, r.timingMin());
            assertEquals(0, r.timingMax());
            assertNull(r.statusMismatch(), () -> String.join("\n", r.report()));
        }
    }

    @Test
    void theGeneralLoopAndItsStatusHashAgreeToo()
    {
        // Two output streams (the general loop on the Java side) and fifteen status words per cycle.
        final TimerWheelAdapter adapter = new TimerWheelAdapter();
        final BlockSpec spec = adapter.spec();
        final RtlLibrary lib = RtlBuilder.build(spec, false);
        try (NativeRtl batchRtl = NativeRtl.open(lib); NativeRtl pinRtl = NativeRtl.open(lib))
        {
            final CosimResult r = LockstepEngine.runAgainst(adapter, spec, batchRtl, new PerSignalRtlModel(pinRtl),
                CosimOptions.of(5_000, 11));
            assertEquals(0, r.mismatches(), () -> String.join("\n", r.report()));
            assertEquals(5_000, r.inputTransactions());
            assertNull(r.statusMismatch(), () -> String.join("\n", r.report()));
        }
    }
}
