/* Stand-ins for the device compilers (nvcc, clang) in unit tests: shell
 * scripts written where the test says. */
#ifndef KPERF_TEST_STAND_IN_H
#define KPERF_TEST_STAND_IN_H

#include <stdio.h>
#include <sys/stat.h>

#include "check.h"

static void write_script(const char *path, const char *body) {
  FILE *f = fopen(path, "w");
  CHECK(f != NULL);
  if (!f)
    return;
  fprintf(f, "#!/bin/sh\n%s", body);
  fclose(f);
  chmod(path, 0700);
}

#endif
