package dev.ccsilicon.firmware.report;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.ccsilicon.firmware.core.Preset;
import dev.ccsilicon.firmware.elf.ElfFile;
import dev.ccsilicon.firmware.isa.Op;
import dev.ccsilicon.firmware.nic.Completion;
import dev.ccsilicon.firmware.nic.EventQueueConfig;
import dev.ccsilicon.firmware.nic.FirmwareNic;
import dev.ccsilicon.firmware.nic.FirmwareNicConfig;
import dev.ccsilicon.firmware.nic.NicCounters;
import dev.ccsilicon.firmware.pcc.PccAbi;
import dev.ccsilicon.firmware.pcc.PccFirmware;
import dev.ccsilicon.firmware.pcc.ProgramBuild;

/**
 * Runs a compiled PCC program on the NIC runtime over an {@link EventSource} and collects the
 * report of firmware.md §5.9: arrivals during the window are offered at their cycle, then the NIC
 * drains what is queued (at most as long again as the window, and at least 100 µs) with no new
 * arrivals. Sizing probes and sweeps are more runs of the same.
 */
public final class FirmwareReport
{
    private static final long MIN_DRAIN_PS = 100_000_000L;

    private final String name;
    private final Path elfPath;
    private final ElfFile elf;
    private final Preset preset;
    private final FirmwareNicConfig config;
    private final int disableMask;
    private final long textBytes;
    private final String compiler;
    private int[] params;

    /**
     * Parameter values by id (slot {@code config.algoSlot()}, every port) set after the program's init
     * in every run, e.g. a trace's R_max and recovery time for rocc_rp; null keeps the program's defaults.
     */
    public FirmwareReport params(final int[] values)
    {
        this.params = values == null ? null : values.clone();
        return this;
    }

    /**
     * @param preset the cluster to run on (its cores, threads and enabled threads as given).
     */
    public FirmwareReport(final String name, final Path elfPath, final Preset preset, final FirmwareNicConfig config)
    {
        this.name = name;
        this.elfPath = elfPath;
        this.elf = ElfFile.read(elfPath);
        this.preset = preset;
        this.config = config;
        this.disableMask = new PccFirmware(elf, preset).init();
        long text = 0;
        for (final ElfFile.Segment s : elf.segments())
        {
            if ((s.flags() & 1) != 0)
            {
                text += s.memSize();
            }
        }
        this.textBytes = text;
        final Path sidecar = ProgramBuild.sidecarOf(elfPath);
        String c = "unknown (no sidecar)";
        if (Files.isRegularFile(sidecar))
        {
            try
            {
                c = ProgramBuild.sidecarField(sidecar, "compiler");
            }
            catch (final IllegalArgumentException e)
            {
                c = "unknown (sidecar without compiler)";
            }
        }
        this.compiler = c;
    }

    /** The disable-event mask the program's init returns (bit n: type n is dropped at the door). */
    public int disableMask()
    {
        return disableMask;
    }

    /** Whether the program handles {@code type} (by type code). */
    public boolean[] enabledTypes()
    {
        final boolean[] e = new boolean[NicSnapshot.TYPES];
        for (int t = 0; t < 32; t++)
        {
            e[t] = (disableMask >>> t & 1) == 0;
        }
        e[PccAbi.EV_TIMER] = config.timerEvents();
        return e;
    }

    public Preset preset()
    {
        return preset;
    }

    public FirmwareNicConfig config()
    {
        return config;
    }

    /** The preset with {@code cores} cores of its threads per core, every hart enabled. */
    public static Preset sized(final Preset p, final int cores, final int threads)
    {
        return new Preset(p.name(), p.isa(), p.clockHz(), cores, threads, cores * threads, p.cost());
    }

    /**
     * One run over {@code source}'s arrivals before {@code durationPs}, on {@code on} (a variant of
     * the preset: other cores).
     *
     * @param measureContext find the context words any handler left non-zero (a copy per completion: the main run only).
     */
    public RunReport run(final Preset on, final EventSource source, final String loadText, final long seed, final long durationPs,
                         final boolean measureContext)
    {
        final PccFirmware fw = new PccFirmware(elf, on);
        final FirmwareNic nic = new FirmwareNic(fw, config);
        // after the NIC ran the program's init, which writes its defaults
        for (int id = 0; params != null && id < params.length; id++)
        {
            fw.setParam(config.algoSlot(), id, params[id]);
        }
        StackGauge.paint(fw.cluster().memory(), nic.harts());
        final ReportStats stats = new ReportStats();
        final int[] contextWords = new int[1];
        nic.listener((final Completion c) ->
        {
            stats.handled(c.type(), c.instructions(), c.handlerCycles(), c.arrivalCycle(), c.endCycle(), c.applyCycle(),
                c.numCoalesced(), c.contextHit());
            if (measureContext)
            {
                // after write-back: the flow's context as this handler left it
                final int[] ctx = nic.context(c.flow());
                for (int w = 0; w < ctx.length; w++)
                {
                    contextWords[0] |= ctx[w] != 0 ? 1 << w : 0;
                }
            }
            for (int k = 0; k < Op.CLASSES; k++)
            {
                final long m = c.mix(k);
                if (m != 0)
                {
                    stats.mix(c.type(), k, m);
                }
            }
        });
        final int[] event = new int[PccAbi.EVENT_WORDS];
        while (source.nextPs() < durationPs)
        {
            final long cycle = nic.cycleAtPs(source.nextPs());
            nic.advanceTo(cycle);
            source.next(event);
            nic.offer(cycle, event);
        }
        final long windowEnd = nic.cycleAtPs(durationPs);
        nic.advanceTo(windowEnd);
        final long limit = windowEnd + nic.cycleAtPs(Math.max(MIN_DRAIN_PS, durationPs));
        while (unfinished(nic.counters()) > 0 && nic.cycle() < limit)
        {
            final long next = nic.nextBusyCycle();
            if (next == Long.MAX_VALUE)
            {
                break;
            }
            nic.advanceTo(Math.min(limit, Math.max(next, nic.cycle() + 1)));
        }
        final NicSnapshot snap = snapshot(nic.counters());
        final ProgramInfo info = new ProgramInfo(name, elfPath.toString(), textBytes,
            measureContext ? 4 * Integer.bitCount(contextWords[0]) : -1, StackGauge.deepestBytes(fw.cluster().memory(), nic.harts()),
            compiler, disableMask);
        return new RunReport(info, on.name(), on.isa().name(), nic.clockHz(), on.cores(), on.threadsPerCore(),
            on.threadsEnabled(), loadText, seed,
            durationPs, stats, snap, null);
    }

    private static long unfinished(final NicCounters c)
    {
        long u = 0;
        for (int t = 0; t < EventQueueConfig.TYPES; t++)
        {
            u += c.offered(t) - c.coalesced(t) - c.handled(t) - c.droppedFull(t) - c.droppedWred(t) - c.droppedDisabled(t);
        }
        return u;
    }

    static NicSnapshot snapshot(final NicCounters c)
    {
        final int n = NicSnapshot.TYPES;
        final long[] offered = new long[n];
        final long[] coalesced = new long[n];
        final long[] handled = new long[n];
        final long[] full = new long[n];
        final long[] wred = new long[n];
        final long[] disabled = new long[n];
        for (int t = 0; t < EventQueueConfig.TYPES; t++)
        {
            offered[t] = c.offered(t);
            coalesced[t] = c.coalesced(t);
            handled[t] = c.handled(t);
            full[t] = c.droppedFull(t);
            wred[t] = c.droppedWred(t);
            disabled[t] = c.droppedDisabled(t);
        }
        final long[] occ = new long[c.depth() + 1];
        for (int o = 0; o <= c.depth(); o++)
        {
            occ[o] = c.occupancyCycles(o);
        }
        final long[] busy = new long[c.harts()];
        final long[] events = new long[c.harts()];
        for (int h = 0; h < busy.length; h++)
        {
            busy[h] = c.hartBusyCycles(h);
            events[h] = c.hartEvents(h);
        }
        final long[] issued = new long[c.cores()];
        final long[] idle = new long[c.cores()];
        for (int k = 0; k < issued.length; k++)
        {
            issued[k] = c.coreIssued(k);
            idle[k] = c.coreIdleCycles(k);
        }
        return new NicSnapshot(c.elapsedCycles(), c.depth(), offered, coalesced, handled, full, wred, disabled, occ,
            c.maxOccupancy(), c.overloadCycles(), busy, events, issued, idle, c.contextHits(), c.contextMisses());
    }

    /** Sizing: one probe is a run of {@code spec} for {@code windowPs} on {@code cores} cores of {@code threads}. */
    public CoreSizing.Probe sizingProbe(final int threads, final long windowPs, final long seed, final double boundNs,
                                        final double maxUtilisation)
    {
        return (spec, cores) ->
        {
            final RunReport r = run(sized(preset, cores, threads), new SyntheticLoad(spec, windowPs, seed), spec.text(), seed,
                windowPs, false);
            final double p99 = r.ns(r.stats().sojournCycles().percentile(99));
            final long drops = r.nic().drops();
            final long unfinished = r.nic().unfinished();
            final double util = r.nic().meanCoreUtilisation();
            return new CoreSizing.Outcome(drops == 0 && unfinished == 0 && p99 < boundNs && util <= maxUtilisation, drops,
                unfinished, p99, util);
        };
    }

    /** The §2.4 per-event fixed overhead at a context-cache hit rate: dispatch + fetch + write-back. */
    public double overheadCycles(final double hitRate)
    {
        final var d = config.dispatch();
        return d.dispatchCycles() + hitRate * d.contextHitCycles() + (1 - hitRate) * d.contextMissCycles() + d.writeBackCycles();
    }

    /** Mean handler cycles per type code measured in {@code r} (0 where none ran). */
    public static double[] meanCycles(final RunReport r)
    {
        final double[] m = new double[NicSnapshot.TYPES];
        for (final EventStats s : r.stats().types())
        {
            m[s.type()] = s.cycles().mean();
        }
        return m;
    }

    /** Mean instructions per type code measured in {@code r} (0 where none ran). */
    public static double[] meanInstructions(final RunReport r)
    {
        final double[] m = new double[NicSnapshot.TYPES];
        for (final EventStats s : r.stats().types())
        {
            m[s.type()] = s.instructions().mean();
        }
        return m;
    }

    /** One row of a sweep over cores or load. */
    public record SweepRow(int cores, double rateScale, double offeredPerSecond, long offered, long drops, long unfinished,
                           double coreUtilisation, double overloadFraction, double p99SojournNs)
    {
        static SweepRow of(final int cores, final double scale, final RunReport r)
        {
            long offered = 0;
            for (int t = 0; t < NicSnapshot.TYPES; t++)
            {
                offered += r.nic().offered()[t];
            }
            return new SweepRow(cores, scale, offered / (r.durationPs() / 1e12), offered, r.nic().drops(), r.nic().unfinished(),
                r.nic().meanCoreUtilisation(), r.nic().overloadFraction(), r.ns(r.stats().sojournCycles().percentile(99)));
        }
    }

    /** The same load at each core count ({@code threads} per core). */
    public List<SweepRow> sweepCores(final SyntheticSpec spec, final int[] cores, final int threads, final long seed,
                                     final long durationPs)
    {
        final List<SweepRow> rows = new ArrayList<>();
        for (final int c : cores)
        {
            rows.add(SweepRow.of(c, 1, run(sized(preset, c, threads), new SyntheticLoad(spec, durationPs, seed), spec.text(), seed,
                durationPs, false)));
        }
        return rows;
    }

    /** The load at each multiple of its line rate, on {@code on}. */
    public List<SweepRow> sweepLoad(final Preset on, final SyntheticSpec spec, final double[] scales, final long seed,
                                    final long durationPs)
    {
        final List<SweepRow> rows = new ArrayList<>();
        for (final double s : scales)
        {
            final long rate = Math.max(SyntheticSpec.MIN_RATE, Math.min(SyntheticSpec.MAX_RATE, Math.round(spec.rateBps() * s)));
            final SyntheticSpec scaled = spec.withLoad(rate, spec.frameBytes(), spec.burst());
            rows.add(SweepRow.of(on.cores(), s, run(on, new SyntheticLoad(scaled, durationPs, seed), scaled.text(), seed, durationPs,
                false)));
        }
        return rows;
    }
}
