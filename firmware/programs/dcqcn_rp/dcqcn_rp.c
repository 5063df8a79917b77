/*
 * dcqcn_rp: the DCQCN reaction point (seed 004 §3.1, Eq. (1)-(4), Fig. 7) as a PCC program, the
 * analogue of DOCA's built-in slot-15 algorithm.
 *
 * Formats are the dcqcn_rp hardware block's (next-blocks §c.2/§c.3, DcqcnRpMath): rates u24 in
 * Δ_R = 156.25 kb/s, α UQ1.15 (32768 = 1.0), g16 = g·2^16, T and BC u8 saturating, and the same
 * rounding (cut floor, α decay ceiling, average round half up). Profile "paper" with the block's
 * defaults: α updated after the cut, Fig. 7's post-increment compare, HAI adds i·R_HAI and halves
 * the timer period and the byte budget.
 *
 * DOCA has no timer event, so by default the two timers (increase T_inc, alpha K) are LAZY: at
 * each event of the flow every expiry due at or before the event's timestamp runs first, in
 * (deadline, increase-before-alpha) order, exactly as the block's exact timers would have fired.
 * With param timer_mode = 1 the program instead arms the flow's one EXTENSION timer at the earlier
 * of the two deadlines and runs the due expiries on the TIMER event (for the three-way check).
 * The byte counter B is fed from TX events' sent_32bytes.
 */
#include "ccsilicon_pcc.h"

enum {
    P_RATE_LINE = 0, P_RATE_MIN = 1, P_RATE_AI = 2, P_RATE_HAI = 3, P_G16 = 4, P_F = 5, P_T_INC_NS = 6, P_K_NS = 7,
    P_BYTES = 8, P_MIN_CUT_GAP_NS = 9, P_ALPHA_INIT = 10, P_TIMER_MODE = 11, P_MAX_CATCHUP = 12, NUM_PARAMS = 13
};
enum {
    C_CUT = 0, C_CUT_HELD = 1, C_FR = 2, C_AI = 3, C_HAI = 4, C_BYTE_INC = 5, C_TIMER_INC = 6, C_ALPHA_DECAY = 7,
    C_REMOVED = 8, C_DROPPED = 9, C_STALE = 10, C_IDLE_RESET = 11, NUM_COUNTERS = 12
};
/* Result codes: the block's (DcqcnRpUpdate) where it has one; 14 is ours. Increases are
 * 16 | bytes << 3 | removed << 2 | branch. */
enum {
    RES_CNP_CUT = 0, RES_TX = 3, RES_ALPHA = 4, RES_ALPHA_STOP = 6, RES_STALE = 12, RES_IGNORED = 13, RES_CNP_HELD = 14,
    RES_NONE = 15, RES_INCREASE = 16, RES_BYTES_BIT = 8, RES_REMOVE_BIT = 4
};
enum { BR_FR = 1, BR_AI = 2, BR_HAI = 3 };

/* The 48-byte context, all twelve words. Zero = a flow not seen yet. */
struct dcqcn_ctx {
    uint32_t rc;             /* Rc, u24 Δ_R */
    uint32_t rt;             /* Rt, u24 Δ_R */
    uint32_t alpha;          /* α, UQ1.15 */
    uint32_t t_cnt;          /* T, u8 saturating */
    uint32_t bc_cnt;         /* BC, u8 saturating */
    int32_t bc_rem;          /* bytes left to the next byte-counter expiry */
    uint32_t inc_deadline;   /* increase timer (ns), live while limited */
    uint32_t alpha_deadline; /* alpha timer (ns), live while F_ALPHA_RUN */
    uint32_t last_cut;       /* timestamp of the last cut (ns) */
    uint32_t flags;
    uint32_t armed;          /* timer_mode: the deadline of the armed EXTENSION timer */
    uint32_t last_ts;        /* timestamp of the flow's previous event */
};
#define F_SEEN 1u
#define F_LIMITED 2u
#define F_ALPHA_RUN 4u
#define F_CUT 8u
#define F_ARMED 16u
#define ALPHA_ONE 32768u
/* A flow idle this long has recovered fully (limiter gone, α decayed to 0) for any sane timers;
 * past it the 32-bit signed deadline arithmetic would no longer hold. */
#define IDLE_NS (1u << 30)
#define RATE_MASK 0xffffffu

void doca_pcc_dev_user_init(uint32_t *disable_event_bitmask)
{
    struct doca_pcc_dev_algo_meta_data meta = { 0x004, 1, 0, 0, 0 };
    doca_pcc_dev_algo_init_metadata(0, &meta, NUM_PARAMS, NUM_COUNTERS);
    doca_pcc_dev_algo_init_param(0, P_RATE_LINE, 640000, RATE_MASK, 1, 1, 0, 0);   /* 100 Gb/s */
    doca_pcc_dev_algo_init_param(0, P_RATE_MIN, 640, RATE_MASK, 0, 1, 0, 0);       /* 100 Mb/s */
    doca_pcc_dev_algo_init_param(0, P_RATE_AI, 32, RATE_MASK, 0, 1, 0, 0);         /* 5 Mb/s */
    doca_pcc_dev_algo_init_param(0, P_RATE_HAI, 320, RATE_MASK, 0, 1, 0, 0);       /* 50 Mb/s */
    doca_pcc_dev_algo_init_param(0, P_G16, 320, 0xffff, 0, 1, 0, 0);               /* g = 5/1024 */
    doca_pcc_dev_algo_init_param(0, P_F, 5, 15, 0, 1, 0, 0);
    doca_pcc_dev_algo_init_param(0, P_T_INC_NS, 300000, IDLE_NS >> 4, 2, 1, 0, 0);
    doca_pcc_dev_algo_init_param(0, P_K_NS, 55000, IDLE_NS >> 4, 1, 1, 0, 0);
    doca_pcc_dev_algo_init_param(0, P_BYTES, 32767, 0x7ffffff, 2, 1, 0, 0);
    doca_pcc_dev_algo_init_param(0, P_MIN_CUT_GAP_NS, 4000, IDLE_NS, 0, 1, 0, 0);
    doca_pcc_dev_algo_init_param(0, P_ALPHA_INIT, ALPHA_ONE, ALPHA_ONE, 0, 1, 0, 0);
    doca_pcc_dev_algo_init_param(0, P_TIMER_MODE, 0, 1, 0, 1, 0, 0);
    doca_pcc_dev_algo_init_param(0, P_MAX_CATCHUP, 64, 0xffff, 1, 1, 0, 0);
    for (uint32_t c = 0; c < NUM_COUNTERS; c++)
        doca_pcc_dev_algo_init_counter(0, c, 0xffffffffu, 1, 0, 0);
    for (uint32_t port = 0; port < DOCA_PCC_DEV_MAX_NUM_PORTS; port++)
        doca_pcc_dev_init_algo_slot(port, 0, 0, 1);
    /* CNPs cut, TX bursts feed the byte counter (and carry the lazy timers); nothing else is used. */
    *disable_event_bitmask = (1u << DOCA_PCC_DEV_EVNT_ROCE_ACK) | (1u << DOCA_PCC_DEV_EVNT_ROCE_NACK)
                           | (1u << DOCA_PCC_DEV_EVNT_RTT);
}

static uint32_t inc8(uint32_t v) { return v >= 255 ? 255 : v + 1; }
static uint32_t min32(uint32_t a, uint32_t b) { return a < b ? a : b; }

/* Fig. 7's two decisions: max(T, BC) < F is fast recovery, min(T, BC) > F hyper increase, else additive. */
static uint32_t branch(uint32_t t, uint32_t bc, uint32_t f)
{
    if ((t > bc ? t : bc) < f)
        return BR_FR;
    return min32(t, bc) > f ? BR_HAI : BR_AI;
}

/* INCREASE: Eq. (3) fast recovery, Eq. (4) additive, or hyper (Rt += i·R_HAI, i = min(T, BC) − F). */
static uint32_t increase(struct dcqcn_ctx *s, const uint32_t *p, uint32_t *counters, uint32_t br, uint32_t min_count,
                         uint32_t bytes_bit)
{
    uint64_t target = s->rt;
    if (br == BR_AI) {
        target += p[P_RATE_AI];
        if (target > p[P_RATE_LINE])
            target = p[P_RATE_LINE];
        counters[C_AI]++;
    } else if (br == BR_HAI) {
        target += (uint64_t)(min_count - p[P_F]) * p[P_RATE_HAI];
        if (target > p[P_RATE_LINE])
            target = p[P_RATE_LINE];
        counters[C_HAI]++;
    } else {
        counters[C_FR]++;
    }
    s->rt = (uint32_t)target;
    s->rc = (s->rt + s->rc + 1) >> 1;
    uint32_t code = RES_INCREASE | bytes_bit | br;
    if (s->rc >= p[P_RATE_LINE]) {
        s->flags &= ~F_LIMITED;
        counters[C_REMOVED]++;
        code |= RES_REMOVE_BIT;
    }
    return code;
}

/* The increase timer expired (Fig. 7: T++ then INCREASE); it re-arms a period after its deadline. */
static uint32_t on_inc_timer(struct dcqcn_ctx *s, const uint32_t *p, uint32_t *counters)
{
    const uint32_t t1 = inc8(s->t_cnt);
    const uint32_t br = branch(t1, s->bc_cnt, p[P_F]);
    s->inc_deadline += br == BR_HAI ? p[P_T_INC_NS] >> 1 : p[P_T_INC_NS];
    s->t_cnt = t1;
    counters[C_TIMER_INC]++;
    return increase(s, p, counters, br, min32(t1, s->bc_cnt), 0);
}

/* The alpha timer expired: Eq. (2) with a ceiling so α reaches 0, where the timer stops. */
static uint32_t on_alpha_timer(struct dcqcn_ctx *s, const uint32_t *p, uint32_t *counters)
{
    s->alpha -= (s->alpha * p[P_G16] + 0xffffu) >> 16;
    counters[C_ALPHA_DECAY]++;
    if (s->alpha == 0) {
        s->flags &= ~F_ALPHA_RUN;
        return RES_ALPHA_STOP;
    }
    s->alpha_deadline += p[P_K_NS];
    return RES_ALPHA;
}

/*
 * Runs every expiry due at or before now, earliest first, the increase timer first on a tie (the
 * block's timer id order). At most max_catchup of them; the rest are dropped and their timers
 * restart a period from now, so one event after a long idle costs a bounded number of steps.
 */
static uint32_t catch_up(struct dcqcn_ctx *s, const uint32_t *p, uint32_t *counters, uint32_t now, uint32_t *steps)
{
    uint32_t code = RES_NONE;
    uint32_t n = 0;
    for (;;) {
        const uint32_t inc_due = (s->flags & F_LIMITED) && (int32_t)(now - s->inc_deadline) >= 0;
        const uint32_t alpha_due = (s->flags & F_ALPHA_RUN) && (int32_t)(now - s->alpha_deadline) >= 0;
        if (!inc_due && !alpha_due)
            break;
        if (n == p[P_MAX_CATCHUP]) {
            if (inc_due)
                s->inc_deadline = now + p[P_T_INC_NS];
            if (alpha_due)
                s->alpha_deadline = now + p[P_K_NS];
            counters[C_DROPPED]++;
            break;
        }
        if (inc_due && (!alpha_due || (int32_t)(s->alpha_deadline - s->inc_deadline) >= 0))
            code = on_inc_timer(s, p, counters);
        else
            code = on_alpha_timer(s, p, counters);
        n++;
    }
    *steps = n;
    return code;
}

/* Eq. (1): Rt = Rc, Rc = max(R_min, Rc·(1 − α/2)) with the old α, then α = (1 − g)α + g; Fig. 7's reset. */
static uint32_t on_cnp(struct dcqcn_ctx *s, const uint32_t *p, uint32_t *counters, uint32_t now)
{
    if ((s->flags & F_CUT) && now - s->last_cut < p[P_MIN_CUT_GAP_NS]) {
        counters[C_CUT_HELD]++;
        return RES_CNP_HELD;
    }
    const uint32_t cur = (s->flags & F_LIMITED) ? s->rc : p[P_RATE_LINE];
    const uint32_t a = s->alpha;
    uint32_t cut = cur - (uint32_t)(((uint64_t)cur * a) >> 16);
    if (cut < p[P_RATE_MIN])
        cut = p[P_RATE_MIN];
    s->rt = cur;
    s->rc = cut;
    s->alpha = a - ((a * p[P_G16]) >> 16) + (p[P_G16] >> 1);
    s->t_cnt = 0;
    s->bc_cnt = 0;
    s->bc_rem = (int32_t)p[P_BYTES];
    s->inc_deadline = now + p[P_T_INC_NS];
    s->alpha_deadline = now + p[P_K_NS];
    s->last_cut = now;
    s->flags |= F_LIMITED | F_ALPHA_RUN | F_CUT;
    counters[C_CUT]++;
    return RES_CNP_CUT;
}

/* The byte counter counts down on TX bursts; at zero, BC++ then INCREASE (the overshoot is dropped). */
static uint32_t on_tx(struct dcqcn_ctx *s, const uint32_t *p, uint32_t *counters, const doca_pcc_dev_event_t *event)
{
    const uint32_t bytes = (doca_pcc_dev_get_roce_tx_cntrs(event) & 0xffffu) << 5;
    const int32_t rem = s->bc_rem - (int32_t)bytes;
    if (rem > 0) {
        s->bc_rem = rem;
        return RES_TX;
    }
    const uint32_t bc1 = inc8(s->bc_cnt);
    const uint32_t br = branch(s->t_cnt, bc1, p[P_F]);
    s->bc_cnt = bc1;
    s->bc_rem = (int32_t)(br == BR_HAI ? p[P_BYTES] >> 1 : p[P_BYTES]);
    counters[C_BYTE_INC]++;
    return increase(s, p, counters, br, min32(s->t_cnt, bc1), RES_BYTES_BIT);
}

static uint32_t fxp20(uint32_t rate, uint32_t rate_line)
{
    uint64_t f = ((uint64_t)rate << DOCA_PCC_DEV_LOG_MAX_RATE) / rate_line;
    if (f > DOCA_PCC_DEV_MAX_RATE)
        return DOCA_PCC_DEV_MAX_RATE;
    return f == 0 ? 1 : (uint32_t)f;
}

void doca_pcc_dev_user_algo(doca_pcc_dev_algo_ctxt_t *algo_ctxt, doca_pcc_dev_event_t *event,
                            const doca_pcc_dev_attr_t *attr, doca_pcc_dev_results_t *results)
{
    doca_pcc_dev_event_general_attr_t ev = doca_pcc_dev_get_ev_attr(event);
    const uint32_t *p = doca_pcc_dev_get_algo_params(ev.port_num, attr->algo_slot);
    uint32_t *counters = doca_pcc_dev_get_counters(ev.port_num, attr->algo_slot);
    struct dcqcn_ctx *s = (struct dcqcn_ctx *)algo_ctxt->data;
    const uint32_t now = doca_pcc_dev_get_timestamp(event);
    const uint32_t timer_mode = p[P_TIMER_MODE];
    uint32_t code = RES_NONE;
    uint32_t steps = 0;

    results->timer_req = CCS_PCC_TIMER_NONE;
    results->probe_req = 0;
    if (!(s->flags & F_SEEN)) {
        s->rc = p[P_RATE_LINE];
        s->rt = p[P_RATE_LINE];
        s->alpha = p[P_ALPHA_INIT];
        s->flags = F_SEEN;
    } else if (now - s->last_ts >= IDLE_NS) {
        s->flags &= ~F_CUT;
        if (!timer_mode) {
            if (s->flags & F_ALPHA_RUN)
                s->alpha = 0;
            s->flags &= ~(F_LIMITED | F_ALPHA_RUN);
            counters[C_IDLE_RESET]++;
        }
    }
    s->last_ts = now;
    /* Most events belong to flows with no live timer: skip the call. */
    if (!timer_mode && (s->flags & (F_LIMITED | F_ALPHA_RUN)))
        code = catch_up(s, p, counters, now, &steps);

    if (ev.ev_type == DOCA_PCC_DEV_EVNT_ROCE_CNP) {
        code = on_cnp(s, p, counters, now);
    } else if (ev.ev_type == DOCA_PCC_DEV_EVNT_ROCE_TX) {
        if (s->flags & F_LIMITED)
            code = on_tx(s, p, counters, event);
        else if (steps == 0)
            code = RES_IGNORED;
    } else if (ev.ev_type == CCS_PCC_EVNT_TIMER) {
        const uint32_t d = ccs_pcc_get_timer_deadline(event);
        if (!timer_mode || !(s->flags & F_ARMED) || d != s->armed) {
            counters[C_STALE]++;
            code = RES_STALE;
        } else {
            s->flags &= ~F_ARMED;
            code = catch_up(s, p, counters, d, &steps);
        }
    }

    if (timer_mode) {
        /* One EXTENSION timer per flow: keep it at the earlier live deadline. */
        uint32_t want = 0;
        uint32_t live = 0;
        if (s->flags & F_LIMITED) {
            want = s->inc_deadline;
            live = 1;
        }
        if ((s->flags & F_ALPHA_RUN) && (!live || (int32_t)(s->alpha_deadline - want) < 0)) {
            want = s->alpha_deadline;
            live = 1;
        }
        if (live && (!(s->flags & F_ARMED) || s->armed != want)) {
            s->armed = want;
            s->flags |= F_ARMED;
            results->timer_req = CCS_PCC_TIMER_ARM;
            results->timer_deadline = want;
        } else if (!live && (s->flags & F_ARMED)) {
            s->flags &= ~F_ARMED;
            results->timer_req = CCS_PCC_TIMER_CANCEL;
        }
    }

    const uint32_t limited = s->flags & F_LIMITED;
    results->native_rate = limited ? s->rc : p[P_RATE_LINE];
    results->cause = code | (limited ? CCS_PCC_CAUSE_LIMITER : 0) | (steps << 16);
    results->rate = limited ? fxp20(s->rc, p[P_RATE_LINE]) : DOCA_PCC_DEV_MAX_RATE;
}
