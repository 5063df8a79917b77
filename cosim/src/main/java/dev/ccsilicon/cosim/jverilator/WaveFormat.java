package dev.ccsilicon.cosim.jverilator;

/**
 * The waveform format of a co-simulation's traces (specs/ecosystem-and-scale.md B.1): VCD, plain text
 * any viewer reads, or FST, GTKWave's compressed format (Verilator's {@code --trace-fst} on the RTL side,
 * the same {@code fstapi} over FFM on the model side, {@code FstWriter}) for long traces.
 */
public enum WaveFormat
{
    VCD("vcd"),
    FST("fst");

    private final String extension;

    WaveFormat(final String extension)
    {
        this.extension = extension;
    }

    /** The file extension, without the dot. */
    public String extension()
    {
        return extension;
    }
}
