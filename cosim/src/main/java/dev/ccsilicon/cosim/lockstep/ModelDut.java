package dev.ccsilicon.cosim.lockstep;

/**
 * The Java model of a block seen at its pins, exactly as the RTL is: the co-simulation drives both
 * through the same {@link dev.ccsilicon.cosim.jverilator.BlockSpec} pin layout.
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

    void evaluate(long[] inputs, long[] outputs);

    void clock();
}
