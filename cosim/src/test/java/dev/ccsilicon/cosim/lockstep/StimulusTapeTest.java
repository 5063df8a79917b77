package dev.ccsilicon.cosim.lockstep;

import dev.ccsilicon.cosim.blocks.fxpaccumulator.FxpAccumulatorAdapter;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import org.junit.jupiter.api.Test;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StimulusTapeTest
{
    private final FxpAccumulatorAdapter adapter = new FxpAccumulatorAdapter();
    private final BlockSpec spec = adapter.spec();
    private final int rw = 1 + spec.dataWords(spec.inStreams().get(0));

    @Test
    void chunksHoldExactlyWhatAPerSideGeneratorWouldProduce()
    {
        final long target = 5_000;
        final Stimulus reference = adapter.newStimulus(42, 0);
        final long[] words = new long[64];
        try (StimulusTape tape = new StimulusTape(new Stimulus[] {adapter.newStimulus(42, 0)}, target, 2048, new int[] {rw}))
        {
            long index = 0;
            final int[] expectedCounts = {1024, 2048, 1928};
            for (int k = 0; k < expectedCounts.length; k++)
            {
                final StimulusTape.Chunk c = tape.chunk(0, k);
                assertEquals(expectedCounts[k], c.count, "chunk " + k);
                assertEquals(k == expectedCounts.length - 1, c.last, "last flag of chunk " + k);
                for (int n = 0; n < c.count; n++, index++)
                {
                    assertEquals(reference.gap(index), c.records.getAtIndex(ValueLayout.JAVA_LONG, (long)n * rw), "gap " + index);
                    reference.data(index, words);
                    for (int w = 1; w < rw; w++)
                    {
                        assertEquals(words[w - 1], c.records.getAtIndex(ValueLayout.JAVA_LONG, (long)n * rw + w), "word " + index);
                    }
                }
            }
            assertEquals(target, index);
        }
    }

    @Test
    void releasedChunksAreReusedAndCannotBeReadAgain()
    {
        try (StimulusTape tape = new StimulusTape(new Stimulus[] {adapter.newStimulus(1, 0)}, 100_000, 2048, new int[] {rw}))
        {
            final MemorySegment first = tape.chunk(0, 0).records;
            final StimulusTape.Chunk second = tape.chunk(0, 1);
            assertSame(second, tape.chunk(0, 1), "a chunk is generated once");
            tape.release(0, 1);
            assertThrows(IllegalStateException.class, () -> tape.chunk(0, 0));
            assertSame(first, tape.chunk(0, 2).records, "the released chunk's memory is reused");
            assertSame(second, tape.chunk(0, 1), "an unreleased chunk stays");
        }
    }

    @Test
    void noTransactionsIsOneEmptyLastChunk()
    {
        try (StimulusTape tape = new StimulusTape(new Stimulus[] {adapter.newStimulus(1, 0)}, 0, 2048, new int[] {rw}))
        {
            final StimulusTape.Chunk c = tape.chunk(0, 0);
            assertEquals(0, c.count);
            assertTrue(c.last);
            tape.prefetch(0, 1);
            assertFalse(c.count > 0);
        }
    }
}
