package dev.ccsilicon.firmware.pcc;

import java.nio.file.Path;

import dev.ccsilicon.firmware.core.Cluster;
import dev.ccsilicon.firmware.core.Executor;
import dev.ccsilicon.firmware.core.Hart;
import dev.ccsilicon.firmware.core.Memory;
import dev.ccsilicon.firmware.core.MemoryMap;
import dev.ccsilicon.firmware.core.Preset;
import dev.ccsilicon.firmware.elf.ElfFile;

/**
 * A compiled PCC program loaded into a cluster, with the emulator acting as DOCA's "library": it
 * writes the event, context and attr into a hart's window, calls doca_pcc_dev_user_algo with
 * {@code ra} at the runtime's halt address, runs the hart to completion, and reads back the
 * context and results. One event at a time on one hart; the queue and dispatcher that feed many
 * harts sit above this.
 */
public final class PccFirmware
{
    private static final long MAX_INSTRUCTIONS_PER_CALL = 10_000_000;

    private final ElfFile elf;
    private final Cluster cluster;
    private final Memory mem;
    private final Executor exec;
    private final long algo;
    private final long init;
    private final long halt;
    private final long params;
    private final long counters;
    private final long gp;
    private long lastInstructions;
    private long lastCycles;

    public PccFirmware(final ElfFile elf, final Preset preset)
    {
        if (elf.xlen() != preset.isa().xlen())
        {
            throw new IllegalArgumentException(elf.source() + " is RV" + elf.xlen() + " but preset " + preset.name() + " runs "
                + preset.isa().name() + ": build the program for rv" + preset.isa().xlen());
        }
        this.elf = elf;
        this.cluster = new Cluster(preset);
        this.mem = cluster.memory();
        this.exec = cluster.executor();
        elf.loadInto(mem);
        algo = elf.requireSymbol("doca_pcc_dev_user_algo");
        init = elf.symbol("doca_pcc_dev_user_init").orElse(-1);
        halt = elf.requireSymbol("__ccs_halt");
        params = elf.requireSymbol("__ccs_params");
        counters = elf.requireSymbol("__ccs_counters");
        gp = elf.symbol("__global_pointer$").orElse(0);
    }

    public static PccFirmware load(final Path elf, final Preset preset)
    {
        return new PccFirmware(ElfFile.read(elf), preset);
    }

    public ElfFile elf()
    {
        return elf;
    }

    public Cluster cluster()
    {
        return cluster;
    }

    /** Runs doca_pcc_dev_user_init on hart 0; returns the disable-event mask it wrote (0 if it has none). */
    public int init()
    {
        if (init < 0)
        {
            return 0;
        }
        final long scratch = MemoryMap.hartWindow(0) + MemoryMap.WINDOW_SCRATCH;
        mem.write32(scratch, 0);
        call(0, init, scratch, 0, 0, 0);
        return mem.read32(scratch);
    }

    private long paramAddr(final long table, final int perSlot, final int port, final int slot, final int id)
    {
        if (port < 0 || port >= PccAbi.PORTS || slot < 0 || slot >= PccAbi.SLOTS || id < 0 || id >= perSlot)
        {
            throw new IllegalArgumentException("port " + port + " slot " + slot + " id " + id + ": allowed port 0.."
                + (PccAbi.PORTS - 1) + ", slot 0.." + (PccAbi.SLOTS - 1) + ", id 0.." + (perSlot - 1));
        }
        return table + ((long) (port * PccAbi.SLOTS + slot) * perSlot + id) * 4;
    }

    public void setParam(final int port, final int slot, final int id, final int value)
    {
        mem.write32(paramAddr(params, PccAbi.PARAMS_PER_ALGO, port, slot, id), value);
    }

    /** Sets a parameter on every port's slot (how a scenario's params apply). */
    public void setParam(final int slot, final int id, final int value)
    {
        for (int p = 0; p < PccAbi.PORTS; p++)
        {
            setParam(p, slot, id, value);
        }
    }

    public int param(final int port, final int slot, final int id)
    {
        return mem.read32(paramAddr(params, PccAbi.PARAMS_PER_ALGO, port, slot, id));
    }

    public int counter(final int port, final int slot, final int id)
    {
        return mem.read32(paramAddr(counters, PccAbi.COUNTERS_PER_ALGO, port, slot, id));
    }

    /** Sets the microsecond timer the program reads with doca_pcc_dev_get_timer_lo. */
    public void timerUs(final int us)
    {
        mem.write32(MemoryMap.MMIO_TIMER_US, us);
    }

    /**
     * One call of doca_pcc_dev_user_algo on {@code hart}: {@code ctx} (12 words) is updated in
     * place and {@code results} (8 words) filled.
     */
    public void algo(final int hart, final int[] ctx, final int[] event, final int attr, final int[] results)
    {
        checkCall(hart, ctx, event, results);
        final Hart h = cluster.hart(hart);
        final long i0 = h.instret();
        final long c0 = h.busyCycles();
        startAlgo(hart, ctx, event, attr, h.readyAt());
        exec.runAlone(h, MAX_INSTRUCTIONS_PER_CALL);
        lastInstructions = h.instret() - i0;
        lastCycles = h.busyCycles() - c0;
        finishAlgo(hart, ctx, results);
    }

    /**
     * Writes the event, context and attr into {@code hart}'s window, clears its results and starts
     * doca_pcc_dev_user_algo there, ready from cycle {@code at}, without running it: a scheduler
     * (the NIC runtime) runs the cluster and, when the hart returns to {@link #haltAddress()},
     * collects the outcome with {@link #finishAlgo}.
     */
    public void startAlgo(final int hart, final int[] ctx, final int[] event, final int attr, final long at)
    {
        checkHart(hart);
        final long w = MemoryMap.hartWindow(hart);
        for (int i = 0; i < PccAbi.EVENT_WORDS; i++)
        {
            mem.write32(w + MemoryMap.WINDOW_EVENT + 4L * i, event[i]);
        }
        for (int i = 0; i < PccAbi.CTX_WORDS; i++)
        {
            mem.write32(w + MemoryMap.WINDOW_CONTEXT + 4L * i, ctx[i]);
        }
        mem.write32(w + MemoryMap.WINDOW_ATTR, attr);
        for (int i = 0; i < PccAbi.RESULT_WORDS; i++)
        {
            mem.write32(w + MemoryMap.WINDOW_RESULTS + 4L * i, 0);
        }
        prepare(hart, algo, w + MemoryMap.WINDOW_CONTEXT, w + MemoryMap.WINDOW_EVENT, w + MemoryMap.WINDOW_ATTR,
            w + MemoryMap.WINDOW_RESULTS).start(algo, at);
    }

    /** Reads back the context (12 words) and results (8 words) of the call that ran on {@code hart}. */
    public void finishAlgo(final int hart, final int[] ctx, final int[] results)
    {
        checkHart(hart);
        final long w = MemoryMap.hartWindow(hart);
        for (int i = 0; i < PccAbi.CTX_WORDS; i++)
        {
            ctx[i] = mem.read32(w + MemoryMap.WINDOW_CONTEXT + 4L * i);
        }
        for (int i = 0; i < PccAbi.RESULT_WORDS; i++)
        {
            results[i] = mem.read32(w + MemoryMap.WINDOW_RESULTS + 4L * i);
        }
    }

    /** Where a handler returns to (its {@code ra}): the runtime's halt instruction. */
    public long haltAddress()
    {
        return halt;
    }

    private void checkHart(final int hart)
    {
        if (hart < 0 || hart >= cluster.harts())
        {
            throw new IllegalArgumentException("hart " + hart + ": preset " + cluster.preset().name() + " has harts 0.."
                + (cluster.harts() - 1));
        }
    }

    private void checkCall(final int hart, final int[] ctx, final int[] event, final int[] results)
    {
        checkHart(hart);
        if (ctx.length != PccAbi.CTX_WORDS || event.length != PccAbi.EVENT_WORDS || results.length != PccAbi.RESULT_WORDS)
        {
            throw new IllegalArgumentException("context/event/results must have " + PccAbi.CTX_WORDS + "/" + PccAbi.EVENT_WORDS + "/"
                + PccAbi.RESULT_WORDS + " words, got " + ctx.length + "/" + event.length + "/" + results.length);
        }
    }

    private Hart prepare(final int hartId, final long entry, final long a0, final long a1, final long a2, final long a3)
    {
        final Hart h = cluster.hart(hartId);
        h.setReg(1, halt);
        h.setReg(2, MemoryMap.stackTop(hartId));
        h.setReg(3, gp);
        h.setReg(10, a0);
        h.setReg(11, a1);
        h.setReg(12, a2);
        h.setReg(13, a3);
        return h;
    }

    private void call(final int hartId, final long entry, final long a0, final long a1, final long a2, final long a3)
    {
        final Hart h = prepare(hartId, entry, a0, a1, a2, a3);
        final long i0 = h.instret();
        final long c0 = h.busyCycles();
        h.start(entry, h.readyAt());
        exec.runAlone(h, MAX_INSTRUCTIONS_PER_CALL);
        lastInstructions = h.instret() - i0;
        lastCycles = h.busyCycles() - c0;
    }

    /** Instructions the last call retired (the handler's, including its return; not the halt). */
    public long lastInstructions()
    {
        return lastInstructions;
    }

    /** Cycles the last call kept its hart busy, per the preset's cost model. */
    public long lastCycles()
    {
        return lastCycles;
    }
}
