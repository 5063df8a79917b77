package dev.ccsilicon.hdl;

/** A state element that is an array (SRAM, TCAM, register file): listed by shape in the resource report. */
public interface Memory extends StateElement
{
    /** Kind of storage the array is built from. */
    enum Kind
    {
        FLOPS, SRAM, TCAM
    }

    Kind kind();

    /** Number of entries. */
    int depth();

    /** Bits per entry (for a TCAM: key width; value and mask are both counted in the bits). */
    int width();
}
