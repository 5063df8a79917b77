package dev.ccsilicon.hdl;

import java.util.List;

/**
 * A valid/ready channel of a block. For an {@link Direction#IN} stream the driver owns valid and
 * the data ports and the block owns ready; for an {@link Direction#OUT} stream the block owns valid
 * and data and the driver owns ready.
 */
public record StreamSpec(String name, Direction direction, String validPort, String readyPort, List<String> dataPorts)
{
    public StreamSpec
    {
        dataPorts = List.copyOf(dataPorts);
    }

    public static StreamSpec in(final String name, final String valid, final String ready, final String... data)
    {
        return new StreamSpec(name, Direction.IN, valid, ready, List.of(data));
    }

    public static StreamSpec out(final String name, final String valid, final String ready, final String... data)
    {
        return new StreamSpec(name, Direction.OUT, valid, ready, List.of(data));
    }
}
