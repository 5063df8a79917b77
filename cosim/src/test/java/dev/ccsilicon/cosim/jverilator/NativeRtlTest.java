package dev.ccsilicon.cosim.jverilator;

import dev.ccsilicon.cosim.blocks.fxpaccumulator.FxpAccumulatorSpec;
import dev.ccsilicon.cosim.blocks.streamfifo.StreamFifoSpec;
import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NativeRtlTest
{
    @Test
    void perSignalPathAccumulates()
    {
        final BlockSpec spec = FxpAccumulatorSpec.spec();
        try (NativeRtl rtl = NativeRtl.open(RtlBuilder.build(spec, false)))
        {
            rtl.set(spec.inputIndex("gain_i"), 0x10);
            rtl.reset(2);
            assertEquals(0, rtl.cycle());
            final int valid = spec.inputIndex("in_valid_i");
            final int data = spec.inputIndex("in_data_i");
            final int ready = spec.inputIndex("out_ready_i");
            final int sum = spec.outputIndex("out_sum_o");
            final int outValid = spec.outputIndex("out_valid_o");
            rtl.set(ready, 1);
            for (int i = 1; i <= 3; i++)
            {
                rtl.set(valid, 1);
                rtl.set(data, 100);
                rtl.eval();
                rtl.tick();
            }
            rtl.set(valid, 0);
            rtl.eval();
            assertEquals(1, rtl.get(outValid));
            assertEquals(300, rtl.get(sum));
            // Negative input: two's complement in 16 bits.
            rtl.set(valid, 1);
            rtl.set(data, 0xFFFF & -1000);
            rtl.eval();
            rtl.tick();
            rtl.set(valid, 0);
            rtl.eval();
            assertEquals((1 << 24) - 700, rtl.get(sum));
        }
    }

    @Test
    void rawModeCarriesPortsWiderThan64Bits()
    {
        final BlockSpec spec = StreamFifoSpec.spec();
        try (NativeRtl rtl = NativeRtl.open(RtlBuilder.build(spec, false)); Arena a = Arena.ofConfined())
        {
            rtl.reset(2);
            final int cycles = 4;
            final MemorySegment in = a.allocate(8L * cycles * spec.inputWords());
            final MemorySegment out = a.allocate(8L * cycles * spec.outputWords());
            final int valid = spec.inputWord("in_valid_i");
            final int data = spec.inputWord("in_data_i");
            final int ready = spec.inputWord("out_ready_i");
            // Cycle 0: push {0xAB, 0x0123456789ABCDEF}; later cycles: pop.
            in.setAtIndex(ValueLayout.JAVA_LONG, valid, 1);
            in.setAtIndex(ValueLayout.JAVA_LONG, data, 0x0123456789ABCDEFL);
            in.setAtIndex(ValueLayout.JAVA_LONG, data + 1, 0xABL);
            for (int c = 1; c < cycles; c++)
            {
                in.setAtIndex(ValueLayout.JAVA_LONG, (long)c * spec.inputWords() + ready, 1);
            }
            rtl.runRaw(cycles, in, out);
            final int ow = spec.outputWords();
            final int outValid = spec.outputWord("out_valid_o");
            final int outData = spec.outputWord("out_data_o");
            assertEquals(0, out.getAtIndex(ValueLayout.JAVA_LONG, outValid));
            assertEquals(1, out.getAtIndex(ValueLayout.JAVA_LONG, ow + outValid));
            assertEquals(0x0123456789ABCDEFL, out.getAtIndex(ValueLayout.JAVA_LONG, ow + outData));
            assertEquals(0xABL, out.getAtIndex(ValueLayout.JAVA_LONG, ow + outData + 1));
            assertEquals(0, out.getAtIndex(ValueLayout.JAVA_LONG, 2L * ow + outValid));
            assertTrue(rtl.cycle() == cycles);
        }
    }
}
