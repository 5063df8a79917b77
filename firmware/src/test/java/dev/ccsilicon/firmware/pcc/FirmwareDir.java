package dev.ccsilicon.firmware.pcc;

import java.nio.file.Path;

/** The firmware module directory (tests run in it under Maven; from the root otherwise). */
public final class FirmwareDir
{
    private FirmwareDir()
    {
    }

    public static Path get()
    {
        return FirmwarePrograms.directory();
    }

    public static Path elf(final String source, final ProgramBuild.Target t)
    {
        return ProgramBuild.elfOf(get(), source, t);
    }

    /** clang and lld are prerequisites of the suite (./ccsilicon test installs them). */
    public static String requireClang()
    {
        return ProgramBuild.clangVersion().orElseThrow(() -> new AssertionError(
            "clang and lld are required to rebuild firmware in tests: ./ccsilicon test installs them as root, "
                + "or run: sudo apt-get install -y --no-install-recommends clang lld"));
    }
}
