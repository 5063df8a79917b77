package dev.ccsilicon.net.dcqcn;

import dev.ccsilicon.net.blocks.ClockedDut;

/**
 * The alpha-timer expiries of a NIC's {@code dcqcn_rp} as its pins show them, for a
 * {@link DcqcnRpRecorder}: each step of {@code stat_alpha_decay_o}, seen between cycles.
 */
final class DcqcnRpTap implements ClockedDut.Pins
{
    private final ClockedDut dut;
    private final int host;
    private final DcqcnRpRecorder recorder;
    private final int alphaWord;
    private final long mask;
    private long seen;

    DcqcnRpTap(final ClockedDut dut, final int host, final int statWidth, final DcqcnRpRecorder recorder)
    {
        this.dut = dut;
        this.host = host;
        this.recorder = recorder;
        alphaWord = dut.outputWord("stat_alpha_decay_o");
        mask = statWidth >= 64 ? -1L : (1L << statWidth) - 1;
    }

    @Override
    public boolean sample(final long[] outputs)
    {
        final long v = outputs[alphaWord] & mask;
        while (seen != v)
        {
            seen = (seen + 1) & mask;
            recorder.alpha(dut.cycle() * DcqcnFormats.CYCLE_PS, host, seen);
        }
        return false;
    }
}
