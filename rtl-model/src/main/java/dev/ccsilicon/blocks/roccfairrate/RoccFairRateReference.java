package dev.ccsilicon.blocks.roccfairrate;

import java.util.Arrays;

/**
 * Reference level (SPEC §4.1) of {@code rocc_fair_rate}: seed 000 Algorithm 1 per egress port, in
 * the block's fixed-point formats, through {@link RoccFairRateAlgorithm#update} (the per-update
 * datapath the model and the RTL compute too: one concept, one place).
 *
 * <p>Formats (docs/blocks/rocc_fair_rate.md §3): queue depths arrive in bytes and are quantised to
 * Δ^Q by {@link RoccFairRateAlgorithm#quantise}; F is unsigned with {@code fFracWidth} fraction
 * bits in Δ^F units; α̃, β̃ and the rounding are the configuration's. F resets to Fint, Qold to 0.
 *
 * <p>Untimed: the event is one sample of a port's queue depth ({@link #onSample}), which yields that
 * port's update. The block's sweep timing (every T cycles, port i sampled i + 2 cycles after the
 * tick) is the caller's business; the network's reference level and the co-simulation check feed it
 * the samples at the block's sampling instants. Per-port state in two arrays: no allocation.
 */
public final class RoccFairRateReference
{
    private final RoccFairRateConfig cfg;
    private final long[] f;
    private final long[] qOld;
    private final long depthMax;

    public RoccFairRateReference(final RoccFairRateConfig cfg)
    {
        this.cfg = cfg;
        f = new long[cfg.ports()];
        qOld = new long[cfg.ports()];
        depthMax = (1L << cfg.qBytesWidth()) - 1;
        reset();
    }

    /** F of every port back to Fint, Qold to 0 (the block's reset). */
    public void reset()
    {
        Arrays.fill(f, RoccFairRateAlgorithm.initialF(cfg));
        Arrays.fill(qOld, 0);
    }

    /**
     * One fair-rate update of {@code port} (Algorithm 1, lines 1-14) on a sample of its queue.
     *
     * @param port  the egress port, 0 .. ports - 1.
     * @param bytes the queue depth in bytes; depths beyond the block's {@code qBytesWidth} saturate,
     *              as the traffic manager's depth counter does.
     * @return the packed result of {@link RoccFairRateAlgorithm#update}: unpack with
     *         {@link RoccFairRateAlgorithm#nextF}, {@code branch}, {@code clamp}, {@code ratioLog2}.
     */
    public long onSample(final int port, final long bytes)
    {
        final long qCur = RoccFairRateAlgorithm.quantise(cfg, Math.min(bytes, depthMax));
        final long result = RoccFairRateAlgorithm.update(cfg, f[port], qOld[port], qCur);
        f[port] = RoccFairRateAlgorithm.nextF(result);
        qOld[port] = qCur;
        return result;
    }

    /** The port's F, raw ({@code fFracWidth} fraction bits, Δ^F units). */
    public long f(final int port)
    {
        return f[port];
    }

    /** The port's F as the CNP's integer rate field, Δ^F units (the fraction bits dropped). */
    public long rateField(final int port)
    {
        return f[port] >> cfg.fFracWidth();
    }

    /** The port's Qold, Δ^Q units. */
    public long qOld(final int port)
    {
        return qOld[port];
    }

    public RoccFairRateConfig config()
    {
        return cfg;
    }
}
