package dev.ccsilicon.hdl;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A clock and the components it drives. {@link #step()} settles the combinational logic
 * ({@link Component#settle()}, parents before children), applies the stream endpoints' handshakes,
 * evaluates every component of every tree against the committed state, then commits every state
 * element (SRAMs and queues from a dirty list of those accessed in the cycle, the others' commit being a
 * no-op): the order of evaluation can never change a result. {@link #run(long)} additionally skips idle stretches in bulk when every component
 * reports (via {@link Component#nextBusyCycle(long)}) that it has nothing to do and no state element
 * has work in flight.
 * <p>
 * Time: after {@code n} cycles (steps or skipped cycles) {@link #cycle()} is {@code n} and
 * {@link #timePs()} is {@code n * periodPs}.
 */
public final class ClockDomain
{
    private final String name;
    private final long periodPs;
    private final List<Component> tops = new ArrayList<>();
    private final List<CycleListener> listeners = new ArrayList<>();

    private boolean built;
    private Component[] components;
    private Component[] order;
    private ScalarState[] scalars;
    private StateElement[] others;
    // Dirty-list commit: the tracked elements (Tracked: SRAMs of latency 1, FIFOs, streams) accessed
    // since the last commit, each at most once (guarded by its own flag), and the untracked elements
    // that commit every cycle; registers commit every cycle from `scalars`.
    private StateElement[] dirtyOthers;
    private int dirtyOtherCount;
    private StateElement[] alwaysCommit;
    private Component[] settlers;
    private StreamEndpoint[] endpoints;
    private StreamEndpoint[] refreshed = new StreamEndpoint[0];
    private boolean settled;
    private CycleListener[] listenerArray = new CycleListener[0];

    private boolean idleSkip = true;
    private SplittableRandom shuffle;

    private long cycle;
    private long evaluatedCycles;
    private long skippedCycles;
    private long bulkSkips;

    private ClockDomain(final String name, final long periodPs)
    {
        if (periodPs <= 0)
        {
            throw new IllegalArgumentException("clock period must be positive, got " + periodPs + " ps");
        }
        this.name = name;
        this.periodPs = periodPs;
    }

    /** A clock of {@code frequencyHz}; the period is rounded to the nearest picosecond. */
    public static ClockDomain ofFrequencyHz(final String name, final double frequencyHz)
    {
        if (!(frequencyHz > 0))
        {
            throw new IllegalArgumentException("clock frequency must be positive, got " + frequencyHz);
        }
        return new ClockDomain(name, Math.round(1e12 / frequencyHz));
    }

    /** A clock with an exact period in picoseconds. */
    public static ClockDomain ofPeriodPs(final String name, final long periodPs)
    {
        return new ClockDomain(name, periodPs);
    }

    /** Drive the tree rooted at {@code top}; must happen before the first reset or step. */
    public ClockDomain add(final Component top)
    {
        if (built)
        {
            throw new IllegalStateException("clock domain " + name + " already started");
        }
        if (top.parent() != null)
        {
            throw new IllegalArgumentException(top.path() + " is not a top-level component");
        }
        tops.add(top);
        return this;
    }

    /** Listen to every cycle; listeners (tracing) read output pins, so every component drives them from now on. */
    public ClockDomain addListener(final CycleListener listener)
    {
        for (final Component top : tops)
        {
            observeAll(top);
        }
        if (built)
        {
            refreshed = observedEndpoints();
        }
        listeners.add(listener);
        listenerArray = listeners.toArray(new CycleListener[0]);
        return this;
    }

    public boolean removeListener(final CycleListener listener)
    {
        final boolean removed = listeners.remove(listener);
        listenerArray = listeners.toArray(new CycleListener[0]);
        return removed;
    }

    /** Enable or disable bulk idle skipping in {@link #run(long)} (enabled by default). */
    public ClockDomain idleSkip(final boolean enabled)
    {
        this.idleSkip = enabled;
        return this;
    }

    /**
     * Test hook: shuffle the evaluation order every cycle with a generator seeded by {@code seed}, to
     * show a design does not depend on it.
     */
    public ClockDomain shuffleEvaluationOrder(final long seed)
    {
        this.shuffle = new SplittableRandom(SeededRandom.mix(seed, name));
        return this;
    }

    /** Evaluate in tree order again (the default). */
    public ClockDomain fixedEvaluationOrder()
    {
        this.shuffle = null;
        return this;
    }

    /** Reset every state element and the cycle count; freezes the design on first use. */
    public void reset()
    {
        build();
        for (final ScalarState s : scalars)
        {
            s.reset();
        }
        for (final StateElement e : others)
        {
            e.reset();
        }
        settled = false;
        cycle = 0;
        evaluatedCycles = 0;
        skippedCycles = 0;
        bulkSkips = 0;
    }

    /**
     * The settle phase of the coming cycle, if an input pin changed or a cycle passed since the last
     * one: every stream endpoint drives its pins from its queue, then every component's
     * {@link Component#settle()} runs, parents before children. Afterwards the output pins show what
     * the RTL drives in the coming cycle. {@link #step()} and {@link #advance(long)} settle by
     * themselves; call this to read output pins between steps.
     */
    public void settle()
    {
        build();
        if (settled)
        {
            return;
        }
        for (final StreamEndpoint e : refreshed)
        {
            e.refresh();
        }
        for (final Component c : settlers)
        {
            c.settle();
        }
        // Last: a parent driving its children's input pins above marked the domain unsettled.
        settled = true;
    }

    /** The settle phase now, whatever changed (ComponentDut drives the input pins' words directly). */
    void settleNow()
    {
        build();
        for (final StreamEndpoint e : refreshed)
        {
            e.refresh();
        }
        for (final Component c : settlers)
        {
            c.settle();
        }
        settled = true;
    }

    /** One clock cycle: settle, evaluate everything against the committed state, then commit. */
    public void step()
    {
        settle();
        for (final StreamEndpoint e : endpoints)
        {
            e.transfer();
        }
        final Component[] evaluation = order;
        if (shuffle != null)
        {
            shuffle(evaluation);
        }
        for (final Component c : evaluation)
        {
            c.evaluate();
        }
        commit();
        settled = false;
        cycle++;
        evaluatedCycles++;
        notifyListeners(1);
    }

    /**
     * Commit what this cycle wrote: only the elements queued since the last commit (a queued
     * element's commit clears its flag and may queue it again, e.g. an SRAM read visible next cycle;
     * it lands at an index already processed), then those that commit every cycle. An element not
     * queued would have committed as a no-op, so this is exactly committing everything.
     */
    private void commit()
    {
        for (final ScalarState s : scalars)
        {
            s.current = s.next;
        }
        final StateElement[] de = dirtyOthers;
        final int ne = dirtyOtherCount;
        dirtyOtherCount = 0;
        for (int i = 0; i < ne; i++)
        {
            de[i].commit();
        }
        for (final StateElement e : alwaysCommit)
        {
            e.commit();
        }
    }

    void dirtyElement(final StateElement e)
    {
        dirtyOthers[dirtyOtherCount++] = e;
    }

    /** Advance {@code cycles} cycles, skipping idle stretches in bulk when allowed. */
    public void run(final long cycles)
    {
        final long end = cycle + cycles;
        while (cycle < end)
        {
            advance(end - cycle);
        }
    }

    /**
     * Advance by one step, or by one bulk skip of at most {@code maxCycles} cycles if the whole domain
     * is idle. Returns the number of cycles advanced (>= 1).
     */
    public long advance(final long maxCycles)
    {
        build();
        if (idleSkip && maxCycles > 1)
        {
            // Components decide from their input pins, so those a parent drives must be current.
            settle();
            final long busy = nextBusyCycle();
            if (busy > cycle && quiescent())
            {
                final long n = Math.min(busy - cycle, maxCycles);
                skip(n);
                return n;
            }
        }
        step();
        return 1;
    }

    /** Earliest cycle in which some component is busy ({@code cycle()} if any is busy now). */
    public long nextBusyCycle()
    {
        settle();
        final long now = cycle;
        long min = Long.MAX_VALUE;
        for (final Component c : components)
        {
            final long b = c.nextBusyCycle(now);
            if (b <= now)
            {
                return now;
            }
            if (b < min)
            {
                min = b;
            }
        }
        return min;
    }

    public String name()
    {
        return name;
    }

    public long periodPs()
    {
        return periodPs;
    }

    public double frequencyHz()
    {
        return 1e12 / periodPs;
    }

    /** Cycles elapsed since reset, stepped or skipped. */
    public long cycle()
    {
        return cycle;
    }

    public long timePs()
    {
        return cycle * periodPs;
    }

    /** Cycles in which components were evaluated. */
    public long evaluatedCycles()
    {
        return evaluatedCycles;
    }

    /** Cycles jumped over by bulk idle skips. */
    public long skippedCycles()
    {
        return skippedCycles;
    }

    /** Number of bulk idle skips taken. */
    public long bulkSkips()
    {
        return bulkSkips;
    }

    public List<Component> tops()
    {
        return List.copyOf(tops);
    }

    /** Every component of every tree, parents before children. */
    public List<Component> components()
    {
        build();
        return List.of(components);
    }

    private void skip(final long n)
    {
        for (final Component c : components)
        {
            c.skipIdle(n);
        }
        settled = false;
        cycle += n;
        skippedCycles += n;
        bulkSkips++;
        notifyListeners(n);
    }

    private void notifyListeners(final long cycles)
    {
        if (listenerArray.length == 0)
        {
            return;
        }
        // Listeners (tracing) sample output pins: show them settled on the new state.
        settle();
        for (final CycleListener l : listenerArray)
        {
            l.onCycle(this, cycles);
        }
    }

    /** Endpoints whose pins someone reads: only they are refreshed in the settle phase. */
    private StreamEndpoint[] observedEndpoints()
    {
        final List<StreamEndpoint> list = new ArrayList<>();
        for (final StreamEndpoint e : endpoints)
        {
            if (e.owner.outputsObserved())
            {
                list.add(e);
            }
        }
        return list.toArray(new StreamEndpoint[0]);
    }

    void unsettle()
    {
        settled = false;
    }

    private boolean quiescent()
    {
        // Only consulted when every component is idle, so checking every element costs nothing per busy cycle.
        for (final StateElement e : others)
        {
            if (!e.quiescent())
            {
                return false;
            }
        }
        return true;
    }

    private void shuffle(final Component[] array)
    {
        for (int i = array.length - 1; i > 0; i--)
        {
            final int j = shuffle.nextInt(i + 1);
            final Component t = array[i];
            array[i] = array[j];
            array[j] = t;
        }
    }

    private void build()
    {
        if (built)
        {
            return;
        }
        final List<Component> all = new ArrayList<>();
        for (final Component top : tops)
        {
            collect(top, all);
        }
        final List<ScalarState> scalarList = new ArrayList<>();
        final List<StateElement> otherList = new ArrayList<>();
        for (final Component c : all)
        {
            for (final StateElement e : c.stateElements())
            {
                if (e instanceof final ScalarState s)
                {
                    scalarList.add(s);
                }
                else
                {
                    otherList.add(e);
                }
            }
        }
        for (final Component top : tops)
        {
            top.freeze();
        }
        final List<Component> settling = new ArrayList<>();
        final List<StreamEndpoint> endpointList = new ArrayList<>();
        for (final Component c : all)
        {
            if (overridesSettle(c.getClass()))
            {
                settling.add(c);
            }
            endpointList.addAll(c.streamEndpoints());
            for (final InPin p : c.inPins())
            {
                p.domain = this;
            }
        }
        settlers = settling.toArray(new Component[0]);
        endpoints = endpointList.toArray(new StreamEndpoint[0]);
        refreshed = observedEndpoints();
        components = all.toArray(new Component[0]);
        order = all.toArray(new Component[0]);
        scalars = scalarList.toArray(new ScalarState[0]);
        others = otherList.toArray(new StateElement[0]);
        // Everything starts queued: values assigned before the domain was built commit at the first step.
        dirtyOthers = new StateElement[others.length];
        final List<StateElement> always = new ArrayList<>();
        for (final StateElement e : others)
        {
            if (e instanceof final Tracked t && t.attach(this))
            {
                dirtyElement(e);
            }
            else
            {
                always.add(e);
            }
        }
        alwaysCommit = always.toArray(new StateElement[0]);
        built = true;
    }

    /** Whether {@code type} has its own {@link Component#settle()} (the others are skipped every cycle). */
    private static boolean overridesSettle(final Class<?> type)
    {
        for (Class<?> t = type; t != Component.class; t = t.getSuperclass())
        {
            try
            {
                t.getDeclaredMethod("settle");
                return true;
            }
            catch (final NoSuchMethodException e)
            {
                // not declared here: look further up
            }
        }
        return false;
    }

    private static void observeAll(final Component c)
    {
        c.observeOutputs();
        for (final Component child : c.children())
        {
            observeAll(child);
        }
    }

    private static void collect(final Component c, final List<Component> out)
    {
        out.add(c);
        for (final Component child : c.children())
        {
            collect(child, out);
        }
    }
}
