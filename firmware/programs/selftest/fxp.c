/* Known result: recip(2.0) + log2(4.0) + pow2(1.0) = 0.5 + 2.0 + 2.0 in Q16.16 = 0x48000. */
#include "ccsilicon_pcc.h"
int main(void)
{
    volatile uint32_t two = 0x20000, four = 0x40000, one = 0x10000;
    return (int)(doca_pcc_dev_fxp_recip(two) + doca_pcc_dev_fxp_log2(four) + doca_pcc_dev_fxp_power2(one));
}
