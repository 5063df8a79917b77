package dev.ccsilicon.cosim.lockstep;

/**
 * A block's reference level (SPEC §4.1) seen at its stream transactions, for {@link ReferenceCheck}:
 * it takes the input transactions the model accepted, in order and with their cycles, and produces
 * the output transactions the model must produce, value for value. An implementation is a thin
 * adapter from pin words to the block's reference class in {@code rtl-model}
 * ({@code dev.ccsilicon.blocks.<block>.<Block>Reference}) and back.
 *
 * <p>Only the fields the reference defines are compared ({@link #compares}): statistics, timing
 * fields (lateness, scan cycles) and forwarding distances are the cycle model's business. Payload
 * words are in the stream's data-port order, least significant word first, as in the batch records.
 */
public interface ReferenceDut
{
    /** Receives the reference's output transactions. */
    @FunctionalInterface
    interface Sink
    {
        /**
         * @param outStream index of the output stream.
         * @param words     the record's data words (the reference fills at least the compared ones);
         *                  copied by the sink.
         */
        void emit(int outStream, long[] words);
    }

    /** Back to the state after reset, with the run's static configuration pins (input vector layout of the spec). */
    void reset(long[] staticInputs);

    /** Whether data port {@code port} of output stream {@code outStream} is a value the reference defines. */
    boolean compares(int outStream, String port);

    /**
     * The data port whose value keys the comparison of output stream {@code outStream} (records are
     * compared in order per key, e.g. per QP), or null to compare in stream order. A key is for
     * timed references whose order across keys is the cycle model's (a wheel's lanes).
     */
    default String orderKey(final int outStream)
    {
        return null;
    }

    /**
     * Boundary events that are outputs of the block rather than input handshakes (the fair-rate
     * block's queue-depth read request): called every cycle of the model run with its pins; writes
     * the event's words and returns how many, or -1 for none. Such an event is replayed through
     * {@link #onInput} as stream {@code inStreams} (one past the last input stream), before the
     * input handshakes of the same cycle.
     */
    default int sideEvent(final long[] inputs, final long[] outputs, final long[] words)
    {
        return -1;
    }

    /**
     * Whether model records of output stream {@code outStream} are unpacked by {@link #unpack}
     * before comparison (a word that carries several lanes' transactions).
     */
    default boolean unpacks(final int outStream)
    {
        return false;
    }

    /**
     * Splits one model record of output stream {@code outStream} (data words) into the records the
     * reference emits (same data-word layout, one transaction each), written to {@code parts}; returns
     * how many.
     */
    default int unpack(final int outStream, final long[] record, final long[][] parts)
    {
        System.arraycopy(record, 0, parts[0], 0, record.length);
        return 1;
    }

    /** One accepted input transaction of stream {@code inStream} at {@code cycle} (or a side event). */
    void onInput(int inStream, long cycle, long[] words, Sink sink);

    /** After the last input: emit what is still due by {@code cycle} (timers). */
    default void finish(final long cycle, final Sink sink)
    {
    }

    /**
     * A stimulus of the reference check's own for input stream {@code inStream}, or null to use the
     * adapter's. For timed blocks whose adapter stimulus deliberately races input events against the
     * block's internal timers (where the reference's exact timers and the model's quantised ones may
     * order them differently), the check runs race-free stimulus instead, and says so.
     */
    default Stimulus stimulus(final long seed, final int inStream)
    {
        return null;
    }
}
