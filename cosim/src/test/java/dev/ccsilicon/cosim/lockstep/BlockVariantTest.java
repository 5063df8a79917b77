package dev.ccsilicon.cosim.lockstep;

import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BlockVariantTest
{
    @Test
    void everyRegisteredVariantIsAUniqueNameOfTheSameBlockWithItsOwnBuild()
    {
        int variants = 0;
        for (final BlockAdapter adapter : CosimRegistry.all())
        {
            final Set<String> names = new HashSet<>();
            for (final BlockVariant v : adapter.variants())
            {
                assertTrue(names.add(v.name()), () -> adapter.spec().name() + " has two variants " + v.name());
                final BlockAdapter built = BlockVariant.select(adapter, v.name());
                assertEquals(adapter.spec().name(), built.spec().name(), v.name());
                assertEquals(adapter.spec().top(), built.spec().top(), v.name());
                assertTrue(!v.description().isBlank(), v.name());
                if (null != v.noReference())
                {
                    assertFalse(v.noReference().isBlank(), v.name());
                }
                else
                {
                    assertTrue(null != built.newReference(built.spec()), v.name() + " has a reference");
                }
                variants++;
            }
        }
        assertTrue(variants >= 15, "variants registered: " + variants);
    }

    @Test
    void aVariantDiffersFromTheRegisteredBuildInItsParametersOrStimulus()
    {
        final BlockAdapter wheel = CosimRegistry.find("timer_wheel").orElseThrow();
        final BlockAdapter narrow = BlockVariant.select(wheel, "narrow");
        assertNotEquals(wheel.spec().parameters(), narrow.spec().parameters());
    }

    @Test
    void aVariantWithoutTheReferenceCheckSaysWhyAndTheRegisteredBuildAlwaysHasIt()
    {
        final BlockAdapter wheel = CosimRegistry.find("timer_wheel").orElseThrow();
        assertTrue(BlockVariant.noReference(wheel, "narrow").contains("ticks of at least 16 cycles"));
        assertEquals(null, BlockVariant.noReference(wheel, BlockVariant.DEFAULT));
        assertThrows(IllegalArgumentException.class, () -> BlockVariant.of("x", "d", () -> wheel).withoutReferenceCheck(" "));
    }

    @Test
    void defaultIsTheRegisteredAdapterItself()
    {
        final BlockAdapter fifo = CosimRegistry.find("stream_fifo").orElseThrow();
        assertSame(fifo, BlockVariant.select(fifo, BlockVariant.DEFAULT));
        assertEquals(java.util.List.of("default"), BlockVariant.names(fifo));
    }

    @Test
    void anUnknownVariantIsNamedWithTheOnesThereAre()
    {
        final BlockAdapter cp = CosimRegistry.find("dcqcn_cp").orElseThrow();
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BlockVariant.select(cp, "sideways"));
        assertEquals("block dcqcn_cp has no variant 'sideways'; its variants are default, swapped, step, off", e.getMessage());
    }

    @Test
    void aVariantNameIsALowerCaseWordOtherThanDefault()
    {
        assertThrows(IllegalArgumentException.class, () -> BlockVariant.of("default", "d", () -> null));
        assertThrows(IllegalArgumentException.class, () -> BlockVariant.of("Two Words", "d", () -> null));
    }
}
