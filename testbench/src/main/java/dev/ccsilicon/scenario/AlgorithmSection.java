package dev.ccsilicon.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/**
 * The scenario section of one congestion-control algorithm (SPEC §8.1.1), found by
 * {@link ServiceLoader} ({@code META-INF/services/dev.ccsilicon.scenario.AlgorithmSection}): the
 * name it answers to in {@code algorithm:}, the keys it owns under {@code switch} and {@code nic},
 * their binder and the cross-checks that relate them to the rest of the scenario. The scenario
 * package knows no algorithm but through this: the allowed {@code algorithm:} values are the names of
 * the registered sections.
 *
 * <p>Every section is bound whatever algorithm the scenario runs (so a wrong {@code switch.rocc}
 * value is an error even with {@code algorithm: none}); only the running algorithm's checks run.
 */
public interface AlgorithmSection
{
    /** The name in a scenario's {@code algorithm:} field. */
    String algorithm();

    /** The keys this section owns in the {@code switch} mapping, in the order they are bound. */
    default List<String> switchKeys()
    {
        return List.of();
    }

    /** The keys this section owns in the {@code nic} mapping, in the order they are bound. */
    default List<String> nicKeys()
    {
        return List.of();
    }

    /** How one of its {@code switch} keys looks, for the example of the whole mapping: {@code rocc: {...}}. */
    default String switchExample(final String key)
    {
        return key + ": {...}";
    }

    /** How one of its {@code nic} keys looks, for the example of the whole mapping. */
    default String nicExample(final String key)
    {
        return key + ": {...}";
    }

    /**
     * The shipped firmware program that runs this algorithm's reaction point under
     * {@code nic.cc: firmware} when {@code nic.firmware.program} does not name one, or null when the
     * algorithm has no firmware yet (then {@code nic.cc: firmware} is an error).
     */
    default String firmwareProgram()
    {
        return null;
    }

    /**
     * Whether PFC is on when the scenario does not say ({@code switch.pfc.enabled}): true but for
     * algorithms designed to run without it (LDCP).
     */
    default boolean pfcByDefault()
    {
        return PfcConfig.DEFAULT.enabled();
    }

    /** A fresh binder for one scenario file. */
    Binder binder();

    /**
     * The checks of this section's NIC fields against the rest of the scenario, run only when the
     * scenario runs this algorithm, before the checker's own NIC checks.
     *
     * @param config what {@link Binder#build()} gave.
     */
    default void checkNic(final Scenario scenario, final Object config, final Checks checks)
    {
    }

    /**
     * The checks of this section against the rest of the scenario (ports, links), run only when the
     * scenario runs this algorithm, after the checker's own checks.
     *
     * @param config what {@link Binder#build()} gave.
     */
    default void check(final Scenario scenario, final Object config, final Checks checks)
    {
    }

    /**
     * Binds the section's keys, each with the scenario binder's {@link Fields}, so that its errors
     * read like every other field's: {@code file:line: field: value; what is allowed}.
     */
    interface Binder
    {
        /**
         * Reads this section's keys of the {@code switch} mapping (after {@code buffer} and
         * {@code pfc}); not called when the file has no {@code switch}.
         */
        default void bindSwitch(final Fields switchFields)
        {
        }

        /** Reads this section's keys of the {@code nic} mapping (after {@code header}); not called without {@code nic}. */
        default void bindNic(final Fields nicFields)
        {
        }

        /** The immutable config of the section: what was bound, the defaults for what was not. */
        Object build();
    }

    /** The checker's error helpers, for a section's cross-checks. */
    interface Checks
    {
        /** An error at {@code path}, at the line of its value or of its nearest ancestor, else the file. */
        ScenarioError error(String path, String reason);

        /** The value at {@code path} as the user wrote it, quoted; {@code canonical} quoted when it was a default. */
        String written(String path, String canonical);
    }

    /** Every section on the class path, in algorithm-name order. */
    static List<AlgorithmSection> all()
    {
        final List<AlgorithmSection> all = new ArrayList<>();
        ServiceLoader.load(AlgorithmSection.class, AlgorithmSection.class.getClassLoader()).forEach(all::add);
        all.sort((a, b) -> a.algorithm().compareTo(b.algorithm()));
        return all;
    }

    /** The section of {@code algorithm}, or null. */
    static AlgorithmSection of(final String algorithm)
    {
        for (final AlgorithmSection section : all())
        {
            if (section.algorithm().equals(algorithm))
            {
                return section;
            }
        }
        return null;
    }

    /** The section of {@code algorithm} among {@code sections}, or null. */
    static AlgorithmSection of(final List<AlgorithmSection> sections, final String algorithm)
    {
        for (final AlgorithmSection section : sections)
        {
            if (section.algorithm().equals(algorithm))
            {
                return section;
            }
        }
        return null;
    }

    /** The known algorithm names, for messages: "none or rocc". */
    static String allowed(final List<AlgorithmSection> sections)
    {
        final StringBuilder sb = new StringBuilder();
        for (int i = 0; i < sections.size(); i++)
        {
            if (i > 0)
            {
                sb.append(i == sections.size() - 1 ? " or " : ", ");
            }
            sb.append(sections.get(i).algorithm());
        }
        return sb.toString();
    }
}
