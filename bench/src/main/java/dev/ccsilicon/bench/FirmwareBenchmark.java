package dev.ccsilicon.bench;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import dev.ccsilicon.firmware.core.Cluster;
import dev.ccsilicon.firmware.core.Hart;
import dev.ccsilicon.firmware.core.Preset;
import dev.ccsilicon.firmware.elf.ElfFile;
import dev.ccsilicon.firmware.pcc.PccAbi;
import dev.ccsilicon.firmware.pcc.PccFirmware;

/**
 * Instructions per second of the firmware ISS on one host thread (SPEC §10: target 100 M/s per
 * core): the committed selftest loop from _start to halt, and rocc_rp handling CNPs, on RV64
 * (dpa-bf3) and RV32 (generic). The "instructions" counter is the figure; the primary score is
 * calls per second. Run from the repository root (the ELFs are read from firmware/programs).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class FirmwareBenchmark
{
    /** Retired guest instructions, reported by JMH as a rate. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Instructions
    {
        public long instructions;

        @Setup(Level.Iteration)
        public void clear()
        {
            instructions = 0;
        }
    }

    @Param({"rv64", "rv32"})
    public String isa;

    private Cluster loopCluster;
    private long loopEntry;
    private PccFirmware rocc;
    private final int[][] ctx = new int[64][PccAbi.CTX_WORDS];
    private final int[] results = new int[PccAbi.RESULT_WORDS];
    private final int[][] events = new int[256][];
    private int next;

    private static Path root()
    {
        return Path.of(System.getProperty("ccsilicon.root", "."));
    }

    @Setup
    public void setUp()
    {
        final Preset preset = isa.equals("rv64") ? Preset.DPA_BF3 : Preset.GENERIC;
        final ElfFile loop = ElfFile.read(root().resolve("firmware/programs/selftest/loop." + isa + ".elf"));
        loopCluster = new Cluster(preset);
        loop.loadInto(loopCluster.memory());
        loopEntry = loop.entry();
        rocc = PccFirmware.load(root().resolve("firmware/programs/rocc_rp/rocc_rp." + isa + ".elf"), preset);
        rocc.init();
        final java.util.SplittableRandom rnd = new java.util.SplittableRandom(1);
        for (int i = 0; i < events.length; i++)
        {
            events[i] = PccAbi.cnp(rnd.nextInt(64), i, i * 1000, rnd.nextInt(1, 10_000), rnd.nextInt(4));
        }
    }

    @Benchmark
    public long loop(final Instructions n)
    {
        final Hart h = loopCluster.hart(0);
        h.start(loopEntry, 0);
        final long r = loopCluster.executor().runAlone(h, 100_000_000);
        n.instructions += r;
        return h.reg(10);
    }

    @Benchmark
    public int roccCnp(final Instructions n)
    {
        final int[] e = events[next++ & 255];
        rocc.algo(0, ctx[e[PccAbi.W_FLOW_TAG]], e, 0, results);
        n.instructions += rocc.lastInstructions();
        return results[PccAbi.R_CAUSE];
    }
}
