package dev.ccsilicon.cosim.budget;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * An algorithm as the budget sees it (docs/budget.md): its blocks, where each sits and with which
 * parameters at a target, the events each block sees and what it sustains, and the assumptions
 * behind those numbers. An algorithm joins {@code ccsilicon budget} by implementing this and adding
 * its class to {@code META-INF/services/dev.ccsilicon.cosim.budget.AlgorithmBudget}.
 */
public interface AlgorithmBudget
{
    /** The name on the command line, e.g. {@code rocc}. */
    String name();

    /**
     * The blocks at {@code target}, in report order.
     *
     * @throws BudgetInputException when the algorithm cannot serve the target (too many flows, a rate
     *         without a parameter profile), naming the option, the value and what is allowed.
     */
    List<BlockPlan> blocks(BudgetTarget target);

    /** The events per second the target demands of each block against what it sustains. */
    List<EventDemand> events(BudgetTarget target, Map<String, Declared> declared);

    /** The assumptions behind the event rates and the parameters, one sentence each. */
    List<String> assumptions(BudgetTarget target);

    /** The published figures printed beside this algorithm's. */
    List<Anchor> anchors();

    /**
     * The quantisation check of the blocks' fixed-point formats at the parameters the target implies
     * (issue "budget" item 4): one line per finding, each starting with {@code warning:}; none by default.
     */
    default List<String> warnings(final BudgetTarget target)
    {
        return List.of();
    }

    /** Every registered algorithm by name. */
    static Map<String, AlgorithmBudget> known()
    {
        final Map<String, AlgorithmBudget> byName = new TreeMap<>();
        for (final AlgorithmBudget a : ServiceLoader.load(AlgorithmBudget.class, AlgorithmBudget.class.getClassLoader()))
        {
            byName.put(a.name(), a);
        }
        return byName;
    }

    /** The algorithm called {@code name}; an unknown name lists the known ones. */
    static AlgorithmBudget named(final String name)
    {
        final Map<String, AlgorithmBudget> known = known();
        final AlgorithmBudget a = known.get(name);
        if (a == null)
        {
            throw new BudgetInputException("ALGORITHM", "'" + name + "'", "one of " + String.join(", ", new ArrayList<>(known.keySet())));
        }
        return a;
    }

    /** The anchors every algorithm is compared with (per-flow NIC state of published designs). */
    static List<Anchor> commonAnchors()
    {
        return List.of(
            new Anchor("NVIDIA DOCA PCC", "48 B user context per flow (rate held by hardware besides)", 48 * 8,
                "[src] doca_pcc_dev_data_structure_le.h, mlnx_cc_algo_ctxt_t"),
            new Anchor("RCC", "52 B per flow", 52 * 8, "[UNCONFIRMED] from the brief"),
            new Anchor("Tonic (Reno, 128-segment window)", "~1,277 bits, ~160 B per flow", 1277,
                "[src+calc] minmit/tonic system_params.vh"));
    }
}
