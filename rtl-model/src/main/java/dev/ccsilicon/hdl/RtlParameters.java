package dev.ccsilicon.hdl;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The RTL parameters a configuration record declares with {@link RtlParameter}: one generic mapping
 * from a record to its parameter values ({@link #of}) and back ({@link #config}), instead of the
 * same names written twice per block. Values are {@code int}, {@code long}, {@code boolean} or an
 * enum, whose RTL value is its ordinal (declare the constants in the RTL's encoding order).
 * Reflection runs once per build of a design, never per cycle.
 */
public final class RtlParameters
{
    private RtlParameters()
    {
    }

    /** The RTL name of a record component: its {@link RtlParameter#value()} or {@code numQps} -> {@code NumQps}. */
    public static String rtlName(final RecordComponent component)
    {
        final RtlParameter p = component.getAnnotation(RtlParameter.class);
        if (p != null && !p.value().isEmpty())
        {
            return p.value();
        }
        final String n = component.getName();
        return Character.toUpperCase(n.charAt(0)) + n.substring(1);
    }

    /** The parameters of {@code config}, RTL name to value, in record component order. */
    public static Map<String, Object> of(final Record config)
    {
        final Map<String, Object> result = new LinkedHashMap<>();
        for (final RecordComponent c : config.getClass().getRecordComponents())
        {
            if (c.isAnnotationPresent(RtlParameter.class))
            {
                final Object v = value(c, config);
                result.put(rtlName(c), v instanceof final Enum<?> e ? e.ordinal() : v);
            }
        }
        return result;
    }

    /**
     * The configuration a set of RTL parameter values describes: each {@link RtlParameter} component
     * from {@code parameters} when present there, every other component from {@code defaults}.
     *
     * @param parameters RTL name to value, as text (Verilator's {@code -G} values; decimal or {@code 0x} hex).
     * @param defaults   the configuration that supplies what {@code parameters} does not.
     */
    @SuppressWarnings("unchecked")
    public static <R extends Record> R config(final Map<String, String> parameters, final R defaults)
    {
        final Class<R> type = (Class<R>)defaults.getClass();
        final RecordComponent[] components = type.getRecordComponents();
        final Class<?>[] types = new Class<?>[components.length];
        final Object[] args = new Object[components.length];
        for (int i = 0; i < components.length; i++)
        {
            final RecordComponent c = components[i];
            types[i] = c.getType();
            final String text = c.isAnnotationPresent(RtlParameter.class) ? parameters.get(rtlName(c)) : null;
            args[i] = text == null ? value(c, defaults) : parse(c, text);
        }
        try
        {
            final Constructor<R> constructor = type.getDeclaredConstructor(types);
            constructor.setAccessible(true);
            return constructor.newInstance(args);
        }
        catch (final InvocationTargetException e)
        {
            if (e.getCause() instanceof final RuntimeException r)
            {
                throw r;
            }
            throw new IllegalStateException(e.getCause());
        }
        catch (final ReflectiveOperationException e)
        {
            throw new IllegalStateException(type.getName() + ": no canonical constructor", e);
        }
    }

    private static Object parse(final RecordComponent c, final String text)
    {
        final Class<?> t = c.getType();
        if (t == int.class)
        {
            return Integer.decode(text);
        }
        if (t == long.class)
        {
            return Long.decode(text);
        }
        if (t == boolean.class)
        {
            return "1".equals(text) || Boolean.parseBoolean(text);
        }
        if (t.isEnum())
        {
            final Object[] constants = t.getEnumConstants();
            final int ordinal = Integer.decode(text);
            if (ordinal < 0 || ordinal >= constants.length)
            {
                throw new IllegalArgumentException(c.getName() + ": " + text + " is not an ordinal of " + t.getSimpleName());
            }
            return constants[ordinal];
        }
        throw new IllegalArgumentException(c.getName() + ": RTL parameters must be int, long, boolean or an enum, not " + t);
    }

    private static Object value(final RecordComponent c, final Record r)
    {
        try
        {
            final var accessor = c.getAccessor();
            accessor.setAccessible(true);
            return accessor.invoke(r);
        }
        catch (final ReflectiveOperationException e)
        {
            throw new IllegalStateException(e);
        }
    }
}
