package dev.ccsilicon.firmware.check;

import java.nio.file.Path;

import dev.ccsilicon.firmware.core.Preset;
import dev.ccsilicon.firmware.pcc.PccAbi;
import dev.ccsilicon.firmware.pcc.PccFirmware;
import dev.ccsilicon.firmware.pcc.PccProgram;
import dev.ccsilicon.firmware.pcc.PccSlots;

/**
 * Something that runs a PCC program on one event of one NIC: the compiled ELF on the ISS
 * ({@link #iss}), or the program's Java twin ({@link #twin}). Each NIC has its own parameters
 * (its R_max); the engine holds one program instance and loads a NIC's parameters when the NIC
 * changes, which is what the firmware of that NIC would have in its tables.
 */
public abstract class PccEngine
{
    private final int[][] params;
    private int loaded = -1;

    /** @param params per NIC, the parameter values of slot 0, by id. */
    protected PccEngine(final int[][] params)
    {
        this.params = params;
    }

    /** Runs one event of {@code nic} with the QP's context {@code ctx}; fills {@code results}. */
    public final void algo(final int nic, final int qp, final int[] ctx, final int[] event, final int[] results)
    {
        if (nic != loaded)
        {
            for (int id = 0; id < params[nic].length; id++)
            {
                setParam(id, params[nic][id]);
            }
            loaded = nic;
        }
        run(qp, ctx, event, PccAbi.attr(0, false), results);
    }

    protected abstract void setParam(int id, int value);

    protected abstract void run(int qp, int[] ctx, int[] event, int attr, int[] results);

    /** Cycles the last event took on the ISS (0 for a twin). */
    public abstract long lastCycles();

    /** Counter {@code id} of slot 0 (port 0), as the program counts it: the host's view of the firmware's counters. */
    public abstract int counter(int id);

    /** The compiled program at {@code elf} on a cluster of {@code preset}; init runs once. */
    public static PccEngine iss(final Path elf, final Preset preset, final int[][] params)
    {
        final PccFirmware fw = PccFirmware.load(elf, preset);
        fw.init();
        final int harts = Math.min(fw.cluster().harts(), 16);
        return new PccEngine(params)
        {
            @Override
            protected void setParam(final int id, final int value)
            {
                fw.setParam(0, id, value);
            }

            @Override
            protected void run(final int qp, final int[] ctx, final int[] event, final int attr, final int[] results)
            {
                fw.algo(qp % harts, ctx, event, attr, results);
            }

            @Override
            public long lastCycles()
            {
                return fw.lastCycles();
            }

            @Override
            public int counter(final int id)
            {
                return fw.counter(0, 0, id);
            }
        };
    }

    /** A Java twin; init runs once. */
    public static PccEngine twin(final PccProgram program, final int[][] params)
    {
        final PccSlots slots = new PccSlots();
        program.init(slots);
        return new PccEngine(params)
        {
            @Override
            protected void setParam(final int id, final int value)
            {
                slots.setParam(0, id, value);
            }

            @Override
            protected void run(final int qp, final int[] ctx, final int[] event, final int attr, final int[] results)
            {
                program.algo(slots, ctx, event, attr, results);
            }

            @Override
            public long lastCycles()
            {
                return 0;
            }

            @Override
            public int counter(final int id)
            {
                return slots.counters(0, 0)[id];
            }
        };
    }
}
