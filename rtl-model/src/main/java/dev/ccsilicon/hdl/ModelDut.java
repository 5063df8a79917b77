package dev.ccsilicon.hdl;

/**
 * A block seen at its pins, exactly as the RTL is: the co-simulation, the test harnesses and the
 * network bridge drive the Java model and the Verilated RTL through this one interface and the
 * block's {@link PinLayout}.
 *
 * <p>One cycle is {@link #evaluate} with the clock low (inputs applied, combinational outputs
 * computed from the current state and those inputs, no state change), then {@link #clock} (the
 * rising edge: commit the next state computed from the inputs of that same evaluate). Input and
 * output vectors are {@code long[]} of 64-bit words per pin, least significant word first, pins in
 * declaration order; values are canonical (bits above the pin's width are zero).
 */
public interface ModelDut
{
    /** Back to the state after the RTL's synchronous reset. */
    void reset();

    /**
     * Apply {@code inputs} and write the outputs they produce with the current state to
     * {@code outputs}, without changing the state.
     *
     * @param inputs  driven inputs, {@link PinLayout#inputWords()} words.
     * @param outputs sampled outputs, {@link PinLayout#outputWords()} words, overwritten.
     */
    void evaluate(long[] inputs, long[] outputs);

    /** The rising edge: commit the state computed from the inputs of the last {@link #evaluate}. */
    void clock();
}
