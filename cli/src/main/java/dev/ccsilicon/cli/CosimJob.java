package dev.ccsilicon.cli;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.jverilator.RepoRoot;
import dev.ccsilicon.cosim.jverilator.RtlBuildException;
import dev.ccsilicon.cosim.jverilator.RtlCoverage;
import dev.ccsilicon.cosim.jverilator.RtlMutant;
import dev.ccsilicon.cosim.lockstep.BlockAdapter;
import dev.ccsilicon.cosim.lockstep.BlockVariant;
import dev.ccsilicon.cosim.lockstep.CosimOptions;
import dev.ccsilicon.cosim.lockstep.CosimRegistry;
import dev.ccsilicon.cosim.lockstep.CosimResult;
import dev.ccsilicon.cosim.lockstep.CoverageDat;
import dev.ccsilicon.cosim.lockstep.LockstepEngine;
import dev.ccsilicon.cosim.lockstep.ReferenceCheck;
import dev.ccsilicon.farm.FlatJson;

/**
 * One co-simulation job of a regression (SPEC §12): a block, one of its variants, a seed and a number of
 * transactions, optionally with a mutated RTL (a deliberately broken job). Its verdict is agreement:
 * model and RTL bit-exact on every output pin and the reference equal to the model; bins a single seed
 * leaves unhit are not a failure of the job (collect merges the bins of every job of the block).
 */
final class CosimJob
{
    private CosimJob()
    {
    }

    /** A textual change of one RTL source: {@code from}, which occurs once in {@code file}, becomes {@code to}. */
    record Mutation(String name, String file, String from, String to)
    {
    }

    /** What a job runs; {@code mutation} is null for the block's own RTL. */
    record Spec(String block, String variant, long seed, long transactions, Mutation mutation)
    {
        /** The one command line that runs the job alone. */
        String reproduce()
        {
            final StringBuilder sb = new StringBuilder("./ccsilicon cosim ").append(block);
            if (!BlockVariant.DEFAULT.equals(variant))
            {
                sb.append(" --variant ").append(variant);
            }
            sb.append(" --seed ").append(seed).append(" --transactions ").append(transactions);
            if (null != mutation)
            {
                sb.append(" --mutate ").append(Shell.quote(mutation.file())).append(" --from ")
                    .append(Shell.quote(mutation.from())).append(" --to ").append(Shell.quote(mutation.to()));
            }
            return sb.toString();
        }

        /** The worker's arguments after {@code job --result FILE}. */
        List<String> workerArgs(final Path coverage)
        {
            final List<String> args = new java.util.ArrayList<>(List.of("--kind", "cosim", block, "--variant", variant,
                "--seed", Long.toString(seed), "--transactions", Long.toString(transactions)));
            if (null != mutation)
            {
                args.addAll(List.of("--mutate", mutation.file(), "--from", mutation.from(), "--to", mutation.to()));
            }
            if (null != coverage)
            {
                args.addAll(List.of("--coverage", coverage.toString()));
            }
            return args;
        }
    }

    /** The job's result values (a flat JSON object) and its verdict. */
    record Outcome(Map<String, Object> values, boolean passed, String reason)
    {
    }

    /** The adapter of {@code block}'s {@code variant}: a user error naming what exists when either is unknown. */
    static BlockAdapter adapter(final String block, final String variant)
    {
        final BlockAdapter adapter = CosimRegistry.find(block).orElseThrow(() -> new UserError(
            "unknown block '" + block + "'; known blocks: " + String.join(", ", CosimRegistry.names())));
        try
        {
            return BlockVariant.select(adapter, variant);
        }
        catch (final IllegalArgumentException e)
        {
            throw new UserError(e.getMessage());
        }
    }

    /** Builds the job's RTL (its build key) into the cache without running it. */
    static void build(final Spec job)
    {
        dev.ccsilicon.cosim.jverilator.RtlBuilder.build(rtl(job, adapter(job.block(), job.variant())), false);
    }

    /** The RTL the job runs: its block's, or the mutated copy. */
    private static BlockSpec rtl(final Spec job, final BlockAdapter adapter)
    {
        return null == job.mutation() ? adapter.spec()
            : RtlMutant.of(adapter.spec(), job.mutation().file(), job.mutation().from(), job.mutation().to());
    }

    /** Runs the job; writes its bins to {@code coverage} (coverage.dat) unless null. */
    static Outcome run(final Spec job, final Path coverage)
    {
        final BlockAdapter adapter = adapter(job.block(), job.variant());
        final BlockSpec spec = rtl(job, adapter);
        final CosimOptions options = CosimOptions.of(job.transactions(), job.seed());
        final Map<String, Object> values = new LinkedHashMap<>();
        final CosimResult r;
        try
        {
            r = LockstepEngine.run(adapter, spec, options);
        }
        catch (final RtlBuildException e)
        {
            values.put("error", "build failed: " + e.getMessage());
            return new Outcome(values, false, "build of " + spec.name() + " failed: " + e.getMessage());
        }
        final String noReference = BlockVariant.noReference(CosimRegistry.find(job.block()).orElseThrow(), job.variant());
        final ReferenceCheck.Result ref = null == noReference ? ReferenceCheck.run(adapter, options) : null;
        values.put("transactions_in", r.inputTransactions());
        values.put("transactions_out", r.outputTransactions());
        values.put("mismatches", r.mismatches());
        values.put("rtl_cycles", r.rtlCycles());
        values.put("timing_max", r.timingMax());
        values.put("bins", r.coverageLines().size());
        values.put("bins_hit", r.coverageLines().size() - r.unhitBins().size());
        values.put("reference_values", null == ref ? null : ref.values());
        values.put("reference_mismatches", null == ref ? null : ref.mismatches());
        if (null != noReference)
        {
            values.put("reference", "not checked: " + noReference);
        }
        // What the result depends on besides the plan: the toolchain and the RTL build (its cache key).
        values.put("verilator", dev.ccsilicon.cosim.jverilator.Toolchain.get().verilatorVersion());
        values.put("cxx", dev.ccsilicon.cosim.jverilator.Toolchain.get().cxxVersion());
        values.put("java", Runtime.version().toString());
        values.put("rtl_key", dev.ccsilicon.cosim.jverilator.RtlBuilder.build(spec, false).key().substring(0, 16));
        final String reason = reason(r, ref);
        if (null != reason)
        {
            values.put("error", reason);
        }
        if (null != coverage)
        {
            try
            {
                java.nio.file.Files.createDirectories(coverage.toAbsolutePath().getParent());
            }
            catch (final java.io.IOException e)
            {
                throw new java.io.UncheckedIOException(e);
            }
            // The bins, then the RTL's own line and toggle points when this process built for them.
            final String bins = CoverageDat.of(job.block(), job.variant(), adapter.getClass(), RepoRoot.find(), r.coverageLines());
            FlatJson.writeAtomically(coverage, bins + rtlPoints());
        }
        return new Outcome(values, null == reason, reason);
    }

    /** The RTL's coverage points (header dropped) from the file {@link RtlCoverage#ENV} names, deleted after; or "". */
    private static String rtlPoints()
    {
        final String file = System.getenv(RtlCoverage.ENV);
        if (null == file || file.isBlank())
        {
            return "";
        }
        try
        {
            final java.nio.file.Path path = java.nio.file.Path.of(file);
            final String text = RtlCoverage.read(path);
            java.nio.file.Files.deleteIfExists(path);
            final StringBuilder sb = new StringBuilder();
            for (final String line : text.split("\n"))
            {
                if (line.startsWith("C '"))
                {
                    sb.append(line).append('\n');
                }
            }
            return sb.toString();
        }
        catch (final java.io.IOException e)
        {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Why the run disagrees, or null: the first of a failure, a status pin, a record, the reference. */
    private static String reason(final CosimResult r, final ReferenceCheck.Result ref)
    {
        if (null != r.failure())
        {
            return r.failure();
        }
        if (null != r.statusMismatch())
        {
            return "mismatch: " + r.statusMismatch().describe();
        }
        if (r.mismatches() > 0)
        {
            return r.mismatches() + " mismatches, first: " + (null == r.firstMismatch() ? "?" : r.firstMismatch().describe());
        }
        if (null != ref && !ref.passed())
        {
            return "reference vs model: " + (null != ref.failure() ? ref.failure() : ref.mismatches() + " mismatches, first: " + ref.first());
        }
        return null;
    }
}
