package dev.ccsilicon.hdl;

import java.util.ArrayList;
import java.util.List;

/**
 * What a design costs in silicon, from the bits its state elements declare: flops, SRAM bits and TCAM
 * bits per component (its own elements, and its subtree), every array by shape, and totals. Totals are
 * by construction the sum of {@link StateElement#flopBits()} etc. over all elements.
 */
public final class ResourceReport
{
    /** One component: bits of its own elements, and of its whole subtree. */
    public record ComponentRow(
        String path,
        int depth,
        long flops,
        long sramBits,
        long tcamBits,
        long subtreeFlops,
        long subtreeSramBits,
        long subtreeTcamBits)
    {
    }

    /** One array (SRAM, TCAM, register file, FIFO storage). {@code bits} is depth * width (TCAM: 2 * that). */
    public record MemoryRow(String path, Memory.Kind kind, int depth, int width, long bits)
    {
    }

    private final List<ComponentRow> components;
    private final List<MemoryRow> memories;
    private final long totalFlops;
    private final long totalSramBits;
    private final long totalTcamBits;

    private ResourceReport(final List<ComponentRow> components, final List<MemoryRow> memories)
    {
        this.components = List.copyOf(components);
        this.memories = List.copyOf(memories);
        long f = 0;
        long s = 0;
        long t = 0;
        for (final ComponentRow row : components)
        {
            f += row.flops();
            s += row.sramBits();
            t += row.tcamBits();
        }
        this.totalFlops = f;
        this.totalSramBits = s;
        this.totalTcamBits = t;
    }

    public static ResourceReport of(final ClockDomain domain)
    {
        return of(domain.tops().toArray(new Component[0]));
    }

    public static ResourceReport of(final Component... tops)
    {
        final List<ComponentRow> rows = new ArrayList<>();
        final List<MemoryRow> memories = new ArrayList<>();
        for (final Component top : tops)
        {
            walk(top, 0, rows, memories);
        }
        return new ResourceReport(rows, memories);
    }

    /** Components in tree order (parents before children). */
    public List<ComponentRow> components()
    {
        return components;
    }

    public List<MemoryRow> memories()
    {
        return memories;
    }

    public long totalFlops()
    {
        return totalFlops;
    }

    public long totalSramBits()
    {
        return totalSramBits;
    }

    public long totalTcamBits()
    {
        return totalTcamBits;
    }

    /** The row of the component at {@code path}, or null. */
    public ComponentRow component(final String path)
    {
        for (final ComponentRow row : components)
        {
            if (row.path().equals(path))
            {
                return row;
            }
        }
        return null;
    }

    @Override
    public String toString()
    {
        final StringBuilder sb = new StringBuilder();
        int nameWidth = "component".length();
        for (final ComponentRow row : components)
        {
            nameWidth = Math.max(nameWidth, row.path().length());
        }
        for (final MemoryRow row : memories)
        {
            nameWidth = Math.max(nameWidth, row.path().length());
        }
        final String rowFormat = "%-" + nameWidth + "s %10s %10s %10s %12s %12s %12s%n";
        sb.append(String.format(rowFormat, "component", "flops", "sram", "tcam", "tree flops", "tree sram", "tree tcam"));
        for (final ComponentRow r : components)
        {
            sb.append(String.format(rowFormat, r.path(), r.flops(), r.sramBits(), r.tcamBits(),
                r.subtreeFlops(), r.subtreeSramBits(), r.subtreeTcamBits()));
        }
        sb.append(String.format(rowFormat, "TOTAL", totalFlops, totalSramBits, totalTcamBits, "", "", ""));
        if (!memories.isEmpty())
        {
            sb.append(System.lineSeparator());
            final String memFormat = "%-" + nameWidth + "s %6s %10s %10s %12s%n";
            sb.append(String.format(memFormat, "memory", "kind", "depth", "width", "bits"));
            for (final MemoryRow m : memories)
            {
                sb.append(String.format(memFormat, m.path(), m.kind(), m.depth(), m.width(), m.bits()));
            }
        }
        return sb.toString();
    }

    private static long[] walk(
        final Component c, final int depth, final List<ComponentRow> rows, final List<MemoryRow> memories)
    {
        long flops = 0;
        long sram = 0;
        long tcam = 0;
        for (final StateElement e : c.stateElements())
        {
            flops += e.flopBits();
            sram += e.sramBits();
            tcam += e.tcamBits();
            if (e instanceof final Memory m)
            {
                final long bits = (m.kind() == Memory.Kind.TCAM ? 2L : 1L) * m.depth() * m.width();
                memories.add(new MemoryRow(c.path() + "." + m.name(), m.kind(), m.depth(), m.width(), bits));
            }
        }
        final int index = rows.size();
        rows.add(null);
        long subFlops = flops;
        long subSram = sram;
        long subTcam = tcam;
        for (final Component child : c.children())
        {
            final long[] sub = walk(child, depth + 1, rows, memories);
            subFlops += sub[0];
            subSram += sub[1];
            subTcam += sub[2];
        }
        rows.set(index, new ComponentRow(c.path(), depth, flops, sram, tcam, subFlops, subSram, subTcam));
        return new long[] {subFlops, subSram, subTcam};
    }
}
