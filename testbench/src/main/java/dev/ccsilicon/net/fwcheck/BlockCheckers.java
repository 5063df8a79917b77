package dev.ccsilicon.net.fwcheck;

import java.util.List;

import dev.ccsilicon.net.dcqcn.DcqcnRpChecker;
import dev.ccsilicon.net.rocc.RoccRpChecker;

/** The blocks firmware can be checked against, one line each. */
public final class BlockCheckers
{
    public static final List<BlockChecker> ALL = List.of(new RoccRpChecker(), new DcqcnRpChecker());

    private BlockCheckers()
    {
    }

    public static List<String> names()
    {
        return ALL.stream().map(BlockChecker::block).toList();
    }

    /** The checker of {@code block}, or null. */
    public static BlockChecker of(final String block)
    {
        for (final BlockChecker c : ALL)
        {
            if (c.block().equals(block))
            {
                return c;
            }
        }
        return null;
    }
}
