package dev.ccsilicon.hdl.fixed;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Tuple;

/** Generators of formats and raw values biased toward the cases where rounding and range bite. */
final class FixedArbitraries
{
    private FixedArbitraries()
    {
    }

    static Arbitrary<FixedFormat> formats()
    {
        final Arbitrary<FixedFormat> any = Arbitraries.of(true, false).flatMap(signed ->
            Arbitraries.integers().between(1, 64).flatMap(w ->
                Arbitraries.integers().between(signed ? 1 : 0, w).map(i -> new FixedFormat(signed, i, w - i))));
        final Arbitrary<FixedFormat> small = Arbitraries.of(true, false).flatMap(signed ->
            Arbitraries.integers().between(1, 8).flatMap(w ->
                Arbitraries.integers().between(signed ? 1 : 0, w).map(i -> new FixedFormat(signed, i, w - i))));
        final Arbitrary<FixedFormat> edges = Arbitraries.of(
            FixedFormat.parse("sQ1.0"), FixedFormat.parse("uQ1.0"), FixedFormat.parse("uQ0.1"),
            FixedFormat.parse("sQ64.0"), FixedFormat.parse("uQ64.0"), FixedFormat.parse("uQ0.64"),
            FixedFormat.parse("sQ1.63"), FixedFormat.parse("uQ1.63"), FixedFormat.parse("sQ32.32"));
        return Arbitraries.frequencyOf(Tuple.of(4, any), Tuple.of(3, small), Tuple.of(2, edges));
    }

    /**
     * Raw values: random bit patterns, patterns ending in 1 followed by zeros (exact halves at
     * some rounding position), and the ends of every range.
     */
    static Arbitrary<Long> raws()
    {
        final Arbitrary<Long> halves = Arbitraries.longs().flatMap(r ->
            Arbitraries.integers().between(1, 64).map(k -> (k == 64 ? 0L : r & (-1L << k)) | (1L << (k - 1))));
        final Arbitrary<Long> ends = Arbitraries.integers().between(1, 64).flatMap(w -> Arbitraries.of(
            w == 64 ? Long.MAX_VALUE : (1L << (w - 1)) - 1,
            -1L << (w - 1),
            w == 64 ? -1L : (1L << w) - 1,
            0L, 1L, -1L));
        return Arbitraries.frequencyOf(Tuple.of(3, Arbitraries.longs()), Tuple.of(2, halves), Tuple.of(2, ends));
    }
}
