package dev.ccsilicon.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

import picocli.CommandLine;

/** The version from the jar's Maven descriptor, so it never drifts from the build's version. */
final class VersionProvider implements CommandLine.IVersionProvider
{
    static final String DESCRIPTOR = "/META-INF/maven/dev.ccsilicon/cli/pom.properties";

    @Override
    public String[] getVersion()
    {
        return new String[] {"ccsilicon " + version(), "Java " + Runtime.version()};
    }

    static String version()
    {
        try (InputStream in = VersionProvider.class.getResourceAsStream(DESCRIPTOR))
        {
            if (null != in)
            {
                final Properties properties = new Properties();
                properties.load(in);
                return properties.getProperty("version", "unknown");
            }
        }
        catch (final IOException ignore)
        {
            // Fall through: a version is not worth failing for.
        }
        return "development build (classes, not a jar)";
    }
}
