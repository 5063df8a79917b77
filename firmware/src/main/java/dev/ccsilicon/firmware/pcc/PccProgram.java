package dev.ccsilicon.firmware.pcc;

/**
 * The Java twin of a firmware program: the same entry points over the same word layouts
 * ({@link PccAbi}), as the functional reference the compiled program is checked against.
 */
public interface PccProgram
{
    String name();

    /** doca_pcc_dev_user_init: declares parameters (defaults into {@code slots}); returns the disable-event mask. */
    int init(PccSlots slots);

    /** doca_pcc_dev_user_algo for one event. */
    void algo(PccSlots slots, int[] ctx, int[] event, int attr, int[] results);
}
