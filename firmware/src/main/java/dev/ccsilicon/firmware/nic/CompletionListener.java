package dev.ccsilicon.firmware.nic;

/** Told about every handler call when its hart is free again, in completion order. */
@FunctionalInterface
public interface CompletionListener
{
    /** {@code c} is reused for the next completion: copy what you keep. */
    void completed(Completion c);
}
