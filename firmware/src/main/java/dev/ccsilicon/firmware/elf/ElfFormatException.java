package dev.ccsilicon.firmware.elf;

/** A file that is not a RISC-V executable the emulator can load; names the field, value and what is allowed. */
public final class ElfFormatException extends IllegalArgumentException
{
    private static final long serialVersionUID = 1L;

    public ElfFormatException(final String source, final String field, final String value, final String allowed)
    {
        super(source + ": " + field + " is " + value + "; expected " + allowed);
    }
}
