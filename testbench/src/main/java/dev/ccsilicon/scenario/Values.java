package dev.ccsilicon.scenario;

import java.math.BigDecimal;
import java.util.regex.Pattern;

/**
 * Converts scalar values of the tree to Java values, each failure a {@link ScenarioError} naming
 * the value's origin and field, the value and what is allowed.
 */
public final class Values
{
    /** Ids appear in port names ({@code S0->B0}) and output file names, so they stay plain. */
    public static final Pattern ID = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.\\-]*");
    public static final String ID_RULE = "letters, digits, '_', '.' and '-', not starting with '.' or '-'";

    private static final Pattern INTEGER = Pattern.compile("[0-9]+");
    private static final Pattern DECIMAL = Pattern.compile("[0-9]+(\\.[0-9]+)?|\\.[0-9]+");

    private Values()
    {
    }

    /** The text of a scalar, rejecting lists and mappings. */
    public static String text(final YamlNode node, final String path, final String expectation)
    {
        if (!(node instanceof final YamlScalar scalar))
        {
            throw new ScenarioError(node.origin(), path, node.describe() + " is not allowed here; expected " + expectation);
        }
        if (scalar.isNull())
        {
            throw new ScenarioError(node.origin(), path, "has no value; expected " + expectation);
        }
        return scalar.value();
    }

    public static String id(final YamlNode node, final String path)
    {
        final String text = text(node, path, "an id (" + ID_RULE + ")");
        if (!ID.matcher(text).matches())
        {
            throw new ScenarioError(node.origin(), path, "'" + text + "' is not an id; use " + ID_RULE);
        }
        return text;
    }

    public static long size(final YamlNode node, final String path)
    {
        return quantity(Units.Kind.SIZE, node, path);
    }

    public static long rate(final YamlNode node, final String path)
    {
        return quantity(Units.Kind.RATE, node, path);
    }

    public static long time(final YamlNode node, final String path)
    {
        return quantity(Units.Kind.TIME, node, path);
    }

    public static long quantity(final Units.Kind kind, final YamlNode node, final String path)
    {
        final String text = text(node, path, "a " + kind.noun() + ": a number followed by " + kind.unitList());
        try
        {
            return Units.parse(kind, text);
        }
        catch (final QuantityFormatException ex)
        {
            throw new ScenarioError(node.origin(), path, ex.getMessage());
        }
    }

    /** Rejects zero for quantities that cannot be zero (a rate, a buffer, a period). */
    public static long positive(final long value, final YamlNode node, final String path, final String what)
    {
        if (value <= 0)
        {
            throw new ScenarioError(node.origin(), path,
                "'" + ((YamlScalar)node).value() + "' is not allowed; " + what + " must be more than 0");
        }
        return value;
    }

    public static boolean bool(final YamlNode node, final String path)
    {
        final String text = text(node, path, "true or false");
        return switch (text)
        {
            case "true", "True", "TRUE" -> true;
            case "false", "False", "FALSE" -> false;
            default -> throw new ScenarioError(node.origin(), path, "'" + text + "' is not a boolean; use true or false");
        };
    }

    public static long nonNegativeInteger(final YamlNode node, final String path)
    {
        final String text = text(node, path, "a whole number");
        if (!INTEGER.matcher(text).matches())
        {
            throw new ScenarioError(node.origin(), path,
                "'" + text + "' is not allowed; use a whole number from 0 to " + Long.MAX_VALUE);
        }
        try
        {
            return Long.parseLong(text);
        }
        catch (final NumberFormatException ex)
        {
            throw new ScenarioError(node.origin(), path, "'" + text + "' is too large; the largest is " + Long.MAX_VALUE);
        }
    }

    /** A plain positive decimal such as 0.3 (gains); exponents and signs are not accepted. */
    public static double positiveDecimal(final YamlNode node, final String path)
    {
        final String text = text(node, path, "a positive number such as 0.3");
        if (!DECIMAL.matcher(text).matches() || new BigDecimal(text).signum() <= 0)
        {
            throw new ScenarioError(node.origin(), path, "'" + text + "' is not allowed; use a number more than 0, such as 0.3");
        }
        final double value = Double.parseDouble(text);
        if (Double.isInfinite(value))
        {
            throw new ScenarioError(node.origin(), path, "'" + text + "' is too large");
        }
        return value;
    }

    public static YamlList list(final YamlNode node, final String path, final String example)
    {
        if (!(node instanceof final YamlList list))
        {
            throw new ScenarioError(node.origin(), path, node.describe() + " is not allowed here; expected a list such as " + example);
        }
        return list;
    }
}
