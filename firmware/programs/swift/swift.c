/*
 * swift: delay-based window congestion control after Swift (Kumar et al., SIGCOMM 2020), written
 * from the published algorithm's outline as ccsilicon's own code, paced as a rate.
 *
 * - Delay samples come from RTT probe responses: delay = (event time − req_send) − (resp_send −
 *   req_recv), the sender-clock round trip minus the responder's turnaround (32-bit unsigned, so
 *   the ns wrap cancels). TX bursts request a probe once per measured delay (or when the last one
 *   timed out).
 * - Target delay = base_target + flow scaling min(fs_range, fs_range / sqrt(cwnd)): a small window
 *   (many flows sharing a bottleneck) tolerates more queueing. sqrt is an integer loop on cwnd's
 *   Q16.16 bits, giving sqrt(cwnd) in Q8.8. (Swift's hop scaling is left out: events carry no hop
 *   count.)
 * - Each RTT sample (one packet's worth) and each ACK (num_coalesced packets) reacts to the last
 *   delay: below target, additive increase ai·n / cwnd (ai·n when cwnd < 1); at or above target,
 *   multiplicative decrease cwnd × max(1 − beta·(delay − target)/delay, 1 − max_mdf), at most once
 *   per delay (one RTT) since the last decrease. A NACK cuts by max_mdf under the same rule.
 * - cwnd in [min_cwnd, max_cwnd]; the pacing rate is cwnd·mtu / delay, as fxp20 of line_mbps, with
 *   64-bit divides (cheap on RV64 with M, a libcall on RV32): the compute-heavy case.
 */
#include "ccsilicon_pcc.h"

enum {
    P_BASE_TARGET_NS = 0, P_FS_RANGE_NS = 1, P_AI = 2, P_BETA = 3, P_MAX_MDF = 4, P_MTU = 5, P_LINE_MBPS = 6,
    P_MIN_CWND = 7, P_MAX_CWND = 8, P_INIT_CWND = 9, P_PROBE_TIMEOUT_NS = 10, NUM_PARAMS = 11
};
enum {
    C_ACK = 0, C_RTT = 1, C_AI = 2, C_MD = 3, C_MD_CAPPED = 4, C_MD_HELD = 5, C_NACK = 6, C_PROBE_REQ = 7,
    NUM_COUNTERS = 8
};
enum {
    RES_TX = 0, RES_PROBE_REQ = 1, RES_AI = 2, RES_MD = 3, RES_MD_CAPPED = 4, RES_MD_HELD = 5, RES_NACK_MD = 6,
    RES_NACK_HELD = 7, RES_ACK_HOLD = 8, RES_NONE = 15
};
#define CAUSE_NEW_FLOW (1u << 9)

/* The 48-byte context, seven words used. cwnd 0 = a new flow. */
struct swift_ctx {
    uint32_t cwnd;     /* packets, Q16.16 */
    uint32_t delay;    /* last delay sample (ns), 0 before the first */
    uint32_t last_dec; /* when the window last decreased */
    uint32_t flags;
    uint32_t req_ts;   /* when the last probe was requested */
    uint32_t target;   /* target delay of the last reaction (ns) */
    uint32_t mbps;     /* pacing rate in Mb/s (saturated at line) */
};
#define F_PROBE 1u     /* a probe is outstanding */
#define F_DECREASED 2u /* last_dec is valid */
#define ONE_Q16 65536u

void doca_pcc_dev_user_init(uint32_t *disable_event_bitmask)
{
    struct doca_pcc_dev_algo_meta_data meta = { 0x102, 1, 0, 0, 0 };
    doca_pcc_dev_algo_init_metadata(0, &meta, NUM_PARAMS, NUM_COUNTERS);
    doca_pcc_dev_algo_init_param(0, P_BASE_TARGET_NS, 20000, 0x7fffffff, 1, 1, 0, 0);
    doca_pcc_dev_algo_init_param(0, P_FS_RANGE_NS, 40000, 0x7fffffff, 0, 1, 0, 0);
    doca_pcc_dev_algo_init_param(0, P_AI, ONE_Q16, 16 * ONE_Q16, 0, 1, 0, 0);         /* 1 packet per RTT */
    doca_pcc_dev_algo_init_param(0, P_BETA, 52429, ONE_Q16, 0, 1, 0, 0);               /* 0.8 */
    doca_pcc_dev_algo_init_param(0, P_MAX_MDF, 32768, ONE_Q16, 0, 1, 0, 0);           /* 0.5 */
    doca_pcc_dev_algo_init_param(0, P_MTU, 4096, 0xffff, 1, 1, 0, 0);
    doca_pcc_dev_algo_init_param(0, P_LINE_MBPS, 100000, 0xffffffffu, 1, 1, 0, 0);
    doca_pcc_dev_algo_init_param(0, P_MIN_CWND, 66, ONE_Q16, 1, 1, 0, 0);            /* 0.001 packet */
    doca_pcc_dev_algo_init_param(0, P_MAX_CWND, 256 * ONE_Q16, 0xffffffffu, 1, 1, 0, 0);
    doca_pcc_dev_algo_init_param(0, P_INIT_CWND, 64 * ONE_Q16, 0xffffffffu, 1, 1, 0, 0);
    doca_pcc_dev_algo_init_param(0, P_PROBE_TIMEOUT_NS, 300000, 0x7fffffff, 1, 1, 0, 0);
    for (uint32_t c = 0; c < NUM_COUNTERS; c++)
        doca_pcc_dev_algo_init_counter(0, c, 0xffffffffu, 1, 0, 0);
    for (uint32_t port = 0; port < DOCA_PCC_DEV_MAX_NUM_PORTS; port++)
        doca_pcc_dev_init_algo_slot(port, 0, 0, 1);
    /* Delay-based: ECN feedback is not used. */
    *disable_event_bitmask = 1u << DOCA_PCC_DEV_EVNT_ROCE_CNP;
}

/* floor(sqrt(x)), bit by bit: 16 rounds, no multiply or divide. */
static uint32_t isqrt32(uint32_t x)
{
    uint32_t r = 0;
    uint32_t bit = 1u << 30;
    while (bit > x)
        bit >>= 2;
    while (bit != 0) {
        if (x >= r + bit) {
            x -= r + bit;
            r = (r >> 1) + bit;
        } else {
            r >>= 1;
        }
        bit >>= 2;
    }
    return r;
}

/* base_target + min(fs_range, fs_range / sqrt(cwnd)), with sqrt(cwnd) in Q8.8. */
static uint32_t target_delay(const uint32_t *p, uint32_t cwnd)
{
    const uint32_t root = isqrt32(cwnd);
    const uint32_t range = p[P_FS_RANGE_NS];
    uint64_t fs = root != 0 ? ((uint64_t)range << 8) / root : range;
    if (fs > range)
        fs = range;
    return p[P_BASE_TARGET_NS] + (uint32_t)fs;
}

static uint32_t may_decrease(const struct swift_ctx *s, uint32_t now)
{
    return !(s->flags & F_DECREASED) || now - s->last_dec >= s->delay;
}

static void decreased(struct swift_ctx *s, uint32_t now)
{
    s->last_dec = now;
    s->flags |= F_DECREASED;
}

/* One reaction to the last delay sample for n packets acknowledged. */
static uint32_t react(struct swift_ctx *s, const uint32_t *p, uint32_t *counters, uint32_t now, uint32_t n)
{
    const uint32_t target = target_delay(p, s->cwnd);
    s->target = target;
    if (s->delay < target) {
        uint64_t add = (uint64_t)p[P_AI] * n;
        if (s->cwnd >= ONE_Q16)
            add = (add << 16) / s->cwnd;
        const uint64_t c = s->cwnd + add;
        s->cwnd = c > 0xffffffffu ? 0xffffffffu : (uint32_t)c;
        counters[C_AI]++;
        return RES_AI;
    }
    if (!may_decrease(s, now)) {
        counters[C_MD_HELD]++;
        return RES_MD_HELD;
    }
    /* beta·(delay − target)/delay in Q16.16, bounded by max_mdf. */
    const uint64_t f = ((uint64_t)p[P_BETA] * (s->delay - target)) / s->delay;
    uint32_t res = RES_MD;
    uint32_t keep;
    if (f >= p[P_MAX_MDF]) {
        keep = ONE_Q16 - p[P_MAX_MDF];
        res = RES_MD_CAPPED;
        counters[C_MD_CAPPED]++;
    } else {
        keep = ONE_Q16 - (uint32_t)f;
    }
    s->cwnd = doca_pcc_dev_fxp_mult(s->cwnd, keep);
    decreased(s, now);
    counters[C_MD]++;
    return res;
}

static uint32_t three_point_rtt(const doca_pcc_dev_event_t *event, uint32_t now)
{
    const uint32_t total = now - doca_pcc_dev_get_rtt_req_send_timestamp(event);
    const uint32_t turnaround = doca_pcc_dev_get_rtt_resp_send_timestamp(event) - doca_pcc_dev_get_rtt_req_recv_timestamp(event);
    return total > turnaround ? total - turnaround : 1;
}

/* cwnd·mtu / rtt as fxp20 of the line rate; *mbps gets the rate in Mb/s, saturated at line. */
static uint32_t to_rate(const uint32_t *p, uint32_t cwnd, uint32_t rtt, uint32_t *mbps)
{
    const uint32_t line = p[P_LINE_MBPS];
    /* Mb/s in Q16: cwnd [packets Q16] × mtu [B] × 8000 / rtt [ns]. */
    const uint64_t q = (uint64_t)cwnd * p[P_MTU] * 8000u / rtt;
    if (q >= (uint64_t)line << 16) {
        *mbps = line;
        return DOCA_PCC_DEV_MAX_RATE;
    }
    *mbps = (uint32_t)(q >> 16);
    const uint32_t r = (uint32_t)((q << 4) / line);
    return r == 0 ? 1 : r;
}

void doca_pcc_dev_user_algo(doca_pcc_dev_algo_ctxt_t *algo_ctxt, doca_pcc_dev_event_t *event,
                            const doca_pcc_dev_attr_t *attr, doca_pcc_dev_results_t *results)
{
    doca_pcc_dev_event_general_attr_t ev = doca_pcc_dev_get_ev_attr(event);
    const uint32_t *p = doca_pcc_dev_get_algo_params(ev.port_num, attr->algo_slot);
    uint32_t *counters = doca_pcc_dev_get_counters(ev.port_num, attr->algo_slot);
    struct swift_ctx *s = (struct swift_ctx *)algo_ctxt->data;
    const uint32_t now = doca_pcc_dev_get_timestamp(event);
    uint32_t cause = RES_NONE;
    uint32_t fresh = 0;

    results->timer_req = CCS_PCC_TIMER_NONE;
    results->probe_req = 0;
    results->probe_type_slot = 0;
    if (s->cwnd == 0) {
        s->cwnd = p[P_INIT_CWND];
        s->flags = F_PROBE;
        s->req_ts = now;
        results->probe_req = 1;
        counters[C_PROBE_REQ]++;
        fresh = CAUSE_NEW_FLOW;
    }
    if (ev.ev_type == DOCA_PCC_DEV_EVNT_ROCE_TX) {
        const uint32_t since = now - s->req_ts;
        cause = RES_TX;
        if ((s->flags & F_PROBE) ? since >= p[P_PROBE_TIMEOUT_NS] : since >= s->delay) {
            s->flags |= F_PROBE;
            s->req_ts = now;
            results->probe_req = 1;
            counters[C_PROBE_REQ]++;
            cause = RES_PROBE_REQ;
        }
    } else if (ev.ev_type == DOCA_PCC_DEV_EVNT_RTT) {
        counters[C_RTT]++;
        s->delay = three_point_rtt(event, now);
        s->flags &= ~F_PROBE;
        cause = react(s, p, counters, now, 1);
    } else if (ev.ev_type == DOCA_PCC_DEV_EVNT_ROCE_ACK) {
        counters[C_ACK]++;
        if (s->delay != 0) {
            const uint32_t n = doca_pcc_dev_get_ack_nack_cnp_extra(event) & 0xffffu;
            cause = react(s, p, counters, now, n != 0 ? n : 1);
        } else {
            cause = RES_ACK_HOLD;
        }
    } else if (ev.ev_type == DOCA_PCC_DEV_EVNT_ROCE_NACK) {
        counters[C_NACK]++;
        if (may_decrease(s, now)) {
            s->cwnd = doca_pcc_dev_fxp_mult(s->cwnd, ONE_Q16 - p[P_MAX_MDF]);
            decreased(s, now);
            cause = RES_NACK_MD;
        } else {
            cause = RES_NACK_HELD;
        }
    }
    if (s->cwnd < p[P_MIN_CWND])
        s->cwnd = p[P_MIN_CWND];
    if (s->cwnd > p[P_MAX_CWND])
        s->cwnd = p[P_MAX_CWND];
    results->rate = to_rate(p, s->cwnd, s->delay != 0 ? s->delay : p[P_BASE_TARGET_NS], &s->mbps);
    results->native_rate = s->mbps;
    results->cause = cause | fresh;
}
