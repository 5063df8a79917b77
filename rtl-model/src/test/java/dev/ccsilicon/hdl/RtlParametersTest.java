package dev.ccsilicon.hdl;

import dev.ccsilicon.hdl.fixed.Rounding;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class RtlParametersTest
{
    record Config(@RtlParameter int numQps, @RtlParameter("NumPorts") int ports, @RtlParameter long deadlineWidth,
        @RtlParameter Rounding rounding, long rateMax)
    {
        Config
        {
            if (numQps < 1)
            {
                throw new IllegalArgumentException("numQps < 1");
            }
        }
    }

    @Test
    void annotatedComponentsMapToUpperCamelCaseOrTheirOwnName()
    {
        final Map<String, Object> p = RtlParameters.of(new Config(32, 4, 16, Rounding.HALF_UP, 1000));
        assertEquals(List.of("NumQps", "NumPorts", "DeadlineWidth", "Rounding"),
            List.copyOf(p.keySet()));
        assertEquals(32, p.get("NumQps"));
        assertEquals(16L, p.get("DeadlineWidth"));
        assertEquals(2, p.get("Rounding"), "an enum is its ordinal");
    }

    @Test
    void theInverseTakesParametersAndKeepsTheRestFromTheDefaults()
    {
        final Config d = new Config(32, 4, 16, Rounding.FLOOR, 1000);
        final Config c = RtlParameters.config(Map.of("NumQps", "64", "NumPorts", "0x10", "Rounding", "1"), d);
        assertEquals(new Config(64, 16, 16, Rounding.TRUNCATE, 1000), c);
        assertEquals(d, RtlParameters.config(Map.of("RateMax", "7"), d), "only annotated components are parameters");
    }

    @Test
    void theRecordValidatesWhatTheParametersSay()
    {
        final Config d = new Config(32, 4, 16, Rounding.FLOOR, 1000);
        assertThrows(IllegalArgumentException.class, () -> RtlParameters.config(Map.of("NumQps", "0"), d));
        assertThrows(IllegalArgumentException.class, () -> RtlParameters.config(Map.of("Rounding", "3"), d));
    }
}
