package dev.ccsilicon.hdl;

/** Test helper: a component whose combinational logic is whatever the test sets for the next cycle. */
final class TestBlock extends Component
{
    Runnable logic = () -> { };

    TestBlock(final String name)
    {
        super(name);
    }

    TestBlock(final Component parent, final String name)
    {
        super(parent, name);
    }

    @Override
    protected void evaluate()
    {
        logic.run();
    }

    static ClockDomain clock(final Component top)
    {
        final ClockDomain d = ClockDomain.ofFrequencyHz("clk", 1e9).add(top);
        d.reset();
        return d;
    }

    /** Run one cycle with {@code body} as the block's logic, then idle logic again. */
    void cycle(final ClockDomain d, final Runnable body)
    {
        logic = body;
        d.step();
        logic = () -> { };
    }
}
