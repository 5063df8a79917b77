package dev.ccsilicon.cosim.jverilator;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;


/**
 * A block whose RTL has one textual change: the sources are copied to a temporary root and the
 * replacement applied to the named file, which must match exactly once (so a mutant cannot
 * silently stop mutating when the RTL is edited). The copy builds under its own cache key. The
 * mutant tables of the tests and {@code ccsilicon cosim --mutate} (a regression's deliberately
 * broken job) use it.
 */
public final class RtlMutant
{
    private RtlMutant()
    {
    }

    public static BlockSpec of(final BlockSpec spec, final String file, final String from, final String to)
    {
        try
        {
            final Path root = RepoRoot.find();
            final Path copy = Files.createTempDirectory("rtl-mutant-");
            if (!spec.sources().contains(file))
            {
                throw new IllegalArgumentException(file + " is not a source of " + spec.name() + "; its sources are "
                    + String.join(", ", spec.sources()));
            }
            for (final String s : spec.sources())
            {
                final Path dst = copy.resolve(s);
                Files.createDirectories(dst.getParent());
                String text = Files.readString(root.resolve(s));
                if (s.equals(file))
                {
                    final int first = text.indexOf(from);
                    final int count = first < 0 ? 0 : text.split(java.util.regex.Pattern.quote(from), -1).length - 1;
                    if (count != 1)
                    {
                        throw new IllegalArgumentException("the mutation's text '" + from + "' must occur exactly once in " + file
                            + "; it occurs " + count + " times");
                    }
                    text = text.replace(from, to);
                }
                Files.writeString(dst, text);
            }
            return spec.withSources(copy).withName(spec.name() + "_mutant");
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(e);
        }
    }
}
