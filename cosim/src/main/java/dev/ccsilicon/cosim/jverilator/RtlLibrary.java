package dev.ccsilicon.cosim.jverilator;

import java.nio.file.Path;

/**
 * A built, cached shared library of one block variant.
 *
 * @param spec     the declaration it was built from.
 * @param key      the full cache key (hex SHA-256).
 * @param library  the {@code libjv_<top>_<key12>.so} file.
 * @param traced   built with {@code --trace} (waveforms available).
 * @param compiled true when this call compiled it, false on a cache hit.
 */
public record RtlLibrary(BlockSpec spec, String key, Path library, boolean traced, boolean compiled)
{
}
