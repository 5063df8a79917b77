package dev.ccsilicon.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.math.BigInteger;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

class UnitsProperties
{
    @Property
    void everyValueRoundTripsThroughItsFormat(@ForAll @LongRange(min = 0) final long value, @ForAll final Units.Kind kind)
    {
        assertEquals(value, Units.parse(kind, Units.format(kind, value)));
    }

    @Property
    void aDecimalInAnyUnitIsExactlyItsValueTimesTheMultiplier(
        @ForAll @LongRange(min = 0, max = 1_000_000) final long whole,
        @ForAll @IntRange(min = 0, max = 999) final int thousandths,
        @ForAll final Units.Kind kind,
        @ForAll @IntRange(min = 0, max = 6) final int unitIndex)
    {
        final Units.Unit unit = kind.units().get(unitIndex % kind.units().size());
        final String number = whole + "." + String.format("%03d", thousandths);
        final BigDecimal exact = new BigDecimal(number).multiply(BigDecimal.valueOf(unit.multiplier()));
        final String text = number + unit.name();
        if (exact.stripTrailingZeros().scale() <= 0)
        {
            assertEquals(exact.toBigIntegerExact().longValueExact(), Units.parse(kind, text));
        }
        else
        {
            assertThrows(QuantityFormatException.class, () -> Units.parse(kind, text));
        }
    }

    @Property
    void valuesBeyondALongAreRejectedNotWrapped(@ForAll @LongRange(min = 1, max = 1_000_000) final long extra, @ForAll final Units.Kind kind)
    {
        final String text = BigInteger.valueOf(Long.MAX_VALUE).add(BigInteger.valueOf(extra)) + kind.units().get(0).name();
        assertThrows(QuantityFormatException.class, () -> Units.parse(kind, text));
    }

    @Property
    void unitNamesAreCaseSensitive(@ForAll final Units.Kind kind, @ForAll @IntRange(min = 0, max = 6) final int unitIndex)
    {
        final Units.Unit unit = kind.units().get(unitIndex % kind.units().size());
        final String upper = unit.name().toUpperCase();
        if (null == kind.find(upper))
        {
            assertThrows(QuantityFormatException.class, () -> Units.parse(kind, "1" + upper));
        }
    }
}
