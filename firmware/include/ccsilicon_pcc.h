/*
 * ccsilicon_pcc.h: the device-side interface a congestion-control program is written against when
 * it runs on ccsilicon's firmware emulator.
 *
 * Shaped like NVIDIA's DOCA PCC device API so an algorithm written to that API ports by
 * recompiling: the same entry points, getter names, 48-byte per-flow context, fxp20 rate result,
 * parameters/counters per algorithm slot and an init hook that returns a disable-event mask. This
 * file is ccsilicon's own work; every layout below is OURS (little-endian, see docs/firmware.md),
 * so a program must use the getters, never the raw words.
 *
 * Two ccsilicon extensions are marked "EXTENSION"; they exist only so a program can be checked
 * bit-exactly against a hardware block: a TIMER event (0x20) and native result words
 * (native_rate, cause, timer request).
 */
#ifndef CCSILICON_PCC_H
#define CCSILICON_PCC_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- event types (DOCA numbering) ------------------------------------------------------------ */
typedef enum {
    DOCA_PCC_DEV_EVNT_NULL = 0,
    DOCA_PCC_DEV_EVNT_FW = 1,
    DOCA_PCC_DEV_EVNT_ROCE_CNP = 2,
    DOCA_PCC_DEV_EVNT_ROCE_TX = 3,
    DOCA_PCC_DEV_EVNT_ROCE_ACK = 4,
    DOCA_PCC_DEV_EVNT_ROCE_NACK = 5,
    DOCA_PCC_DEV_EVNT_RTT = 6,
    DOCA_PCC_DEV_EVNT_ROCE_TX_FOR_ACK_NACK = 31,
    /* EXTENSION: a per-flow timer armed through the results' timer request fired. */
    CCS_PCC_EVNT_TIMER = 0x20,
} doca_pcc_dev_event_type_enum;

#define DOCA_PCC_DEV_TX_FLAG_ACK_EXPECTED (1u << 0)
#define DOCA_PCC_DEV_TX_FLAG_OVERLOADED (1u << 1)
#define DOCA_PCC_DEV_TX_FLAG_RTT_REQ_SENT (1u << 2)
#define DOCA_PCC_DEV_TX_FLAG_IS_REQUESTOR (1u << 5)

#define DOCA_PCC_DEV_NACK_SUBTYPE_RNR 1
#define DOCA_PCC_DEV_NACK_SUBTYPE_OOS 2
#define DOCA_PCC_DEV_NACK_SUBTYPE_DUP_READ 3

#define DOCA_PCC_DEV_LOG_MAX_RATE 20
#define DOCA_PCC_DEV_MAX_RATE (1u << DOCA_PCC_DEV_LOG_MAX_RATE)
#define DOCA_PCC_DEV_DEFAULT_RATE ((DOCA_PCC_DEV_MAX_RATE >> 8) > 1 ? (DOCA_PCC_DEV_MAX_RATE >> 8) : 1)
#define DOCA_PCC_DEV_MAX_NUM_USER_SLOTS 8
#define DOCA_PCC_DEV_MAX_NUM_ALGOS 8
#define DOCA_PCC_DEV_MAX_NUM_PORTS 4
#define DOCA_PCC_DEV_MAX_NUM_PARAMS_PER_ALGO 0x2C
#define DOCA_PCC_DEV_MAX_NUM_COUNTERS_PER_ALGO 0x3F

typedef enum { DOCA_PCC_DEV_STATUS_OK = 0, DOCA_PCC_DEV_STATUS_FAIL = 1 } doca_pcc_dev_error_t;

/* ---- structures handed to the algorithm ------------------------------------------------------ */

/* 48 bytes of per-flow state; zero when the flow is created, restored on every event. */
typedef struct { uint32_t data[12]; } doca_pcc_dev_algo_ctxt_t;

/* First word of every event: type, subtype, port and flags, one byte each (ours: byte 0 = type). */
typedef union {
    struct { uint8_t ev_type; uint8_t ev_subtype; uint8_t port_num; uint8_t flags; };
    uint32_t raw;
} doca_pcc_dev_event_general_attr_t;

/*
 * The event buffer the emulator fills (64 bytes, OUR layout, little-endian):
 *   w[0] general attr   w[1] flow_tag   w[2] sn   w[3] timestamp (ns, wraps at 32 bits)
 *   w[4..7] per-type: CNP/ACK/NACK {first_timestamp, first_sn, num_coalesced, -}
 *                     TX {first_timestamp, sent_32bytes | sent_pkts << 16, flow_qpn, -}
 *                     RTT {req_send, req_recv, resp_send, -}
 *                     TIMER (EXTENSION) {timer deadline, -, -, -}
 *   w[8..9] EXTENSION, CNP only: the CNP's payload words (RoCC: fair rate F, congestion point id)
 *   w[10] vhca_id   w[11..15] reserved
 */
typedef struct { uint32_t w[16]; } doca_pcc_dev_event_t;

typedef struct {
    uint32_t algo_slot : 4;
    uint32_t overload : 1;
    uint32_t reserved : 27;
} doca_pcc_dev_attr_t;

/* What the algorithm returns; rate is the fraction of line rate in fxp20, (0, 1 << 20]. */
typedef struct {
    uint32_t rate;
    union { uint32_t rtt_req; uint32_t probe_req; };
    uint32_t probe_type_slot;
    /* EXTENSION: the algorithm's own rate (e.g. RoCC's U24 in 10 Mb/s units), so a cross-check
     * compares the algorithm's numbers rather than a lossy fxp20 conversion. */
    uint32_t native_rate;
    /* EXTENSION: the algorithm's result code in bits 7:0; CCS_PCC_CAUSE_LIMITER if still limited. */
    uint32_t cause;
    /* EXTENSION (TIMER): CCS_PCC_TIMER_ARM with timer_deadline, CCS_PCC_TIMER_CANCEL, or 0. */
    uint32_t timer_req;
    uint32_t timer_deadline;
    uint32_t reserved;
} doca_pcc_dev_results_t;

#define CCS_PCC_CAUSE_LIMITER (1u << 8)
#define CCS_PCC_TIMER_NONE 0u
#define CCS_PCC_TIMER_ARM 1u
#define CCS_PCC_TIMER_CANCEL 2u

/* ---- getters: the only supported way to read an event ---------------------------------------- */
static inline doca_pcc_dev_event_general_attr_t doca_pcc_dev_get_ev_attr(const doca_pcc_dev_event_t *e)
{
    doca_pcc_dev_event_general_attr_t a;
    a.raw = e->w[0];
    return a;
}
static inline uint32_t doca_pcc_dev_get_flowtag(const doca_pcc_dev_event_t *e) { return e->w[1]; }
static inline uint32_t doca_pcc_dev_get_sn(const doca_pcc_dev_event_t *e) { return e->w[2]; }
static inline uint32_t doca_pcc_dev_get_timestamp(const doca_pcc_dev_event_t *e) { return e->w[3]; }
static inline uint32_t doca_pcc_dev_get_roce_first_timestamp(const doca_pcc_dev_event_t *e) { return e->w[4]; }
static inline uint32_t doca_pcc_dev_get_roce_ack_first_sn(const doca_pcc_dev_event_t *e) { return e->w[5]; }
static inline uint32_t doca_pcc_dev_get_ack_nack_cnp_extra(const doca_pcc_dev_event_t *e) { return e->w[6]; }
static inline uint32_t doca_pcc_dev_get_roce_tx_cntrs(const doca_pcc_dev_event_t *e) { return e->w[5]; }
static inline uint32_t doca_pcc_dev_get_flow_qpn(const doca_pcc_dev_event_t *e) { return e->w[6]; }
static inline uint32_t doca_pcc_dev_get_rtt_req_send_timestamp(const doca_pcc_dev_event_t *e) { return e->w[4]; }
static inline uint32_t doca_pcc_dev_get_rtt_req_recv_timestamp(const doca_pcc_dev_event_t *e) { return e->w[5]; }
static inline uint32_t doca_pcc_dev_get_rtt_resp_send_timestamp(const doca_pcc_dev_event_t *e) { return e->w[6]; }
static inline uint32_t doca_pcc_dev_get_vhca_id(const doca_pcc_dev_event_t *e) { return e->w[10]; }
/* EXTENSION getters. */
static inline uint32_t ccs_pcc_get_timer_deadline(const doca_pcc_dev_event_t *e) { return e->w[4]; }
static inline uint32_t ccs_pcc_get_cnp_payload(const doca_pcc_dev_event_t *e, uint32_t i) { return e->w[8 + (i & 1)]; }

/* ---- fixed point ------------------------------------------------------------------------------ */
#define doca_pcc_dev_mult(a, b) ((uint64_t)(a) * (uint64_t)(b))
#define doca_pcc_dev_fxp_mult(a, b) ((uint32_t)((doca_pcc_dev_mult((a), (b)) >> 16) & 0xffffffffu))
#define doca_pcc_dev_fls(a) (32 - __builtin_clz(a))

/*
 * The three fixed-point unit operations, as R-type instructions on the CUSTOM-0 opcode (0x0b),
 * funct3 0, funct7 0/1/2, rs2 = x0. Semantics are ccsilicon's (the vendor's encoding and rounding
 * are not public): operands and results are 32-bit Q16.16, results sign-extended on RV64.
 *   recip(x) = floor(2^32 / x), 0xffffffff when x <= 1
 *   log2(x)  = floor(65536 * log2(x / 65536)) (signed), 0x80000000 when x = 0
 *   pow2(x)  = floor(65536 * 2^(x / 65536)) for signed x, 0xffffffff when it does not fit
 */
static inline uint32_t ccs_fxp_op_recip(uint32_t x)
{
    uint32_t r;
    __asm__ volatile(".insn r 0x0b, 0, 0, %0, %1, x0" : "=r"(r) : "r"(x));
    return r;
}
static inline uint32_t ccs_fxp_op_log2(uint32_t x)
{
    uint32_t r;
    __asm__ volatile(".insn r 0x0b, 0, 1, %0, %1, x0" : "=r"(r) : "r"(x));
    return r;
}
static inline uint32_t ccs_fxp_op_pow2(uint32_t x)
{
    uint32_t r;
    __asm__ volatile(".insn r 0x0b, 0, 2, %0, %1, x0" : "=r"(r) : "r"(x));
    return r;
}
#define doca_pcc_dev_fxp_recip(a) ccs_fxp_op_recip(a)
#define doca_pcc_dev_fxp_log2(a) ccs_fxp_op_log2(a)
#define doca_pcc_dev_fxp_power2(a) ccs_fxp_op_pow2(a)

/* ---- services ---------------------------------------------------------------------------------- */
static inline uint32_t doca_pcc_dev_thread_rank(void)
{
    unsigned long h;
    __asm__ volatile("csrr %0, mhartid" : "=r"(h));
    return (uint32_t)h;
}
/* Microsecond tick, from the emulator's timer register (an MMIO read: it costs what MMIO costs). */
#define CCS_PCC_MMIO_TIMER_US 0x00020000u
static inline uint32_t doca_pcc_dev_get_timer_lo(void) { return *(volatile uint32_t *)(uintptr_t)CCS_PCC_MMIO_TIMER_US; }
static inline void doca_pcc_dev_fence_all(void) { __asm__ volatile("fence rw, rw" ::: "memory"); }
static inline void doca_pcc_dev_fence_memory(void) { __asm__ volatile("fence rw, rw" ::: "memory"); }

/* ---- parameters, counters, metadata (runtime.c) ---------------------------------------------- */
struct doca_pcc_dev_algo_meta_data {
    uint32_t algo_id;
    uint32_t algo_major_version;
    uint32_t algo_minor_version;
    uint32_t algo_desc_size;
    uint64_t algo_desc_addr;
};
doca_pcc_dev_error_t doca_pcc_dev_algo_init_metadata(uint32_t algo_idx, const struct doca_pcc_dev_algo_meta_data *user_def,
                                                     uint32_t param_num, uint32_t counter_num);
doca_pcc_dev_error_t doca_pcc_dev_algo_init_param(uint32_t algo_idx, uint32_t param_id, uint32_t default_value,
                                                  uint32_t max_value, uint32_t min_value, uint32_t permissions,
                                                  uint32_t param_desc_size, uint64_t param_desc_addr);
doca_pcc_dev_error_t doca_pcc_dev_algo_init_counter(uint32_t algo_idx, uint32_t counter_id, uint32_t max_value,
                                                    uint32_t permissions, uint32_t counter_desc_size,
                                                    uint64_t counter_desc_addr);
doca_pcc_dev_error_t doca_pcc_dev_init_algo_slot(uint32_t port_num, uint32_t algo_slot, uint32_t algo_idx, uint32_t algo_en);
uint32_t *doca_pcc_dev_get_algo_params(uint32_t port_num, uint32_t algo_slot);
uint32_t doca_pcc_dev_get_algo_params_num(uint32_t port_num, uint32_t algo_slot);
uint32_t *doca_pcc_dev_get_counters(uint32_t port_num, uint32_t algo_slot);
uint32_t doca_pcc_dev_get_counters_num(uint32_t port_num, uint32_t algo_slot);
uint32_t doca_pcc_dev_get_algo_index(uint32_t port_num, uint32_t algo_slot);

/* ---- what a program defines ------------------------------------------------------------------- */
void doca_pcc_dev_user_init(uint32_t *disable_event_bitmask);
void doca_pcc_dev_user_algo(doca_pcc_dev_algo_ctxt_t *algo_ctxt, doca_pcc_dev_event_t *event,
                            const doca_pcc_dev_attr_t *attr, doca_pcc_dev_results_t *results);
doca_pcc_dev_error_t doca_pcc_dev_user_set_algo_params(uint32_t port_num, uint32_t algo_slot, uint32_t param_id_base,
                                                       uint32_t param_num, const uint32_t *new_param_values,
                                                       uint32_t *params);

#ifdef __cplusplus
}
#endif
#endif
