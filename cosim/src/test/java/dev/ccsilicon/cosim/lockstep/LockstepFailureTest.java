package dev.ccsilicon.cosim.lockstep;

import dev.ccsilicon.cosim.blocks.streamfifo.StreamFifoAdapter;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.jverilator.NativeRtl;
import dev.ccsilicon.cosim.jverilator.RtlBuilder;
import dev.ccsilicon.hdl.ModelDut;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LockstepFailureTest
{
    /** A model with a bug that throws in one cycle. */
    private static final class ThrowingModel implements ModelDut
    {
        private final ModelDut inner;
        private final long at;
        private long cycle;

        ThrowingModel(final ModelDut inner, final long at)
        {
            this.inner = inner;
            this.at = at;
        }

        @Override
        public void reset()
        {
            inner.reset();
            cycle = 0;
        }

        @Override
        public void evaluate(final long[] in, final long[] out)
        {
            if (cycle == at)
            {
                throw new IllegalStateException("model bug at cycle " + cycle);
            }
            inner.evaluate(in, out);
        }

        @Override
        public void clock()
        {
            inner.clock();
            cycle++;
        }
    }

    @Test
    void aThrowingModelFailsTheRunAfterTheRtlBatchHasStoppedAndTheRtlStaysUsable()
    {
        final StreamFifoAdapter a = new StreamFifoAdapter();
        final BlockSpec spec = a.spec();
        try (NativeRtl rtl = NativeRtl.open(RtlBuilder.build(spec, false)))
        {
            for (final long at : new long[] {3, 5_000, 40_000})
            {
                final IllegalStateException e = assertThrows(IllegalStateException.class, () ->
                    LockstepEngine.runAgainst(a, spec, rtl, new ThrowingModel(a.newModel(spec), at), CosimOptions.of(30_000, 1)));
                assertEquals("model bug at cycle " + at, e.getMessage());
            }
            // The engine waited for the RTL's batch before freeing its memory: the instance still works.
            final CosimResult r = LockstepEngine.runAgainst(a, spec, rtl, a.newModel(spec), CosimOptions.of(10_000, 1));
            assertEquals(0, r.mismatches());
            assertEquals(10_000, r.outputTransactions());
        }
    }

    /** The FIFO adapter whose models report a wrong {@code count_o} (a status pin, in no stream) from one cycle on. */
    private static final class WrongCountAdapter extends LockstepGoldenTest.Tolerant
    {
        private final long at;

        WrongCountAdapter(final StreamFifoAdapter inner, final long at)
        {
            super(inner, 0);
            this.at = at;
        }

        @Override
        public ModelDut newModel(final BlockSpec spec)
        {
            return new LockstepGoldenTest.CorruptingModel(inner().newModel(spec), spec.outputWord("count_o"), at);
        }
    }

    @Test
    void aStatusPinThatDiffersOnlyInOneCycleRangeIsAMismatchNamingThePinAndTheCycle()
    {
        // count_o travels in no stream record: before the status hash, this model passed.
        final CosimResult r = LockstepEngine.run(new WrongCountAdapter(new StreamFifoAdapter(), 12_345),
            CosimOptions.of(20_000, 9));
        System.out.println(String.join("\n", r.report()));
        assertFalse(r.passed());
        assertEquals(0, r.mismatches(), "every output transaction agrees");
        assertNull(r.firstMismatch());
        final Mismatch m = r.statusMismatch();
        assertNotNull(m);
        assertTrue(m.isStatus());
        assertEquals("count_o", m.field());
        assertEquals(12_345, m.rtlCycle());
        assertEquals(12_345, m.modelCycle());
        assertEquals(Long.decode(m.expected()) ^ 8, Long.decode(m.actual()), m.describe());
        assertTrue(r.report().contains("  status mismatch  status pin 'count_o' at cycle 12345: expected (RTL) " + m.expected()
            + " actual (model) " + m.actual() + ", seed 9"), () -> String.join("\n", r.report()));
        assertTrue(r.report().contains("  reproduce        ./ccsilicon cosim stream_fifo --seed 9 --transactions 20000 --waves out/waves"),
            () -> String.join("\n", r.report()));
    }

    @Test
    void aStatusDifferenceAfterTheLastOutputRecordIsCaughtByTheFinalHash()
    {
        // The corruption starts after the last output handshake: only the end-of-run check sees it.
        final StreamFifoAdapter a = new StreamFifoAdapter();
        final CosimResult clean = LockstepEngine.run(a, CosimOptions.of(2_000, 3));
        assertTrue(clean.passed(), () -> String.join("\n", clean.report()));
        final long lastCycle = clean.rtlCycles() - 1;
        final CosimResult r = LockstepEngine.run(new WrongCountAdapter(a, lastCycle), CosimOptions.of(2_000, 3));
        System.out.println(String.join("\n", r.report()));
        assertFalse(r.passed());
        assertEquals(0, r.mismatches());
        assertEquals("count_o", r.statusMismatch().field());
        assertEquals(lastCycle, r.statusMismatch().rtlCycle());
    }

    @Test
    void withoutALocalisingRerunTheStatusMismatchIsTheHashAndTheCycleThatBoundsIt()
    {
        final StreamFifoAdapter a = new StreamFifoAdapter();
        final BlockSpec spec = a.spec();
        try (NativeRtl rtl = NativeRtl.open(RtlBuilder.build(spec, false)))
        {
            final CosimResult r = LockstepEngine.runAgainst(a, spec, rtl,
                new LockstepGoldenTest.CorruptingModel(a.newModel(spec), spec.outputWord("count_o"), 12_345), CosimOptions.of(20_000, 9));
            final Mismatch m = r.statusMismatch();
            assertEquals(Mismatch.STATUS_HASH, m.field());
            assertTrue(m.rtlCycle() >= 12_345, m.describe());
            assertNotEquals(m.expected(), m.actual());
        }
    }

    @Test
    void wavesOfAStatusMismatchAreCentredOnItsCycle(@org.junit.jupiter.api.io.TempDir final java.nio.file.Path dir)
        throws java.io.IOException
    {
        final CosimResult r = LockstepEngine.run(new WrongCountAdapter(new StreamFifoAdapter(), 12_345),
            CosimOptions.of(20_000, 9).withWaves(dir));
        assertEquals("count_o", r.statusMismatch().field());
        assertEquals(2, r.waveforms().size());
        for (final java.nio.file.Path w : r.waveforms())
        {
            final String vcd = java.nio.file.Files.readString(w);
            assertTrue(vcd.contains("#123450\n") && vcd.contains("count_o"), w::toString);
            assertFalse(vcd.contains("#100000\n"), "only a window around the mismatch is traced");
        }
    }

    /** A block that never takes its input again is a hang, named with its side and cycle. */
    @Test
    void aBlockThatStopsTakingInputsFailsAsAHangAfterTheBudgetWithoutAHandshake()
    {
        final StreamFifoAdapter adapter = new StreamFifoAdapter();
        final BlockSpec stuck = dev.ccsilicon.cosim.jverilator.RtlMutant.of(adapter.spec(), "rtl/prim/prim_fifo_sync.sv",
            "assign wready_o = (depth_q != FullCount);", "assign wready_o = 1'b0;");
        final CosimResult r = LockstepEngine.run(adapter, stuck, CosimOptions.of(2_000, 7));
        assertNotNull(r.failure(), () -> String.join("\n", r.report()));
        assertTrue(r.failure().startsWith("RTL made no progress for " + LockstepEngine.HANG_CYCLES + " cycles"), r.failure());
    }

    /**
     * Not a hang: dcqcn_rp's long_timers variant spreads its CNPs over millions of cycles, so after the TX
     * stream ends one batch call runs past the budget while it still takes inputs (before the budget
     * counted from the last handshake, the nightly regression failed it here at about 2.2 M cycles).
     */
    @Test
    void aCallThatRunsPastTheBudgetWhileTakingInputsIsNotAHang()
    {
        final BlockAdapter longTimers = BlockVariant.select(CosimRegistry.find("dcqcn_rp").orElseThrow(), "long_timers");
        final CosimResult r = LockstepEngine.run(longTimers, CosimOptions.of(20_000, 1));
        assertNull(r.failure(), () -> String.join("\n", r.report()));
        assertEquals(40_000, r.inputTransactions());
        assertEquals(0, r.mismatches());
        assertTrue(r.rtlCycles() > 2 * LockstepEngine.HANG_CYCLES, "cycles " + r.rtlCycles());
    }
}
