package dev.ccsilicon.hdl;

/**
 * Any component whose surface is its pins, behind the pin-vector interface {@link ModelDut}: one
 * {@link #evaluate} drives the input pins from the vector, settles the component's clock domain and
 * copies the output pins out; {@link #clock} is one {@link ClockDomain#step()} (which applies the
 * stream endpoints' handshakes at the edge). Idle skip is off: every cycle is evaluated, like the RTL.
 * <p>
 * The hot path is two loops over precomputed pin arrays and word offsets, with no allocation and no
 * lookup per cycle; one-word pins (nearly all) take a path without an inner loop.
 */
public final class ComponentDut implements ModelDut
{
    private final Component component;
    private final ClockDomain domain;
    private final InPin[] in;
    private final int[] inOffset;
    private final OutPin[] out;
    private final int[] outOffset;
    private final InPin[] wideIn;
    private final int[] wideInOffset;
    private final OutPin[] wideOut;
    private final int[] wideOutOffset;

    /**
     * @param layout    the block's pin layout; every driven input and output must be a pin of
     *                  {@code component}.
     * @param component a top-level component (no parent); this DUT clocks it in its own domain.
     */
    public ComponentDut(final PinLayout layout, final Component component)
    {
        this.component = component;
        this.domain = ClockDomain.ofFrequencyHz(layout.clockPort(), 1e9).add(component).idleSkip(false);
        int narrowIn = 0;
        for (final PortSpec p : layout.inputs())
        {
            narrowIn += p.words() == 1 ? 1 : 0;
        }
        int narrowOut = 0;
        for (final PortSpec p : layout.outputs())
        {
            narrowOut += p.words() == 1 ? 1 : 0;
        }
        in = new InPin[narrowIn];
        inOffset = new int[narrowIn];
        wideIn = new InPin[layout.inputs().size() - narrowIn];
        wideInOffset = new int[wideIn.length];
        out = new OutPin[narrowOut];
        outOffset = new int[narrowOut];
        wideOut = new OutPin[layout.outputs().size() - narrowOut];
        wideOutOffset = new int[wideOut.length];
        int n = 0;
        int w = 0;
        for (int i = 0; i < layout.inputs().size(); i++)
        {
            final PortSpec p = layout.inputs().get(i);
            final InPin pin = checked(component.in(p.name()), p);
            if (p.words() == 1)
            {
                in[n] = pin;
                inOffset[n++] = layout.inputOffset(i);
            }
            else
            {
                wideIn[w] = pin;
                wideInOffset[w++] = layout.inputOffset(i);
            }
        }
        n = 0;
        w = 0;
        for (int i = 0; i < layout.outputs().size(); i++)
        {
            final PortSpec p = layout.outputs().get(i);
            final OutPin pin = component.out(p.name());
            if (pin.width() != p.width())
            {
                throw new IllegalArgumentException(pin + " is " + pin.width() + " bits, the layout says " + p.width());
            }
            if (p.words() == 1)
            {
                out[n] = pin;
                outOffset[n++] = layout.outputOffset(i);
            }
            else
            {
                wideOut[w] = pin;
                wideOutOffset[w++] = layout.outputOffset(i);
            }
        }
    }

    private static InPin checked(final InPin pin, final PortSpec p)
    {
        if (pin.width() != p.width())
        {
            throw new IllegalArgumentException(pin + " is " + pin.width() + " bits, the layout says " + p.width());
        }
        return pin;
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
        final InPin[] in = this.in;
        final int[] inOffset = this.inOffset;
        for (int i = 0; i < in.length; i++)
        {
            in[i].set(inputs[inOffset[i]]);
        }
        for (int i = 0; i < wideIn.length; i++)
        {
            final InPin pin = wideIn[i];
            final int base = wideInOffset[i];
            for (int k = 0; k < pin.words(); k++)
            {
                pin.setWord(k, inputs[base + k]);
            }
        }
        domain.settle();
        final OutPin[] out = this.out;
        final int[] outOffset = this.outOffset;
        for (int i = 0; i < out.length; i++)
        {
            outputs[outOffset[i]] = out[i].get();
        }
        for (int i = 0; i < wideOut.length; i++)
        {
            final OutPin pin = wideOut[i];
            final int base = wideOutOffset[i];
            for (int k = 0; k < pin.words(); k++)
            {
                outputs[base + k] = pin.word(k);
            }
        }
    }

    @Override
    public void clock()
    {
        domain.step();
    }
}
