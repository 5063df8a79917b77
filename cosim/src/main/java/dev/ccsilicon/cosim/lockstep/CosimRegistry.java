package dev.ccsilicon.cosim.lockstep;

import dev.ccsilicon.cosim.blocks.fxpaccumulator.FxpAccumulatorAdapter;
import dev.ccsilicon.cosim.blocks.qptable.QpTableAdapter;
import dev.ccsilicon.cosim.blocks.roccfairrate.RoccFairRateAdapter;
import dev.ccsilicon.cosim.blocks.roccflowtable.RoccFlowTableAdapter;
import dev.ccsilicon.cosim.blocks.streamfifo.StreamFifoAdapter;
import dev.ccsilicon.cosim.blocks.timerwheel.TimerWheelAdapter;

import java.util.List;
import java.util.Optional;

/** Every co-simulated block, by name. A new block adds its adapter here. */
public final class CosimRegistry
{
    private static final List<BlockAdapter> ADAPTERS = List.of(
        new FxpAccumulatorAdapter(),
        new StreamFifoAdapter(),
        new QpTableAdapter(),
        new TimerWheelAdapter(),
        new dev.ccsilicon.cosim.blocks.roccrp.RoccRpAdapter(),
        new RoccFairRateAdapter(),
        new RoccFlowTableAdapter());

    private CosimRegistry()
    {
    }

    public static List<BlockAdapter> all()
    {
        return ADAPTERS;
    }

    public static Optional<BlockAdapter> find(final String name)
    {
        return ADAPTERS.stream().filter(a -> a.spec().name().equals(name)).findFirst();
    }

    public static List<String> names()
    {
        return ADAPTERS.stream().map(a -> a.spec().name()).toList();
    }
}
