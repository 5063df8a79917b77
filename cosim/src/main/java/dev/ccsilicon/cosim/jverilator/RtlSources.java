package dev.ccsilicon.cosim.jverilator;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The RTL sources of a top module, found by hierarchy instead of listed by hand (SPEC §9: one
 * module or package per file, file name = module name, under {@code rtl/**}).
 *
 * <p>Starting from the top's file, every identifier that names a file under {@code rtl/} and is
 * used as a module instantiation ({@code name #(} or {@code name u_x (}) or as a package
 * ({@code name::}, {@code import name::*}) is followed, recursively. The result is deterministic and
 * dependency-ordered: packages first (each after the packages it imports), then modules, each
 * after the modules it instantiates; ties in file-name order. Paths are relative to the repository
 * root with {@code /} separators, as {@link BlockSpec#sources()} holds them.
 */
public final class RtlSources
{
    /** {@code name #(} or {@code name u_inst (}: a module instantiation. */
    private static final Pattern INSTANCE =
        Pattern.compile("\\b([A-Za-z_][A-Za-z0-9_]*)\\s*(?:#\\s*\\(|[A-Za-z_][A-Za-z0-9_]*\\s*(?:\\[[^\\]]*\\]\\s*)?\\()");
    /** {@code name::}: a package reference (also covers {@code import name::*}). */
    private static final Pattern PACKAGE_REF = Pattern.compile("\\b([A-Za-z_][A-Za-z0-9_]*)\\s*::");
    private static final Pattern PACKAGE_DECL = Pattern.compile("(?m)^\\s*package\\s+([A-Za-z_][A-Za-z0-9_]*)\\s*;");
    private static final Pattern LINE_COMMENT = Pattern.compile("//[^\\n]*");
    private static final Pattern BLOCK_COMMENT = Pattern.compile("(?s)/\\*.*?\\*/");

    private RtlSources()
    {
    }

    /** The sources of {@code top} in the repository found by {@link RepoRoot#find()}. */
    public static List<String> forTop(final String top)
    {
        return forTop(RepoRoot.find(), top);
    }

    /** The sources of {@code top} under {@code root}/rtl, dependencies first. */
    public static List<String> forTop(final Path root, final String top)
    {
        final Map<String, String> files = index(root);
        if (!files.containsKey(top))
        {
            throw new IllegalArgumentException("no RTL file for module " + top + " (rtl/**/" + top + ".sv)");
        }
        final Map<String, Set<String>> deps = new TreeMap<>();
        final Set<String> packages = new TreeSet<>();
        collect(root, files, top, deps, packages);

        // Post-order DFS from the top: every unit after the units it uses.
        final List<String> order = new ArrayList<>();
        visit(top, deps, new HashSet<>(), new HashSet<>(), order);
        final List<String> result = new ArrayList<>();
        for (final String unit : order)
        {
            if (packages.contains(unit))
            {
                result.add(files.get(unit));
            }
        }
        for (final String unit : order)
        {
            if (!packages.contains(unit))
            {
                result.add(files.get(unit));
            }
        }
        return List.copyOf(result);
    }

    /** Module/package name -> relative path of every {@code .sv} file under {@code rtl/}. */
    private static Map<String, String> index(final Path root)
    {
        final Path rtl = root.resolve("rtl");
        final Map<String, String> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(rtl))
        {
            for (final Path p : walk.filter(f -> f.getFileName().toString().endsWith(".sv")).sorted(Comparator.naturalOrder()).toList())
            {
                final String file = p.getFileName().toString();
                final String unit = file.substring(0, file.length() - ".sv".length());
                final String rel = root.relativize(p).toString().replace('\\', '/');
                final String previous = files.put(unit, rel);
                if (previous != null)
                {
                    throw new IllegalStateException("two RTL files define " + unit + ": " + previous + " and " + rel);
                }
            }
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("cannot list " + rtl, e);
        }
        return files;
    }

    private static void collect(
        final Path root, final Map<String, String> files, final String unit,
        final Map<String, Set<String>> deps, final Set<String> packages)
    {
        if (deps.containsKey(unit))
        {
            return;
        }
        final String text = code(root, files.get(unit));
        final Set<String> uses = new TreeSet<>();
        final Matcher decl = PACKAGE_DECL.matcher(text);
        if (decl.find() && decl.group(1).equals(unit))
        {
            packages.add(unit);
        }
        final Matcher pkg = PACKAGE_REF.matcher(text);
        while (pkg.find())
        {
            final String name = pkg.group(1);
            if (!name.equals(unit) && files.containsKey(name))
            {
                uses.add(name);
            }
        }
        final Matcher inst = INSTANCE.matcher(text);
        while (inst.find())
        {
            final String name = inst.group(1);
            if (!name.equals(unit) && files.containsKey(name))
            {
                uses.add(name);
            }
        }
        deps.put(unit, uses);
        for (final String u : uses)
        {
            collect(root, files, u, deps, packages);
        }
    }

    private static void visit(
        final String unit, final Map<String, Set<String>> deps, final Set<String> done, final Set<String> onPath,
        final List<String> order)
    {
        if (done.contains(unit))
        {
            return;
        }
        if (!onPath.add(unit))
        {
            throw new IllegalStateException("RTL hierarchy has a cycle through " + unit);
        }
        for (final String d : deps.get(unit))
        {
            visit(d, deps, done, onPath, order);
        }
        onPath.remove(unit);
        done.add(unit);
        order.add(unit);
    }

    /** The file's text without comments, so a module named in a comment is not a dependency. */
    private static String code(final Path root, final String rel)
    {
        try
        {
            final String text = Files.readString(root.resolve(rel));
            return LINE_COMMENT.matcher(BLOCK_COMMENT.matcher(text).replaceAll(" ")).replaceAll("");
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("cannot read " + rel, e);
        }
    }
}
