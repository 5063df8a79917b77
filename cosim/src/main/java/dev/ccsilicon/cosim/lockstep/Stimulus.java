package dev.ccsilicon.cosim.lockstep;

/**
 * A block's seeded stimulus for one input stream: constrained-random transactions with directed
 * sequences mixed in, idle gaps and backpressure. The engine makes one instance per input stream
 * from the run's seed and generates its transactions once (in order: {@link #gap}, then
 * {@link #data}, per transaction) for both the model and the RTL. Instances for the same (seed,
 * stream) must still produce the same sequence (a rerun for waveforms, each side alone in a
 * benchmark), so an implementation draws only from {@link #random} (per stream) and, in its
 * constructor, {@link #config} (per run: static configuration every stream agrees on).
 */
public abstract class Stimulus
{
    protected final StimulusRandom random;
    protected final StimulusRandom config;
    protected final int stream;
    private final double idleProbability;
    private final int maxGap;
    private final double backpressure;
    private int burst;

    /**
     * @param seed            the run's seed.
     * @param stream          the input stream this instance feeds.
     * @param idleProbability chance that a transaction waits before turning valid.
     * @param maxGap          longest such wait, in cycles.
     * @param backpressure    long-run fraction of cycles an output stream's ready is low.
     */
    protected Stimulus(
        final long seed, final int stream, final double idleProbability, final int maxGap, final double backpressure)
    {
        this.stream = stream;
        this.config = new StimulusRandom(seed);
        this.random = new StimulusRandom(seed * 0x9E3779B97F4A7C15L + 0x632BE59BD9B4E019L * (stream + 1));
        this.idleProbability = idleProbability;
        this.maxGap = maxGap;
        this.backpressure = backpressure;
    }

    /** Idle cycles before input transaction {@code index} of {@code stream}; bursts of back-to-back traffic. */
    public long gap(final long index)
    {
        if (burst > 0)
        {
            burst--;
            return 0;
        }
        if (random.chance(0.05))
        {
            burst = 16 + random.nextInt(64);
            return 0;
        }
        return random.chance(idleProbability) ? 1 + random.nextInt(maxGap) : 0;
    }

    /** Fills the payload words of input transaction {@code index} (the stream's data ports in order). */
    public abstract void data(long index, long[] words);

    /** Sets static configuration pins in the input vector (pin offsets per the block's spec). */
    public void staticInputs(final long[] inputs)
    {
    }

    /** Long-run fraction of cycles an output stream's ready is low. */
    public double backpressure()
    {
        return backpressure;
    }
}
