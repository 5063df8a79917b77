package dev.ccsilicon.firmware.check;

import java.util.List;

import dev.ccsilicon.blocks.roccrp.RoccRpUpdate;
import dev.ccsilicon.firmware.pcc.RoccRpProgram;

/**
 * The one table from the rocc_rp block's result codes ({@link RoccRpUpdate}{@code .RES_*}) to the
 * rocc_rp program's cause codes ({@link RoccRpProgram}{@code .RES_*}): the decisions a replay
 * compares. They were designed to be the same numbers; the table makes that a checked fact
 * rather than an assumption, and names each decision for the report.
 */
public final class RoccRpCauses
{
    /** One decision: its name, the block's result code, the program's cause code. */
    public record Row(String name, int block, int program)
    {
    }

    public static final List<Row> TABLE = List.of(
        new Row("accept_new", RoccRpUpdate.RES_ACCEPT_NEW, RoccRpProgram.RES_ACCEPT_NEW),
        new Row("accept_lower", RoccRpUpdate.RES_ACCEPT_LOWER, RoccRpProgram.RES_ACCEPT_LOWER),
        new Row("accept_equal", RoccRpUpdate.RES_ACCEPT_EQUAL, RoccRpProgram.RES_ACCEPT_EQUAL),
        new Row("accept_same_cp", RoccRpUpdate.RES_ACCEPT_SAME_CP, RoccRpProgram.RES_ACCEPT_SAME_CP),
        new Row("reject", RoccRpUpdate.RES_REJECT, RoccRpProgram.RES_REJECT),
        new Row("ignored", RoccRpUpdate.RES_IGNORED, RoccRpProgram.RES_IGNORED),
        new Row("double", RoccRpUpdate.RES_DOUBLE, RoccRpProgram.RES_DOUBLE),
        new Row("double_clamp", RoccRpUpdate.RES_DOUBLE_CLAMP, RoccRpProgram.RES_DOUBLE_CLAMP),
        new Row("remove", RoccRpUpdate.RES_REMOVE, RoccRpProgram.RES_REMOVE));

    private RoccRpCauses()
    {
    }

    /** The block's code for program cause {@code program}, or -1 - program for a code the table does not have. */
    public static int blockOf(final int program)
    {
        for (final Row r : TABLE)
        {
            if (r.program == program)
            {
                return r.block;
            }
        }
        return -1 - program;
    }

    /** The name of block result code {@code block} ("code N" if the table has none). */
    public static String name(final int block)
    {
        for (final Row r : TABLE)
        {
            if (r.block == block)
            {
                return r.name;
            }
        }
        return block < 0 ? "program cause " + (-1 - block) : "code " + block;
    }
}
