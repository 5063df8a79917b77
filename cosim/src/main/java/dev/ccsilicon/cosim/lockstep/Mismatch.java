package dev.ccsilicon.cosim.lockstep;

/**
 * The first difference between model and RTL.
 *
 * @param stream      output stream name.
 * @param transaction index of the output transaction on that stream (0-based).
 * @param field       the data port that differs, {@code "cycle"} for a timing error beyond the
 *                    tolerance, or {@code "presence"} when one side produced a transaction the
 *                    other did not.
 * @param expected    the RTL's value (the reference).
 * @param actual      the model's value.
 * @param rtlCycle    the RTL's handshake cycle (-1 if absent).
 * @param modelCycle  the model's handshake cycle (-1 if absent).
 */
public record Mismatch(
    String stream, long transaction, String field, String expected, String actual, long rtlCycle, long modelCycle)
{
    public String describe()
    {
        return "output stream '" + stream + "' transaction #" + transaction + ": field " + field + " expected (RTL) "
            + expected + " actual (model) " + actual + " at RTL cycle " + rtlCycle + ", model cycle " + modelCycle;
    }
}
