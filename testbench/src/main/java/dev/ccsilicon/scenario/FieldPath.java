package dev.ccsilicon.scenario;

/**
 * Field paths as errors print them and {@code --set} reads them: {@code flows[1].demand},
 * {@code switch.rocc.profiles.10Gbps.q_ref}. A key that contains a dot or a bracket, such as the
 * profile key {@code 2.5Gbps}, is written in brackets: {@code switch.rocc.profiles[2.5Gbps]}.
 */
public final class FieldPath
{
    private FieldPath()
    {
    }

    public static String key(final String parent, final String key)
    {
        if (key.indexOf('.') >= 0 || key.indexOf('[') >= 0 || key.indexOf(']') >= 0 || key.isEmpty() ||
            isIndex(key))
        {
            return parent + "[" + key + "]";
        }
        return parent.isEmpty() ? key : parent + "." + key;
    }

    public static String index(final String parent, final int index)
    {
        return parent + "[" + index + "]";
    }

    public static boolean isIndex(final String text)
    {
        if (text.isEmpty() || text.length() > 9)
        {
            return false;
        }
        for (int i = 0; i < text.length(); i++)
        {
            if (text.charAt(i) < '0' || text.charAt(i) > '9')
            {
                return false;
            }
        }
        return true;
    }
}
