package dev.ccsilicon.cosim.jverilator;

import java.lang.foreign.MemorySegment;
import java.nio.file.Path;

/**
 * A running Verilated block, in this process ({@link NativeRtl}) or in a child JVM
 * ({@link ChildProcessRtl}). A {@code $fatal}, {@code $stop}, failed assertion or {@code $finish}
 * surfaces as {@link RtlFatalException} with the cycle; the instance is dead afterwards.
 *
 * <p>Pins are numbered as in {@link BlockSpec#inputs()} and {@link BlockSpec#outputs()}.
 */
public interface Rtl extends AutoCloseable
{
    BlockSpec spec();

    /** Holds reset (streams idle) for {@code cycles} cycles; the cycle counter restarts at 0. */
    void reset(int cycles);

    /**
     * Runs the transaction-level driver loop on {@code batch} until it needs input, an output
     * buffer is full, all input is done and quiet, or the budget in the control block is spent.
     *
     * @return one of the {@code HarnessAbi.STATUS_*} codes.
     */
    int runStreams(StreamBatch batch);

    /** Runs {@code cycles} cycles from per-cycle input vectors, writing per-cycle output vectors. */
    void runRaw(long cycles, MemorySegment inputs, MemorySegment outputs);

    /** Sets a driven input (words beyond 64 bits: {@link #setWords}); held until set again. */
    void set(int inputPin, long value);

    void setWords(int inputPin, long[] words);

    long get(int outputPin);

    /** Applies the inputs with the clock low and evaluates: the per-signal path's first half-cycle. */
    void eval();

    /** Rising edge: the per-signal path's second half-cycle. */
    void tick();

    long cycle();

    /** Traces cycles {@code [fromCycle, toCycle)} to a VCD file; needs a library built with tracing. */
    void traceOpen(Path vcd, long fromCycle, long toCycle);

    void traceClose();

    @Override
    void close();
}
