package dev.ccsilicon.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.ccsilicon.cosim.jverilator.RepoRoot;
import dev.ccsilicon.cosim.lockstep.BlockAdapter;
import dev.ccsilicon.cosim.lockstep.BlockVariant;
import dev.ccsilicon.cosim.lockstep.CosimRegistry;
import dev.ccsilicon.cosim.lockstep.StimulusRandom;
import dev.ccsilicon.scenario.Fields;
import dev.ccsilicon.scenario.ScenarioError;
import dev.ccsilicon.scenario.Values;
import dev.ccsilicon.scenario.YamlFile;
import dev.ccsilicon.scenario.YamlList;
import dev.ccsilicon.scenario.YamlNode;
import dev.ccsilicon.scenario.YamlScalar;

/**
 * A regression plan (docs/regress.md): blocks × variants × seeds × transactions, from a YAML file or the
 * built-in {@code nightly}, expanded into {@link CosimJob.Spec}s in file order. Every mistake is a
 * {@link ScenarioError} ({@code file:line: field: reason}, exit 2) before anything runs.
 *
 * @param name the plan's name: the output directory and the JUnit suite.
 * @param jobs every job, in plan order.
 */
record RegressPlan(String name, long seed, List<CosimJob.Spec> jobs)
{
    /** The built-in plan that covers every block and each of its variants. */
    static final String NIGHTLY = "nightly";
    static final long DEFAULT_TRANSACTIONS = 100_000;
    private static final String WHAT = "a regression plan .yaml file (docs/regress.md)";
    private static final String EXAMPLE = "{name: smoke, blocks: [{block: stream_fifo, seeds: 2}]}";
    private static final List<String> TOP = List.of("name", "seed", "seeds", "transactions", "blocks");
    private static final List<String> ENTRY = List.of("block", "variants", "seeds", "transactions", "mutant");
    private static final List<String> MUTANT = List.of("name", "file", "from", "to");

    /** The plan {@code nightly} (built in) or the file {@code planFile}. */
    static RegressPlan load(final String planFile)
    {
        if (NIGHTLY.equals(planFile))
        {
            return parse(builtIn(), "nightly (built in)");
        }
        final Path path = Path.of(planFile);
        return bind(YamlFile.read(path, WHAT, EXAMPLE, TOP));
    }

    static RegressPlan parse(final String text, final String name)
    {
        return bind(YamlFile.parse(text, name, WHAT, EXAMPLE, TOP));
    }

    /** The text of the built-in nightly plan. */
    static String builtIn()
    {
        try (InputStream in = RegressPlan.class.getResourceAsStream("regress/nightly.yaml"))
        {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        catch (final IOException | NullPointerException e)
        {
            throw new IllegalStateException("the built-in nightly plan is missing from the tool's jar", e);
        }
    }

    private static RegressPlan bind(final Fields top)
    {
        final String name = Values.id(top.required("name", "the plan's name, e.g. smoke"), top.path("name"));
        final long seed = top.has("seed") ? Values.nonNegativeInteger(top.optional("seed", "a whole number"), "seed") : 1;
        final long seeds = count(top, "seeds", 1);
        final long transactions = count(top, "transactions", DEFAULT_TRANSACTIONS);
        final YamlList entries = Values.list(top.required("blocks", "a list such as " + EXAMPLE), "blocks", "[{block: stream_fifo}]");
        final List<CosimJob.Spec> jobs = new ArrayList<>();
        for (int i = 0; i < entries.items().size(); i++)
        {
            final String path = "blocks[" + i + "]";
            final Fields e = top.nested(entries.items().get(i), path, "{block: stream_fifo, seeds: 2}", ENTRY);
            final YamlNode blockNode = e.required("block", "a block name (ccsilicon cosim --list) or all");
            final String block = Values.text(blockNode, e.path("block"), "a block name");
            final List<BlockAdapter> adapters = new ArrayList<>();
            if ("all".equals(block))
            {
                adapters.addAll(CosimRegistry.all());
            }
            else
            {
                adapters.add(CosimRegistry.find(block).orElseThrow(() -> new ScenarioError(blockNode.origin(), e.path("block"),
                    "'" + block + "' is not a block; the blocks are all, " + String.join(", ", CosimRegistry.names()))));
            }
            final long entrySeeds = count(e, "seeds", seeds);
            final long entryTransactions = count(e, "transactions", transactions);
            final CosimJob.Mutation mutation = mutation(e, adapters);
            for (final BlockAdapter adapter : adapters)
            {
                for (final String variant : variants(e, adapter))
                {
                    for (int s = 0; s < entrySeeds; s++)
                    {
                        jobs.add(new CosimJob.Spec(adapter.spec().name(), variant,
                            deriveSeed(seed, adapter.spec().name() + "/" + variant, s), entryTransactions, mutation));
                    }
                }
            }
        }
        return new RegressPlan(name, seed, List.copyOf(jobs));
    }

    /**
     * Seed 0 of a job key is the plan's seed (a one-seed plan reproduces plain {@code cosim --seed}); seed
     * i > 0 a SplitMix64 step from the plan's seed, the key and i (47 bits: short to type).
     */
    static long deriveSeed(final long planSeed, final String key, final int i)
    {
        if (0 == i)
        {
            return planSeed;
        }
        long h = 1125899906842597L;
        for (int c = 0; c < key.length(); c++)
        {
            h = 31 * h + key.charAt(c);
        }
        return StimulusRandom.mix(planSeed ^ StimulusRandom.mix(h) + i * StimulusRandom.GOLDEN) & 0x7FFF_FFFF_FFFFL;
    }

    private static List<String> variants(final Fields e, final BlockAdapter adapter)
    {
        final YamlNode node = e.optional("variants", "all or a list such as [default, step]");
        if (null == node)
        {
            return List.of(BlockVariant.DEFAULT);
        }
        final List<String> known = BlockVariant.names(adapter);
        if (node instanceof final YamlScalar scalar && "all".equals(scalar.value()))
        {
            return known;
        }
        final YamlList list = Values.list(node, e.path("variants"), "[default, step] or all");
        final List<String> names = new ArrayList<>();
        for (int i = 0; i < list.items().size(); i++)
        {
            final YamlNode item = list.items().get(i);
            final String path = e.path("variants") + "[" + i + "]";
            final String v = Values.text(item, path, "a variant name");
            if (!known.contains(v))
            {
                throw new ScenarioError(item.origin(), path, "'" + v + "' is not a variant of " + adapter.spec().name()
                    + "; its variants are " + String.join(", ", known));
            }
            if (names.contains(v))
            {
                throw new ScenarioError(item.origin(), path, "'" + v + "' is listed twice");
            }
            names.add(v);
        }
        return names;
    }

    private static CosimJob.Mutation mutation(final Fields e, final List<BlockAdapter> adapters)
    {
        final YamlNode node = e.optional("mutant", "a mapping such as {file: rtl/common/stream_fifo.sv, from: '<', to: '<='}");
        if (null == node)
        {
            return null;
        }
        final Fields m = e.nested(node, e.path("mutant"), "{file: rtl/common/stream_fifo.sv, from: TEXT, to: TEXT}", MUTANT);
        final YamlNode fileNode = m.required("file", "an RTL source of the block");
        final String file = Values.text(fileNode, m.path("file"), "an RTL source of the block");
        final YamlNode fromNode = m.required("from", "the RTL text to replace (it must occur exactly once)");
        final String from = Values.text(fromNode, m.path("from"), "the RTL text to replace");
        final String to = Values.text(m.required("to", "its replacement"), m.path("to"), "its replacement");
        final YamlNode labelNode = m.optional("name", "a short name for the mutant, e.g. ready_one_early");
        final String label = null == labelNode ? from + " -> " + to : Values.id(labelNode, m.path("name"));
        if (adapters.size() != 1)
        {
            throw new ScenarioError(node.origin(), e.path("mutant"), "a mutant belongs to one block, not to all");
        }
        final BlockAdapter adapter = adapters.get(0);
        if (!adapter.spec().sources().contains(file))
        {
            throw new ScenarioError(fileNode.origin(), m.path("file"), "'" + file + "' is not a source of "
                + adapter.spec().name() + "; its sources are " + String.join(", ", adapter.spec().sources()));
        }
        final int count = occurrences((null == adapter.spec().sourceRoot() ? RepoRoot.find() : adapter.spec().sourceRoot()).resolve(file), from);
        if (count != 1)
        {
            throw new ScenarioError(fromNode.origin(), m.path("from"), "'" + from + "' occurs " + count + " times in "
                + file + "; it must occur exactly once");
        }
        return new CosimJob.Mutation(label, file, from, to);
    }

    private static int occurrences(final Path file, final String text)
    {
        try
        {
            final String source = Files.readString(file);
            int count = 0;
            for (int at = source.indexOf(text); at >= 0; at = source.indexOf(text, at + 1))
            {
                count++;
            }
            return count;
        }
        catch (final IOException ex)
        {
            throw new UserError("cannot read " + file + ": " + ex.getMessage());
        }
    }

    /** A positive whole number under {@code key}, else {@code fallback}. */
    private static long count(final Fields f, final String key, final long fallback)
    {
        final YamlNode node = f.optional(key, "a whole number of at least 1");
        if (null == node)
        {
            return fallback;
        }
        final long v = Values.nonNegativeInteger(node, f.path(key));
        if (v < 1)
        {
            throw new ScenarioError(node.origin(), f.path(key), "'" + v + "' is not allowed; use a whole number of at least 1");
        }
        return v;
    }

    /** Job counts per block, for the opening line: "dcqcn_cp 8, stream_fifo 2". */
    String describe()
    {
        final java.util.Map<String, Integer> per = new java.util.LinkedHashMap<>();
        jobs.forEach(j -> per.merge(j.block(), 1, Integer::sum));
        return String.join(", ", per.entrySet().stream().map(e -> e.getKey() + " " + e.getValue()).toList())
            .toLowerCase(Locale.ROOT);
    }
}
