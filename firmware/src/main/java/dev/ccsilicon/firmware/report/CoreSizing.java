package dev.ccsilicon.firmware.report;

import java.util.ArrayList;
import java.util.List;

/**
 * Cores needed for line rate (firmware.md §5.9): for each line rate × frame size × burst factor,
 * the smallest core count whose short simulated run has zero queue drops (full or WRED), finishes
 * every offered event, keeps the p99 sojourn below a bound and uses at most a fraction of its
 * cores' issue slots (a short window cannot show a queue that grows slowly; a core above that
 * fraction is not counted as keeping up); next to the analytic estimate of firmware.md §2.4:
 * <pre>
 *   cores = sum over types of E_t × (c_t + o) / (f × u)
 * </pre>
 * with E_t the load's events per second of type t (types the program disables excluded), c_t the
 * mean handler cycles of type t measured in the main run, o the fixed per-event overhead (dispatch +
 * context fetch at the measured hit rate + write-back), f the clock and u the target utilisation
 * (0.8), for a core issuing at most one instruction per cycle; and the issue bound, the same sum
 * with c_t the mean instructions and o = 0: what a barrel core that hides every stall behind its
 * other threads needs.
 */
public final class CoreSizing
{
    /** What one simulated run at a core count showed. */
    public record Outcome(boolean pass, long drops, long unfinished, double p99SojournNs, double utilisation)
    {
    }

    /** Runs the load of {@code spec} on {@code cores} cores. */
    @FunctionalInterface
    public interface Probe
    {
        Outcome run(SyntheticSpec spec, int cores);
    }

    /** One row of the table: the load, the cores found (-1: more than the maximum) and the estimate. */
    public record Point(long rateBps, int frameBytes, int burst, double eventsPerSecond, int cores, double analyticCores,
                        double issueBoundCores, Outcome atCores, int probes)
    {
    }

    /** The grid and the search bound. */
    public record Grid(long[] ratesBps, int[] frames, int[] bursts, int maxCores)
    {
        public Grid
        {
            if (ratesBps.length == 0 || frames.length == 0 || bursts.length == 0)
            {
                throw new IllegalArgumentException("sizing grid: rates, frames and bursts need one value each at least");
            }
            if (maxCores < 1 || maxCores > 4096)
            {
                throw new IllegalArgumentException("sizing grid: max cores " + maxCores + " must be 1..4096");
            }
            ratesBps = ratesBps.clone();
            frames = frames.clone();
            bursts = bursts.clone();
        }

        public static Grid defaults(final int maxCores)
        {
            return new Grid(new long[] {100_000_000_000L, 400_000_000_000L, 800_000_000_000L}, new int[] {256, 1024, 4096},
                new int[] {1, 4, 16}, maxCores);
        }
    }

    private CoreSizing()
    {
    }

    /**
     * The smallest core count in 1..{@code maxCores} that passes, or -1 when {@code maxCores} fails;
     * {@code tried} receives every count probed, in order. Assumes more cores never hurt: gallops
     * 1, 2, 4, … to the first pass, then bisects between the last failure and it.
     */
    public static int smallest(final java.util.function.IntPredicate passes, final int maxCores, final List<Integer> tried)
    {
        int fail = 0;
        int pass = -1;
        int c = 1;
        while (pass < 0)
        {
            tried.add(c);
            if (passes.test(c))
            {
                pass = c;
            }
            else
            {
                fail = c;
                if (c == maxCores)
                {
                    return -1;
                }
                c = Math.min(maxCores, c * 2);
            }
        }
        while (pass - fail > 1)
        {
            final int mid = (fail + pass) >>> 1;
            tried.add(mid);
            if (passes.test(mid))
            {
                pass = mid;
            }
            else
            {
                fail = mid;
            }
        }
        return pass;
    }

    /**
     * The §2.4 estimate for {@code spec}: {@code perEvent[type]} is the cost of one event of a type
     * in core cycles (indexed by type code), {@code enabled[type]} whether the program handles it.
     */
    public static double analytic(final SyntheticSpec spec, final double[] perEvent, final boolean[] enabled,
                                  final double overheadCycles, final double clockHz, final double utilisation)
    {
        double cyclesPerSecond = 0;
        for (final int t : SyntheticSpec.TYPES)
        {
            if (enabled[t])
            {
                cyclesPerSecond += spec.eventsPerSecond(t) * (perEvent[t] + overheadCycles);
            }
        }
        return cyclesPerSecond / (clockHz * utilisation);
    }

    /** Events per second the program has to handle under {@code spec} (the types it does not disable). */
    public static double eventsPerSecond(final SyntheticSpec spec, final boolean[] enabled)
    {
        double e = 0;
        for (final int t : SyntheticSpec.TYPES)
        {
            if (enabled[t])
            {
                e += spec.eventsPerSecond(t);
            }
        }
        return e;
    }

    /** Sizes every grid point of {@code base}'s load (its flows, mix and fractions kept). */
    public static List<Point> table(final SyntheticSpec base, final Grid grid, final Probe probe, final double[] meanCycles,
                                    final double[] meanInstructions, final boolean[] enabled, final double overheadCycles,
                                    final double clockHz, final double utilisation)
    {
        final List<Point> points = new ArrayList<>();
        for (final long rate : grid.ratesBps)
        {
            for (final int frame : grid.frames)
            {
                for (final int burst : grid.bursts)
                {
                    final SyntheticSpec spec = base.withLoad(rate, frame, burst);
                    final Outcome[] last = new Outcome[grid.maxCores + 1];
                    final List<Integer> tried = new ArrayList<>();
                    final int cores = smallest(c ->
                    {
                        last[c] = probe.run(spec, c);
                        return last[c].pass();
                    }, grid.maxCores, tried);
                    points.add(new Point(rate, frame, burst, eventsPerSecond(spec, enabled), cores,
                        analytic(spec, meanCycles, enabled, overheadCycles, clockHz, utilisation),
                        analytic(spec, meanInstructions, enabled, 0, clockHz, utilisation),
                        last[cores < 0 ? grid.maxCores : cores], tried.size()));
                }
            }
        }
        return points;
    }
}
