package dev.ccsilicon.firmware.report;

/**
 * The program a report ran: its name, executable bytes, context bytes it used (4 × the context
 * words ever non-zero after a handler; DOCA allows 48) and the compiler its sidecar names.
 */
public record ProgramInfo(String name, String elf, long textBytes, int contextBytesUsed, String compiler, int disableMask)
{
}
