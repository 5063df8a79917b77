package dev.ccsilicon.cosim.jverilator;

import dev.ccsilicon.cosim.blocks.fxpaccumulator.FxpAccumulatorSpec;
import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CrashTest
{
    static BlockSpec fatalCounter()
    {
        return BlockSpec.builder("fatal_counter", "fatal_counter")
            .source("cosim/src/test/rtl/fatal_counter.sv")
            .parameter("FatalAt", 37)
            .in("clk_i", 1)
            .in("rst_ni", 1)
            .in("en_i", 1)
            .out("count_o", 16)
            .build();
    }

    private static void runUntilFatal(final Rtl rtl)
    {
        rtl.reset(2);
        try (Arena a = Arena.ofConfined())
        {
            final int cycles = 100;
            final MemorySegment in = a.allocate(8L * cycles);
            final MemorySegment out = a.allocate(8L * cycles);
            for (int c = 0; c < cycles; c++)
            {
                in.setAtIndex(ValueLayout.JAVA_LONG, c, 1);
            }
            rtl.runRaw(cycles, in, out);
        }
    }

    @Test
    void fatalMidRunBecomesAnExceptionNamingTheCycle()
    {
        final RtlLibrary lib = RtlBuilder.build(fatalCounter(), false);
        try (NativeRtl rtl = NativeRtl.open(lib))
        {
            final RtlFatalException e = assertThrows(RtlFatalException.class, () -> runUntilFatal(rtl));
            assertEquals(37, e.cycle());
            assertEquals("fatal_counter", e.block());
            assertTrue(e.getMessage().contains("cycle 37"), e.getMessage());
            assertTrue(e.rtlMessage().contains("fatal_counter.sv"), e.rtlMessage());
            // The handle is dead, the JVM is not: a new instance runs normally up to the same point.
            assertThrows(IllegalStateException.class, () -> rtl.reset(1));
        }
        try (NativeRtl again = NativeRtl.open(lib))
        {
            again.reset(1);
            again.set(0, 1);
            for (int c = 0; c < 10; c++)
            {
                again.eval();
                again.tick();
            }
            again.eval();
            assertEquals(10, again.get(0));
        }
    }

    @Test
    void childProcessReportsFatalAndContainsANativeCrash()
    {
        final RtlLibrary lib = RtlBuilder.build(fatalCounter(), false);
        try (ChildProcessRtl child = ChildProcessRtl.open(lib))
        {
            final RtlFatalException e = assertThrows(RtlFatalException.class, () -> runUntilFatal(child));
            assertEquals(37, e.cycle());
        }
        try (ChildProcessRtl child = ChildProcessRtl.open(RtlBuilder.build(FxpAccumulatorSpec.spec(), false)))
        {
            child.reset(2);
            child.set(0, 0x10);
            assertEquals(0, child.cycle());
            final RtlFatalException e = assertThrows(RtlFatalException.class, child::crashForTest);
            assertTrue(e.rtlMessage().contains("child process died"), e.rtlMessage());
            assertTrue(e.rtlMessage().contains("signal") || e.rtlMessage().contains("exit code"), e.rtlMessage());
        }
        // Still alive: this JVM can go on co-simulating.
        try (NativeRtl rtl = NativeRtl.open(RtlBuilder.build(FxpAccumulatorSpec.spec(), false)))
        {
            rtl.reset(1);
            assertEquals(0, rtl.cycle());
        }
    }
}
