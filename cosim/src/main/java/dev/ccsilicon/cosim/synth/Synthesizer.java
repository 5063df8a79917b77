package dev.ccsilicon.cosim.synth;

import java.util.Map;

/**
 * Synthesises an RTL block with its parameters and times it (Yosys, ABC on the OSU 0.18 µm liberty,
 * OpenSTA), with results cached by content key like the Verilator builds.
 */
public interface Synthesizer
{
    /**
     * @param top        the RTL top module (a block, e.g. {@code rocc_rp}).
     * @param parameters RTL parameter overrides by name ({@code NumQps} → 1024).
     * @throws ToolMissingException when Yosys, OpenSTA or the liberty is not installed: the message
     *         carries the command that installs it.
     */
    SynthResult synthesize(String top, Map<String, Long> parameters);

    /** A prerequisite (Yosys, OpenSTA, the liberty) is not installed. */
    final class ToolMissingException extends RuntimeException
    {
        private static final long serialVersionUID = 1L;

        public ToolMissingException(final String message)
        {
            super(message);
        }
    }
}
