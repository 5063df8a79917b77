package dev.ccsilicon.cosim.lockstep;

import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * A named variant of a block besides its registered build: other RTL parameters, another profile or
 * another stimulus shape, with its own stimulus and bins. The block's tests and {@code ccsilicon
 * regress} run the same variants, found by name ({@code ccsilicon cosim BLOCK --variant NAME}).
 *
 * @param name           a lower-case word, unique among the block's variants; never {@link #DEFAULT}.
 * @param description    what the variant changes, for listings.
 * @param adapter        builds the variant's adapter.
 * @param noReference    null when the reference-vs-model check applies to the variant; else why it does
 *                       not (the variant is then checked model against RTL only, and says so).
 */
public record BlockVariant(String name, String description, Supplier<BlockAdapter> adapter, String noReference)
{
    /** The name that stands for the registered build itself. */
    public static final String DEFAULT = "default";

    public BlockVariant
    {
        Objects.requireNonNull(adapter, "adapter");
        if (!name.matches("[a-z][a-z0-9_]*") || DEFAULT.equals(name))
        {
            throw new IllegalArgumentException("a variant name is a lower-case word other than " + DEFAULT + ", not " + name);
        }
    }

    public static BlockVariant of(final String name, final String description, final Supplier<BlockAdapter> adapter)
    {
        return new BlockVariant(name, description, adapter, null);
    }

    /** This variant without the reference-vs-model check, for the {@code reason} given (shown with its results). */
    public BlockVariant withoutReferenceCheck(final String reason)
    {
        if (null == reason || reason.isBlank())
        {
            throw new IllegalArgumentException("a variant without the reference check says why");
        }
        return new BlockVariant(name, description, adapter, reason);
    }

    /**
     * Why the reference check does not apply to {@code adapter}'s variant {@code name}, or null when it
     * does (always for {@link #DEFAULT}).
     */
    public static String noReference(final BlockAdapter adapter, final String name)
    {
        for (final BlockVariant v : adapter.variants())
        {
            if (v.name().equals(name))
            {
                return v.noReference();
            }
        }
        return null;
    }

    /** The names a user may give for {@code adapter}: {@link #DEFAULT} and each variant's. */
    public static List<String> names(final BlockAdapter adapter)
    {
        final java.util.ArrayList<String> names = new java.util.ArrayList<>();
        names.add(DEFAULT);
        for (final BlockVariant v : adapter.variants())
        {
            names.add(v.name());
        }
        return names;
    }

    /**
     * {@code adapter} itself for {@link #DEFAULT}, else its variant {@code name}.
     *
     * @throws IllegalArgumentException naming the block, the variant and the names it has.
     */
    public static BlockAdapter select(final BlockAdapter adapter, final String name)
    {
        if (DEFAULT.equals(name))
        {
            return adapter;
        }
        for (final BlockVariant v : adapter.variants())
        {
            if (v.name().equals(name))
            {
                return v.adapter().get();
            }
        }
        throw new IllegalArgumentException("block " + adapter.spec().name() + " has no variant '" + name
            + "'; its variants are " + String.join(", ", names(adapter)));
    }
}
