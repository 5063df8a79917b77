package dev.ccsilicon.cosim.jverilator;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Finds the repository root that block source paths are relative to: the system property
 * {@code ccsilicon.root}, else the nearest directory at or above the working directory that holds
 * both {@code rtl/} and {@code pom.xml}.
 */
public final class RepoRoot
{
    private RepoRoot()
    {
    }

    public static Path find()
    {
        final String prop = System.getProperty("ccsilicon.root");
        if (prop != null && !prop.isBlank())
        {
            return Path.of(prop).toAbsolutePath().normalize();
        }
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null)
        {
            if (Files.isDirectory(dir.resolve("rtl")) && Files.isRegularFile(dir.resolve("pom.xml")))
            {
                return dir;
            }
            dir = dir.getParent();
        }
        throw new IllegalStateException(
            "cannot find the ccsilicon repository root (a directory with rtl/ and pom.xml) above "
                + Path.of("").toAbsolutePath() + "; set -Dccsilicon.root=DIR");
    }
}
