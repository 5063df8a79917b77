package dev.ccsilicon.hdl;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a component of a block's configuration record as a parameter of its RTL module, so the
 * record declares its parameters once: {@link RtlParameters} maps {@code numQps} to {@code NumQps}
 * (the RTL's UpperCamelCase) and back, for the co-simulation's build and its inverse.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface RtlParameter
{
    /** The RTL name when it is not the record component's name with its first letter upper-cased. */
    String value() default "";
}
