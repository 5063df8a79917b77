package dev.ccsilicon.cosim;

import dev.ccsilicon.cosim.jverilator.RepoRoot;
import dev.ccsilicon.cosim.jverilator.RtlSources;
import dev.ccsilicon.cosim.lockstep.BlockAdapter;
import dev.ccsilicon.cosim.lockstep.BlockDeclaration;
import dev.ccsilicon.cosim.lockstep.CosimOptions;
import dev.ccsilicon.cosim.lockstep.CosimRegistry;
import dev.ccsilicon.cosim.lockstep.CosimResult;
import dev.ccsilicon.cosim.lockstep.LockstepEngine;
import dev.ccsilicon.cosim.lockstep.ReferenceCheck;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * SPEC §9: every registered block's docs page (docs/blocks/&lt;block&gt;.md) agrees with its Java
 * declaration and its RTL top: ports (names, directions, order; widths where the page gives them at
 * the defaults), parameters (names and defaults) and the generated state-bit section, which this
 * test regenerates from the model's {@code ResourceReport} and compares byte for byte, and the
 * generated co-simulation section: a lockstep run of the registered adapter at the block's fixed
 * {@link #RUNS (transactions, seed)}, its coverage bins and the reference-vs-model check, likewise
 * regenerated and compared byte for byte (same seed, same text). A block added
 * to {@link CosimRegistry} is checked without editing this test. With
 * {@code -Dccsilicon.docs.write=true} it rewrites the generated sections first (docs/development.md).
 */
final class BlockDocsTest
{
    /** Pages under docs/blocks that are not blocks: a packet format, no RTL top. */
    private static final Set<String> NOT_BLOCKS = Set.of("rocc_cnp_packet");
    private static final boolean WRITE = Boolean.getBoolean("ccsilicon.docs.write");
    /**
     * The co-simulation run each page shows: transactions per input stream and seed. The seed is the
     * one the block's page and tests already use for its mutants; 50,000 keeps all seven runs and
     * reference checks within about 30 s. A block missing here runs at {@link #DEFAULT_RUN}.
     */
    static final Map<String, long[]> RUNS = Map.of(
        "fxp_accumulator", new long[] {50_000, 42},
        "stream_fifo", new long[] {50_000, 7},
        "qp_table", new long[] {50_000, 2026},
        "timer_wheel", new long[] {50_000, 11},
        "rocc_rp", new long[] {50_000, 2026},
        "rocc_fair_rate", new long[] {50_000, 3},
        "rocc_flow_table", new long[] {50_000, 2026});
    static final long[] DEFAULT_RUN = {50_000, 1};

    static Stream<String> blocks()
    {
        return CosimRegistry.names().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("blocks")
    void pageAgreesWithTheDeclarationAndTheRtl(final String block) throws IOException
    {
        final BlockAdapter adapter = CosimRegistry.find(block).orElseThrow();
        final BlockDeclaration<?> declaration = adapter.declaration();
        assertNotNull(declaration, block + ": the adapter declares no BlockDeclaration (BlockAdapter.declaration())");
        final Path page = root().resolve("docs/blocks/" + block + ".md");
        assertTrue(Files.isRegularFile(page), block + ": no docs page " + page);
        final RtlHeader rtl = rtlHeader(declaration.top());
        final Map<String, Long> defaults = rtlDefaults(declaration.top(), rtl);
        String text = Files.readString(page);
        if (WRITE)
        {
            final String rewritten = BlockDocs.rewrite(text, generated(declaration, defaults));
            if (!rewritten.equals(text))
            {
                Files.writeString(page, rewritten);
                text = rewritten;
            }
        }
        final List<String> problems = BlockDocs.check(block, text, declaration, rtl, defaults);
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("blocks")
    void coSimulationFiguresAreTheRunsOwn(final String block) throws IOException
    {
        final BlockAdapter adapter = CosimRegistry.find(block).orElseThrow();
        final long[] run = RUNS.getOrDefault(block, DEFAULT_RUN);
        final CosimOptions options = CosimOptions.of(run[0], run[1]);
        final CosimResult result = LockstepEngine.run(adapter, options);
        final ReferenceCheck.Result reference = ReferenceCheck.run(adapter, options);
        final String expected = BlockDocs.cosimGenerated(block, run[0], run[1], result, reference);
        final Path page = root().resolve("docs/blocks/" + block + ".md");
        String text = Files.readString(page);
        if (WRITE)
        {
            final String rewritten = BlockDocs.rewrite(text, BlockDocs.COSIM_BEGIN, expected);
            if (!rewritten.equals(text))
            {
                Files.writeString(page, rewritten);
                text = rewritten;
            }
        }
        final String problem = BlockDocs.checkCosim(text, expected);
        assertTrue(problem == null, block + ": " + problem);
    }

    @Test
    void everyBlockPageIsARegisteredBlock() throws IOException
    {
        final Set<String> pages = new TreeSet<>();
        try (Stream<Path> files = Files.list(root().resolve("docs/blocks")))
        {
            files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".md"))
                .forEach(n -> pages.add(n.substring(0, n.length() - 3)));
        }
        pages.removeAll(NOT_BLOCKS);
        assertEquals(new TreeSet<>(CosimRegistry.names()), pages,
            "docs/blocks pages without a registered block would go unchecked; list non-block pages in NOT_BLOCKS");
    }

    /** The RTL's free parameters of a top, name to default, in header order (package constants resolved). */
    static Map<String, Long> rtlDefaults(final String top, final RtlHeader rtl)
    {
        return new LinkedHashMap<>(rtl.freeParameters(constant ->
        {
            final String[] parts = constant.split("::");
            final Path pkg = rtlFile(parts[0]);
            final Long value = RtlHeader.constantIn(read(pkg), parts[1]);
            assertNotNull(value, top + ": cannot resolve " + constant + " in " + pkg);
            return value;
        }));
    }

    static RtlHeader rtlHeader(final String top)
    {
        return RtlHeader.parse(read(rtlFile(top)), top);
    }

    private static <R extends Record> String generated(final BlockDeclaration<R> declaration, final Map<String, Long> defaults)
    {
        final Map<String, String> text = new LinkedHashMap<>();
        defaults.forEach((k, v) -> text.put(k, Long.toString(v)));
        return BlockDocs.generated(declaration, declaration.config(text), defaults);
    }

    /** The source file of module (or package) {@code name}: the file of that name in its top's hierarchy. */
    private static Path rtlFile(final String name)
    {
        final Path root = root();
        if (name.endsWith("_pkg"))
        {
            try (Stream<Path> files = Files.walk(root.resolve("rtl")))
            {
                return files.filter(p -> p.getFileName().toString().equals(name + ".sv")).findFirst().orElseThrow();
            }
            catch (final IOException e)
            {
                throw new UncheckedIOException(e);
            }
        }
        final String file = RtlSources.forTop(root, name).stream().filter(s -> s.endsWith("/" + name + ".sv")).findFirst()
            .orElseThrow(() -> new AssertionError("no RTL source of top " + name));
        return root.resolve(file);
    }

    private static String read(final Path p)
    {
        try
        {
            return Files.readString(p);
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(e);
        }
    }

    static Path root()
    {
        return RepoRoot.find();
    }
}
