package dev.ccsilicon.scenario;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sizes, rates and times as written in scenario files (SPEC §8.2), converted exactly to the
 * simulator's integer units: bytes, bits per second and picoseconds.
 * <p>
 * Arithmetic is decimal and exact, so {@code 2.5Gbps} is exactly 2 500 000 000 bps and
 * {@code 1.5ps} is an error rather than a silently rounded value. Unit names are case-sensitive:
 * {@code Mb} vs {@code MB} is the difference between bits and bytes, so guessing would hide mistakes.
 */
public final class Units
{
    /** One kind of quantity: its name, its base unit and the multipliers of its unit names. */
    public enum Kind
    {
        SIZE("size", "bytes", List.of(
            new Unit("B", 1L),
            new Unit("KB", 1_000L),
            new Unit("KiB", 1L << 10),
            new Unit("MB", 1_000_000L),
            new Unit("MiB", 1L << 20),
            new Unit("GB", 1_000_000_000L),
            new Unit("GiB", 1L << 30))),
        RATE("rate", "bits per second", List.of(
            new Unit("bps", 1L),
            new Unit("Kbps", 1_000L),
            new Unit("Mbps", 1_000_000L),
            new Unit("Gbps", 1_000_000_000L),
            new Unit("Tbps", 1_000_000_000_000L))),
        TIME("time", "picoseconds", List.of(
            new Unit("ps", 1L),
            new Unit("ns", 1_000L),
            new Unit("us", 1_000_000L),
            new Unit("ms", 1_000_000_000L),
            new Unit("s", 1_000_000_000_000L))),
        FREQUENCY("frequency", "hertz", List.of(
            new Unit("Hz", 1L),
            new Unit("KHz", 1_000L),
            new Unit("MHz", 1_000_000L),
            new Unit("GHz", 1_000_000_000L)));

        private final String noun;
        private final String baseName;
        private final List<Unit> units;

        Kind(final String noun, final String baseName, final List<Unit> units)
        {
            this.noun = noun;
            this.baseName = baseName;
            this.units = units;
        }

        public String noun()
        {
            return noun;
        }

        public List<Unit> units()
        {
            return units;
        }

        /** "B, KB, KiB, MB, MiB, GB or GiB": the allowed unit names for messages. */
        public String unitList()
        {
            final StringBuilder sb = new StringBuilder();
            for (int i = 0; i < units.size(); i++)
            {
                if (i > 0)
                {
                    sb.append(i == units.size() - 1 ? " or " : ", ");
                }
                sb.append(units.get(i).name());
            }
            return sb.toString();
        }

        Unit find(final String name)
        {
            for (final Unit unit : units)
            {
                if (unit.name().equals(name))
                {
                    return unit;
                }
            }
            return null;
        }
    }

    /** A unit name and how many base units it is worth. */
    public record Unit(String name, long multiplier)
    {
    }

    // Digits with an optional fraction, then anything: the rest must be exactly a unit name.
    private static final Pattern QUANTITY = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)(.*)");
    private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);

    private Units()
    {
    }

    /** Bytes of a size such as {@code 12MB}, {@code 1.5KiB} or {@code 64B}. */
    public static long parseSize(final String text)
    {
        return parse(Kind.SIZE, text);
    }

    /** Bits per second of a rate such as {@code 10Gbps} or {@code 2.5Gbps}. */
    public static long parseRate(final String text)
    {
        return parse(Kind.RATE, text);
    }

    /** Picoseconds of a time such as {@code 1.5us} or {@code 60ms}. */
    public static long parseTime(final String text)
    {
        return parse(Kind.TIME, text);
    }

    /**
     * The quantity in base units. Throws {@link QuantityFormatException} with a one-line reason for
     * a malformed, negative, fractional (in base units) or too large value.
     */
    public static long parse(final Kind kind, final String text)
    {
        final String trimmed = text.strip();
        if (trimmed.startsWith("-"))
        {
            throw new QuantityFormatException(
                quote(text) + " is negative; a " + kind.noun + " must be zero or more");
        }
        final Matcher matcher = QUANTITY.matcher(trimmed);
        if (!matcher.matches())
        {
            throw notA(kind, text, "");
        }
        final String unitName = matcher.group(2);
        final Unit unit = kind.find(unitName);
        if (null == unit)
        {
            final String hint;
            if (unitName.isEmpty())
            {
                hint = " (the unit is missing)";
            }
            else if (!unitName.strip().equals(unitName))
            {
                hint = " (no space between number and unit)";
            }
            else if (null != findIgnoringCase(kind, unitName))
            {
                hint = " (unit names are case-sensitive: " + findIgnoringCase(kind, unitName).name() + ")";
            }
            else
            {
                hint = "";
            }
            throw notA(kind, text, hint);
        }

        final BigDecimal value = new BigDecimal(matcher.group(1)).multiply(BigDecimal.valueOf(unit.multiplier()));
        final BigDecimal whole = value.stripTrailingZeros();
        if (whole.scale() > 0)
        {
            throw new QuantityFormatException(
                quote(text) + " is not a whole number of " + kind.baseName + "; use a finer unit or fewer decimals");
        }
        final BigInteger exact = whole.toBigIntegerExact();
        if (exact.compareTo(LONG_MAX) > 0)
        {
            throw new QuantityFormatException(
                quote(text) + " is too large; the largest " + kind.noun + " is " + Long.MAX_VALUE + kind.units.get(0).name());
        }
        return exact.longValueExact();
    }

    /** The size in the largest unit that keeps it readable, exactly: parses back to {@code bytes}. */
    public static String formatSize(final long bytes)
    {
        return format(Kind.SIZE, bytes);
    }

    /** The rate in the largest unit not above it, exactly, e.g. {@code 2.5Gbps}. */
    public static String formatRate(final long bitsPerSecond)
    {
        return format(Kind.RATE, bitsPerSecond);
    }

    /** The time in the largest unit not above it, exactly, e.g. {@code 1.5us}. */
    public static String formatTime(final long picoseconds)
    {
        return format(Kind.TIME, picoseconds);
    }

    /**
     * The value in the largest unit not above it, with as many decimals as exactness needs. For
     * sizes a binary unit is preferred when the value is a whole number of it and not of the
     * decimal one, so 1024 prints as 1KiB and 1000 as 1KB.
     */
    public static String format(final Kind kind, final long value)
    {
        if (value < 0)
        {
            throw new IllegalArgumentException("negative " + kind.noun + ": " + value);
        }
        Unit best = kind.units.get(0);
        for (final Unit unit : kind.units)
        {
            if (unit.multiplier() <= value && !isBinary(unit) && unit.multiplier() >= best.multiplier())
            {
                best = unit;
            }
        }
        if (kind == Kind.SIZE && value % 1000 != 0)
        {
            for (final Unit unit : kind.units)
            {
                if (isBinary(unit) && value % unit.multiplier() == 0 && unit.multiplier() <= value)
                {
                    best = unit;
                }
            }
        }
        final BigDecimal scaled = BigDecimal.valueOf(value)
            .divide(BigDecimal.valueOf(best.multiplier()))
            .stripTrailingZeros();
        return scaled.toPlainString() + best.name();
    }

    private static boolean isBinary(final Unit unit)
    {
        return unit.name().endsWith("iB");
    }

    private static Unit findIgnoringCase(final Kind kind, final String name)
    {
        for (final Unit unit : kind.units)
        {
            if (unit.name().equalsIgnoreCase(name))
            {
                return unit;
            }
        }
        return null;
    }

    private static QuantityFormatException notA(final Kind kind, final String text, final String hint)
    {
        return new QuantityFormatException(
            quote(text) + " is not a " + kind.noun + hint + "; use a number followed by " + kind.unitList());
    }

    static String quote(final String text)
    {
        return "'" + text + "'";
    }
}
