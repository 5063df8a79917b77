/*
 * rocc_rp: the RoCC reaction point (seed 000, Algorithm 2) as a PCC program.
 *
 * Decides exactly what the rocc_rp hardware block decides (docs/blocks/rocc_rp.md §3), so the
 * three can be cross-checked event by event:
 *  - CNP: accept if the flow has no limiter yet, or F < R_cur, or F == R_cur (the paper's <=),
 *    or the CNP's congestion point is the current one; on accept R_cur = F, CP_cur = CP and the
 *    recovery timer is (re)armed one period after the CNP.
 *  - TIMER (ccsilicon extension; DOCA has no timer event): the armed deadline fired. With
 *    R_cur >= R_max the limiter goes (line rate), else R_cur = min(2 R_cur, R_max) and the timer
 *    is re-armed one period after the deadline.
 * Rates are U24 in the CNP's 10 Mb/s units; the fxp20 result is R_cur / R_max.
 */
#include "ccsilicon_pcc.h"

enum { P_RATE_MAX = 0, P_RECOVERY_NS = 1, NUM_PARAMS = 2 };
enum { C_ACCEPT = 0, C_REJECT = 1, C_DOUBLE = 2, C_REMOVE = 3, NUM_COUNTERS = 4 };

/* Result codes: the block's upd_cause_o values. */
enum {
    RES_ACCEPT_NEW = 0, RES_ACCEPT_LOWER = 1, RES_ACCEPT_EQUAL = 2, RES_ACCEPT_SAME_CP = 3,
    RES_REJECT = 4, RES_IGNORED = 6, RES_DOUBLE = 7, RES_DOUBLE_CLAMP = 8, RES_REMOVE = 9,
    RES_NONE = 15,
};

/* The 48-byte context, of which four words are used. Zero = a new flow without a limiter. */
struct rocc_ctx {
    uint32_t rate;     /* R_cur, U24 */
    uint32_t cp;       /* CP_cur */
    uint32_t limiter;  /* 1 while the flow is rate limited */
    uint32_t deadline; /* the armed recovery deadline (ns); a TIMER for another one is stale */
};

#define RATE_MASK 0xffffffu

void doca_pcc_dev_user_init(uint32_t *disable_event_bitmask)
{
    struct doca_pcc_dev_algo_meta_data meta = { 0x000, 1, 0, 0, 0 };
    doca_pcc_dev_algo_init_metadata(0, &meta, NUM_PARAMS, NUM_COUNTERS);
    doca_pcc_dev_algo_init_param(0, P_RATE_MAX, 10000, RATE_MASK, 1, 1, 0, 0);
    doca_pcc_dev_algo_init_param(0, P_RECOVERY_NS, 55000, 0xffffffffu, 1, 1, 0, 0);
    for (uint32_t c = 0; c < NUM_COUNTERS; c++)
        doca_pcc_dev_algo_init_counter(0, c, 0xffffffffu, 1, 0, 0);
    for (uint32_t port = 0; port < DOCA_PCC_DEV_MAX_NUM_PORTS; port++)
        doca_pcc_dev_init_algo_slot(port, 0, 0, 1);
    /* RoCC reacts to CNPs (and its timer) only. */
    *disable_event_bitmask = (1u << DOCA_PCC_DEV_EVNT_ROCE_TX) | (1u << DOCA_PCC_DEV_EVNT_ROCE_ACK)
                           | (1u << DOCA_PCC_DEV_EVNT_ROCE_NACK) | (1u << DOCA_PCC_DEV_EVNT_RTT);
}

static uint32_t fxp20(uint32_t rate, uint32_t rate_max)
{
    uint64_t f = ((uint64_t)rate << DOCA_PCC_DEV_LOG_MAX_RATE) / rate_max;
    if (f > DOCA_PCC_DEV_MAX_RATE)
        return DOCA_PCC_DEV_MAX_RATE;
    return f == 0 ? 1 : (uint32_t)f;
}

void doca_pcc_dev_user_algo(doca_pcc_dev_algo_ctxt_t *algo_ctxt, doca_pcc_dev_event_t *event,
                            const doca_pcc_dev_attr_t *attr, doca_pcc_dev_results_t *results)
{
    doca_pcc_dev_event_general_attr_t ev = doca_pcc_dev_get_ev_attr(event);
    const uint32_t *params = doca_pcc_dev_get_algo_params(ev.port_num, attr->algo_slot);
    uint32_t *counters = doca_pcc_dev_get_counters(ev.port_num, attr->algo_slot);
    const uint32_t rate_max = params[P_RATE_MAX];
    const uint32_t recovery = params[P_RECOVERY_NS];
    struct rocc_ctx *s = (struct rocc_ctx *)algo_ctxt->data;
    uint32_t cause;

    results->timer_req = CCS_PCC_TIMER_NONE;
    results->probe_req = 0;
    if (ev.ev_type == DOCA_PCC_DEV_EVNT_ROCE_CNP) {
        const uint32_t f = ccs_pcc_get_cnp_payload(event, 0) & RATE_MASK;
        const uint32_t cp = ccs_pcc_get_cnp_payload(event, 1);
        if (!s->limiter)
            cause = RES_ACCEPT_NEW;
        else if (f < s->rate)
            cause = RES_ACCEPT_LOWER;
        else if (f == s->rate)
            cause = RES_ACCEPT_EQUAL;
        else if (cp == s->cp)
            cause = RES_ACCEPT_SAME_CP;
        else
            cause = RES_REJECT;
        if (cause != RES_REJECT) {
            s->rate = f;
            s->cp = cp;
            s->limiter = 1;
            s->deadline = doca_pcc_dev_get_timestamp(event) + recovery;
            results->timer_req = CCS_PCC_TIMER_ARM;
            results->timer_deadline = s->deadline;
            counters[C_ACCEPT]++;
        } else {
            counters[C_REJECT]++;
        }
    } else if (ev.ev_type == CCS_PCC_EVNT_TIMER) {
        const uint32_t d = ccs_pcc_get_timer_deadline(event);
        if (!s->limiter || d != s->deadline) {
            cause = RES_IGNORED;
        } else if (s->rate >= rate_max) {
            s->limiter = 0;
            results->timer_req = CCS_PCC_TIMER_CANCEL;
            cause = RES_REMOVE;
            counters[C_REMOVE]++;
        } else {
            /* 2 R_cur of a 24-bit rate fits 32 bits: no wrap before the clamp. */
            const uint32_t twice = s->rate << 1;
            cause = twice >= rate_max ? RES_DOUBLE_CLAMP : RES_DOUBLE;
            s->rate = twice >= rate_max ? rate_max : twice;
            s->deadline = d + recovery;
            results->timer_req = CCS_PCC_TIMER_ARM;
            results->timer_deadline = s->deadline;
            counters[C_DOUBLE]++;
        }
    } else {
        cause = RES_NONE;
    }
    results->native_rate = s->rate;
    results->cause = cause | (s->limiter ? CCS_PCC_CAUSE_LIMITER : 0);
    results->rate = s->limiter ? fxp20(s->rate, rate_max) : DOCA_PCC_DEV_MAX_RATE;
}
