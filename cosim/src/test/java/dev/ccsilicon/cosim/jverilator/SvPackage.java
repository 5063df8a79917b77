package dev.ccsilicon.cosim.jverilator;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The constants, enums and packed structs of one SystemVerilog package ({@code rtl/**}/{@code *_pkg.sv}),
 * read from its text: enough of SV for the packages' own subset (integer localparams whose values are
 * sums, differences and products of literals and earlier localparams; {@code typedef enum logic [..]}
 * with explicit or implicit values; {@code typedef struct packed} of {@code logic [..]} fields). Used
 * by {@code RtlPackagesTest} to check the packages against the Java declarations.
 */
public final class SvPackage
{
    /** A field of a packed struct: bits {@code [lsb + width - 1 : lsb]}. */
    public record Field(String name, int lsb, int width)
    {
    }

    private static final Pattern LOCALPARAM = Pattern.compile(
        "localparam\\s+(?:int\\s+unsigned\\s+|int\\s+|logic\\s*(?:\\[[^\\]]*\\]\\s*)?)?(\\w+)\\s*=\\s*([^;]+);");
    private static final Pattern ENUM = Pattern.compile(
        "typedef\\s+enum\\s+logic\\s*\\[([^\\]]+)\\]\\s*\\{([^}]*)\\}\\s*(\\w+)\\s*;");
    private static final Pattern STRUCT = Pattern.compile("typedef\\s+struct\\s+packed\\s*\\{([^}]*)\\}\\s*(\\w+)\\s*;");
    // A field: logic or an earlier struct type, any number of packed dimensions, a name.
    private static final Pattern STRUCT_FIELD = Pattern.compile("(\\w+)\\s*((?:\\[[^\\]]+\\]\\s*)*)(\\w+)\\s*;");
    private static final Pattern DIM = Pattern.compile("\\[([^\\]]+)\\]");
    private static final Pattern SIZED = Pattern.compile("(\\d+)'([dhb])([0-9a-fA-F_]+)");

    private final String name;
    private final Map<String, Long> constants = new LinkedHashMap<>();
    private final Map<String, Map<String, Long>> enums = new LinkedHashMap<>();
    private final Map<String, Integer> enumWidths = new LinkedHashMap<>();
    private final Map<String, List<Field>> structs = new LinkedHashMap<>();

    private SvPackage(final String name, final String text)
    {
        this.name = name;
        final String code = text.replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("//[^\\n]*", "");
        final Matcher decl = Pattern.compile("package\\s+(\\w+)\\s*;").matcher(code);
        if (!decl.find() || !decl.group(1).equals(name))
        {
            throw new IllegalArgumentException("not the package " + name);
        }
        // Declarations in text order, so a later one may use an earlier one.
        final List<int[]> order = new ArrayList<>();
        for (final Pattern p : List.of(LOCALPARAM, ENUM, STRUCT))
        {
            final Matcher m = p.matcher(code);
            while (m.find())
            {
                order.add(new int[] {m.start(), p == LOCALPARAM ? 0 : p == ENUM ? 1 : 2});
            }
        }
        order.sort((a, b) -> Integer.compare(a[0], b[0]));
        for (final int[] o : order)
        {
            final Matcher m = (o[1] == 0 ? LOCALPARAM : o[1] == 1 ? ENUM : STRUCT).matcher(code);
            if (!m.find(o[0]))
            {
                throw new IllegalStateException();
            }
            if (o[1] == 0)
            {
                constants.put(m.group(1), eval(m.group(2)));
            }
            else if (o[1] == 1)
            {
                parseEnum(m.group(3), m.group(1), m.group(2));
            }
            else
            {
                parseStruct(m.group(2), m.group(1));
            }
        }
    }

    /** The package {@code name} of the repository found by {@link RepoRoot#find()}. */
    public static SvPackage load(final String name)
    {
        final String file = RtlSources.forTop(name).stream().filter(f -> f.endsWith("/" + name + ".sv")).findFirst()
            .orElseThrow();
        try
        {
            return parse(name, Files.readString(RepoRoot.find().resolve(file)));
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(e);
        }
    }

    public static SvPackage parse(final String name, final String text)
    {
        return new SvPackage(name, text);
    }

    public static SvPackage parse(final String name, final Path file) throws IOException
    {
        return parse(name, Files.readString(file));
    }

    public String name()
    {
        return name;
    }

    public long constant(final String constant)
    {
        final Long v = constants.get(constant);
        if (v == null)
        {
            throw new IllegalArgumentException(name + " has no localparam " + constant);
        }
        return v;
    }

    /** Items of enum {@code type} in declaration order, with their values. */
    public Map<String, Long> enumItems(final String type)
    {
        final Map<String, Long> items = enums.get(type);
        if (items == null)
        {
            throw new IllegalArgumentException(name + " has no enum " + type);
        }
        return items;
    }

    public int enumWidth(final String type)
    {
        enumItems(type);
        return enumWidths.get(type);
    }

    /** Fields of packed struct {@code type}, LSB first. */
    public List<Field> structFields(final String type)
    {
        final List<Field> fields = structs.get(type);
        if (fields == null)
        {
            throw new IllegalArgumentException(name + " has no struct " + type);
        }
        return fields;
    }

    public int structWidth(final String type)
    {
        final List<Field> f = structFields(type);
        final Field msb = f.get(f.size() - 1);
        return msb.lsb() + msb.width();
    }

    private void parseEnum(final String type, final String range, final String body)
    {
        final Map<String, Long> items = new LinkedHashMap<>();
        long next = 0;
        for (final String raw : body.split(","))
        {
            final String item = raw.trim();
            if (item.isEmpty())
            {
                continue;
            }
            final int eq = item.indexOf('=');
            final String itemName = (eq < 0 ? item : item.substring(0, eq)).trim();
            final long value = eq < 0 ? next : eval(item.substring(eq + 1));
            items.put(itemName, value);
            constants.put(itemName, value);
            next = value + 1;
        }
        enums.put(type, items);
        enumWidths.put(type, width(range));
    }

    private void parseStruct(final String type, final String body)
    {
        final List<Field> msbFirst = new ArrayList<>();
        final Matcher f = STRUCT_FIELD.matcher(body);
        while (f.find())
        {
            final int base;
            if (f.group(1).equals("logic"))
            {
                base = 1;
            }
            else if (structs.containsKey(f.group(1)))
            {
                base = structWidth(f.group(1));
            }
            else
            {
                continue;
            }
            int w = base;
            final Matcher d = DIM.matcher(f.group(2));
            while (d.find())
            {
                w *= width(d.group(1));
            }
            msbFirst.add(new Field(f.group(3), 0, w));
        }
        final List<Field> fields = new ArrayList<>();
        int lsb = 0;
        for (int i = msbFirst.size() - 1; i >= 0; i--)
        {
            final Field x = msbFirst.get(i);
            fields.add(new Field(x.name(), lsb, x.width()));
            lsb += x.width();
        }
        structs.put(type, List.copyOf(fields));
    }

    /** Width of {@code hi:lo}. */
    private int width(final String range)
    {
        final String[] hl = range.split(":");
        return (int)(eval(hl[0]) - eval(hl[1]) + 1);
    }

    /** Value of an integer expression over literals, localparams, + - * and parentheses. */
    private long eval(final String expr)
    {
        final List<String> tokens = new ArrayList<>();
        final Matcher t = Pattern.compile("\\d+'[dhb][0-9a-fA-F_]+|\\d+|\\w+|[-+*()]").matcher(expr);
        while (t.find())
        {
            tokens.add(t.group());
        }
        final int[] pos = {0};
        final long v = sum(tokens, pos);
        if (pos[0] != tokens.size())
        {
            throw new IllegalArgumentException(name + ": cannot evaluate '" + expr.trim() + "'");
        }
        return v;
    }

    private long sum(final List<String> tokens, final int[] pos)
    {
        long v = product(tokens, pos);
        while (pos[0] < tokens.size() && (tokens.get(pos[0]).equals("+") || tokens.get(pos[0]).equals("-")))
        {
            final boolean plus = tokens.get(pos[0]++).equals("+");
            final long r = product(tokens, pos);
            v = plus ? v + r : v - r;
        }
        return v;
    }

    private long product(final List<String> tokens, final int[] pos)
    {
        long v = atom(tokens, pos);
        while (pos[0] < tokens.size() && tokens.get(pos[0]).equals("*"))
        {
            pos[0]++;
            v *= atom(tokens, pos);
        }
        return v;
    }

    private long atom(final List<String> tokens, final int[] pos)
    {
        final String tok = tokens.get(pos[0]++);
        if (tok.equals("("))
        {
            final long v = sum(tokens, pos);
            pos[0]++;
            return v;
        }
        final Matcher sized = SIZED.matcher(tok);
        if (sized.matches())
        {
            final int radix = switch (sized.group(2))
            {
                case "h" -> 16;
                case "b" -> 2;
                default -> 10;
            };
            return Long.parseLong(sized.group(3).replace("_", ""), radix);
        }
        if (Character.isDigit(tok.charAt(0)))
        {
            return Long.parseLong(tok);
        }
        return constant(tok);
    }
}
