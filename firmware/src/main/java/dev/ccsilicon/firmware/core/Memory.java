package dev.ccsilicon.firmware.core;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The flat little-endian memory of a cluster, with a latency per 64-byte block (from the region
 * the block belongs to), so a load's region costs one array lookup.
 */
public final class Memory
{
    private static final VarHandle I16 = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle I32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle I64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    final byte[] bytes;
    final byte[] blockLatency;
    private final int harts;

    public Memory(final int harts, final CostModel cost)
    {
        if (harts < 1 || harts > 4096)
        {
            throw new IllegalArgumentException("harts " + harts + ": allowed 1..4096");
        }
        this.harts = harts;
        final long size = MemoryMap.size(harts);
        bytes = new byte[(int) size];
        blockLatency = new byte[(int) (size >>> 6)];
        fill(MemoryMap.IMEM_BASE, MemoryMap.IMEM_SIZE, cost.imem());
        fill(MemoryMap.SHARED_BASE, MemoryMap.SHARED_SIZE, cost.shared());
        fill(MemoryMap.MMIO_BASE, MemoryMap.MMIO_SIZE, cost.mmio());
        for (int h = 0; h < harts; h++)
        {
            final long w = MemoryMap.hartWindow(h);
            fill(w, MemoryMap.HART_STRIDE, cost.stack());
            fill(w + MemoryMap.WINDOW_EVENT, 64, cost.event());
            fill(w + MemoryMap.WINDOW_CONTEXT, 64, cost.context());
            fill(w + MemoryMap.WINDOW_ATTR, 64, cost.event());
            fill(w + MemoryMap.WINDOW_RESULTS, 64, cost.event());
        }
    }

    private void fill(final long base, final long size, final int latency)
    {
        if (latency > 127)
        {
            throw new IllegalArgumentException("region latency " + latency + " at 0x" + Long.toHexString(base) + ": at most 127 cycles");
        }
        for (long a = base; a < base + size && (a >>> 6) < blockLatency.length; a += 64)
        {
            blockLatency[(int) (a >>> 6)] = (byte) latency;
        }
    }

    public int harts()
    {
        return harts;
    }

    public long size()
    {
        return bytes.length;
    }

    public boolean contains(final long addr, final int n)
    {
        return addr >= 0 && addr <= bytes.length - n;
    }

    public int latency(final long addr)
    {
        return blockLatency[(int) (addr >>> 6)];
    }

    public int read8(final long a)
    {
        return bytes[(int) a];
    }

    public int read16(final long a)
    {
        return (short) I16.get(bytes, (int) a);
    }

    public int read32(final long a)
    {
        return (int) I32.get(bytes, (int) a);
    }

    public long read64(final long a)
    {
        return (long) I64.get(bytes, (int) a);
    }

    public void write8(final long a, final int v)
    {
        bytes[(int) a] = (byte) v;
    }

    public void write16(final long a, final int v)
    {
        I16.set(bytes, (int) a, (short) v);
    }

    public void write32(final long a, final int v)
    {
        I32.set(bytes, (int) a, v);
    }

    public void write64(final long a, final long v)
    {
        I64.set(bytes, (int) a, v);
    }

    /** Copies {@code n} bytes of {@code src} from {@code off} to {@code addr}. */
    public void load(final long addr, final byte[] src, final int off, final int n)
    {
        if (!contains(addr, n))
        {
            throw new IllegalArgumentException("segment [0x" + Long.toHexString(addr) + ", +" + n + ") outside memory [0, 0x"
                + Long.toHexString(bytes.length) + ")");
        }
        System.arraycopy(src, off, bytes, (int) addr, n);
    }

    public void zero(final long addr, final long n)
    {
        if (!contains(addr, (int) n))
        {
            throw new IllegalArgumentException("range [0x" + Long.toHexString(addr) + ", +" + n + ") outside memory");
        }
        java.util.Arrays.fill(bytes, (int) addr, (int) (addr + n), (byte) 0);
    }
}
