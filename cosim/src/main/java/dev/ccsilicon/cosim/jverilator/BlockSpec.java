package dev.ccsilicon.cosim.jverilator;

import dev.ccsilicon.hdl.Direction;
import dev.ccsilicon.hdl.PinLayout;
import dev.ccsilicon.hdl.PortSpec;
import dev.ccsilicon.hdl.RtlParameters;
import dev.ccsilicon.hdl.StreamSpec;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Everything jverilator needs to build and drive one block: its RTL, its Verilator parameters and
 * its declared ports and streams. Immutable; {@link #withParameter} and {@link #withSources} give
 * variants (a parameter sweep, a mutant) that build under their own cache keys.
 *
 * <p>Pins: laid out by {@link PinLayout} (every input except clock and reset is a <em>driven
 * input</em>, every output a <em>sampled output</em>, numbered in declaration order,
 * {@link PortSpec#words()} 64-bit words each), the rule the Java model's {@code ComponentDut} uses
 * too. An input that belongs to no input stream and is no
 * output stream's ready is a <em>static</em> input: set once before a run and held.
 */
public final class BlockSpec
{
    private final String name;
    private final String top;
    private final Path sourceRoot;
    private final List<String> sources;
    private final Map<String, String> parameters;
    private final List<PortSpec> ports;
    private final List<StreamSpec> streams;
    private final String clockPort;
    private final String resetPort;

    private final PinLayout layout;

    private BlockSpec(
        final String name,
        final String top,
        final Path sourceRoot,
        final List<String> sources,
        final Map<String, String> parameters,
        final List<PortSpec> ports,
        final List<StreamSpec> streams,
        final String clockPort,
        final String resetPort)
    {
        this.name = name;
        this.top = top;
        this.sourceRoot = sourceRoot;
        this.sources = List.copyOf(sources);
        this.parameters = new TreeMap<>(parameters);
        this.ports = List.copyOf(ports);
        this.streams = List.copyOf(streams);
        this.clockPort = clockPort;
        this.resetPort = resetPort;

        try
        {
            this.layout = PinLayout.of(this.ports, clockPort, resetPort);
        }
        catch (final IllegalArgumentException e)
        {
            throw new IllegalArgumentException(name + ": " + e.getMessage(), e);
        }
        final Map<String, PortSpec> byName = new LinkedHashMap<>();
        for (final PortSpec p : this.ports)
        {
            byName.put(p.name(), p);
        }
        requirePort(byName, clockPort, Direction.IN, 1);
        requirePort(byName, resetPort, Direction.IN, 1);
        for (final StreamSpec s : this.streams)
        {
            final Direction dataDir = s.direction();
            final Direction readyDir = dataDir == Direction.IN ? Direction.OUT : Direction.IN;
            requirePort(byName, s.validPort(), dataDir, 1);
            requirePort(byName, s.readyPort(), readyDir, 1);
            for (final String d : s.dataPorts())
            {
                requirePort(byName, d, dataDir, -1);
            }
        }
    }

    private void requirePort(final Map<String, PortSpec> byName, final String port, final Direction dir, final int width)
    {
        final PortSpec p = byName.get(port);
        if (p == null || p.direction() != dir || (width > 0 && p.width() != width))
        {
            throw new IllegalArgumentException(
                name + ": port " + port + " must be declared as " + dir + (width > 0 ? " of width " + width : ""));
        }
    }

    public static Builder builder(final String name, final String top)
    {
        return new Builder(name, top);
    }

    public String name()
    {
        return name;
    }

    public String top()
    {
        return top;
    }

    /** Directory the source paths are relative to; null means the repository root. */
    public Path sourceRoot()
    {
        return sourceRoot;
    }

    public List<String> sources()
    {
        return sources;
    }

    /** Verilator {@code -G} parameters, sorted by name. */
    public Map<String, String> parameters()
    {
        return parameters;
    }

    public List<PortSpec> ports()
    {
        return ports;
    }

    public List<StreamSpec> streams()
    {
        return streams;
    }

    public String clockPort()
    {
        return clockPort;
    }

    public String resetPort()
    {
        return resetPort;
    }

    /** The pin-vector layout of this block's ports. */
    public PinLayout layout()
    {
        return layout;
    }

    public List<PortSpec> inputs()
    {
        return layout.inputs();
    }

    public List<PortSpec> outputs()
    {
        return layout.outputs();
    }

    public int inputWords()
    {
        return layout.inputWords();
    }

    public int outputWords()
    {
        return layout.outputWords();
    }

    public int inputOffset(final int inputIndex)
    {
        return layout.inputOffset(inputIndex);
    }

    public int outputOffset(final int outputIndex)
    {
        return layout.outputOffset(outputIndex);
    }

    /** Word offset of input pin {@code port} in every input vector (throws for an unknown pin). */
    public int inputWord(final String port)
    {
        return layout.inputOffset(inputIndex(port));
    }

    /** Word offset of output pin {@code port} in every output vector (throws for an unknown pin). */
    public int outputWord(final String port)
    {
        return layout.outputOffset(outputIndex(port));
    }

    public int inputIndex(final String port)
    {
        try
        {
            return layout.inputIndex(port);
        }
        catch (final IllegalArgumentException e)
        {
            throw new IllegalArgumentException(name + ": no driven input " + port, e);
        }
    }

    public int outputIndex(final String port)
    {
        try
        {
            return layout.outputIndex(port);
        }
        catch (final IllegalArgumentException e)
        {
            throw new IllegalArgumentException(name + ": no output " + port, e);
        }
    }

    public PortSpec port(final String port)
    {
        for (final PortSpec p : ports)
        {
            if (p.name().equals(port))
            {
                return p;
            }
        }
        throw new IllegalArgumentException(name + ": no port " + port);
    }

    public List<StreamSpec> inStreams()
    {
        return streams.stream().filter(s -> s.direction() == Direction.IN).toList();
    }

    public List<StreamSpec> outStreams()
    {
        return streams.stream().filter(s -> s.direction() == Direction.OUT).toList();
    }

    /** Words of one stream record's payload: the data ports' words, in declaration order. */
    public int dataWords(final StreamSpec s)
    {
        int w = 0;
        for (final String d : s.dataPorts())
        {
            w += port(d).words();
        }
        return w;
    }

    /** Driven inputs that belong to no stream: configuration held for a whole run. */
    public List<PortSpec> staticInputs()
    {
        final List<PortSpec> result = new ArrayList<>();
        for (final PortSpec p : layout.inputs())
        {
            boolean inStream = false;
            for (final StreamSpec s : streams)
            {
                inStream |= p.name().equals(s.validPort()) || p.name().equals(s.readyPort()) || s.dataPorts().contains(p.name());
            }
            if (!inStream)
            {
                result.add(p);
            }
        }
        return result;
    }

    public BlockSpec withParameter(final String key, final String value)
    {
        final Map<String, String> p = new TreeMap<>(parameters);
        p.put(key, value);
        return new BlockSpec(name, top, sourceRoot, sources, p, ports, streams, clockPort, resetPort);
    }

    /** The same block with its sources read from another root (a mutant's copy). */
    public BlockSpec withSources(final Path root)
    {
        return new BlockSpec(name, top, root, sources, parameters, ports, streams, clockPort, resetPort);
    }

    /** The same block under another name (e.g. a mutant, so its reports cannot be confused). */
    public BlockSpec withName(final String newName)
    {
        return new BlockSpec(newName, top, sourceRoot, sources, parameters, ports, streams, clockPort, resetPort);
    }

    /**
     * The configuration record this spec's parameters describe: every {@code @RtlParameter} component
     * from the parameters (so a variant's {@link #withParameter} shows), the rest from {@code defaults}.
     */
    public <R extends Record> R config(final R defaults)
    {
        return RtlParameters.config(parameters, defaults);
    }

    /** A parameter's value as an int (for adapters that size their model from the RTL parameters). */
    public int intParameter(final String key, final int defaultValue)
    {
        final String v = parameters.get(key);
        return v == null ? defaultValue : Integer.decode(v);
    }

    /**
     * The pin-level shape only, as one line: embedded in the harness ({@code jv_describe}) so a
     * library found on disk, or served by a child process, can be checked against its declaration.
     */
    public String descriptor()
    {
        final StringBuilder sb = new StringBuilder();
        sb.append(name).append(';').append(top).append(';').append(clockPort).append(';').append(resetPort).append(';');
        for (int i = 0; i < ports.size(); i++)
        {
            final PortSpec p = ports.get(i);
            sb.append(i == 0 ? "" : ",").append(p.name()).append(':').append(p.direction() == Direction.IN ? 'I' : 'O')
                .append(':').append(p.width());
        }
        sb.append(';');
        for (int i = 0; i < streams.size(); i++)
        {
            final StreamSpec s = streams.get(i);
            sb.append(i == 0 ? "" : ",").append(s.name()).append(':').append(s.direction() == Direction.IN ? 'I' : 'O')
                .append(':').append(s.validPort()).append(':').append(s.readyPort()).append(':')
                .append(String.join("+", s.dataPorts()));
        }
        return sb.toString();
    }

    /** Rebuild the pin-level shape from {@link #descriptor()} (sources and parameters are not part of it). */
    public static BlockSpec fromDescriptor(final String descriptor)
    {
        final String[] parts = descriptor.split(";", -1);
        final Builder b = builder(parts[0], parts[1]).clock(parts[2]).reset(parts[3]);
        for (final String p : parts[4].split(","))
        {
            final String[] f = p.split(":");
            b.port(new PortSpec(f[0], "I".equals(f[1]) ? Direction.IN : Direction.OUT, Integer.parseInt(f[2])));
        }
        if (!parts[5].isEmpty())
        {
            for (final String s : parts[5].split(","))
            {
                final String[] f = s.split(":", -1);
                b.stream(new StreamSpec(f[0], "I".equals(f[1]) ? Direction.IN : Direction.OUT, f[2], f[3],
                    f[4].isEmpty() ? List.of() : List.of(f[4].split("\\+"))));
            }
        }
        return b.build();
    }

    @Override
    public String toString()
    {
        return name + " (" + top + ")";
    }

    /** Fluent construction; ports and streams keep their declaration order. */
    public static final class Builder
    {
        private final String name;
        private final String top;
        private Path sourceRoot;
        private final List<String> sources = new ArrayList<>();
        private final Map<String, String> parameters = new TreeMap<>();
        private final List<PortSpec> ports = new ArrayList<>();
        private final List<StreamSpec> streams = new ArrayList<>();
        private String clock = "clk_i";
        private String reset = "rst_ni";
        private boolean fromHierarchy;

        private Builder(final String name, final String top)
        {
            this.name = name;
            this.top = top;
        }

        public Builder source(final String relativePath)
        {
            sources.add(relativePath);
            return this;
        }

        /**
         * The sources are the top's hierarchy under {@code rtl/} ({@link RtlSources#forTop}):
         * resolved when the spec is built, after any sources given by {@link #source}.
         */
        public Builder sourcesFromHierarchy()
        {
            fromHierarchy = true;
            return this;
        }

        public Builder sourceRoot(final Path root)
        {
            sourceRoot = root;
            return this;
        }

        public Builder parameter(final String key, final Object value)
        {
            parameters.put(key, String.valueOf(value));
            return this;
        }

        /** Every {@code @RtlParameter} of a configuration record, by its RTL name. */
        public Builder parameters(final Record config)
        {
            RtlParameters.of(config).forEach(this::parameter);
            return this;
        }

        public Builder ports(final List<PortSpec> list)
        {
            ports.addAll(list);
            return this;
        }

        public Builder streams(final List<StreamSpec> list)
        {
            streams.addAll(list);
            return this;
        }

        public Builder port(final PortSpec port)
        {
            ports.add(port);
            return this;
        }

        public Builder in(final String port, final int width)
        {
            return port(PortSpec.in(port, width));
        }

        public Builder out(final String port, final int width)
        {
            return port(PortSpec.out(port, width));
        }

        public Builder stream(final StreamSpec stream)
        {
            streams.add(stream);
            return this;
        }

        public Builder clock(final String port)
        {
            clock = port;
            return this;
        }

        public Builder reset(final String port)
        {
            reset = port;
            return this;
        }

        public BlockSpec build()
        {
            if (fromHierarchy)
            {
                for (final String s : RtlSources.forTop(sourceRoot != null ? sourceRoot : RepoRoot.find(), top))
                {
                    if (!sources.contains(s))
                    {
                        sources.add(s);
                    }
                }
                fromHierarchy = false;
            }
            return new BlockSpec(name, top, sourceRoot, sources, parameters, ports, streams, clock, reset);
        }
    }
}
