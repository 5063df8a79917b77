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
    private final Set<String> localNames = new HashSet<>();
    private boolean frozen;

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
