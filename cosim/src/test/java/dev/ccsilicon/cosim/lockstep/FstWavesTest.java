package dev.ccsilicon.cosim.lockstep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import dev.ccsilicon.cosim.blocks.fxpaccumulator.FxpAccumulatorAdapter;
import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.jverilator.FstApi;
import dev.ccsilicon.cosim.jverilator.RtlMutant;
import dev.ccsilicon.cosim.jverilator.WaveFormat;
import dev.ccsilicon.hdl.Direction;
import dev.ccsilicon.hdl.PortSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * FST waveforms (specs/ecosystem-and-scale.md B.1): the RTL through Verilator's {@code --trace-fst}, the
 * model through the same {@code fstapi} over FFM. Both files are read back with fstapi's own reader
 * (as GTKWave's fst2vcd) and compared: the model's FST says what its VCD says, and both sides drove the
 * same input pins at the same times.
 */
class FstWavesTest
{
    private static final String FILE = "rtl/common/fxp_accumulator.sv";

    private static BlockSpec mutant(final FxpAccumulatorAdapter adapter)
    {
        // Logical instead of arithmetic shift: wrong only for negative products.
        return RtlMutant.of(adapter.spec(), FILE, "prod_shifted = prod >>> GainFrac;", "prod_shifted = prod >> GainFrac;");
    }

    @Test
    void bothSidesWriteFstThatReadsBackAsTheModelsVcdAndTheSameInputs(@TempDir final Path tmp) throws Exception
    {
        final FxpAccumulatorAdapter adapter = new FxpAccumulatorAdapter();
        final BlockSpec mutant = mutant(adapter);
        final CosimResult fst = LockstepEngine.run(adapter, mutant,
            CosimOptions.of(20_000, 42).withWaves(tmp.resolve("fst"), WaveFormat.FST, 300));
        final CosimResult vcd = LockstepEngine.run(adapter, mutant,
            CosimOptions.of(20_000, 42).withWaves(tmp.resolve("vcd"), WaveFormat.VCD, 300));
        assertFalse(fst.passed());
        final Path rtlFst = tmp.resolve("fst/fxp_accumulator_mutant.rtl.fst");
        final Path modelFst = tmp.resolve("fst/fxp_accumulator_mutant.model.fst");
        assertEquals(List.of(rtlFst, modelFst), fst.waveforms());
        // The point of FST for long traces: the same window in a fraction of the VCD's bytes.
        final Path modelVcdFile = tmp.resolve("vcd/fxp_accumulator_mutant.model.vcd");
        assertTrue(Files.size(modelFst) * 3 < Files.size(modelVcdFile), Files.size(modelFst) + " vs " + Files.size(modelVcdFile));

        final Path rtlText = tmp.resolve("rtl.vcd");
        final Path modelText = tmp.resolve("model.vcd");
        FstApi.get().toVcd(rtlFst, rtlText);
        FstApi.get().toVcd(modelFst, modelText);
        final Map<String, TreeMap<Long, BigInteger>> rtl = changes(Files.readString(rtlText));
        final Map<String, TreeMap<Long, BigInteger>> model = changes(Files.readString(modelText));
        final Map<String, TreeMap<Long, BigInteger>> modelVcd = changes(Files.readString(modelVcdFile));

        // The model's FST holds exactly what its VCD holds.
        assertEquals(modelVcd, model);
        // 601 cycles of window, two edges each: the model wrote every cycle of it.
        final long mismatchAt = fst.firstMismatch().rtlCycle() * 10;
        assertTrue(model.get("TOP.clk_i").containsKey(mismatchAt), "the window holds the mismatch cycle");
        // Both sides drove the same input pins at every cycle of the window; the output differs (the mutant).
        int compared = 0;
        for (final PortSpec p : mutant.ports())
        {
            final String name = "TOP." + p.name();
            assertTrue(rtl.containsKey(name), name + " in the RTL's FST");
            if (p.direction() != Direction.IN || p.name().equals(mutant.clockPort()) || p.name().equals(mutant.resetPort()))
            {
                continue;
            }
            for (final long t : model.get("TOP.clk_i").keySet())
            {
                assertEquals(at(model.get(name), t), at(rtl.get(name), t), name + " at " + t);
                compared++;
            }
        }
        assertTrue(compared > 1000, "input values compared: " + compared);
        final String out = "TOP." + fst.firstMismatch().field();
        assertFalse(at(model.get(out), mismatchAt + 5).equals(at(rtl.get(out), mismatchAt + 5))
            && at(model.get(out), mismatchAt + 15).equals(at(rtl.get(out), mismatchAt + 15)), "the output differs around the mismatch");
        assertEquals(vcd.firstMismatch(), fst.firstMismatch());
    }

    private static BigInteger at(final TreeMap<Long, BigInteger> changes, final long t)
    {
        final Map.Entry<Long, BigInteger> e = changes.floorEntry(t);
        return null == e ? null : e.getValue();
    }

    /** Value changes per hierarchical name (consecutive equal values folded), from VCD text. */
    static Map<String, TreeMap<Long, BigInteger>> changes(final String vcd)
    {
        final Map<String, String> names = new HashMap<>();
        final Map<String, TreeMap<Long, BigInteger>> out = new HashMap<>();
        final Deque<String> scope = new ArrayDeque<>();
        long t = 0;
        for (final String raw : vcd.split("\n"))
        {
            final String line = raw.strip();
            if (line.startsWith("$scope"))
            {
                scope.addLast(line.split("\\s+")[2]);
            }
            else if (line.startsWith("$upscope"))
            {
                scope.removeLast();
            }
            else if (line.startsWith("$var"))
            {
                final String[] f = line.split("\\s+");
                names.putIfAbsent(f[3], String.join(".", scope) + "." + f[4]);
            }
            else if (line.startsWith("#"))
            {
                t = Long.parseLong(line.substring(1));
            }
            else if (line.startsWith("b"))
            {
                final String[] f = line.split("\\s+");
                put(out, names.get(f[1]), t, f[0].substring(1));
            }
            else if (!line.isEmpty() && (line.charAt(0) == '0' || line.charAt(0) == '1'))
            {
                put(out, names.get(line.substring(1)), t, line.substring(0, 1));
            }
        }
        return out;
    }

    private static void put(final Map<String, TreeMap<Long, BigInteger>> out, final String name, final long t, final String bits)
    {
        if (null == name || bits.chars().anyMatch(c -> c != '0' && c != '1'))
        {
            return;
        }
        final TreeMap<Long, BigInteger> m = out.computeIfAbsent(name, k -> new TreeMap<>());
        final BigInteger v = new BigInteger(bits, 2);
        final Map.Entry<Long, BigInteger> last = m.lastEntry();
        if (null == last || !last.getValue().equals(v))
        {
            m.put(t, v);
        }
    }
}
