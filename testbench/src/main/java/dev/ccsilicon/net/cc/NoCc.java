package dev.ccsilicon.net.cc;

import java.util.EnumSet;
import java.util.Set;

import dev.ccsilicon.net.Topology;
import dev.ccsilicon.scenario.Level;
import dev.ccsilicon.scenario.Scenario;

/** {@code algorithm: none}: senders send at their demand; only PFC, drops and the transport limit them. */
public final class NoCc implements CcProvider
{
    @Override
    public String name()
    {
        return "none";
    }

    @Override
    public Set<Level> levels()
    {
        return EnumSet.allOf(Level.class);
    }

    @Override
    public CongestionControl create(final Scenario scenario, final Topology topo, final CcContext ctx, final Level level)
    {
        return CongestionControl.NONE;
    }
}
