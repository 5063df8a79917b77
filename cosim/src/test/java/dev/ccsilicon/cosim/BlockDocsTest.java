package dev.ccsilicon.cosim;

import dev.ccsilicon.cosim.jverilator.RepoRoot;
import dev.ccsilicon.cosim.jverilator.RtlSources;
import dev.ccsilicon.cosim.lockstep.BlockAdapter;
import dev.ccsilicon.cosim.lockstep.BlockDeclaration;
import dev.ccsilicon.cosim.lockstep.CosimRegistry;
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
 * test regenerates from the model's {@code ResourceReport} and compares byte for byte. A block added
 * to {@link CosimRegistry} is checked without editing this test. With
 * {@code -Dccsilicon.docs.write=true} it rewrites the generated sections first (docs/development.md).
 */
final class BlockDocsTest
{
    /** Pages under docs/blocks that are not blocks: a packet format, no RTL top. */
    private static final Set<String> NOT_BLOCKS = Set.of("rocc_cnp_packet");
    private static final boolean WRITE = Boolean.getBoolean("ccsilicon.docs.write");

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
