package dev.ccsilicon.firmware.check;

import java.util.ArrayList;
import java.util.List;

import dev.ccsilicon.blocks.dcqcnrp.DcqcnRpMath;
import dev.ccsilicon.blocks.dcqcnrp.DcqcnRpUpdate;
import dev.ccsilicon.firmware.pcc.DcqcnRpProgram;

/**
 * The one table from the dcqcn_rp block's result codes ({@link DcqcnRpUpdate}{@code .RES_*} and its
 * increase codes) to the dcqcn_rp program's cause codes ({@link DcqcnRpProgram}{@code .RES_*}), with
 * which input each decides and whether the block shows it on its {@code upd_*} pins. The program
 * was written to use the block's numbers; the table makes that a checked fact and names each
 * decision for the report.
 */
public final class DcqcnRpCauses
{
    /** Which input a decision belongs to. */
    public enum Input
    {
        CNP, TX, TIMER
    }

    /**
     * One decision.
     *
     * @param name    for the report.
     * @param block   the block's result code.
     * @param program the program's cause code (bits 7:0 of its cause word).
     * @param input   the input it decides.
     * @param onPins  whether the block emits it as a rate update on {@code upd_*} (else only the program reports it).
     */
    public record Row(String name, int block, int program, Input input, boolean onPins)
    {
    }

    public static final List<Row> TABLE = table();

    private DcqcnRpCauses()
    {
    }

    private static List<Row> table()
    {
        final List<Row> t = new ArrayList<>();
        t.add(new Row("cut", DcqcnRpUpdate.RES_CNP_CUT, DcqcnRpProgram.RES_CNP_CUT, Input.CNP, true));
        t.add(new Row("count", DcqcnRpUpdate.RES_TX, DcqcnRpProgram.RES_TX, Input.TX, false));
        t.add(new Row("ignored", DcqcnRpUpdate.RES_IGNORED, DcqcnRpProgram.RES_IGNORED, Input.TX, false));
        t.add(new Row("alpha", DcqcnRpUpdate.RES_ALPHA, DcqcnRpProgram.RES_ALPHA, Input.TIMER, false));
        t.add(new Row("alpha_stop", DcqcnRpUpdate.RES_ALPHA_STOP, DcqcnRpProgram.RES_ALPHA_STOP, Input.TIMER, false));
        t.add(new Row("stale", DcqcnRpUpdate.RES_STALE_GEN, DcqcnRpProgram.RES_STALE, Input.TIMER, false));
        final String[] branch = {null, "fr", "ai", "hai"};
        for (final boolean bytes : new boolean[] {false, true})
        {
            for (final boolean removed : new boolean[] {false, true})
            {
                for (final int br : new int[] {DcqcnRpMath.FR, DcqcnRpMath.AI, DcqcnRpMath.HAI})
                {
                    final int program = DcqcnRpProgram.RES_INCREASE | (bytes ? DcqcnRpProgram.RES_BYTES_BIT : 0)
                        | (removed ? DcqcnRpProgram.RES_REMOVE_BIT : 0) | br;
                    t.add(new Row((bytes ? "bytes_" : "timer_") + branch[br] + (removed ? "_remove" : ""),
                        DcqcnRpUpdate.increase(bytes, removed, br), program, bytes ? Input.TX : Input.TIMER, true));
                }
            }
        }
        return List.copyOf(t);
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

    /** The row of block code {@code block}, or null. */
    public static Row row(final int block)
    {
        for (final Row r : TABLE)
        {
            if (r.block == block)
            {
                return r;
            }
        }
        return null;
    }

    /** The name of block result code {@code block} ("program cause N" / "code N" if the table has none). */
    public static String name(final int block)
    {
        final Row r = row(block);
        if (null != r)
        {
            return r.name;
        }
        return block < 0 ? "program cause " + (-1 - block) : "code " + block;
    }

    /** Whether the block shows decision {@code block} on its pins (a rate update). */
    public static boolean onPins(final int block)
    {
        final Row r = row(block);
        return null != r && r.onPins;
    }
}
