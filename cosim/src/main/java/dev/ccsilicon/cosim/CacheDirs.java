package dev.ccsilicon.cosim;

import java.nio.file.Path;
import java.util.Optional;

/**
 * Where the Verilated builds and the synthesis results are cached: {@code -Dccsilicon.cache}, else
 * {@code $CCSILICON_CACHE}, else under {@code ~/.cache/ccsilicon} (the launcher uses the same rule).
 */
public final class CacheDirs
{
    private CacheDirs()
    {
    }

    /** The cache directory the user set, if any. */
    public static Optional<Path> configured()
    {
        final String prop = System.getProperty("ccsilicon.cache");
        if (prop != null && !prop.isBlank())
        {
            return Optional.of(Path.of(prop));
        }
        final String env = System.getenv("CCSILICON_CACHE");
        if (env != null && !env.isBlank())
        {
            return Optional.of(Path.of(env));
        }
        return Optional.empty();
    }

    /** {@code ~/.cache/ccsilicon}. */
    public static Path userDefault()
    {
        return Path.of(System.getProperty("user.home"), ".cache", "ccsilicon");
    }
}
