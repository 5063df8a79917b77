package dev.ccsilicon.hdl;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TwoPhaseTest
{
    private static final int CYCLES = 300;
    private static final int STAGES = 8;

    /** One stage of a shift chain: its register takes the previous stage's value. */
    static final class Stage extends Component
    {
        final Reg r;
        Stage previous;

        Stage(final Component parent, final String name)
        {
            super(parent, name);
            r = new Reg(this, "q", 16);
        }

        @Override
        protected void evaluate()
        {
            if (previous != null)
            {
                r.set(previous.r.get());
            }
        }
    }

    /** Head of the chain: a counter feeding stage 0. */
    static final class Source extends Component
    {
        final Counter count;

        Source(final Component parent)
        {
            super(parent, "source");
            count = new Counter(this, "count", 16, 1);
        }

        @Override
        protected void evaluate()
        {
            count.add(3);
        }
    }

    /** Half of a cross-coupled swap: takes the other half's value. */
    static final class Half extends Component
    {
        final Reg r;
        Half other;
        final boolean cheat;

        Half(final Component parent, final String name, final long init, final boolean cheat)
        {
            super(parent, name);
            r = new Reg(this, "v", 8, init);
            this.cheat = cheat;
        }

        @Override
        protected void evaluate()
        {
            // The cheating variant reads the other register's *next* value: a combinational loop that
            // only a fixed evaluation order makes deterministic.
            r.set(cheat ? other.r.nextValue() + 1 : other.r.get());
        }
    }

    static final class Producer extends Component
    {
        final Fifo fifo;
        final Counter seq;
        final SeededRandom random;

        Producer(final Component parent)
        {
            super(parent, "producer");
            fifo = new Fifo(this, "queue", 4, 12);
            seq = new Counter(this, "seq", 12);
            random = random(7);
        }

        @Override
        protected void evaluate()
        {
            if (fifo.canPush() && random.nextInt(4) != 0)
            {
                fifo.push(seq.get());
                seq.increment();
            }
        }
    }

    static final class Consumer extends Component
    {
        final Producer producer;
        final Stream out;
        final Reg sum;
        final SeededRandom random;

        Consumer(final Component parent, final Producer producer)
        {
            super(parent, "consumer");
            this.producer = producer;
            out = new Stream(this, "out", 12);
            sum = new Reg(this, "sum", 32);
            random = random(7);
        }

        @Override
        protected void evaluate()
        {
            if (producer.fifo.canPop() && out.canPush() && random.nextInt(3) != 0)
            {
                final long v = producer.fifo.pop();
                sum.set(sum.get() + v);
                out.push(v);
            }
        }
    }

    static final class Sink extends Component
    {
        final Consumer consumer;
        final Reg last;
        final Counter received;
        final SeededRandom random;

        Sink(final Component parent, final Consumer consumer)
        {
            super(parent, "sink");
            this.consumer = consumer;
            random = random(7);
            last = new Reg(this, "last", 12);
            received = new Counter(this, "received", 16);
        }

        @Override
        protected void evaluate()
        {
            if (consumer.out.canPop() && random.nextInt(5) != 0)
            {
                last.set(consumer.out.pop());
                received.increment();
            }
        }
    }

    static final class Top extends Component
    {
        final Source source;
        final Stage[] stages = new Stage[STAGES];
        final Half a;
        final Half b;
        final Sink sink;

        Top(final boolean cheat)
        {
            super("top");
            source = new Source(this);
            for (int i = 0; i < STAGES; i++)
            {
                stages[i] = new Stage(this, "stage" + i);
            }
            a = new Half(this, "a", 0x11, cheat);
            b = new Half(this, "b", 0x22, cheat);
            a.other = b;
            b.other = a;
            final Producer producer = new Producer(this);
            sink = new Sink(this, new Consumer(this, producer));
        }

        @Override
        protected void evaluate()
        {
            stages[0].r.set(source.count.get());
        }

        void wire()
        {
            for (int i = 1; i < STAGES; i++)
            {
                stages[i].previous = stages[i - 1];
            }
        }
    }

    private static ClockDomain domain(final boolean cheat)
    {
        final Top top = new Top(cheat);
        top.wire();
        return ClockDomain.ofFrequencyHz("clk", 1e9).add(top);
    }

    @Test
    void shuffledEvaluationOrderGivesIdenticalResultsEveryCycle()
    {
        final List<Map<String, Long>> reference = Snapshot.trace(domain(false), CYCLES);
        for (final long seed : new long[] {1, 2, 3, 99})
        {
            final List<Map<String, Long>> shuffled = Snapshot.trace(domain(false).shuffleEvaluationOrder(seed), CYCLES);
            for (int c = 0; c <= CYCLES; c++)
            {
                assertEquals(reference.get(c), shuffled.get(c), "seed " + seed + " cycle " + c);
            }
        }
    }

    @Test
    void designIsNotTrivial()
    {
        final List<Map<String, Long>> t = Snapshot.trace(domain(false), CYCLES);
        for (int c = STAGES; c <= CYCLES; c++)
        {
            // Stage 0 takes the counter's committed value, so stage 7 shows it 8 cycles later.
            assertEquals(t.get(c - STAGES).get("top.source.count"), t.get(c).get("top.stage" + (STAGES - 1) + ".q"),
                "shift chain delay at cycle " + c);
            assertEquals(c % 2 == 0 ? 0x11L : 0x22L, t.get(c).get("top.a.v"), "swap at cycle " + c);
        }
        final Map<String, Long> end = t.get(CYCLES);
        assertTrue(end.get("top.sink.received") > 50, "the FIFO and stream carried data");
        assertTrue(end.get("top.consumer.out_valid") + end.get("top.consumer.out_ready") >= 1);
    }

    @Test
    void shuffleExposesADesignThatReadsNextValues()
    {
        // Negative control: the shuffle test must be able to fail.
        final List<Map<String, Long>> reference = Snapshot.trace(domain(true), 50);
        final List<Map<String, Long>> shuffled = Snapshot.trace(domain(true).shuffleEvaluationOrder(5), 50);
        assertNotEquals(reference, shuffled);
    }
}
