package dev.ccsilicon.cosim.harness;

import dev.ccsilicon.hdl.SeededRandom;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongPredicate;

/**
 * Takes one output stream of a {@link StreamHarness}: drives ready (always, never, a seeded random
 * backpressure or any function of the cycle) and records every handshake (valid and ready in the
 * same evaluate) as a {@link Txn} with its cycle.
 */
public final class StreamSink
{
    /** Cycles {@link #recv()} waits for a transaction before it fails. */
    public static final long RECV_TIMEOUT = 100_000;

    private final StreamHarness harness;
    private final Txn.Layout layout;
    final int validWord;
    final int readyWord;
    final int[] dataWords;
    private final ArrayDeque<Txn> unread = new ArrayDeque<>();
    private final List<Txn> received = new ArrayList<>();
    private LongPredicate readyAt = cycle -> true;
    private long readyCycle = -1;
    private boolean readyNow;

    StreamSink(final StreamHarness harness, final Txn.Layout layout, final int validWord, final int readyWord, final int[] dataWords)
    {
        this.harness = harness;
        this.layout = layout;
        this.validWord = validWord;
        this.readyWord = readyWord;
        this.dataWords = dataWords;
    }

    /** Ready in every cycle (the default). */
    public StreamSink alwaysReady()
    {
        return ready(cycle -> true);
    }

    /** Ready low in every cycle: the block's output backs up. */
    public StreamSink neverReady()
    {
        return ready(cycle -> false);
    }

    /** Ready high with probability {@code p} per cycle, drawn from {@code random} once per cycle. */
    public StreamSink randomReady(final SeededRandom random, final double p)
    {
        return ready(cycle -> random.nextDouble() < p);
    }

    /** Ready as a function of the cycle number, asked once per cycle. */
    public StreamSink ready(final LongPredicate readyInCycle)
    {
        readyAt = readyInCycle;
        readyCycle = -1;
        harness.unsettle();
        return this;
    }

    /** The oldest transaction not yet read; runs the harness until one arrives (fails after {@link #RECV_TIMEOUT} cycles). */
    public Txn recv()
    {
        return recv(RECV_TIMEOUT);
    }

    /** The oldest transaction not yet read, waiting at most {@code maxCycles}. */
    public Txn recv(final long maxCycles)
    {
        harness.runUntil(() -> !unread.isEmpty(), maxCycles, "a transaction on stream " + layout.ports());
        return unread.pollFirst();
    }

    /** Transactions received and not yet read by {@link #recv}. */
    public int available()
    {
        return unread.size();
    }

    /** Every transaction received so far, read or not, in order. */
    public List<Txn> received()
    {
        return received;
    }

    /** Valid is high in the current cycle (the block offers a transaction). */
    public boolean valid()
    {
        return harness.outWord(validWord) != 0;
    }

    /** The ready this sink drives in the current cycle. */
    public boolean ready()
    {
        return readyBit(harness.cycle()) != 0;
    }

    /** The ready value of cycle {@code cycle}, asked of the pattern once per cycle. */
    long readyBit(final long cycle)
    {
        if (readyCycle != cycle)
        {
            readyCycle = cycle;
            readyNow = readyAt.test(cycle);
        }
        return readyNow ? 1 : 0;
    }

    void drive(final long cycle, final long[] in)
    {
        in[readyWord] = readyBit(cycle);
    }

    void sample(final long cycle, final long[] in, final long[] out)
    {
        if (out[validWord] != 0 && in[readyWord] != 0)
        {
            final long[] w = new long[dataWords.length];
            for (int i = 0; i < w.length; i++)
            {
                w[i] = out[dataWords[i]];
            }
            final Txn t = new Txn(layout, w, cycle);
            unread.addLast(t);
            received.add(t);
        }
    }

    void reset()
    {
        readyCycle = -1;
    }
}
