package dev.ccsilicon.hdl;

/** Direction of a port or a stream, seen from the block. */
public enum Direction
{
    IN,
    OUT
}
