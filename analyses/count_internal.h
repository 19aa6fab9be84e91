/* What count.c and thread_time.c share and nothing else reads.  The public
 * interface is include/kperf/count.h. */
#ifndef KPERF_COUNT_INTERNAL_H
#define KPERF_COUNT_INTERNAL_H

#include "kperf/model.h"

#include <stddef.h>

/* A loop's iteration as a variable of the formulas of the loops inside it
 * ("iteration@ID": 0 on the first iteration), e.g. the bounds of
 * `for (j = i; j < n; j++)` inside a loop over i. */
void kp__count_iteration_name(const kp_loop *l, char *buf, size_t n);

#endif
