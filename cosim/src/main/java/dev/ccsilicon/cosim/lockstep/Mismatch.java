package dev.ccsilicon.cosim.lockstep;

/**
 * The first difference between model and RTL.
 *
 * @param stream      output stream name, or {@link #STATUS} for a status pin (an output in no
 *                    stream's data, compared every cycle through the status hash).
 * @param transaction index of the output transaction on that stream (0-based); -1 for a status pin.
 * @param field       the data port that differs, {@code "cycle"} for a timing error beyond the
 *                    tolerance, or {@code "presence"} when one side produced a transaction the
 *                    other did not; for a status mismatch the status pin (or {@code "status hash"}
 *                    when it could not be localised).
 * @param expected    the RTL's value (the reference).
 * @param actual      the model's value.
 * @param rtlCycle    the RTL's handshake cycle (-1 if absent).
 * @param modelCycle  the model's handshake cycle (-1 if absent).
 */
public record Mismatch(
    String stream, long transaction, String field, String expected, String actual, long rtlCycle, long modelCycle)
{
    /** The {@link #stream} of a status-pin mismatch. */
    public static final String STATUS = "status";
    /** The {@link #field} of a status mismatch not (yet) localised to a pin: the hashes differed by that cycle. */
    public static final String STATUS_HASH = "status hash";

    /** A status pin that differs in one cycle (the same cycle on both sides: the pins are compared per cycle). */
    public static Mismatch status(final String pin, final String expected, final String actual, final long cycle)
    {
        return new Mismatch(STATUS, -1, pin, expected, actual, cycle, cycle);
    }

    public boolean isStatus()
    {
        return STATUS.equals(stream) && transaction < 0;
    }

    public String describe()
    {
        if (isStatus() && STATUS_HASH.equals(field))
        {
            return "status hash differs by cycle " + rtlCycle + ": expected (RTL) " + expected + " actual (model) " + actual;
        }
        if (isStatus())
        {
            return "status pin '" + field + "' at cycle " + rtlCycle + ": expected (RTL) " + expected + " actual (model) "
                + actual;
        }
        return "output stream '" + stream + "' transaction #" + transaction + ": field " + field + " expected (RTL) "
            + expected + " actual (model) " + actual + " at RTL cycle " + rtlCycle + ", model cycle " + modelCycle;
    }
}
