package dev.ccsilicon.cosim.lockstep;

import java.util.List;

import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.hdl.ModelDut;

/**
 * What a block brings to co-simulation: its pins, its Java model at those pins, its stimulus and
 * its coverage. Everything else (building, driving, comparing, triage) is the engine's. See
 * docs/cosim.md, "Adding a block".
 */
public interface BlockAdapter
{
    /** The declaration the RTL is built from and checked against. */
    BlockSpec spec();

    /** A fresh model sized from {@code spec}'s parameters (the spec may be a variant or a mutant). */
    ModelDut newModel(BlockSpec spec);

    /** Seeded stimulus of one input stream; called once per stream with the run's seed (both sides read its output). */
    Stimulus newStimulus(long seed, int inStream);

    /** Coverage bins, every one of which a regression run must hit. */
    Coverage newCoverage();

    /** Counts coverage from the model's pins each cycle. */
    CycleObserver coverageObserver(BlockSpec spec, Coverage coverage);

    /**
     * The block's reference level (SPEC §4.1) at its stream transactions, for {@link ReferenceCheck};
     * null means the block has none, which fails the check.
     */
    default ReferenceDut newReference(final BlockSpec spec)
    {
        return null;
    }

    /**
     * The block's own declaration (RTL top, configuration record, ports, model) for the docs check
     * of SPEC §9 ({@code BlockDocsTest}); null means the block has none, which fails the check.
     */
    default BlockDeclaration<?> declaration()
    {
        return null;
    }

    /**
     * The block's named variants besides this registered build, in the order a regression runs them
     * (its own tests run the same ones). A variant must agree with its RTL like the registered build;
     * its bins need not all be reachable, as the registered build's are.
     */
    default List<BlockVariant> variants()
    {
        return List.of();
    }

    /** Largest |model cycle - RTL cycle| accepted per output transaction; 0 for a cycle-exact model. */
    default int timingTolerance()
    {
        return 0;
    }

    /** Quiet cycles after the last input that mean the block has drained (at least its latency). */
    default int drainCycles()
    {
        return 64;
    }

    /** Renders a field value for a mismatch report (e.g. signed, fixed point). */
    default String formatField(final String port, final long[] words)
    {
        final StringBuilder sb = new StringBuilder("0x");
        for (int w = words.length - 1; w >= 0; w--)
        {
            sb.append(w == words.length - 1 ? Long.toHexString(words[w]) : String.format("%016x", words[w]));
        }
        return sb.toString();
    }
}
