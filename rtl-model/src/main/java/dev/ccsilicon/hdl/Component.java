package dev.ccsilicon.hdl;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A hardware block: a node in the design tree with a hierarchical name ({@code top.fair_rate.pi}),
 * the state elements and signals it owns, and a combinational {@link #evaluate()} step.
 * <p>
 * Subclasses create their state in the constructor ({@code new Reg(this, "count", 8, 0)}); each
 * primitive registers itself here, so reports and waveforms can walk the tree. The tree is frozen
 * when a {@link ClockDomain} first resets or steps it; adding children or state afterwards throws.
 * <p>
 * Rules for {@link #evaluate()}: read only committed values ({@code get()}, {@code canPop()}, ...),
 * write only next values ({@code set()}, {@code push()}, ...). Then every component sees the same
 * snapshot of the design and the evaluation order cannot change a result.
 * <p>
 * Pins: a block's surface is its {@link InPin}s and {@link OutPin}s, made from its one declaration
 * ({@link #declarePins(PinLayout)}), and its {@link StreamEndpoint}s. Combinational logic (output
 * pins, glue that drives children's input pins) goes in {@link #settle()}, which the clock domain
 * runs parent before children before every evaluation.
 */
public abstract class Component
{
    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private final Component parent;
    private final String name;
    private final String path;
    private final List<Component> children = new ArrayList<>();
    private final List<StateElement> state = new ArrayList<>();
    private final List<Signal> signals = new ArrayList<>();
    private final List<InPin> inPins = new ArrayList<>();
    private final List<OutPin> outPins = new ArrayList<>();
    private final List<StreamEndpoint> endpoints = new ArrayList<>();
    private final Set<String> localNames = new HashSet<>();
    private boolean frozen;
    private boolean outputsObserved;
    private PinLayout pinLayout;
    private long[] inputWords = new long[0];
    private long[] outputWords = new long[0];

    /** A top-level component. */
    protected Component(final String name)
    {
        this(null, name);
    }

    /** A child of {@code parent}; {@code parent} may be null for a top-level component. */
    // Registering with the parent here is what lets a model build its tree by plain construction;
    // the parent only stores the reference, it never calls into the half-built child.
    @SuppressWarnings("this-escape")
    protected Component(final Component parent, final String name)
    {
        if (name == null || !NAME.matcher(name).matches())
        {
            throw new IllegalArgumentException("component name must be an identifier, got '" + name + "'");
        }
        this.parent = parent;
        this.name = name;
        this.path = parent == null ? name : parent.path + "." + name;
        if (parent != null)
        {
            parent.checkMutable();
            parent.claim(name);
            parent.children.add(this);
        }
    }

    /**
     * Compute next values from current ones. Called once per non-skipped cycle, in an order the
     * component must not depend on.
     */
    protected abstract void evaluate();

    /**
     * Combinational logic of the coming cycle: from committed state and this component's input pins,
     * drive its output pins and its children's input pins (arbitration, muxing). Runs in the settle
     * phase, parents before children and siblings in creation order, before any {@link #evaluate()}
     * of the cycle, and again whenever an input pin changed; it must not change state. The default
     * does nothing.
     */
    protected void settle()
    {
    }

    /**
     * The first cycle at or after {@code now} in which this component has work to do. Returning
     * {@code now} (the default) means "busy"; a larger value promises that {@link #evaluate()} in the
     * cycles before it would only do what {@link #skipIdle(long)} does in bulk;
     * {@link Long#MAX_VALUE} means "idle until an input arrives". A component that consumes a stream
     * must report busy while the stream {@code canPop()} and it would pop.
     */
    public long nextBusyCycle(final long now)
    {
        return now;
    }

    /**
     * Advance internal timers by {@code cycles} idle cycles at once. Called between cycles (not
     * inside evaluation), so it uses the primitives' direct {@code skip}/{@code force} methods.
     */
    public void skipIdle(final long cycles)
    {
    }

    /** Local instance name. */
    public final String name()
    {
        return name;
    }

    /** Hierarchical name, dot-separated from the top component. */
    public final String path()
    {
        return path;
    }

    /** Parent, or null for a top-level component. */
    public final Component parent()
    {
        return parent;
    }

    public final List<Component> children()
    {
        return Collections.unmodifiableList(children);
    }

    public final List<StateElement> stateElements()
    {
        return Collections.unmodifiableList(state);
    }

    public final List<Signal> signals()
    {
        return Collections.unmodifiableList(signals);
    }

    /** Input pins, in declaration order. */
    public final List<InPin> inPins()
    {
        return Collections.unmodifiableList(inPins);
    }

    /** Output pins, in declaration order. */
    public final List<OutPin> outPins()
    {
        return Collections.unmodifiableList(outPins);
    }

    /** Stream endpoints bound to this component's queues. */
    public final List<StreamEndpoint> streamEndpoints()
    {
        return Collections.unmodifiableList(endpoints);
    }

    /** Input pin {@code name} (throws if this component has none of that name). */
    public final InPin in(final String name)
    {
        for (final InPin p : inPins)
        {
            if (p.name().equals(name))
            {
                return p;
            }
        }
        throw new IllegalArgumentException(path + ": no input pin " + name);
    }

    /** Output pin {@code name} (throws if this component has none of that name). */
    public final OutPin out(final String name)
    {
        for (final OutPin p : outPins)
        {
            if (p.name().equals(name))
            {
                return p;
            }
        }
        throw new IllegalArgumentException(path + ": no output pin " + name);
    }

    /**
     * Whether anything reads this component's output pins: a {@link ComponentDut}, a
     * {@link #connect} from one of them, tracing, or {@link #observeOutputs()}. A block nested in a
     * parent that reads its state directly may skip driving its output pins in {@link #settle()}
     * (and its stream endpoints are not refreshed), which keeps a composite as fast as before pins.
     */
    protected final boolean outputsObserved()
    {
        return outputsObserved;
    }

    /** Declare that this component's output pins are read, so it drives them in every settle. */
    public final void observeOutputs()
    {
        outputsObserved = true;
    }

    /**
     * Create this component's pins from its declaration: an {@link InPin} per driven input and an
     * {@link OutPin} per output of {@code layout} (clock and reset belong to the clock domain).
     */
    protected final void declarePins(final PinLayout layout)
    {
        if (pinLayout != null)
        {
            throw new IllegalStateException(path + ": pins declared twice");
        }
        pinLayout = layout;
        // The pins' words live in two vectors laid out exactly like ModelDut's pin vectors, so a
        // ComponentDut moves a whole cycle's pins with one array copy each way.
        inputWords = new long[layout.inputWords()];
        outputWords = new long[layout.outputWords()];
        for (int i = 0; i < layout.inputs().size(); i++)
        {
            final InPin pin = new InPin(this, layout.inputs().get(i), inputWords, layout.inputOffset(i));
            addPinName(pin);
            inPins.add(pin);
        }
        for (int i = 0; i < layout.outputs().size(); i++)
        {
            final OutPin pin = new OutPin(this, layout.outputs().get(i), outputWords, layout.outputOffset(i));
            addPinName(pin);
            outPins.add(pin);
        }
    }

    /** The layout this component's pins were declared with, or null. */
    public final PinLayout pinLayout()
    {
        return pinLayout;
    }

    final long[] inputWords()
    {
        return inputWords;
    }

    final long[] outputWords()
    {
        return outputWords;
    }

    /**
     * Wire output pin {@code out} to input pin {@code in}; both belong to components below this one.
     * The input then reads the output's words (no copy per cycle). The driver settles first when it
     * was created first, so a combinational path through a connection settles in creation order.
     */
    protected void connect(final OutPin out, final InPin in)
    {
        checkMutable();
        if (!isAncestorOf(out.owner()) || !isAncestorOf(in.owner()))
        {
            throw new IllegalArgumentException(path + ": can only connect pins of components inside it, got "
                + out + " -> " + in);
        }
        if (out.width() != in.width())
        {
            throw new IllegalArgumentException(path + ": width mismatch " + out + " (" + out.width() + ") -> " + in
                + " (" + in.width() + ")");
        }
        if (in.connected())
        {
            throw new IllegalArgumentException(path + ": " + in + " is already connected");
        }
        in.connectTo(out);
        out.owner().observeOutputs();
    }

    /** A deterministic random stream for this component: depends only on {@code seed} and {@link #path()}. */
    public final SeededRandom random(final long seed)
    {
        return new SeededRandom(seed, path);
    }

    /** Register a state element; primitives call this from their constructors. */
    public final <T extends StateElement> T addState(final T element)
    {
        checkMutable();
        claim(element.name());
        state.add(element);
        if (element instanceof final Signal signal)
        {
            signals.add(signal);
        }
        return element;
    }

    /** Register a traced signal that is not itself a state element. */
    public final <T extends Signal> T addSignal(final T signal)
    {
        checkMutable();
        claim(signal.name());
        signals.add(signal);
        return signal;
    }

    final void addEndpoint(final StreamEndpoint endpoint)
    {
        checkMutable();
        endpoints.add(endpoint);
    }

    private void addPinName(final Signal pin)
    {
        checkMutable();
        claim(pin.name());
        if (pin.width() <= 64)
        {
            signals.add(pin);
        }
    }

    private boolean isAncestorOf(final Component c)
    {
        for (Component p = c.parent; p != null; p = p.parent)
        {
            if (p == this)
            {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString()
    {
        return path;
    }

    final void freeze()
    {
        frozen = true;
        for (final Component child : children)
        {
            child.freeze();
        }
    }

    private void claim(final String localName)
    {
        if (!localNames.add(localName))
        {
            throw new IllegalArgumentException("duplicate name '" + localName + "' in " + path);
        }
    }

    private void checkMutable()
    {
        if (frozen)
        {
            throw new IllegalStateException(path + " is frozen: build the design before reset() or step()");
        }
    }
}
