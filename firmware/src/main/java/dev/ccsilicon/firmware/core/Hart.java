package dev.ccsilicon.firmware.core;

import dev.ccsilicon.firmware.isa.Op;

/** One hardware thread: registers, PC and its counters. Plain fields for the executor's hot loop. */
public final class Hart
{
    final int id;
    final long[] x = new long[32];
    long pc;
    /** Instructions retired (the instret CSR). */
    long instret;
    /** Cycles this hart's instructions have kept it busy (sum of their costs). */
    long busyCycles;
    /** Cycle from which the hart may issue again (barrel scheduling). */
    long readyAt;
    boolean halted = true;
    /** Retired instructions per cost class ({@link Op#CLASS_NAMES}). */
    final long[] mix = new long[Op.CLASSES];

    public Hart(final int id)
    {
        this.id = id;
    }

    public int id()
    {
        return id;
    }

    public long reg(final int i)
    {
        return x[i];
    }

    public void setReg(final int i, final long v)
    {
        if (i != 0)
        {
            x[i] = v;
        }
    }

    public long pc()
    {
        return pc;
    }

    public long instret()
    {
        return instret;
    }

    public long busyCycles()
    {
        return busyCycles;
    }

    public long readyAt()
    {
        return readyAt;
    }

    public boolean halted()
    {
        return halted;
    }

    public long mix(final int costClass)
    {
        return mix[costClass];
    }

    /** Starts the hart at {@code pc} (registers as they are), ready from cycle {@code at}. */
    public void start(final long pc, final long at)
    {
        this.pc = pc;
        this.readyAt = at;
        this.halted = false;
    }

    /**
     * Halts the hart where it stands, as if it had reached its halt instruction: a scheduler that
     * sees a handler return (its {@code ret} issued) frees the hart without an extra issue slot.
     */
    public void stop()
    {
        halted = true;
    }

    public void resetCounters()
    {
        instret = 0;
        busyCycles = 0;
        java.util.Arrays.fill(mix, 0);
    }
}
