package dev.ccsilicon.cosim.lockstep;

import dev.ccsilicon.cosim.jverilator.BlockSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The reference level of every registered block equals its model, value for value, over 100k
 * transactions; and the check can fail: a reference off by one in a single value, one with a wrong
 * format, one that drops a record, and a block without a reference are all caught.
 */
class ReferenceCheckTest
{
    private static final long TRANSACTIONS = 100_000;

    static List<String> blocks()
    {
        return CosimRegistry.names();
    }

    @ParameterizedTest(name = "[reference] vs [model]: {0}")
    @MethodSource("blocks")
    void referenceEqualsModel(final String block)
    {
        final BlockAdapter adapter = CosimRegistry.find(block).orElseThrow();
        assertNotNull(adapter.newReference(adapter.spec()), block + " has no reference level");
        final ReferenceCheck.Result r = ReferenceCheck.run(adapter, CosimOptions.of(TRANSACTIONS, 7));
        r.report().forEach(System.out::println);
        assertNull(r.failure(), r.failure());
        assertEquals(0, r.mismatches(), r.first());
        assertTrue(r.inputs() >= TRANSACTIONS, "inputs " + r.inputs());
        assertTrue(r.records() > 50_000 && r.values() >= 2 * r.records(), r.report().toString());
    }

    @ParameterizedTest(name = "an off-by-one reference is caught: {0}")
    @MethodSource("blocks")
    void aReferenceOffByOneInOneValueIsCaught(final String block)
    {
        final BlockAdapter adapter = CosimRegistry.find(block).orElseThrow();
        final BlockSpec spec = adapter.spec();
        final ReferenceDut wrong = new OffByOne(adapter.newReference(spec), spec, 1000);
        final ReferenceCheck.Result r = ReferenceCheck.run(adapter, spec, wrong, CosimOptions.of(20_000, 7));
        assertEquals(1, r.mismatches(), r.report().toString());
        assertTrue(r.first().contains("expected (reference)") && r.first().contains("at model cycle"), r.first());
        assertTrue(r.report().get(0).contains("1 mismatches"), r.report().toString());
    }

    @Test
    void aReferenceWithAWrongFixedPointFormatIsCaught()
    {
        final BlockAdapter adapter = CosimRegistry.find("fxp_accumulator").orElseThrow();
        final BlockSpec spec = adapter.spec();
        // The model keeps GainFrac = 4; a reference built for 3 fraction bits doubles every product.
        final ReferenceDut wrong = adapter.newReference(spec.withParameter("GainFrac", "3"));
        final ReferenceCheck.Result r = ReferenceCheck.run(adapter, spec, wrong, CosimOptions.of(20_000, 7));
        assertTrue(r.mismatches() > 10_000, r.report().toString());
        assertTrue(r.first().startsWith("output stream 'out' record #0: field out_sum_o"), r.first());
    }

    @Test
    void aReferenceThatDropsARecordIsCaught()
    {
        final BlockAdapter adapter = CosimRegistry.find("rocc_rp").orElseThrow();
        final BlockSpec spec = adapter.spec();
        final ReferenceDut real = adapter.newReference(spec);
        final ReferenceDut dropping = new Delegating(real)
        {
            private long seen;

            @Override
            public void onInput(final int inStream, final long cycle, final long[] words, final Sink sink)
            {
                real.onInput(inStream, cycle, words, (o, w) ->
                {
                    if (++seen != 500)
                    {
                        sink.emit(o, w);
                    }
                });
            }
        };
        final ReferenceCheck.Result r = ReferenceCheck.run(adapter, spec, dropping, CosimOptions.of(20_000, 7));
        assertTrue(r.mismatches() > 0, r.report().toString());
        assertTrue(r.first().contains("upd"), r.first());
    }

    @Test
    void aBlockWithoutAReferenceFailsTheCheck()
    {
        final BlockAdapter adapter = CosimRegistry.find("stream_fifo").orElseThrow();
        final ReferenceCheck.Result r = ReferenceCheck.run(adapter, adapter.spec(), null, CosimOptions.of(1000, 7));
        assertTrue(!r.passed() && r.failure().contains("no reference level"), String.valueOf(r.failure()));
    }

    /** Forwards everything to a real reference. */
    private static class Delegating implements ReferenceDut
    {
        final ReferenceDut real;

        Delegating(final ReferenceDut real)
        {
            this.real = real;
        }

        @Override
        public void reset(final long[] staticInputs)
        {
            real.reset(staticInputs);
        }

        @Override
        public boolean compares(final int outStream, final String port)
        {
            return real.compares(outStream, port);
        }

        @Override
        public String orderKey(final int outStream)
        {
            return real.orderKey(outStream);
        }

        @Override
        public int sideEvent(final long[] inputs, final long[] outputs, final long[] words)
        {
            return real.sideEvent(inputs, outputs, words);
        }

        @Override
        public boolean unpacks(final int outStream)
        {
            return real.unpacks(outStream);
        }

        @Override
        public int unpack(final int outStream, final long[] record, final long[][] parts)
        {
            return real.unpack(outStream, record, parts);
        }

        @Override
        public void onInput(final int inStream, final long cycle, final long[] words, final Sink sink)
        {
            real.onInput(inStream, cycle, words, sink);
        }

        @Override
        public void finish(final long cycle, final Sink sink)
        {
            real.finish(cycle, sink);
        }

        @Override
        public Stimulus stimulus(final long seed, final int inStream)
        {
            return real.stimulus(seed, inStream);
        }
    }

    /** The real reference with one value off by one: the first compared word of the n-th record of stream 0, not a key. */
    private static final class OffByOne extends Delegating
    {
        private final int word;
        private final long n;
        private long seen;

        OffByOne(final ReferenceDut real, final BlockSpec spec, final long n)
        {
            super(real);
            this.n = n;
            int k = 0;
            int found = -1;
            for (final String p : spec.outStreams().get(0).dataPorts())
            {
                if (found < 0 && real.compares(0, p) && !p.equals(real.orderKey(0)))
                {
                    found = k;
                }
                k += spec.port(p).words();
            }
            word = found;
        }

        private Sink wrap(final Sink sink)
        {
            return (o, w) ->
            {
                if (o == 0 && ++seen == n)
                {
                    w[word] ^= 1;
                    sink.emit(o, w);
                    w[word] ^= 1;
                    return;
                }
                sink.emit(o, w);
            };
        }

        @Override
        public void onInput(final int inStream, final long cycle, final long[] words, final Sink sink)
        {
            real.onInput(inStream, cycle, words, wrap(sink));
        }

        @Override
        public void finish(final long cycle, final Sink sink)
        {
            real.finish(cycle, wrap(sink));
        }
    }
}
