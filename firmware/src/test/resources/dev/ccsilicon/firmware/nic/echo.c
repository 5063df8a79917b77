/*
 * echo: a test program for the NIC runtime. It shows the runtime what the handler saw: the attr
 * word (rate), the event's general attr word (native_rate), the microsecond timer (cause), the
 * flow's event count (probe_type_slot) and its TX counters (probe_req). Event word 11 is a test
 * hook: the handler spins that many iterations, so a test controls how long it runs. FW events
 * (type 1) are disabled.
 */
#include "ccsilicon_pcc.h"

void doca_pcc_dev_user_init(uint32_t *disable_event_bitmask)
{
    *disable_event_bitmask = 1u << DOCA_PCC_DEV_EVNT_FW;
}

void doca_pcc_dev_user_algo(doca_pcc_dev_algo_ctxt_t *algo_ctxt, doca_pcc_dev_event_t *event,
                            const doca_pcc_dev_attr_t *attr, doca_pcc_dev_results_t *results)
{
    volatile uint32_t sink = 0;
    for (uint32_t i = 0; i < event->w[11]; i++)
        sink += i;
    algo_ctxt->data[0] += 1;
    algo_ctxt->data[1] = doca_pcc_dev_get_sn(event);
    results->rate = attr->algo_slot | (uint32_t)attr->overload << 4;
    results->native_rate = doca_pcc_dev_get_ev_attr(event).raw;
    results->cause = doca_pcc_dev_get_timer_lo();
    results->probe_type_slot = algo_ctxt->data[0];
    results->probe_req = doca_pcc_dev_get_roce_tx_cntrs(event);
    results->timer_req = CCS_PCC_TIMER_NONE;
    results->reserved = sink;
}
