package dev.ccsilicon.hdl;

/** What every array primitive declares about itself: its owner, name, kind and shape. */
abstract class AbstractMemory implements Memory
{
    protected final Component owner;
    protected final String name;
    protected final int depth;
    protected final int width;
    private final Kind kind;

    AbstractMemory(final Component owner, final String name, final Kind kind, final int depth, final int width)
    {
        this.owner = owner;
        this.name = name;
        this.kind = kind;
        this.depth = depth;
        this.width = width;
    }

    @Override
    public final Kind kind()
    {
        return kind;
    }

    @Override
    public final int depth()
    {
        return depth;
    }

    @Override
    public final int width()
    {
        return width;
    }

    @Override
    public final String name()
    {
        return name;
    }

    @Override
    public final Component owner()
    {
        return owner;
    }
}
