package dev.ccsilicon.cli.cosim;

import java.nio.file.Path;
import java.util.Arrays;

import dev.ccsilicon.firmware.core.Cluster;
import dev.ccsilicon.firmware.core.Hart;
import dev.ccsilicon.firmware.core.Preset;
import dev.ccsilicon.firmware.elf.ElfFile;
import dev.ccsilicon.firmware.nic.FirmwareNicConfig;
import dev.ccsilicon.firmware.pcc.FirmwarePrograms;
import dev.ccsilicon.firmware.pcc.PccAbi;
import dev.ccsilicon.firmware.pcc.PccFirmware;
import dev.ccsilicon.firmware.pcc.ProgramBuild;
import dev.ccsilicon.firmware.report.EventSource;
import dev.ccsilicon.firmware.report.FirmwareReport;
import dev.ccsilicon.firmware.report.RunReport;
import dev.ccsilicon.firmware.report.SyntheticLoad;
import dev.ccsilicon.firmware.report.SyntheticSpec;

/**
 * SPEC §10's firmware figures, measured in one run: guest instructions per second of the ISS on
 * one host thread (the selftest loop; a program's handlers called one after another, as the
 * cross-check does) and events per second through the whole NIC runtime (queue, dispatcher,
 * barrel cores, timers), each the median of a few rounds after a warm-up.
 */
final class FirmwareBench
{
    /** The NIC runtime's load: every event type the program takes, at a rate its cores keep up with. */
    static final String NIC_LOAD = "rate=100G,frame=1KB,flows=1000,cnp_rate=0.5";
    static final long NIC_WINDOW_PS = 1_000_000_000L;

    /** One measurement: guest instructions and events per host-second. */
    record Rate(double instructionsPerSecond, double eventsPerSecond)
    {
    }

    private FirmwareBench()
    {
    }

    /** The committed selftest loop from _start to its halt, on hart 0 of {@code preset}'s cluster. */
    static Rate loop(final Preset preset, final int rounds)
    {
        final ElfFile elf = ElfFile.read(Path.of(FirmwarePrograms.directory().toString(), "programs/selftest/loop."
            + FirmwarePrograms.targetOf(preset).suffix + ".elf"));
        final Cluster cluster = new Cluster(preset);
        elf.loadInto(cluster.memory());
        final double[] ips = new double[rounds + 1];
        for (int r = 0; r <= rounds; r++)
        {
            final Hart h = cluster.hart(0);
            long n = 0;
            final long t0 = System.nanoTime();
            while (System.nanoTime() - t0 < 200_000_000L)
            {
                h.start(elf.entry(), 0);
                n += cluster.executor().runAlone(h, 100_000_000);
            }
            ips[r] = n / ((System.nanoTime() - t0) / 1e9);
        }
        return new Rate(median(ips), Double.NaN);
    }

    /** {@code program}'s handlers alone: {@code events} events of its default mix, one after another on hart 0. */
    static Rate handlers(final String program, final Preset preset, final int events, final int rounds)
    {
        final Path elf = FirmwarePrograms.resolveElf(program, preset);
        final int[][] evs = events(elf, preset, events);
        final double[] ips = new double[rounds + 1];
        final double[] eps = new double[rounds + 1];
        final int[] results = new int[PccAbi.RESULT_WORDS];
        for (int r = 0; r <= rounds; r++)
        {
            final PccFirmware fw = PccFirmware.load(elf, preset);
            fw.init();
            final int[][] ctx = new int[1000][PccAbi.CTX_WORDS];
            long n = 0;
            final long t0 = System.nanoTime();
            for (final int[] e : evs)
            {
                fw.timerUs(e[PccAbi.W_TIMESTAMP] / 1000);
                fw.algo(0, ctx[e[PccAbi.W_FLOW_TAG] % 1000], e, 0, results);
                n += fw.lastInstructions();
            }
            final double s = (System.nanoTime() - t0) / 1e9;
            ips[r] = n / s;
            eps[r] = evs.length / s;
        }
        return new Rate(median(ips), median(eps));
    }

    /** {@code program} on the NIC runtime over {@link #NIC_LOAD} for {@link #NIC_WINDOW_PS}. */
    static Rate nic(final String program, final Preset preset, final int rounds)
    {
        final Path elf = FirmwarePrograms.resolveElf(program, preset);
        final FirmwareReport report = new FirmwareReport(program, elf, preset, FirmwareNicConfig.defaults());
        final SyntheticSpec spec = SyntheticSpec.parse(NIC_LOAD, SyntheticSpec.defaultMix(report.disableMask()));
        final double[] ips = new double[rounds + 1];
        final double[] eps = new double[rounds + 1];
        for (int r = 0; r <= rounds; r++)
        {
            final long t0 = System.nanoTime();
            final RunReport run = report.run(preset, new SyntheticLoad(spec, NIC_WINDOW_PS, 1), spec.text(), 1, NIC_WINDOW_PS,
                false);
            final double s = (System.nanoTime() - t0) / 1e9;
            long instructions = 0;
            for (final var t : run.stats().types())
            {
                instructions += t.instructions().sum();
            }
            ips[r] = instructions / s;
            eps[r] = run.stats().handled() / s;
        }
        return new Rate(median(ips), median(eps));
    }

    private static int[][] events(final Path elf, final Preset preset, final int count)
    {
        final PccFirmware probe = PccFirmware.load(elf, preset);
        final int mask = probe.init();
        final SyntheticSpec spec = SyntheticSpec.parse(NIC_LOAD, SyntheticSpec.defaultMix(mask));
        final EventSource load = new SyntheticLoad(spec, 1_000_000_000_000L, 1);
        final int[][] evs = new int[count][];
        int n = 0;
        while (n < count && load.nextPs() != EventSource.END)
        {
            final int[] e = new int[PccAbi.EVENT_WORDS];
            load.next(e);
            if ((mask & 1 << PccAbi.type(e)) == 0)
            {
                evs[n++] = e;
            }
        }
        return Arrays.copyOf(evs, n);
    }

    /** The median of the measured rounds (index 0 is the warm-up and is left out). */
    private static double median(final double[] withWarmUp)
    {
        final double[] m = Arrays.copyOfRange(withWarmUp, 1, withWarmUp.length);
        Arrays.sort(m);
        return m[m.length / 2];
    }

    static String compiler(final String program, final Preset preset)
    {
        final Path elf = FirmwarePrograms.resolveElf(program, preset);
        try
        {
            return ProgramBuild.sidecarField(ProgramBuild.sidecarOf(elf), "compiler");
        }
        catch (final RuntimeException e)
        {
            return "unknown";
        }
    }
}
