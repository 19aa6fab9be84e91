/* 16 processes open the GPU database at the same moment and query it; all
 * must succeed.  usage: test_gpudb_concurrency DB [processes] */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kperf/gpu.h"
#include "kperf/occupancy.h"

static int count_fact(const kp_fact *f, void *user) {
  (void)f;
  ++*(int *)user;
  return 0;
}

static int child(const char *path, int round) {
  char err[1024];
  for (int i = 0; i < 20; i++) {
    kp_gpudb *db = kp_gpudb_open(path, err, sizeof err);
    if (!db) {
      fprintf(stderr, "child %d: %s\n", round, err);
      return 1;
    }
    kp_gpu g;
    int nfacts = 0;
    kp_gpu_summary *s = NULL;
    size_t n = 0;
    kp_occ_input in;
    kp_occ_result r;
    kp_occ_input_init(&in);
    in.block_threads = 256;
    in.regs_per_thread = 32;
    if (kp_gpudb_find(db, "h100", &g, err, sizeof err) != 0 || g.sm_count != 132 ||
        kp_occupancy(&g, &in, &r, err, sizeof err) != 0 || r.active_blocks_per_sm != 8 ||
        kp_gpudb_for_arch(db, "sm_80", &g, err, sizeof err) != 0 || strcmp(g.id, "a100") != 0 ||
        kp_gpudb_list(db, &s, &n, err, sizeof err) != 0 || n < 15 ||
        kp_gpudb_facts(db, "rtx3090", count_fact, &nfacts, err, sizeof err) != 0 ||
        nfacts < 60) {
      fprintf(stderr, "child %d: query failed: %s\n", round, err);
      free(s);
      kp_gpudb_close(db);
      return 1;
    }
    free(s);
    kp_gpudb_close(db);
  }
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s DB [processes]\n", argv[0]);
    return 2;
  }
  int nproc = argc > 2 ? atoi(argv[2]) : 16;
  int gate[2];
  if (pipe(gate) != 0) {
    perror("pipe");
    return 1;
  }
  pid_t pids[256];
  for (int i = 0; i < nproc && i < 256; i++) {
    pids[i] = fork();
    if (pids[i] < 0) {
      perror("fork");
      return 1;
    }
    if (pids[i] == 0) {
      char c;
      close(gate[1]);
      /* Wait until the parent opens the gate, so that all start together. */
      if (read(gate[0], &c, 1) < 0)
        _exit(1);
      _exit(child(argv[1], i));
    }
  }
  close(gate[0]);
  close(gate[1]); /* EOF releases every child at once */
  int failed = 0;
  for (int i = 0; i < nproc && i < 256; i++) {
    int st;
    if (waitpid(pids[i], &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0)
      failed++;
  }
  printf("%d passed, %d failed\n", nproc - failed, failed);
  return failed ? 1 : 0;
}
