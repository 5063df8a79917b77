package dev.ccsilicon.firmware.core;

/**
 * ccsilicon's firmware address map (matches runtime/ccsilicon-fw.ld): code at 0, the shared heap at
 * 0x10000, the MMIO page at 0x20000, and one 4 KiB window per hart from 0x100000 holding its event
 * buffer, context, attr, results and stack.
 */
public final class MemoryMap
{
    public static final long IMEM_BASE = 0x0;
    public static final long IMEM_SIZE = 0x10000;
    public static final long SHARED_BASE = 0x10000;
    public static final long SHARED_SIZE = 0x10000;
    public static final long MMIO_BASE = 0x20000;
    public static final long MMIO_SIZE = 0x1000;
    /** The MMIO word holding the microsecond timer (doca_pcc_dev_get_timer_lo). */
    public static final long MMIO_TIMER_US = 0x20000;
    public static final long HART_BASE = 0x100000;
    public static final long HART_STRIDE = 0x1000;
    public static final int WINDOW_EVENT = 0x000;
    public static final int WINDOW_CONTEXT = 0x040;
    public static final int WINDOW_ATTR = 0x080;
    public static final int WINDOW_RESULTS = 0x0C0;
    public static final int WINDOW_SCRATCH = 0x0E0;
    public static final int WINDOW_STACK_LOW = 0x100;

    private MemoryMap()
    {
    }

    public static long hartWindow(final int hart)
    {
        return HART_BASE + hart * HART_STRIDE;
    }

    /** The initial stack pointer of {@code hart}: the top of its window (16-byte aligned). */
    public static long stackTop(final int hart)
    {
        return hartWindow(hart) + HART_STRIDE;
    }

    public static long size(final int harts)
    {
        return HART_BASE + harts * HART_STRIDE;
    }
}
