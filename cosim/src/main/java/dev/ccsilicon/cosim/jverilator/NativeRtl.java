package dev.ccsilicon.cosim.jverilator;

import dev.ccsilicon.hdl.PortSpec;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * A Verilated block in this JVM, through the FFM API. Libraries stay loaded for the life of the
 * JVM (a Verilated model's statics make unloading unsafe); instances are cheap.
 */
public final class NativeRtl implements Rtl
{
    private static final Map<Path, Lib> LIBS = new ConcurrentHashMap<>();

    private final BlockSpec spec;
    private final Lib lib;
    private final MemorySegment handle;
    private final Arena arena = Arena.ofShared();
    private final MemorySegment words;
    private boolean dead;
    private boolean closed;

    private NativeRtl(final BlockSpec spec, final Lib lib)
    {
        this.spec = spec;
        this.lib = lib;
        try
        {
            this.handle = (MemorySegment)lib.create.invokeExact();
        }
        catch (final Throwable t)
        {
            throw new IllegalStateException(t);
        }
        int maxWords = 1;
        for (final PortSpec p : spec.ports())
        {
            maxWords = Math.max(maxWords, p.words());
        }
        words = arena.allocate(8L * maxWords, 8);
    }

    /** Opens an instance of a built library; checks the library describes the same ports as the spec. */
    public static NativeRtl open(final RtlLibrary library)
    {
        return open(library.spec(), library.library());
    }

    public static NativeRtl open(final BlockSpec spec, final Path library)
    {
        final Lib lib = LIBS.computeIfAbsent(library.toAbsolutePath(), Lib::new);
        final String described = BlockSpec.fromDescriptor(lib.descriptor).descriptor();
        final String expected = BlockSpec.fromDescriptor(spec.descriptor()).descriptor();
        if (!stripName(described).equals(stripName(expected)))
        {
            throw new RtlBuildException(spec.name() + ": library " + library + " was built for another port list: "
                + lib.descriptor, "");
        }
        return new NativeRtl(spec, lib);
    }

    /** The descriptor the library was generated from. */
    public static String describe(final Path library)
    {
        return LIBS.computeIfAbsent(library.toAbsolutePath(), Lib::new).descriptor;
    }

    private static String stripName(final String descriptor)
    {
        return descriptor.substring(descriptor.indexOf(';') + 1);
    }

    @Override
    public BlockSpec spec()
    {
        return spec;
    }

    @Override
    public void reset(final int cycles)
    {
        live();
        final int rc;
        try
        {
            rc = (int)lib.reset.invokeExact(handle, cycles);
        }
        catch (final Throwable t)
        {
            throw new IllegalStateException(t);
        }
        check(rc);
    }

    @Override
    public int runStreams(final StreamBatch batch)
    {
        live();
        final int rc;
        try
        {
            rc = (int)lib.runStreams.invokeExact(handle, batch.ctrlSegment(), batch.table());
        }
        catch (final Throwable t)
        {
            throw new IllegalStateException(t);
        }
        check(rc);
        return rc;
    }

    @Override
    public void runRaw(final long cycles, final MemorySegment inputs, final MemorySegment outputs)
    {
        live();
        if (inputs.byteSize() < 8L * cycles * spec.inputWords() || outputs.byteSize() < 8L * cycles * spec.outputWords())
        {
            throw new IllegalArgumentException("raw vectors too small for " + cycles + " cycles");
        }
        final int rc;
        try
        {
            rc = (int)lib.runRaw.invokeExact(handle, cycles, inputs, outputs);
        }
        catch (final Throwable t)
        {
            throw new IllegalStateException(t);
        }
        check(rc);
    }

    @Override
    public void set(final int inputPin, final long value)
    {
        try
        {
            lib.set64.invokeExact(handle, inputPin, value);
        }
        catch (final Throwable t)
        {
            throw new IllegalStateException(t);
        }
    }

    @Override
    public void setWords(final int inputPin, final long[] value)
    {
        MemorySegment.copy(value, 0, words, ValueLayout.JAVA_LONG, 0, spec.inputs().get(inputPin).words());
        final int rc;
        try
        {
            rc = (int)lib.set.invokeExact(handle, inputPin, words);
        }
        catch (final Throwable t)
        {
            throw new IllegalStateException(t);
        }
        if (rc != 0)
        {
            throw new IllegalArgumentException("no input pin " + inputPin);
        }
    }

    @Override
    public long get(final int outputPin)
    {
        try
        {
            return (long)lib.get64.invokeExact(handle, outputPin);
        }
        catch (final Throwable t)
        {
            throw new IllegalStateException(t);
        }
    }

    /** Reads a (possibly wide) output into {@code into}, least significant word first. */
    public void getWords(final int outputPin, final long[] into)
    {
        final int rc;
        try
        {
            rc = (int)lib.get.invokeExact(handle, outputPin, words);
        }
        catch (final Throwable t)
        {
            throw new IllegalStateException(t);
        }
        if (rc != 0)
        {
            throw new IllegalArgumentException("no output pin " + outputPin);
        }
        MemorySegment.copy(words, ValueLayout.JAVA_LONG, 0, into, 0, spec.outputs().get(outputPin).words());
    }

    @Override
    public void eval()
    {
        live();
        final int rc;
        try
        {
            rc = (int)lib.eval.invokeExact(handle);
        }
        catch (final Throwable t)
        {
            throw new IllegalStateException(t);
        }
        check(rc);
    }

    @Override
    public void tick()
    {
        live();
        final int rc;
        try
        {
            rc = (int)lib.tick.invokeExact(handle);
        }
        catch (final Throwable t)
        {
            throw new IllegalStateException(t);
        }
        check(rc);
    }

    @Override
    public long cycle()
    {
        try
        {
            return (long)lib.cycle.invokeExact(handle);
        }
        catch (final Throwable t)
        {
            throw new IllegalStateException(t);
        }
    }

    @Override
    public void traceOpen(final Path vcd, final long fromCycle, final long toCycle)
    {
        live();
        final int rc;
        try (Arena a = Arena.ofConfined())
        {
            rc = (int)lib.traceOpen.invokeExact(handle, a.allocateFrom(vcd.toAbsolutePath().toString()), fromCycle, toCycle);
        }
        catch (final Throwable t)
        {
            throw new IllegalStateException(t);
        }
        if (rc != 0)
        {
            throw new IllegalStateException(spec.name() + ": library built without tracing; build it with trace=true");
        }
    }

    @Override
    public void traceClose()
    {
        try
        {
            lib.traceClose.invokeExact(handle);
        }
        catch (final Throwable t)
        {
            throw new IllegalStateException(t);
        }
    }

    /** Test-only: a segmentation fault in native code. Ends this JVM; use through {@link ChildProcessRtl}. */
    void crashForTest()
    {
        try
        {
            lib.crash.invokeExact();
        }
        catch (final Throwable t)
        {
            throw new IllegalStateException(t);
        }
    }

    @Override
    public void close()
    {
        if (closed)
        {
            return;
        }
        closed = true;
        try
        {
            lib.destroy.invokeExact(handle);
        }
        catch (final Throwable t)
        {
            throw new IllegalStateException(t);
        }
        arena.close();
    }

    private void live()
    {
        if (dead)
        {
            throw new IllegalStateException(spec.name() + ": the RTL stopped earlier; open a new instance");
        }
        if (closed)
        {
            throw new IllegalStateException(spec.name() + ": closed");
        }
    }

    private void check(final int rc)
    {
        if (rc >= 0)
        {
            return;
        }
        dead = true;
        final String msg;
        try
        {
            msg = ((MemorySegment)lib.error.invokeExact(handle)).reinterpret(Long.MAX_VALUE).getString(0);
        }
        catch (final Throwable t)
        {
            throw new IllegalStateException(t);
        }
        throw new RtlFatalException(spec.name(), -1, cycle(), msg);
    }

    /** One loaded library's entry points. */
    private static final class Lib
    {
        final String descriptor;
        final MethodHandle create;
        final MethodHandle destroy;
        final MethodHandle error;
        final MethodHandle cycle;
        final MethodHandle reset;
        final MethodHandle runStreams;
        final MethodHandle runRaw;
        final MethodHandle set;
        final MethodHandle get;
        final MethodHandle set64;
        final MethodHandle get64;
        final MethodHandle eval;
        final MethodHandle tick;
        final MethodHandle traceOpen;
        final MethodHandle traceClose;
        final MethodHandle crash;

        Lib(final Path path)
        {
            final SymbolLookup l = SymbolLookup.libraryLookup(path, Arena.global());
            final Linker linker = Linker.nativeLinker();
            final int abi = (int)invoke(handle(linker, l, "jv_abi_version", FunctionDescriptor.of(JAVA_INT)));
            if (abi != HarnessAbi.VERSION)
            {
                throw new RtlBuildException(path + ": harness ABI " + abi + ", expected " + HarnessAbi.VERSION, "");
            }
            descriptor = ((MemorySegment)invoke(handle(linker, l, "jv_describe", FunctionDescriptor.of(ADDRESS))))
                .reinterpret(Long.MAX_VALUE).getString(0);
            create = handle(linker, l, "jv_create", FunctionDescriptor.of(ADDRESS));
            destroy = handle(linker, l, "jv_destroy", FunctionDescriptor.ofVoid(ADDRESS));
            error = handle(linker, l, "jv_error", FunctionDescriptor.of(ADDRESS, ADDRESS));
            cycle = handle(linker, l, "jv_cycle", FunctionDescriptor.of(JAVA_LONG, ADDRESS));
            reset = handle(linker, l, "jv_reset", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
            runStreams = handle(linker, l, "jv_run_streams", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
            runRaw = handle(linker, l, "jv_run_raw", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, ADDRESS, ADDRESS));
            set = handle(linker, l, "jv_set", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, ADDRESS));
            get = handle(linker, l, "jv_get", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, ADDRESS));
            set64 = handle(linker, l, "jv_set64", FunctionDescriptor.ofVoid(ADDRESS, JAVA_INT, JAVA_LONG));
            get64 = handle(linker, l, "jv_get64", FunctionDescriptor.of(JAVA_LONG, ADDRESS, JAVA_INT));
            eval = handle(linker, l, "jv_eval", FunctionDescriptor.of(JAVA_INT, ADDRESS));
            tick = handle(linker, l, "jv_tick", FunctionDescriptor.of(JAVA_INT, ADDRESS));
            traceOpen = handle(linker, l, "jv_trace_open", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, JAVA_LONG));
            traceClose = handle(linker, l, "jv_trace_close", FunctionDescriptor.ofVoid(ADDRESS));
            crash = handle(linker, l, "jv_test_crash", FunctionDescriptor.ofVoid());
        }

        private static MethodHandle handle(final Linker linker, final SymbolLookup l, final String name, final FunctionDescriptor fd)
        {
            return linker.downcallHandle(
                l.find(name).orElseThrow(() -> new RtlBuildException("harness symbol " + name + " missing", "")), fd);
        }

        private static Object invoke(final MethodHandle mh)
        {
            try
            {
                return mh.invoke();
            }
            catch (final Throwable t)
            {
                throw new IllegalStateException(t);
            }
        }
    }
}
