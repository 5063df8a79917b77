package dev.ccsilicon.firmware.core;

import dev.ccsilicon.firmware.isa.IsaConfig;

/**
 * C barrel cores of T harts each, sharing one memory and one decoded program. Cores advance in
 * lockstep one cycle at a time, in core order, so shared-memory interleaving is deterministic.
 */
public final class Cluster
{
    private final Preset preset;
    private final Memory memory;
    private final Executor exec;
    private final BarrelCore[] cores;
    private final Hart[] harts;

    public Cluster(final Preset preset)
    {
        this.preset = preset;
        final int t = preset.threadsPerCore();
        final int total = preset.cores() * t;
        memory = new Memory(total, preset.cost());
        exec = new Executor(memory, preset.isa(), preset.cost());
        harts = new Hart[total];
        cores = new BarrelCore[preset.cores()];
        for (int c = 0; c < cores.length; c++)
        {
            final Hart[] hs = new Hart[t];
            for (int i = 0; i < t; i++)
            {
                hs[i] = new Hart(c * t + i);
                harts[c * t + i] = hs[i];
            }
            cores[c] = new BarrelCore(c, exec, hs);
        }
    }

    public Preset preset()
    {
        return preset;
    }

    public IsaConfig isa()
    {
        return preset.isa();
    }

    public Memory memory()
    {
        return memory;
    }

    public Executor executor()
    {
        return exec;
    }

    public BarrelCore core(final int c)
    {
        return cores[c];
    }

    public int cores()
    {
        return cores.length;
    }

    public Hart hart(final int h)
    {
        return harts[h];
    }

    public int harts()
    {
        return harts.length;
    }

    /** Runs every core, one cycle at a time, until all harts halted; returns the last core's end cycle. */
    public long runUntilHalted(final long maxCycles)
    {
        long t = 0;
        for (final BarrelCore c : cores)
        {
            t = Math.max(t, c.now());
        }
        final long limit = t + maxCycles;
        boolean any = true;
        while (any)
        {
            if (t >= limit)
            {
                throw new IllegalStateException("cluster: harts still running after " + maxCycles + " cycles");
            }
            t++;
            any = false;
            for (final BarrelCore c : cores)
            {
                if (c.busy())
                {
                    c.advanceTo(t);
                    any |= c.busy();
                }
            }
        }
        long end = 0;
        for (final Hart h : harts)
        {
            end = Math.max(end, h.readyAt);
        }
        return end;
    }
}
