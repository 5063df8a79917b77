package dev.ccsilicon.hdl;

/**
 * Any component whose surface is its pins, behind the pin-vector interface {@link ModelDut}: one
 * {@link #evaluate} drives the input pins from the vector, settles the component's clock domain and
 * copies the output pins out; {@link #clock} is one {@link ClockDomain#step()} (which applies the
 * stream endpoints' handshakes at the edge). Idle skip is off: every cycle is evaluated, like the RTL.
 * <p>
 * Hot path: a component declares its pins in vectors laid out by its {@link PinLayout}
 * ({@link Component#declarePins}), so when that is the layout given here a cycle is one array copy
 * in (plus a mask per word, keeping the pins canonical), the settle and one array copy out; no
 * allocation, lookup or per-pin call. Otherwise (a component declaring more pins than the layout
 * drives) the pins are copied one by one through precomputed offsets.
 */
public final class ComponentDut implements ModelDut
{
    private final Component component;
    private final ClockDomain domain;
    private final boolean direct;
    private final long[] pinInputs;
    private final long[] pinOutputs;
    private final long[] inputMasks;
    private final InPin[] in;
    private final int[] inOffset;
    private final OutPin[] out;
    private final int[] outOffset;

    /**
     * @param layout    the block's pin layout; every driven input and output must be a pin of
     *                  {@code component}, of the same width.
     * @param component a top-level component (no parent); this DUT clocks it in its own domain.
     */
    public ComponentDut(final PinLayout layout, final Component component)
    {
        if (component.parent() != null)
        {
            throw new IllegalArgumentException(component.path() + " is not a top-level component");
        }
        this.component = component;
        this.domain = ClockDomain.ofFrequencyHz(layout.clockPort(), 1e9).add(component).idleSkip(false);
        component.observeOutputs();
        in = new InPin[layout.inputs().size()];
        inOffset = new int[in.length];
        out = new OutPin[layout.outputs().size()];
        outOffset = new int[out.length];
        inputMasks = new long[layout.inputWords()];
        for (int i = 0; i < in.length; i++)
        {
            final PortSpec p = layout.inputs().get(i);
            in[i] = component.in(p.name());
            checkWidth(in[i], p);
            inOffset[i] = layout.inputOffset(i);
            for (int w = 0; w < p.words(); w++)
            {
                final int bits = Math.min(64, p.width() - 64 * w);
                inputMasks[inOffset[i] + w] = bits == 64 ? -1L : (1L << bits) - 1;
            }
        }
        for (int i = 0; i < out.length; i++)
        {
            final PortSpec p = layout.outputs().get(i);
            out[i] = component.out(p.name());
            checkWidth(out[i], p);
            outOffset[i] = layout.outputOffset(i);
        }
        final PinLayout own = component.pinLayout();
        direct = own != null && own.inputs().equals(layout.inputs()) && own.outputs().equals(layout.outputs());
        pinInputs = component.inputWords();
        pinOutputs = component.outputWords();
    }

    private static void checkWidth(final Signal pin, final PortSpec p)
    {
        if (pin.width() != p.width())
        {
            throw new IllegalArgumentException(pin + " is " + pin.width() + " bits, the layout says " + p.width());
        }
    }

    /** The component behind the pins, for resource reports, waveforms and white-box checks. */
    public Component component()
    {
        return component;
    }

    /** The clock domain that steps the component. */
    public ClockDomain domain()
    {
        return domain;
    }

    @Override
    public void reset()
    {
        domain.reset();
    }

    @Override
    public void evaluate(final long[] inputs, final long[] outputs)
    {
        if (direct)
        {
            final long[] pins = pinInputs;
            final long[] masks = inputMasks;
            for (int w = 0; w < masks.length; w++)
            {
                pins[w] = inputs[w] & masks[w];
            }
            domain.settleNow();
            // A loop, not System.arraycopy: most blocks have a few dozen words, too few for the stub's overhead.
            final long[] pinOut = pinOutputs;
            for (int w = 0; w < pinOut.length; w++)
            {
                outputs[w] = pinOut[w];
            }
            return;
        }
        for (int i = 0; i < in.length; i++)
        {
            final InPin pin = in[i];
            for (int w = 0; w < pin.words(); w++)
            {
                pin.setWord(w, inputs[inOffset[i] + w]);
            }
        }
        domain.settle();
        for (int i = 0; i < out.length; i++)
        {
            final OutPin pin = out[i];
            for (int w = 0; w < pin.words(); w++)
            {
                outputs[outOffset[i] + w] = pin.word(w);
            }
        }
    }

    @Override
    public void clock()
    {
        domain.step();
    }
}
