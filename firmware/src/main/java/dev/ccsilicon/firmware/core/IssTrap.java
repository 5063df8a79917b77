package dev.ccsilicon.firmware.core;

/**
 * An instruction the emulator will not execute: illegal or unsupported encoding, misaligned or
 * out-of-range access, fetch outside code memory. The message names the hart, PC and instruction
 * word so a program can be fixed from it.
 */
public final class IssTrap extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    private final int hart;
    private final long pc;
    private final int word;

    public IssTrap(final String what, final int hart, final long pc, final int word)
    {
        super(String.format("%s at pc 0x%x (instruction word 0x%08x, hart %d)", what, pc, word, hart));
        this.hart = hart;
        this.pc = pc;
        this.word = word;
    }

    public int hart()
    {
        return hart;
    }

    public long pc()
    {
        return pc;
    }

    public int word()
    {
        return word;
    }
}
