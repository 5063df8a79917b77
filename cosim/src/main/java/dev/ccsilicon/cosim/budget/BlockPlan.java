package dev.ccsilicon.cosim.budget;

import java.util.Map;
import java.util.function.ToLongFunction;

/**
 * One block of an algorithm at a target: the RTL top (the key of its {@code BlockDeclaration} in the
 * block registry), where it sits, how many instances, and the RTL parameters the target implies (the
 * same map goes to the model's declaration and to the synthesizer).
 *
 * @param top          RTL top module, e.g. {@code rocc_rp}.
 * @param placement    where one instance sits.
 * @param instances    instances per NIC or per switch at the target.
 * @param parameters   RTL parameter overrides by name; the rest are the RTL defaults.
 * @param perFlowBits  the block's state bits per flow/QP from its declaration (0: none per flow).
 * @param perPortBits  the block's state bits per switch port from its declaration (0: none per port).
 * @param role         one line: what the block does in the algorithm.
 */
public record BlockPlan(
    String top,
    Placement placement,
    int instances,
    Map<String, Long> parameters,
    ToLongFunction<Declared> perFlowBits,
    ToLongFunction<Declared> perPortBits,
    String role)
{
    public BlockPlan
    {
        parameters = Map.copyOf(parameters);
    }

    /** Where a block instance sits. */
    public enum Placement
    {
        NIC("per NIC"),
        SWITCH("per switch");

        private final String label;

        Placement(final String label)
        {
            this.label = label;
        }

        public String label()
        {
            return label;
        }
    }
}
