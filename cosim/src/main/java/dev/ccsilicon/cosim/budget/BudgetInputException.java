package dev.ccsilicon.cosim.budget;

/**
 * A target or algorithm the budget cannot be computed for: one line naming the option, the value
 * and the allowed range (SPEC §3: exit 2).
 */
public final class BudgetInputException extends IllegalArgumentException
{
    private static final long serialVersionUID = 1L;

    private final String option;

    public BudgetInputException(final String option, final String value, final String allowed)
    {
        super(option + " " + value + ": allowed " + allowed);
        this.option = option;
    }

    public String option()
    {
        return option;
    }
}
