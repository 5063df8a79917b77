package dev.ccsilicon.cosim.jverilator;

/**
 * The contract between the generated C++ harness and Java: status codes and the layout of the
 * control block of a stream batch ({@code int64_t} words). Both the native loop and
 * {@code dev.ccsilicon.cosim.lockstep.JavaStreamDriver} read and write exactly these words, which
 * is what makes the model and the RTL see the same driver.
 */
public final class HarnessAbi
{
    /** Bump on any change to the generated code or to this layout: it is part of every cache key. */
    public static final int VERSION = 3;

    /** Picoseconds-free time base of both waveforms: one cycle is 10 time units (1 ns each). */
    public static final int VCD_TICKS_PER_CYCLE = 10;

    public static final int STATUS_IN_NEED = 1;
    public static final int STATUS_OUT_FULL = 2;
    public static final int STATUS_DONE = 3;
    public static final int STATUS_BUDGET = 4;
    public static final int STATUS_FATAL = -1;
    public static final int STATUS_DEAD = -2;

    /** Global cycle counter after the call (cycles since the end of reset). */
    public static final int CTRL_CYCLE = 0;
    /** In: most cycles this call may run. */
    public static final int CTRL_BUDGET = 1;
    /** In: cycles without any stream activity, once every input stream is final and empty, that end the run. */
    public static final int CTRL_QUIET_NEEDED = 2;
    /** Out: why the call returned. */
    public static final int CTRL_STATUS = 3;
    /** State: consecutive quiet cycles so far. */
    public static final int CTRL_QUIET = 4;
    /** Out: cycles run by this call. */
    public static final int CTRL_CYCLES_RUN = 5;
    public static final int CTRL_HEADER_WORDS = 8;
    public static final int CTRL_STREAM_WORDS = 8;

    /** In stream: transactions in the buffer. */
    public static final int IN_COUNT = 0;
    /** In stream: index of the current (or next) transaction. */
    public static final int IN_CURSOR = 1;
    /** In stream: idle cycles left before the current transaction turns valid; -1 when none is loaded. */
    public static final int IN_GAP = 2;
    /** In stream: non-zero when no more transactions will come (an empty buffer then means done). */
    public static final int IN_FINAL = 3;
    /** In stream: handshakes since reset. */
    public static final int IN_FIRED = 4;

    /** Out stream: records written by this call (Java clears it before each call). */
    public static final int OUT_COUNT = 0;
    /** Out stream: records the buffer holds; the call returns when it is full. */
    public static final int OUT_CAPACITY = 1;
    /** Out stream: ready pattern length in bits minus one (length is a power of two, at least 64). */
    public static final int OUT_PATTERN_MASK = 2;
    /** Out stream: handshakes since reset. */
    public static final int OUT_TOTAL = 3;

    private HarnessAbi()
    {
    }

    public static int inBase(final int inStream)
    {
        return CTRL_HEADER_WORDS + CTRL_STREAM_WORDS * inStream;
    }

    public static int outBase(final int inStreams, final int outStream)
    {
        return CTRL_HEADER_WORDS + CTRL_STREAM_WORDS * (inStreams + outStream);
    }

    public static int ctrlWords(final int inStreams, final int outStreams)
    {
        return CTRL_HEADER_WORDS + CTRL_STREAM_WORDS * (inStreams + outStreams);
    }
}
