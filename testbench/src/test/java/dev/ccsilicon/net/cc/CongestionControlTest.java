package dev.ccsilicon.net.cc;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class CongestionControlTest
{
    @Test
    void blockLevelsKeepTheProvidersOrderSoEveryRunWritesTheSameSummary()
    {
        final Map<String, String> levels = new LinkedHashMap<>();
        for (final String block : List.of("zeta", "alpha", "mu", "beta", "omega", "gamma"))
        {
            levels.put(block, "model");
        }
        final CongestionControl cc =
            new CongestionControl(SwitchCc.NONE, SenderCc.NONE, ReceiverCc.NONE, CcMetrics.NONE, levels);
        assertEquals(List.of("zeta", "alpha", "mu", "beta", "omega", "gamma"), List.copyOf(cc.levels().keySet()));
    }

    @Test
    void closeClosesEachDistinctHookOnce()
    {
        final AtomicInteger closed = new AtomicInteger();
        final class Both implements SwitchCc, ReceiverCc, AutoCloseable
        {
            @Override
            public void close()
            {
                closed.incrementAndGet();
            }
        }
        final Both both = new Both();
        new CongestionControl(both, SenderCc.NONE, both, CcMetrics.NONE, Map.of()).close();
        assertEquals(1, closed.get());
    }
}
