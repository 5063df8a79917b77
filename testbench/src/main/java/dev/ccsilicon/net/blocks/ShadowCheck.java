package dev.ccsilicon.net.blocks;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;

import dev.ccsilicon.hdl.Direction;
import dev.ccsilicon.hdl.PinLayout;
import dev.ccsilicon.hdl.StreamSpec;

/**
 * Compares the RTL's outputs with its shadow model's in one cycle: every pin, except that an output
 * stream's data pins are compared only while its valid is high (the RTL's FIFOs show their memory
 * there otherwise, the model zeros: both are don't-care).
 */
final class ShadowCheck
{
    private final PinLayout layout;
    private final int[] alwaysDefined;
    private final int[] valid;
    private final int[][] data;

    /** @param streams every output stream of the block, wired ones included. */
    ShadowCheck(final PinLayout layout, final List<StreamSpec> streams)
    {
        this.layout = layout;
        final List<StreamSpec> out = streams.stream().filter(s -> s.direction() != Direction.IN).toList();
        valid = out.stream().mapToInt(s -> layout.outputWord(s.validPort())).toArray();
        data = out.stream().map(s -> s.dataPorts().stream().mapToInt(layout::outputWord).toArray()).toArray(int[][]::new);
        final Set<Integer> qualified = new HashSet<>();
        for (final int[] d : data)
        {
            for (final int w : d)
            {
                qualified.add(w);
            }
        }
        alwaysDefined = IntStream.range(0, layout.outputWords()).filter(w -> !qualified.contains(w)).toArray();
    }

    /** Whether {@code rtl} and {@code model} agree where both are defined. */
    boolean same(final long[] rtl, final long[] model)
    {
        for (final int w : alwaysDefined)
        {
            if (rtl[w] != model[w])
            {
                return false;
            }
        }
        for (int s = 0; s < valid.length; s++)
        {
            if (rtl[valid[s]] != 0)
            {
                for (final int w : data[s])
                {
                    if (rtl[w] != model[w])
                    {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    /** The pins that differ, for the report: {@code ; pin rtl=x model=y} each. */
    String differences(final long[] rtl, final long[] model)
    {
        final StringBuilder sb = new StringBuilder();
        for (int i = 0; i < layout.outputs().size(); i++)
        {
            final int w = layout.outputOffset(i);
            if (rtl[w] != model[w])
            {
                sb.append("; ").append(layout.outputs().get(i).name()).append(" rtl=").append(rtl[w])
                    .append(" model=").append(model[w]);
            }
        }
        return sb.toString();
    }
}
