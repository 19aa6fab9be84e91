/* What the front end found, as remarks (the plugin's verbose mode). */
#ifndef KPERF_INVENTORY_H
#define KPERF_INVENTORY_H

#include "kperf/finding.h"
#include "kperf/model.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One remark per kernel and one per launch, with check id "kperf-model". */
void kp_inventory(const kp_module *m, kp_findings *out);

/* One remark (check id "kperf-model") per kernel that an analysis limit
 * kept from being analysed (kp_kernel.not_analysed), naming the limit. */
void kp_limits_report(const kp_module *m, kp_findings *out);

/* Writes "(x, y, z)" into buf, each component a number or, when it is not a
 * constant, its spelling in quotes; or "'spelling' (not a constant)" when even
 * the shape is unknown. */
void kp_format_dim3(const kp_dim3 *d, char *buf, size_t len);

#ifdef __cplusplus
}
#endif
#endif
