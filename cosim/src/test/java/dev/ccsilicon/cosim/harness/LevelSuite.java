package dev.ccsilicon.cosim.harness;

import dev.ccsilicon.cosim.jverilator.BlockSpec;
import dev.ccsilicon.cosim.lockstep.BlockAdapter;
import dev.ccsilicon.hdl.ModelDut;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayNameGeneration;

import java.util.ArrayList;
import java.util.List;

/**
 * Base of a block's pin-level suite, PyMTL3-style ({@code ChecksumRTL_Tests(BaseTests)}): the
 * block's abstract suite holds the tests and uses only {@link #harness}; one empty subclass per
 * level, annotated {@link AtLevel}, runs them there. Display names carry the level.
 */
@DisplayNameGeneration(LevelDisplayNames.class)
public abstract class LevelSuite
{
    private final List<AutoCloseable> resources = new ArrayList<>();

    /** The block's adapter: the model level gets its DUTs from {@link BlockAdapter#newModel}. */
    protected abstract BlockAdapter adapter();

    /** The level of this run, from the concrete class's {@link AtLevel}. */
    protected final Level level()
    {
        final AtLevel at = getClass().getAnnotation(AtLevel.class);
        if (at == null)
        {
            throw new IllegalStateException(getClass().getName() + " needs @AtLevel");
        }
        return at.value();
    }

    /** A fresh DUT of {@code spec} at this run's level. */
    protected final ModelDut dut(final BlockSpec spec)
    {
        return level().open(adapter(), spec, resources::add);
    }

    /** A fresh, reset bench around a DUT of {@code spec} at this run's level. */
    protected final StreamHarness harness(final BlockSpec spec)
    {
        return new StreamHarness(spec, dut(spec));
    }

    /** The bench of the adapter's own spec. */
    protected final StreamHarness harness()
    {
        return harness(adapter().spec());
    }

    @AfterEach
    protected final void closeResources() throws Exception
    {
        for (final AutoCloseable r : resources)
        {
            r.close();
        }
        resources.clear();
    }
}
