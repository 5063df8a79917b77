package dev.ccsilicon.firmware.report;

/**
 * The program a report ran: its name, executable bytes, context bytes it used (4 × the context
 * words ever non-zero after a handler; DOCA allows 48), the deepest stack a handler used (bytes, by
 * painting the stacks) and the compiler its sidecar names.
 */
public record ProgramInfo(String name, String elf, long textBytes, int contextBytesUsed, int stackBytesUsed, String compiler,
                          int disableMask)
{
}
