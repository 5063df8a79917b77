package dev.ccsilicon.scenario;

import dev.ccsilicon.hdl.SeededRandom;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A flow-size distribution given by points of its CDF, linear between the points (as the HPCC
 * simulator's traffic generator samples it). The file format: one point per line, {@code bytes,cdf},
 * sizes strictly increasing, cdf non-decreasing from at least 0 to exactly 1; blank lines and lines
 * starting with {@code #} are ignored. A first point with cdf above 0 puts that much probability on
 * its size exactly.
 */
public final class FlowSizeCdf
{
    /** The distributions shipped with the testbench, by the name a scenario gives them. */
    public static final List<String> BUILT_IN = List.of("websearch", "fb_hadoop");

    /** Flow sizes the generators draw are at most this: 1 TB. */
    static final long MAX_SIZE_BYTES = 1_000_000_000_000L;

    private static final Pattern INTEGER = Pattern.compile("[0-9]+");
    private static final Pattern DECIMAL = Pattern.compile("[0-9]+(\\.[0-9]+)?|\\.[0-9]+");

    private final String name;
    private final long[] sizes;
    private final double[] cdf;

    private FlowSizeCdf(final String name, final long[] sizes, final double[] cdf)
    {
        this.name = name;
        this.sizes = sizes;
        this.cdf = cdf;
    }

    /** A built-in distribution ({@link #BUILT_IN}). */
    public static FlowSizeCdf builtIn(final String name)
    {
        if (!BUILT_IN.contains(name))
        {
            throw new IllegalArgumentException("no built-in flow-size distribution " + name);
        }
        final String resource = "workloads/" + name + ".csv";
        try (InputStream in = FlowSizeCdf.class.getResourceAsStream(resource))
        {
            if (null == in)
            {
                throw new IllegalStateException("missing resource " + resource);
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), name, null);
        }
        catch (final IOException ex)
        {
            throw new IllegalStateException("cannot read resource " + resource, ex);
        }
    }

    /**
     * A user's CSV file; errors name the file, the line and the value.
     *
     * @param field the scenario field that names the file, such as {@code workload[0].sizes}.
     */
    static FlowSizeCdf load(final Path file, final String field, final Origin namedAt)
    {
        final String text;
        try
        {
            text = Files.readString(file, StandardCharsets.UTF_8);
        }
        catch (final IOException | RuntimeException ex)
        {
            throw new ScenarioError(namedAt, field, "'" + file + "' cannot be read (" +
                (Files.isDirectory(file) ? "it is a directory" : Files.exists(file) ? ex.getClass().getSimpleName() :
                    "no such file") + "); use websearch, fb_hadoop or a CSV file of bytes,cdf lines " +
                "(relative to the scenario file)");
        }
        return parse(text, file.toString(), field);
    }

    /** Parses CDF text named {@code name} in messages; {@code field} is the scenario field for errors. */
    static FlowSizeCdf parse(final String text, final String name, final String field)
    {
        final List<Long> sizes = new ArrayList<>();
        final List<Double> cdf = new ArrayList<>();
        final String[] lines = text.split("\\R", -1);
        int lastLine = 0;
        for (int i = 0; i < lines.length; i++)
        {
            final String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#"))
            {
                continue;
            }
            final Origin at = Origin.ofLine(name, i + 1);
            lastLine = i + 1;
            final String[] parts = line.split(",", -1);
            if (parts.length != 2)
            {
                throw new ScenarioError(at, field, "'" + line + "' is not a point of a CDF; each line is bytes,cdf, " +
                    "such as 10000,0.15");
            }
            final String sizeText = parts[0].strip();
            final String cdfText = parts[1].strip();
            if (!INTEGER.matcher(sizeText).matches() || sizeText.length() > 13 || Long.parseLong(sizeText) > MAX_SIZE_BYTES)
            {
                throw new ScenarioError(at, field, "size '" + sizeText + "' is not allowed; a size is a whole number " +
                    "of bytes from 0 to " + MAX_SIZE_BYTES);
            }
            if (!DECIMAL.matcher(cdfText).matches() || new BigDecimal(cdfText).compareTo(BigDecimal.ONE) > 0)
            {
                throw new ScenarioError(at, field, "cdf '" + cdfText + "' is not allowed; a cumulative probability " +
                    "is a number from 0 to 1, such as 0.15");
            }
            final long size = Long.parseLong(sizeText);
            final double p = Double.parseDouble(cdfText);
            if (!sizes.isEmpty() && size <= sizes.getLast())
            {
                throw new ScenarioError(at, field, "size '" + sizeText + "' is not above the previous size " +
                    sizes.getLast() + "; sizes must increase from line to line");
            }
            if (!cdf.isEmpty() && p < cdf.getLast())
            {
                throw new ScenarioError(at, field, "cdf '" + cdfText + "' is below the previous " +
                    BigDecimal.valueOf(cdf.getLast()).stripTrailingZeros().toPlainString() +
                    "; a CDF never decreases");
            }
            sizes.add(size);
            cdf.add(p);
        }
        if (sizes.isEmpty())
        {
            throw new ScenarioError(Origin.ofFile(name), field, "has no points; each line is bytes,cdf, such as " +
                "10000,0.15, ending with cdf 1");
        }
        if (cdf.getLast() != 1.0)
        {
            throw new ScenarioError(Origin.ofLine(name, lastLine), field, "the last cdf is '" +
                BigDecimal.valueOf(cdf.getLast()).stripTrailingZeros().toPlainString() + "'; a CDF must end at exactly 1");
        }
        if (sizes.getLast() <= 0)
        {
            throw new ScenarioError(Origin.ofLine(name, lastLine), field, "the largest size is 0; flows need at least 1 byte");
        }
        return new FlowSizeCdf(name, sizes.stream().mapToLong(Long::longValue).toArray(),
            cdf.stream().mapToDouble(Double::doubleValue).toArray());
    }

    public String name()
    {
        return name;
    }

    /** The mean of the piecewise-linear distribution, bytes. */
    public double meanBytes()
    {
        double mean = cdf[0] * sizes[0];
        for (int i = 1; i < sizes.length; i++)
        {
            mean += (sizes[i - 1] + sizes[i]) / 2.0 * (cdf[i] - cdf[i - 1]);
        }
        return mean;
    }

    /** One size drawn from the distribution, whole bytes rounded down, at least 1. */
    public long sample(final SeededRandom random)
    {
        return sizeAt(random.nextDouble());
    }

    /** The size at quantile {@code u} in [0, 1): inverse of the piecewise-linear CDF. */
    long sizeAt(final double u)
    {
        if (u < cdf[0])
        {
            return Math.max(1, sizes[0]);
        }
        int lo = 1;
        int hi = sizes.length - 1;
        while (lo < hi)
        {
            final int mid = (lo + hi) >>> 1;
            if (cdf[mid] > u)
            {
                hi = mid;
            }
            else
            {
                lo = mid + 1;
            }
        }
        final int i = lo;
        if (0 == i)
        {
            return Math.max(1, sizes[0]);
        }
        final double x = sizes[i - 1] + (sizes[i] - sizes[i - 1]) * ((u - cdf[i - 1]) / (cdf[i] - cdf[i - 1]));
        return Math.max(1, Math.min(sizes[i], (long)Math.floor(x)));
    }
}
