package dev.ccsilicon.cosim.lockstep;

/**
 * Where the running status hashes of the two sides were first seen to differ: the first differing
 * status pin changed in a cycle in {@code (afterCycle, byCycle]}.
 *
 * @param where      the record (stream and transaction) or "the end of the run".
 * @param afterCycle the cycle of the last record whose hash agreed (-1: none), a lower bound.
 * @param byCycle    the cycle of the record (or the last cycle run) whose hash differed.
 * @param rtlHash    the RTL's hash there.
 * @param modelHash  the model's hash there.
 */
public record StatusDivergence(String where, long afterCycle, long byCycle, long rtlHash, long modelHash)
{
    public String describe()
    {
        return "status hash differs at " + where + ": RTL 0x" + Long.toHexString(rtlHash) + " model 0x"
            + Long.toHexString(modelHash) + ", first difference in cycles (" + afterCycle + ", " + byCycle + "]";
    }
}
