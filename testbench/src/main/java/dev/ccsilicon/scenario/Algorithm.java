package dev.ccsilicon.scenario;

/** The congestion-control algorithm a scenario runs, by its name in the file. */
public enum Algorithm
{
    /** No congestion control: senders send at their demand; only PFC and drops limit them. */
    NONE("none"),
    /** RoCC (seed 000): fair-rate blocks in the switches, reaction points in the NICs. */
    ROCC("rocc");

    private final String fileName;

    Algorithm(final String fileName)
    {
        this.fileName = fileName;
    }

    /** The name as written in a scenario file. */
    public String fileName()
    {
        return fileName;
    }

    /** The algorithm of that file name, or null. */
    public static Algorithm ofFileName(final String name)
    {
        for (final Algorithm algorithm : values())
        {
            if (algorithm.fileName.equals(name))
            {
                return algorithm;
            }
        }
        return null;
    }

    /** "none or rocc", for messages. */
    public static String allowed()
    {
        final StringBuilder sb = new StringBuilder();
        final Algorithm[] all = values();
        for (int i = 0; i < all.length; i++)
        {
            if (i > 0)
            {
                sb.append(i == all.length - 1 ? " or " : ", ");
            }
            sb.append(all[i].fileName);
        }
        return sb.toString();
    }
}
