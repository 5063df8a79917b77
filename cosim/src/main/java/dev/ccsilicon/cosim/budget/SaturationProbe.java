package dev.ccsilicon.cosim.budget;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

import dev.ccsilicon.blocks.roccfairrate.RoccFairRatePorts;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.lockstep.BlockAdapter;
import dev.ccsilicon.cosim.lockstep.Stimulus;
import dev.ccsilicon.hdl.ModelDut;
import dev.ccsilicon.hdl.StreamSpec;

/**
 * The events per cycle a block's Java model sustains on one stream at saturation (docs/budget.md,
 * "Measured throughput"): the block's co-simulation adapter (by {@link ServiceLoader}, the registry
 * {@code ccsilicon cosim} uses) builds the model ({@code ComponentDut}) at the co-simulated
 * parameters ({@link #parametersUsed}: the same pipeline as at the target, at fewer rows). The probe drives it with the pin
 * semantics of {@code JavaStreamDriver}: every input stream named, or every input stream when an
 * output stream is named, valid in every cycle with the adapter's own stimulus payloads (no idle
 * cycles), every output stream's ready high ({@code readyEvery} 1) or high one cycle in
 * {@code readyEvery}; the other input streams idle. After the first handshake on the stream and
 * {@link #WARMUP_CYCLES} more, it counts the stream's handshakes over {@link #MEASURE_CYCLES}.
 * Results are cached for the JVM run.
 */
public final class SaturationProbe
{
    public static final int WARMUP_CYCLES = 256;
    public static final int MEASURE_CYCLES = 4096;
    /** Longest wait for a first handshake (the init sweep of the capped sizes is far shorter). */
    public static final int MAX_START_CYCLES = 1 << 16;
    private static final long SEED = 1;
    /** Tests only: rocc_rp's recovery pin (cycles) instead of its stimulus's, 0 for the stimulus's. */
    static volatile long recoveryOverride = 0;

    private static final Map<String, Double> CACHE = new ConcurrentHashMap<>();
    private static volatile Map<String, BlockAdapter> adapters;

    private SaturationProbe()
    {
    }

    /** Handshakes per cycle on {@code stream} of {@code block} at saturation, no output backpressure. */
    public static double eventsPerCycle(final String block, final String stream, final Map<String, Long> parameters)
    {
        return eventsPerCycle(block, stream, parameters, 1);
    }

    /**
     * @param readyEvery every output stream's ready is high one cycle in {@code readyEvery} (1: always).
     */
    public static double eventsPerCycle(
        final String block, final String stream, final Map<String, Long> parameters, final int readyEvery)
    {
        final String key = block + "/" + stream + "/" + new TreeMap<>(parameters) + "/" + readyEvery;
        return CACHE.computeIfAbsent(key, k -> measure(block, stream, parameters, readyEvery));
    }

    /**
     * The parameters the measurement of {@code block} runs at: its co-simulated build's, whatever the
     * budget's {@code parameters} (the adapter's stimulus is generated for that build, e.g. its port and
     * QP numbers; the target's sizes would also make the init sweep long). The build has the same
     * pipeline (stages, lanes, SRAM latency) at fewer rows, so its events per cycle are the target's.
     */
    public static Map<String, String> parametersUsed(final String block, final Map<String, Long> parameters)
    {
        return new TreeMap<>(adapter(block).spec().parameters());
    }

    private static BlockAdapter adapter(final String block)
    {
        Map<String, BlockAdapter> a = adapters;
        if (a == null)
        {
            a = new LinkedHashMap<>();
            for (final BlockAdapter ad : ServiceLoader.load(BlockAdapter.class, BlockAdapter.class.getClassLoader()))
            {
                a.putIfAbsent(ad.spec().name(), ad);
            }
            adapters = a;
        }
        final BlockAdapter ad = a.get(block);
        if (ad == null)
        {
            throw new IllegalArgumentException("no co-simulation adapter for block '" + block + "' (" + a.keySet() + ")");
        }
        return ad;
    }

    static double measure(final String block, final String stream, final Map<String, Long> parameters,
        final int readyEvery)
    {
        if (readyEvery < 1)
        {
            throw new IllegalArgumentException("readyEvery must be >= 1: " + readyEvery);
        }
        final BlockAdapter adapter = adapter(block);
        final BlockSpec spec = adapter.spec();
        final List<StreamSpec> ins = spec.inStreams();
        final List<StreamSpec> outs = spec.outStreams();
        final StreamSpec measured = spec.streams().stream().filter(s -> s.name().equals(stream)).findFirst()
            .orElseThrow(() -> new IllegalArgumentException(block + " has no stream '" + stream + "' ("
                + adapter.spec().streams().stream().map(StreamSpec::name).toList() + ")"));
        final boolean measureInput = ins.contains(measured);
        final ModelDut model = adapter.newModel(spec);
        final long[] in = new long[spec.inputWords()];
        final long[] out = new long[spec.outputWords()];
        final Stimulus[] stim = new Stimulus[ins.size()];
        final boolean[] driven = new boolean[ins.size()];
        final int[][] dataDst = new int[ins.size()][];
        final long[][] current = new long[ins.size()][];
        final long[] index = new long[ins.size()];
        for (int i = 0; i < ins.size(); i++)
        {
            stim[i] = adapter.newStimulus(SEED, i);
            driven[i] = !measureInput || ins.get(i) == measured;
            dataDst[i] = dataWords(spec, ins.get(i));
            current[i] = new long[Math.max(1, dataDst[i].length)];
        }
        if (stim.length > 0)
        {
            stim[0].staticInputs(in);
        }
        saturationStatics(block, spec, in);
        model.reset();
        for (int i = 0; i < ins.size(); i++)
        {
            next(stim[i], index, i, current[i], dataDst[i]);
        }
        final int validPin = measureInput ? spec.inputWord(measured.validPort()) : spec.outputWord(measured.validPort());
        final int readyPin = measureInput ? spec.outputWord(measured.readyPort()) : spec.inputWord(measured.readyPort());
        long start = -1;
        long count = 0;
        for (long c = 0;; c++)
        {
            for (int i = 0; i < ins.size(); i++)
            {
                in[spec.inputWord(ins.get(i).validPort())] = driven[i] ? 1 : 0;
                for (int w = 0; w < dataDst[i].length; w++)
                {
                    in[dataDst[i][w]] = driven[i] ? current[i][w] : 0;
                }
            }
            for (final StreamSpec o : outs)
            {
                in[spec.inputWord(o.readyPort())] = c % readyEvery == 0 ? 1 : 0;
            }
            model.evaluate(in, out);
            final boolean handshake = measureInput ? in[validPin] != 0 && out[readyPin] != 0
                : out[validPin] != 0 && in[readyPin] != 0;
            if (start < 0 && handshake)
            {
                start = c + WARMUP_CYCLES;
            }
            if (start >= 0 && c >= start && handshake)
            {
                count++;
            }
            for (int i = 0; i < ins.size(); i++)
            {
                if (driven[i] && out[spec.outputWord(ins.get(i).readyPort())] != 0)
                {
                    next(stim[i], index, i, current[i], dataDst[i]);
                }
            }
            model.clock();
            if (start >= 0 && c + 1 >= start + MEASURE_CYCLES)
            {
                return (double)count / MEASURE_CYCLES;
            }
            if (start < 0 && c >= MAX_START_CYCLES)
            {
                return 0;
            }
        }
    }

    /** Static pins that make the block's stream saturable (beyond its stimulus's configuration). */
    private static void saturationStatics(final String block, final BlockSpec spec, final long[] in)
    {
        if (block.equals("rocc_fair_rate"))
        {
            // A tick every P cycles: sweeps back to back, so the update stream runs at the sweep's II.
            in[spec.inputWord(RoccFairRatePorts.CFG_PERIOD_I)] = spec.intParameter("NumPorts", 8);
        }
        if (block.equals("rocc_rp") && recoveryOverride > 0)
        {
            in[spec.inputWord("cfg_recovery_i")] = recoveryOverride;
        }
    }

    private static void next(final Stimulus s, final long[] index, final int i, final long[] cur, final int[] dst)
    {
        s.gap(index[i]); // drawn and ignored: the payloads stay those of the stimulus's own sequence
        s.data(index[i], cur);
        index[i]++;
    }

    private static int[] dataWords(final BlockSpec spec, final StreamSpec s)
    {
        final int[] dst = new int[spec.dataWords(s)];
        int k = 0;
        for (final String d : s.dataPorts())
        {
            for (int w = 0; w < spec.port(d).words(); w++)
            {
                dst[k++] = spec.inputWord(d) + w;
            }
        }
        return dst;
    }
}
