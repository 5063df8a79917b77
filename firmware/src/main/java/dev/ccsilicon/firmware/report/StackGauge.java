package dev.ccsilicon.firmware.report;

import dev.ccsilicon.firmware.core.Memory;
import dev.ccsilicon.firmware.core.MemoryMap;

/**
 * The deepest stack any handler used, by painting: every hart's stack area is filled with a pattern
 * before the run and scanned after it for the lowest word a handler overwrote. Costs nothing while
 * the firmware runs (no check in the executor's hot path); a handler that stores the pattern value
 * itself at its deepest point would be measured a word short.
 */
final class StackGauge
{
    static final int PAINT = 0x5A17_C0DE;

    private StackGauge()
    {
    }

    static void paint(final Memory mem, final int harts)
    {
        for (int h = 0; h < harts; h++)
        {
            for (long a = low(h); a < MemoryMap.stackTop(h); a += 4)
            {
                mem.write32(a, PAINT);
            }
        }
    }

    /** Bytes below the stack top of the deepest hart's lowest overwritten word (0 if none). */
    static int deepestBytes(final Memory mem, final int harts)
    {
        long deepest = 0;
        for (int h = 0; h < harts; h++)
        {
            for (long a = low(h); a < MemoryMap.stackTop(h); a += 4)
            {
                if (mem.read32(a) != PAINT)
                {
                    deepest = Math.max(deepest, MemoryMap.stackTop(h) - a);
                    break;
                }
            }
        }
        return (int) deepest;
    }

    private static long low(final int hart)
    {
        return MemoryMap.hartWindow(hart) + MemoryMap.WINDOW_STACK_LOW;
    }
}
