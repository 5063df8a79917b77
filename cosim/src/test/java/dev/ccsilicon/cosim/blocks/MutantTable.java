package dev.ccsilicon.cosim.blocks;

import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.jverilator.RtlMutant;
import dev.ccsilicon.cosim.lockstep.BlockAdapter;
import dev.ccsilicon.cosim.lockstep.CosimOptions;
import dev.ccsilicon.cosim.lockstep.CosimResult;
import dev.ccsilicon.cosim.lockstep.LockstepEngine;
import dev.ccsilicon.cosim.lockstep.Mismatch;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Sensitivity checks (SPEC section 5): a block's table of RTL mutants, each of which the
 * co-simulation must catch with a mismatch that names the pin the mutant corrupts. A table per
 * block keeps the mutated strings in one place, so they are easy to re-point when the RTL moves
 * (each must still match exactly once: {@link RtlMutant}).
 */
public final class MutantTable
{
    /**
     * One textual change to the RTL.
     *
     * @param name what it breaks (counter update, comparison...).
     * @param file the source it edits, relative to the repository root.
     * @param from the text replaced (must occur exactly once).
     * @param to   its replacement.
     * @param pin  the pin the first mismatch must name: a status pin (compared every cycle) or an
     *             output stream's data field.
     */
    public record Mutant(String name, String file, String from, String to, String pin)
    {
    }

    private MutantTable()
    {
    }

    public static Mutant mutant(final String name, final String file, final String from, final String to, final String pin)
    {
        return new Mutant(name, file, from, to, pin);
    }

    /**
     * Builds and co-simulates every mutant ({@code transactions} per input stream, one seed) and
     * asserts each is caught naming its pin: the localised status mismatch for a status pin, the
     * first transaction mismatch for a stream field. Every mutant is run before the assertions, so a
     * failure lists all the survivors at once.
     */
    public static void assertCaught(final BlockAdapter adapter, final long transactions, final long seed, final Mutant... mutants)
    {
        final List<org.junit.jupiter.api.function.Executable> checks = new ArrayList<>();
        for (final Mutant m : mutants)
        {
            final BlockSpec spec = RtlMutant.of(adapter.spec(), m.file(), m.from(), m.to());
            final CosimResult r = LockstepEngine.run(adapter, spec, CosimOptions.of(transactions, seed));
            final Mismatch named = namedBy(r, m.pin());
            System.out.println("MUTANT " + adapter.spec().name() + " " + m.name() + ": "
                + (r.passed() ? "SURVIVED" : "caught, " + (named != null ? named.describe() : "but not on " + m.pin())));
            checks.add(() ->
            {
                assertFalse(r.passed(), () -> m.name() + " survived\n" + String.join("\n", r.report()));
                assertTrue(named != null, () -> m.name() + ": no mismatch names " + m.pin() + "\n" + String.join("\n", r.report()));
                assertEquals(m.pin(), named.field());
            });
        }
        assertAll(checks);
    }

    private static Mismatch namedBy(final CosimResult r, final String pin)
    {
        if (r.statusMismatch() != null && r.statusMismatch().field().equals(pin))
        {
            return r.statusMismatch();
        }
        if (r.firstMismatch() != null && r.firstMismatch().field().equals(pin))
        {
            return r.firstMismatch();
        }
        return null;
    }
}
