package dev.ccsilicon.net.cc;

import dev.ccsilicon.scenario.AlgorithmSection;

/** The scenario section of {@code algorithm: none} ({@link NoCc}): no keys of its own, nothing to check. */
public final class NoCcSection implements AlgorithmSection
{
    /** What {@code none} binds: nothing. */
    public record Config()
    {
    }

    private static final Config CONFIG = new Config();

    @Override
    public String algorithm()
    {
        return "none";
    }

    @Override
    public Binder binder()
    {
        return () -> CONFIG;
    }
}
