package dev.ccsilicon.hdl;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * How a block's pins travel in pin vectors: every input except the clock and the reset is a
 * <em>driven input</em>, every output a <em>sampled output</em>; both are numbered in declaration
 * order and take {@link PortSpec#words()} 64-bit words each, least significant word first. The one
 * layout rule of the project: the co-simulation's harness, {@link ComponentDut} and the RTL behind
 * {@link ModelDut} all use it.
 */
public final class PinLayout
{
    /** The clock and reset port names of every block (RTL convention {@code clk_i}, {@code rst_ni}). */
    public static final String CLOCK = "clk_i";
    public static final String RESET = "rst_ni";

    private final List<PortSpec> ports;
    private final String clockPort;
    private final String resetPort;
    private final List<PortSpec> inputs;
    private final List<PortSpec> outputs;
    private final int[] inputOffsets;
    private final int[] outputOffsets;
    private final int inputWords;
    private final int outputWords;

    private PinLayout(final List<PortSpec> ports, final String clockPort, final String resetPort)
    {
        this.ports = List.copyOf(ports);
        this.clockPort = clockPort;
        this.resetPort = resetPort;
        final Set<String> names = new HashSet<>();
        final List<PortSpec> in = new ArrayList<>();
        final List<PortSpec> out = new ArrayList<>();
        for (final PortSpec p : this.ports)
        {
            if (!names.add(p.name()))
            {
                throw new IllegalArgumentException("port " + p.name() + " declared twice");
            }
            if (p.direction() == Direction.OUT)
            {
                out.add(p);
            }
            else if (!p.name().equals(clockPort) && !p.name().equals(resetPort))
            {
                in.add(p);
            }
        }
        inputs = List.copyOf(in);
        outputs = List.copyOf(out);
        inputOffsets = new int[inputs.size()];
        outputOffsets = new int[outputs.size()];
        int w = 0;
        for (int i = 0; i < inputs.size(); i++)
        {
            inputOffsets[i] = w;
            w += inputs.get(i).words();
        }
        inputWords = w;
        w = 0;
        for (int i = 0; i < outputs.size(); i++)
        {
            outputOffsets[i] = w;
            w += outputs.get(i).words();
        }
        outputWords = w;
    }

    /** The layout of {@code ports} with the clock {@link #CLOCK} and the reset {@link #RESET}. */
    public static PinLayout of(final List<PortSpec> ports)
    {
        return new PinLayout(ports, CLOCK, RESET);
    }

    /** The layout of {@code ports} with the given clock and reset port names. */
    public static PinLayout of(final List<PortSpec> ports, final String clockPort, final String resetPort)
    {
        return new PinLayout(ports, clockPort, resetPort);
    }

    /** Every declared port, in declaration order. */
    public List<PortSpec> ports()
    {
        return ports;
    }

    public String clockPort()
    {
        return clockPort;
    }

    public String resetPort()
    {
        return resetPort;
    }

    /** Driven inputs (every input except clock and reset), in declaration order. */
    public List<PortSpec> inputs()
    {
        return inputs;
    }

    /** Sampled outputs, in declaration order. */
    public List<PortSpec> outputs()
    {
        return outputs;
    }

    /** Words of an input vector. */
    public int inputWords()
    {
        return inputWords;
    }

    /** Words of an output vector. */
    public int outputWords()
    {
        return outputWords;
    }

    /** Word offset of driven input number {@code inputIndex}. */
    public int inputOffset(final int inputIndex)
    {
        return inputOffsets[inputIndex];
    }

    /** Word offset of output number {@code outputIndex}. */
    public int outputOffset(final int outputIndex)
    {
        return outputOffsets[outputIndex];
    }

    /** Word offset of input pin {@code port} in every input vector (throws for an unknown pin). */
    public int inputWord(final String port)
    {
        return inputOffsets[inputIndex(port)];
    }

    /** Word offset of output pin {@code port} in every output vector (throws for an unknown pin). */
    public int outputWord(final String port)
    {
        return outputOffsets[outputIndex(port)];
    }

    public int inputIndex(final String port)
    {
        for (int i = 0; i < inputs.size(); i++)
        {
            if (inputs.get(i).name().equals(port))
            {
                return i;
            }
        }
        throw new IllegalArgumentException("no driven input " + port);
    }

    public int outputIndex(final String port)
    {
        for (int i = 0; i < outputs.size(); i++)
        {
            if (outputs.get(i).name().equals(port))
            {
                return i;
            }
        }
        throw new IllegalArgumentException("no output " + port);
    }

    /** The declaration of {@code port} (throws for an unknown port). */
    public PortSpec port(final String port)
    {
        for (final PortSpec p : ports)
        {
            if (p.name().equals(port))
            {
                return p;
            }
        }
        throw new IllegalArgumentException("no port " + port);
    }
}
