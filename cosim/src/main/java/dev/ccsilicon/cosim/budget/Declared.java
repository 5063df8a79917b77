package dev.ccsilicon.cosim.budget;

import java.util.Map;

import dev.ccsilicon.hdl.ResourceReport;

/**
 * What a block declares at one set of RTL parameters, through its {@code BlockDeclaration} (the source
 * {@code BlockDocsTest} generates the docs' state tables from): its figures (label to value) and the
 * {@link ResourceReport} of its model.
 */
public record Declared(String top, Map<String, Long> parameters, Map<String, Long> figures, ResourceReport resources)
{
    public Declared
    {
        parameters = Map.copyOf(parameters);
        figures = Map.copyOf(figures);
    }

    /** The figure whose label starts with {@code prefix}; fails when the block declares none. */
    public long figure(final String prefix)
    {
        for (final Map.Entry<String, Long> e : figures.entrySet())
        {
            if (e.getKey().startsWith(prefix))
            {
                return e.getValue();
            }
        }
        throw new IllegalStateException(top + " declares no figure '" + prefix + "...': " + figures.keySet());
    }

    /** An RTL parameter of this instance (an override or, failing that, {@code fallback}). */
    public long parameter(final String name, final long fallback)
    {
        return parameters.getOrDefault(name, fallback);
    }
}
