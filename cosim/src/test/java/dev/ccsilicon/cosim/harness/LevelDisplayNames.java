package dev.ccsilicon.cosim.harness;

import org.junit.jupiter.api.DisplayNameGenerator;

import java.lang.reflect.Method;
import java.util.List;

/**
 * Display names that carry the level (SPEC §4.1): {@code [model] resultLatencyIsSramLatencyPlusOne()}
 * and {@code [rtl] resultLatencyIsSramLatencyPlusOne()}, so the two runs of one test are told apart
 * in reports. The level comes from the test class's {@link AtLevel}.
 */
public final class LevelDisplayNames extends DisplayNameGenerator.Standard
{
    @Override
    public String generateDisplayNameForClass(final Class<?> testClass)
    {
        return prefix(testClass) + super.generateDisplayNameForClass(testClass);
    }

    @Override
    public String generateDisplayNameForMethod(final List<Class<?>> enclosingInstanceTypes, final Class<?> testClass, final Method testMethod)
    {
        return prefix(testClass) + super.generateDisplayNameForMethod(enclosingInstanceTypes, testClass, testMethod);
    }

    private static String prefix(final Class<?> testClass)
    {
        final AtLevel level = testClass.getAnnotation(AtLevel.class);
        return level == null ? "" : "[" + level.value().label() + "] ";
    }
}
