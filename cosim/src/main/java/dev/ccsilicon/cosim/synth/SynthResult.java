package dev.ccsilicon.cosim.synth;

import java.util.List;

/**
 * What Yosys and OpenSTA say of one RTL block at one parameter set (docs/synthesis.md,
 * docs/budget.md): generic-gate cells and flip-flop bits (the synth_stats.sh methodology), the SRAM
 * macros kept as macros, and the longest register-to-register path after mapping to the OSU 0.18 µm
 * liberty, in ns and in FO4 delays of that library.
 *
 * @param top              the RTL top module.
 * @param cells            cells after {@code synth -flatten} to Yosys' internal gates.
 * @param flopBits         flip-flop bits.
 * @param srams            the memories kept as SRAM macros.
 * @param criticalPathNs   the longest register-to-register (or input/output) path plus setup, ns,
 *                         typical corner, no wire load.
 * @param fo4Ns            one FO4 delay of the library (an INVX1 driving four), ns, measured the same way.
 */
public record SynthResult(
    String top, long cells, long flopBits, List<SramMacro> srams, double criticalPathNs, double fo4Ns)
{
    public SynthResult
    {
        srams = List.copyOf(srams);
    }

    /** The critical path in FO4 delays. */
    public double fo4Depth()
    {
        return criticalPathNs / fo4Ns;
    }

    /** Bits in SRAM macros. */
    public long sramBits()
    {
        return srams.stream().mapToLong(SramMacro::bits).sum();
    }

    /** One memory kept as an SRAM macro: depth words of width bits, with its read and write ports. */
    public record SramMacro(String name, long depth, long width, int readPorts, int writePorts)
    {
        public long bits()
        {
            return depth * width;
        }
    }
}
