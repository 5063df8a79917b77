package dev.ccsilicon.net.blocks;

/**
 * A DUT that can run a stretch of cycles with its inputs held, cheaply (the Verilated block in its
 * native loop), and report the first of them in which a watched output is high.
 */
public interface HeldInputs
{
    /**
     * Runs {@code cycles} full cycles (evaluate with {@code inputs}, clock) and returns the index of
     * the first in which an output word of {@code watch} was non-zero, or -1.
     */
    long runHeld(long cycles, long[] inputs, int[] watch);
}
