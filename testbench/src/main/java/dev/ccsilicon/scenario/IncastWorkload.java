package dev.ccsilicon.scenario;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code {kind: incast, ...}}: each sender starts one flow of the same finite size to the one
 * receiver at the same time, offering its link rate. Flows are named {@code I<i>-<n>}, n the
 * sender's position (from 0).
 */
final class IncastWorkload
{
    private IncastWorkload()
    {
    }

    /**
     * @param index    the generator's index in {@code workload}.
     * @param senders  the sending hosts, in order.
     * @param ratesBps each sender's link rate, in the same order.
     */
    static List<Flow> generate(final int index, final List<String> senders, final List<Long> ratesBps,
        final String receiver, final long sizeBytes, final long startPs)
    {
        final List<Flow> flows = new ArrayList<>(senders.size());
        for (int n = 0; n < senders.size(); n++)
        {
            flows.add(new Flow("I" + index + "-" + n, senders.get(n), receiver, startPs, sizeBytes, ratesBps.get(n)));
        }
        return flows;
    }
}
