package dev.ccsilicon.cosim.harness;

import dev.ccsilicon.hdl.SeededRandom;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * Drives one input stream of a {@link StreamHarness}: a queue of transactions, each presented with
 * valid high and its data on the data ports (zero while valid is low) and held until the block
 * raises ready in the same evaluate. Before each transaction the source may stay idle for a gap of
 * cycles: 0 by default, or drawn from a seeded generator ({@link #idleGaps}), or given per send.
 */
public final class StreamSource
{
    private final StreamHarness harness;
    private final Txn.Layout layout;
    final int validWord;
    final int readyWord;
    final int[] dataWords;
    private final ArrayDeque<Txn> queue = new ArrayDeque<>();
    private final ArrayDeque<Long> gaps = new ArrayDeque<>();
    private final List<Txn> accepted = new ArrayList<>();
    private SeededRandom gapRandom;
    private int maxGap;
    /** Idle cycles left before the head of the queue goes valid; -1 when no transaction is loaded. */
    private long gap = -1;

    StreamSource(final StreamHarness harness, final Txn.Layout layout, final int validWord, final int readyWord, final int[] dataWords)
    {
        this.harness = harness;
        this.layout = layout;
        this.validWord = validWord;
        this.readyWord = readyWord;
        this.dataWords = dataWords;
    }

    /** A transaction of this stream with every field zero, to fill with {@link Txn#with}. */
    public Txn txn()
    {
        return layout.empty();
    }

    /** A transaction with its fields' low words in data-port order (missing fields zero). */
    public Txn txn(final long... fieldValues)
    {
        Txn t = layout.empty();
        for (int f = 0; f < fieldValues.length; f++)
        {
            t = t.with(layout.ports().get(f), fieldValues[f]);
        }
        return t;
    }

    /** Queue {@code t} behind what is queued; its idle gap comes from the gap generator (0 without one). */
    public StreamSource send(final Txn t)
    {
        return send(gapRandom == null ? 0 : gapRandom.nextInt(maxGap + 1), t);
    }

    /** Queue the transaction {@link #txn(long...)} builds. */
    public StreamSource send(final long... fieldValues)
    {
        return send(txn(fieldValues));
    }

    /** Queue {@code t} to go valid after {@code idleCycles} cycles with valid low. */
    public StreamSource send(final long idleCycles, final Txn t)
    {
        queue.addLast(t);
        gaps.addLast(idleCycles);
        harness.unsettle();
        return this;
    }

    /** Idle gaps uniform in [0, maxIdle] before every later {@link #send(Txn)}, drawn from {@code random}. */
    public StreamSource idleGaps(final SeededRandom random, final int maxIdle)
    {
        gapRandom = random;
        maxGap = maxIdle;
        return this;
    }

    /** Nothing queued and nothing presented: every sent transaction has been accepted. */
    public boolean idle()
    {
        return queue.isEmpty();
    }

    /** Transactions queued or presented but not yet accepted. */
    public int pending()
    {
        return queue.size();
    }

    /** Valid is high in the current cycle. */
    public boolean valid()
    {
        load();
        return gap == 0;
    }

    /** Every accepted transaction in acceptance order, with its handshake cycle. */
    public List<Txn> accepted()
    {
        return accepted;
    }

    /** Run until every queued transaction has been accepted (fails after {@code maxCycles}). */
    public void drain(final long maxCycles)
    {
        harness.runUntil(this::idle, maxCycles);
    }

    /** Drives valid and data for the current cycle into {@code in}. */
    void drive(final long[] in)
    {
        load();
        final boolean v = gap == 0;
        in[validWord] = v ? 1 : 0;
        final long[] w = v ? queue.peekFirst().rawWords() : null;
        for (int i = 0; i < dataWords.length; i++)
        {
            in[dataWords[i]] = v ? w[i] : 0;
        }
    }

    /** After the evaluate of cycle {@code cycle}: retire on a handshake, or count an idle cycle down. */
    void sample(final long cycle, final long[] out)
    {
        if (gap == 0)
        {
            if (out[readyWord] != 0)
            {
                accepted.add(queue.pollFirst().at(cycle));
                gaps.pollFirst();
                gap = -1;
            }
        }
        else if (gap > 0)
        {
            gap--;
        }
    }

    /** Back to idle valid for a reset: the presented transaction starts over with its gap. */
    void reset()
    {
        gap = -1;
    }

    private void load()
    {
        if (gap < 0 && !queue.isEmpty())
        {
            gap = gaps.peekFirst();
        }
    }
}
