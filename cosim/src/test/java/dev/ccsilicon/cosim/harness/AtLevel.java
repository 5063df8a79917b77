package dev.ccsilicon.cosim.harness;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The level a concrete {@link LevelSuite} runs at; read by the suite and by {@link LevelDisplayNames}. */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface AtLevel
{
    Level value();
}
