/*
 * rtt_aimd: RTT-probe AIMD in the shape of DOCA's RTT template (shared/specs/firmware.md §1.8),
 * ccsilicon's own code.
 *
 * - A new flow (rate 0 in a zeroed context) starts at line rate and asks for a probe.
 * - TX bursts drive the probe cadence: a probe is requested (results.probe_req) when none is
 *   outstanding and either probe_bursts bursts went by or the last measured RTT elapsed since the
 *   last request. A burst flagged RTT_REQ_SENT starts the probe's clock. A probe not answered
 *   within abort_ns << abort_cnt is abandoned, abort_cnt grows (back-off) and a new one is asked.
 * - An RTT event gives rtt = (event time − req_send) − (resp_send − req_recv): the round trip on
 *   the sender's clock minus the responder's turnaround on its own clock, so the two clocks need
 *   no common origin; every difference is 32-bit unsigned, so the ns wrap cancels.
 *   rtt > target: rate × (1 − md) (× (1 − 2 md) at or above max_delay); rtt <= target: rate + ai,
 *   unless a CNP or NACK arrived since the last sample (hold). Rate in [min_rate, 1.0] fxp20.
 * - CNP: rate × (1 − cnp_md). NACK: rate × (1 − nack_md) and abort_cnt + 1.
 */
#include "ccsilicon_pcc.h"

enum {
    P_TARGET_RTT_NS = 0, P_AI = 1, P_MD = 2, P_PROBE_BURSTS = 3, P_MIN_RATE = 4, P_CNP_MD = 5, P_NACK_MD = 6,
    P_ABORT_NS = 7, P_MAX_DELAY_NS = 8, NUM_PARAMS = 9
};
enum {
    C_TX = 0, C_RTT = 1, C_PROBE_REQ = 2, C_PROBE_ABORT = 3, C_AI = 4, C_MD = 5, C_HOLD = 6, C_CNP = 7, C_NACK = 8,
    NUM_COUNTERS = 9
};
enum {
    RES_TX = 0, RES_PROBE_REQ = 1, RES_PROBE_SENT = 2, RES_PROBE_ABORT = 3, RES_AI = 4, RES_MD = 5, RES_MD_MAX_DELAY = 6,
    RES_HOLD = 7, RES_CNP_CUT = 8, RES_NACK_BACKOFF = 9, RES_NONE = 15
};
#define CAUSE_NEW_FLOW (1u << 9)

/* The 48-byte context, seven words used. rate 0 = a new flow. */
struct aimd_ctx {
    uint32_t rate;      /* fxp20 fraction of line rate */
    uint32_t probe_ts;  /* when the outstanding probe left (RTT_REQ_SENT burst) */
    uint32_t rtt;       /* last sample (ns), 0 before the first */
    uint32_t flags;
    uint32_t abort_cnt; /* probe timeout is abort_ns << abort_cnt */
    uint32_t bursts;    /* TX bursts since the last probe request */
    uint32_t req_ts;    /* when the last probe was requested */
};
#define F_REQUESTED 1u /* asked for, not seen leaving yet */
#define F_IN_FLIGHT 2u /* left, no response yet */
#define F_CNP 4u       /* a CNP since the last sample */
#define F_NACK 8u      /* a NACK since the last sample */
#define ABORT_MAX 10u
#define ONE_FXP16 65536u

void doca_pcc_dev_user_init(uint32_t *disable_event_bitmask)
{
    struct doca_pcc_dev_algo_meta_data meta = { 0x101, 1, 0, 0, 0 };
    doca_pcc_dev_algo_init_metadata(0, &meta, NUM_PARAMS, NUM_COUNTERS);
    doca_pcc_dev_algo_init_param(0, P_TARGET_RTT_NS, 13000, 0x7fffffff, 1, 1, 0, 0);
    doca_pcc_dev_algo_init_param(0, P_AI, 52429, DOCA_PCC_DEV_MAX_RATE, 0, 1, 0, 0); /* 5 % of line, fxp20 */
    doca_pcc_dev_algo_init_param(0, P_MD, 6554, ONE_FXP16 / 2, 0, 1, 0, 0);          /* 10 %, fxp16 */
    doca_pcc_dev_algo_init_param(0, P_PROBE_BURSTS, 8, 0xffffffffu, 1, 1, 0, 0);
    doca_pcc_dev_algo_init_param(0, P_MIN_RATE, 64, DOCA_PCC_DEV_MAX_RATE, 1, 1, 0, 0);
    doca_pcc_dev_algo_init_param(0, P_CNP_MD, 13107, ONE_FXP16, 0, 1, 0, 0);        /* 20 % */
    doca_pcc_dev_algo_init_param(0, P_NACK_MD, 32768, ONE_FXP16, 0, 1, 0, 0);       /* 50 % */
    doca_pcc_dev_algo_init_param(0, P_ABORT_NS, 300000, 0x3fffff, 1, 1, 0, 0);
    doca_pcc_dev_algo_init_param(0, P_MAX_DELAY_NS, 150000, 0x7fffffff, 1, 1, 0, 0);
    for (uint32_t c = 0; c < NUM_COUNTERS; c++)
        doca_pcc_dev_algo_init_counter(0, c, 0xffffffffu, 1, 0, 0);
    for (uint32_t port = 0; port < DOCA_PCC_DEV_MAX_NUM_PORTS; port++)
        doca_pcc_dev_init_algo_slot(port, 0, 0, 1);
    /* As the template: ACKs never reach the algorithm. */
    *disable_event_bitmask = 1u << DOCA_PCC_DEV_EVNT_ROCE_ACK;
}

/* rate × (1 − md), md in fxp16, not below min_rate. */
static uint32_t cut(uint32_t rate, uint32_t md, uint32_t min_rate)
{
    const uint32_t r = doca_pcc_dev_fxp_mult(rate, ONE_FXP16 - md);
    return r < min_rate ? min_rate : r;
}

static void request_probe(struct aimd_ctx *s, uint32_t now, doca_pcc_dev_results_t *results, uint32_t *counters)
{
    s->flags = (s->flags & ~F_IN_FLIGHT) | F_REQUESTED;
    s->req_ts = now;
    s->bursts = 0;
    results->probe_req = 1;
    counters[C_PROBE_REQ]++;
}

static uint32_t on_tx(struct aimd_ctx *s, const uint32_t *p, uint32_t *counters, uint32_t now, uint32_t ev_flags,
                      doca_pcc_dev_results_t *results)
{
    counters[C_TX]++;
    s->bursts++;
    if ((ev_flags & DOCA_PCC_DEV_TX_FLAG_RTT_REQ_SENT) && (s->flags & F_REQUESTED)) {
        s->flags = (s->flags & ~F_REQUESTED) | F_IN_FLIGHT;
        s->probe_ts = now;
        return RES_PROBE_SENT;
    }
    if (s->flags & (F_REQUESTED | F_IN_FLIGHT)) {
        const uint32_t since = now - ((s->flags & F_IN_FLIGHT) ? s->probe_ts : s->req_ts);
        if (since > p[P_ABORT_NS] << s->abort_cnt) {
            if (s->abort_cnt < ABORT_MAX)
                s->abort_cnt++;
            counters[C_PROBE_ABORT]++;
            request_probe(s, now, results, counters);
            return RES_PROBE_ABORT;
        }
        return RES_TX;
    }
    if (s->bursts >= p[P_PROBE_BURSTS] || (s->rtt != 0 && now - s->req_ts >= s->rtt)) {
        request_probe(s, now, results, counters);
        return RES_PROBE_REQ;
    }
    return RES_TX;
}

static uint32_t on_rtt(struct aimd_ctx *s, const uint32_t *p, uint32_t *counters, uint32_t now,
                       const doca_pcc_dev_event_t *event)
{
    const uint32_t total = now - doca_pcc_dev_get_rtt_req_send_timestamp(event);
    const uint32_t turnaround = doca_pcc_dev_get_rtt_resp_send_timestamp(event) - doca_pcc_dev_get_rtt_req_recv_timestamp(event);
    const uint32_t rtt = total > turnaround ? total - turnaround : 1;
    uint32_t res;
    counters[C_RTT]++;
    s->rtt = rtt;
    s->abort_cnt = 0;
    if (rtt > p[P_TARGET_RTT_NS]) {
        uint32_t md = p[P_MD];
        res = RES_MD;
        if (rtt >= p[P_MAX_DELAY_NS]) {
            md = md << 1 > ONE_FXP16 ? ONE_FXP16 : md << 1;
            res = RES_MD_MAX_DELAY;
        }
        s->rate = cut(s->rate, md, p[P_MIN_RATE]);
        counters[C_MD]++;
    } else if (s->flags & (F_CNP | F_NACK)) {
        res = RES_HOLD;
        counters[C_HOLD]++;
    } else {
        s->rate += p[P_AI];
        if (s->rate > DOCA_PCC_DEV_MAX_RATE)
            s->rate = DOCA_PCC_DEV_MAX_RATE;
        res = RES_AI;
        counters[C_AI]++;
    }
    s->flags &= ~(F_REQUESTED | F_IN_FLIGHT | F_CNP | F_NACK);
    return res;
}

void doca_pcc_dev_user_algo(doca_pcc_dev_algo_ctxt_t *algo_ctxt, doca_pcc_dev_event_t *event,
                            const doca_pcc_dev_attr_t *attr, doca_pcc_dev_results_t *results)
{
    doca_pcc_dev_event_general_attr_t ev = doca_pcc_dev_get_ev_attr(event);
    const uint32_t *p = doca_pcc_dev_get_algo_params(ev.port_num, attr->algo_slot);
    uint32_t *counters = doca_pcc_dev_get_counters(ev.port_num, attr->algo_slot);
    struct aimd_ctx *s = (struct aimd_ctx *)algo_ctxt->data;
    const uint32_t now = doca_pcc_dev_get_timestamp(event);
    uint32_t cause = RES_NONE;
    uint32_t fresh = 0;

    results->timer_req = CCS_PCC_TIMER_NONE;
    results->probe_req = 0;
    results->probe_type_slot = 0;
    if (s->rate == 0) {
        s->rate = DOCA_PCC_DEV_MAX_RATE;
        request_probe(s, now, results, counters);
        fresh = CAUSE_NEW_FLOW;
    }
    if (ev.ev_type == DOCA_PCC_DEV_EVNT_ROCE_TX) {
        cause = on_tx(s, p, counters, now, ev.flags, results);
    } else if (ev.ev_type == DOCA_PCC_DEV_EVNT_RTT) {
        cause = on_rtt(s, p, counters, now, event);
    } else if (ev.ev_type == DOCA_PCC_DEV_EVNT_ROCE_CNP) {
        s->rate = cut(s->rate, p[P_CNP_MD], p[P_MIN_RATE]);
        s->flags |= F_CNP;
        counters[C_CNP]++;
        cause = RES_CNP_CUT;
    } else if (ev.ev_type == DOCA_PCC_DEV_EVNT_ROCE_NACK) {
        s->rate = cut(s->rate, p[P_NACK_MD], p[P_MIN_RATE]);
        s->flags |= F_NACK;
        if (s->abort_cnt < ABORT_MAX)
            s->abort_cnt++;
        counters[C_NACK]++;
        cause = RES_NACK_BACKOFF;
    }
    results->rate = s->rate;
    results->native_rate = s->rate;
    results->cause = cause | fresh;
}
