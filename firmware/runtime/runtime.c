/* What a freestanding program needs from ccsilicon's "library": parameter and counter tables per
 * port and slot (the emulator reads and writes them by symbol), the metadata calls, and the
 * helpers clang emits calls to on RV32 (64-bit divide) and for struct copies. */
#include <stddef.h>
#include "ccsilicon_pcc.h"

#define SLOTS DOCA_PCC_DEV_MAX_NUM_USER_SLOTS
#define PORTS DOCA_PCC_DEV_MAX_NUM_PORTS
#define NPARAM DOCA_PCC_DEV_MAX_NUM_PARAMS_PER_ALGO
#define NCOUNT DOCA_PCC_DEV_MAX_NUM_COUNTERS_PER_ALGO

uint32_t __ccs_params[PORTS][SLOTS][NPARAM];
uint32_t __ccs_counters[PORTS][SLOTS][NCOUNT];
uint32_t __ccs_param_num[DOCA_PCC_DEV_MAX_NUM_ALGOS];
uint32_t __ccs_counter_num[DOCA_PCC_DEV_MAX_NUM_ALGOS];
uint32_t __ccs_param_default[DOCA_PCC_DEV_MAX_NUM_ALGOS][NPARAM];
uint32_t __ccs_slot_algo[PORTS][SLOTS];

doca_pcc_dev_error_t doca_pcc_dev_algo_init_metadata(uint32_t algo_idx, const struct doca_pcc_dev_algo_meta_data *user_def,
                                                     uint32_t param_num, uint32_t counter_num)
{
    (void)user_def;
    if (algo_idx >= DOCA_PCC_DEV_MAX_NUM_ALGOS || param_num > NPARAM || counter_num > NCOUNT)
        return DOCA_PCC_DEV_STATUS_FAIL;
    __ccs_param_num[algo_idx] = param_num;
    __ccs_counter_num[algo_idx] = counter_num;
    return DOCA_PCC_DEV_STATUS_OK;
}

doca_pcc_dev_error_t doca_pcc_dev_algo_init_param(uint32_t algo_idx, uint32_t param_id, uint32_t default_value,
                                                  uint32_t max_value, uint32_t min_value, uint32_t permissions,
                                                  uint32_t param_desc_size, uint64_t param_desc_addr)
{
    (void)permissions; (void)param_desc_size; (void)param_desc_addr;
    if (algo_idx >= DOCA_PCC_DEV_MAX_NUM_ALGOS || param_id >= NPARAM || default_value > max_value || default_value < min_value)
        return DOCA_PCC_DEV_STATUS_FAIL;
    __ccs_param_default[algo_idx][param_id] = default_value;
    return DOCA_PCC_DEV_STATUS_OK;
}

doca_pcc_dev_error_t doca_pcc_dev_algo_init_counter(uint32_t algo_idx, uint32_t counter_id, uint32_t max_value,
                                                    uint32_t permissions, uint32_t counter_desc_size,
                                                    uint64_t counter_desc_addr)
{
    (void)max_value; (void)permissions; (void)counter_desc_size; (void)counter_desc_addr;
    return algo_idx < DOCA_PCC_DEV_MAX_NUM_ALGOS && counter_id < NCOUNT ? DOCA_PCC_DEV_STATUS_OK : DOCA_PCC_DEV_STATUS_FAIL;
}

/* A slot takes its algorithm's defaults; the emulator may overwrite them afterwards (scenario params). */
doca_pcc_dev_error_t doca_pcc_dev_init_algo_slot(uint32_t port_num, uint32_t algo_slot, uint32_t algo_idx, uint32_t algo_en)
{
    (void)algo_en;
    if (port_num >= PORTS || algo_slot >= SLOTS || algo_idx >= DOCA_PCC_DEV_MAX_NUM_ALGOS)
        return DOCA_PCC_DEV_STATUS_FAIL;
    __ccs_slot_algo[port_num][algo_slot] = algo_idx;
    for (uint32_t i = 0; i < NPARAM; i++)
        __ccs_params[port_num][algo_slot][i] = __ccs_param_default[algo_idx][i];
    return DOCA_PCC_DEV_STATUS_OK;
}

uint32_t *doca_pcc_dev_get_algo_params(uint32_t port_num, uint32_t algo_slot) { return __ccs_params[port_num & (PORTS - 1)][algo_slot & (SLOTS - 1)]; }
uint32_t *doca_pcc_dev_get_counters(uint32_t port_num, uint32_t algo_slot) { return __ccs_counters[port_num & (PORTS - 1)][algo_slot & (SLOTS - 1)]; }
uint32_t doca_pcc_dev_get_algo_index(uint32_t port_num, uint32_t algo_slot) { return __ccs_slot_algo[port_num & (PORTS - 1)][algo_slot & (SLOTS - 1)]; }
uint32_t doca_pcc_dev_get_algo_params_num(uint32_t port_num, uint32_t algo_slot) { return __ccs_param_num[doca_pcc_dev_get_algo_index(port_num, algo_slot)]; }
uint32_t doca_pcc_dev_get_counters_num(uint32_t port_num, uint32_t algo_slot) { return __ccs_counter_num[doca_pcc_dev_get_algo_index(port_num, algo_slot)]; }

/* Default parameter update: accept the new values as they are. Programs may override (weak). */
__attribute__((weak)) doca_pcc_dev_error_t doca_pcc_dev_user_set_algo_params(uint32_t port_num, uint32_t algo_slot,
        uint32_t param_id_base, uint32_t param_num, const uint32_t *new_param_values, uint32_t *params)
{
    (void)port_num; (void)algo_slot;
    for (uint32_t i = 0; i < param_num; i++)
        params[param_id_base + i] = new_param_values[i];
    return DOCA_PCC_DEV_STATUS_OK;
}

void *memset(void *d, int c, size_t n)
{
    unsigned char *p = d;
    while (n--) *p++ = (unsigned char)c;
    return d;
}

void *memcpy(void *d, const void *s, size_t n)
{
    unsigned char *p = d;
    const unsigned char *q = s;
    while (n--) *p++ = *q++;
    return d;
}

#if __riscv_xlen == 32
/* Shift-and-subtract: align the divisor under the dividend's top bit, then one quotient bit per
 * step, so close operands take few steps and none more than 64. No count-leading-zeros builtin:
 * on rv32im without Zbb it would itself be a library call. Division by zero answers as RISC-V's
 * divu does (all ones). */
static uint64_t ccs_udivmod64(uint64_t n, uint64_t d, uint64_t *rem)
{
    if (d == 0) { *rem = n; return ~(uint64_t)0; }
    uint64_t bit = 1, q = 0;
    while (d < n && !(d >> 63)) { d <<= 1; bit <<= 1; }
    while (bit) {
        if (n >= d) { n -= d; q |= bit; }
        d >>= 1;
        bit >>= 1;
    }
    *rem = n;
    return q;
}
uint64_t __udivdi3(uint64_t n, uint64_t d) { uint64_t r; return ccs_udivmod64(n, d, &r); }
uint64_t __umoddi3(uint64_t n, uint64_t d) { uint64_t r; ccs_udivmod64(n, d, &r); return r; }
int64_t __divdi3(int64_t a, int64_t b)
{
    uint64_t r, ua = a < 0 ? -(uint64_t)a : (uint64_t)a, ub = b < 0 ? -(uint64_t)b : (uint64_t)b;
    uint64_t q = ccs_udivmod64(ua, ub, &r);
    return (int64_t)(((a < 0) != (b < 0)) ? -q : q);
}
int64_t __moddi3(int64_t a, int64_t b)
{
    uint64_t r, ua = a < 0 ? -(uint64_t)a : (uint64_t)a, ub = b < 0 ? -(uint64_t)b : (uint64_t)b;
    ccs_udivmod64(ua, ub, &r);
    return (int64_t)(a < 0 ? -r : r);
}
#endif

/* A PCC program has no main: the emulator calls its entry points directly. */
__attribute__((weak)) int main(void) { return 0; }
