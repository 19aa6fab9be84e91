// Oracle test: kperf's occupancy calculator against NVIDIA's cuda_occupancy.h
// (cudaOccMaxActiveBlocksPerMultiprocessor) on random cases with a fixed seed.
//
// Devices: every GPU of the database with CC >= 3, plus every compute
// capability >= 3 of cc_limits as a one-SM device.  Their cudaOccDeviceProp is
// filled from the same database facts kperf uses.  Two sets of cases:
//   default - a normal launch: default cache config and carveout, no opt-in,
//             one barrier, partitioned global caching off (cudaFuncAttributes
//             conversion of cuda_occupancy.h);
//   options - random carveout, opt-in, partitioned global caching and
//             barrier count.
// Every mismatch (active blocks, limiting factors, or one side failing) is
// printed and fails the test.
// Register counts are drawn from 0..max_regs_per_thread of the compute
// capability (what ptxas can emit for it): cuda_occupancy.h accepts up to 255
// on every CC 3.x, while CC 3.0 allows 63 (kperf reports 0 blocks above that).
//
// usage: test_occupancy_oracle DB [default_cases [option_cases]]
#include <cuda_occupancy.h>

#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "kperf/gpu.h"
#include "kperf/occupancy.h"

namespace {

struct Rng {
  uint64_t s;
  uint64_t next() {  // splitmix64
    uint64_t z = (s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  long long range(long long lo, long long hi) {  // inclusive
    return lo + (long long)(next() % (uint64_t)(hi - lo + 1));
  }
};

struct Device {
  std::string name;
  kp_cc_limits lim;
  int sms;
};

cudaOccDeviceProp make_prop(const Device &d) {
  cudaOccDeviceProp p;
  p.computeMajor = d.lim.cc_major;
  p.computeMinor = d.lim.cc_minor;
  p.maxThreadsPerBlock = d.lim.max_threads_per_block;
  p.maxThreadsPerMultiprocessor = d.lim.max_threads_per_sm;
  p.regsPerBlock = d.lim.regs_per_block;
  p.regsPerMultiprocessor = d.lim.regs_per_sm;
  p.warpSize = d.lim.warp_size;
  p.sharedMemPerBlock = (size_t)d.lim.smem_per_block;
  p.sharedMemPerMultiprocessor = (size_t)d.lim.smem_per_sm;
  p.numSms = d.sms;
  p.sharedMemPerBlockOptin = (size_t)d.lim.smem_per_block_optin;
  p.reservedSharedMemPerBlock =
      d.lim.smem_reserved_per_block > 0 ? (size_t)d.lim.smem_reserved_per_block : 0;
  return p;
}

const char *gc_name(int gc) {
  return gc == 0 ? "off" : gc == 1 ? "on" : "strict";
}

}  // namespace

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s DB [default_cases [option_cases]]\n", argv[0]);
    return 2;
  }
  long long n_default = argc > 2 ? std::atoll(argv[2]) : 20000;
  long long n_options = argc > 3 ? std::atoll(argv[3]) : 10000;
  char err[1024];
  kp_gpudb *db = kp_gpudb_open(argv[1], err, sizeof err);
  if (!db) {
    std::fprintf(stderr, "%s\n", err);
    return 1;
  }

  std::vector<Device> devs;
  kp_gpu_summary *gs = nullptr;
  size_t ng = 0;
  if (kp_gpudb_list(db, &gs, &ng, err, sizeof err) != 0) {
    std::fprintf(stderr, "%s\n", err);
    return 1;
  }
  for (size_t i = 0; i < ng; i++) {
    kp_gpu g;
    if (kp_gpudb_find(db, gs[i].id, &g, err, sizeof err) != 0) {
      std::fprintf(stderr, "%s\n", err);
      return 1;
    }
    /* AMD GPUs follow LLVM's AMDGPU rules (tests/lit/gpu/amd-occupancy.test). */
    if (g.cc_major >= 3 && g.limits.known && !kp_gpu_is_amd(&g))
      devs.push_back({g.id, g.limits, g.sm_count > 0 ? g.sm_count : 1});
  }
  std::free(gs);
  kp_cc_limits *ccs = nullptr;
  size_t ncc = 0;
  if (kp_gpudb_list_cc(db, &ccs, &ncc, err, sizeof err) != 0) {
    std::fprintf(stderr, "%s\n", err);
    return 1;
  }
  for (size_t i = 0; i < ncc; i++)
    if (ccs[i].cc_major >= 3) {
      char nm[32];
      std::snprintf(nm, sizeof nm, "cc%d.%d", ccs[i].cc_major, ccs[i].cc_minor);
      devs.push_back({nm, ccs[i], 1});
    }
  std::free(ccs);
  kp_gpudb_close(db);
  if (devs.empty()) {
    std::fprintf(stderr, "no device with CC >= 3 in the database\n");
    return 1;
  }

  Rng rng{20240611};
  long long cases = 0, mismatches = 0, zero_cases = 0;
  long long per_limiter[6] = {0};
  for (int set = 0; set < 2; set++) {
    long long n = set == 0 ? n_default : n_options;
    for (long long c = 0; c < n; c++) {
      const Device &d = devs[(size_t)rng.range(0, (long long)devs.size() - 1)];
      const kp_cc_limits &L = d.lim;
      kp_occ_input in;
      kp_occ_input_init(&in);
      // Block sizes: mostly valid, some multiples of the warp, a few too large.
      long long pick = rng.range(0, 9);
      if (pick < 6)
        in.block_threads = (int)rng.range(1, L.max_threads_per_block);
      else if (pick < 9)
        in.block_threads = L.warp_size * (int)rng.range(1, L.max_threads_per_block / L.warp_size);
      else
        in.block_threads = (int)rng.range(L.max_threads_per_block + 1, L.max_threads_per_block + 512);
      pick = rng.range(0, 7);
      if (pick == 0)
        in.regs_per_thread = 0;
      else if (pick <= 5)
        in.regs_per_thread = (int)rng.range(1, L.max_regs_per_thread < 64 ? L.max_regs_per_thread : 64);
      else
        in.regs_per_thread = (int)rng.range(1, L.max_regs_per_thread);
      long long top = L.smem_per_block_optin + 4096;
      pick = rng.range(0, 5);
      if (pick == 0)
        in.smem_bytes = 0;
      else if (pick <= 2)
        in.smem_bytes = rng.range(0, 8192);
      else if (pick <= 4)
        in.smem_bytes = rng.range(0, L.smem_per_block);
      else
        in.smem_bytes = rng.range(0, top);
      if (set == 1) {
        in.smem_optin = (int)rng.range(0, 1);
        in.carveout_percent = rng.range(0, 2) == 0 ? -1 : (int)rng.range(0, 100);
        in.barriers = (int)rng.range(0, 4);
        in.partitioned_gc = (kp_occ_gc)rng.range(0, 2);
      }

      // The oracle.
      cudaOccDeviceProp prop = make_prop(d);
      cudaOccFuncAttributes attr;
      attr.maxThreadsPerBlock = L.max_threads_per_block;
      attr.numRegs = in.regs_per_thread;
      attr.sharedSizeBytes = 0;  // all of the block's shared memory is passed as dynamic
      attr.partitionedGCConfig = (cudaOccPartitionedGCConfig)in.partitioned_gc;
      attr.shmemLimitConfig = FUNC_SHMEM_LIMIT_OPTIN;
      attr.maxDynamicSharedSizeBytes =
          (size_t)(in.smem_optin ? L.smem_per_block_optin : L.smem_per_block);
      attr.numBlockBarriers = in.barriers;
      cudaOccDeviceState state;
      state.cacheConfig = CACHE_PREFER_NONE;
      state.carveoutConfig = in.carveout_percent;
      cudaOccResult res;
      std::memset(&res, 0, sizeof res);
      cudaOccError st = cudaOccMaxActiveBlocksPerMultiprocessor(&res, &prop, &attr, &state,
                                                                in.block_threads,
                                                                (size_t)in.smem_bytes);

      kp_occ_result r;
      int rc = kp_occupancy_cc(&L, &in, &r, err, sizeof err);
      cases++;
      // The limiting factors: the resources whose own limit equals the result.
      // (cudaOccResult.limitingFactors also keeps a factor that tied before
      // the barrier limit lowered the result; the per-resource limits are
      // compared instead, which is stricter.)
      int blocks = res.activeBlocksPerMultiprocessor;
      unsigned oracle_bits = (res.blockLimitWarps == blocks ? (unsigned)KP_OCC_LIMIT_WARPS : 0u) |
                             (res.blockLimitRegs == blocks ? (unsigned)KP_OCC_LIMIT_REGISTERS : 0u) |
                             (res.blockLimitSharedMem == blocks ? (unsigned)KP_OCC_LIMIT_SHARED_MEMORY : 0u) |
                             (res.blockLimitBlocks == blocks ? (unsigned)KP_OCC_LIMIT_BLOCKS : 0u) |
                             (res.blockLimitBarriers == blocks ? (unsigned)KP_OCC_LIMIT_BARRIERS : 0u);
      bool ok;
      if (st != CUDA_OCC_SUCCESS || rc != 0)
        ok = (st != CUDA_OCC_SUCCESS) == (rc != 0);
      else
        ok = blocks == r.active_blocks_per_sm && oracle_bits == r.limiters &&
             res.blockLimitWarps == r.limit_warps && res.blockLimitRegs == r.limit_registers &&
             res.blockLimitSharedMem == r.limit_shared_memory &&
             res.blockLimitBlocks == r.limit_blocks &&
             res.blockLimitBarriers == r.limit_barriers &&
             (int)res.allocatedSharedMemPerBlock == (int)r.smem_per_block &&
             res.allocatedRegistersPerBlock == r.regs_per_block &&
             (res.partitionedGCConfig != PARTITIONED_GC_OFF) == (r.partitioned_gc != 0);
      if (st == CUDA_OCC_SUCCESS && rc == 0) {
        if (r.active_blocks_per_sm == 0)
          zero_cases++;
        for (int b = 0; b < 5; b++)
          if (r.limiters & (1u << b))
            per_limiter[b]++;
      }
      if (!ok) {
        mismatches++;
        std::printf(
            "MISMATCH %s (CC %d.%d) block=%d regs=%d smem=%lld optin=%d carveout=%d barriers=%d "
            "gc=%s: cuda_occupancy.h status %d blocks %d factors 0x%x limits w%d r%d s%d b%d "
            "bar%d; kperf rc %d blocks %d factors 0x%x limits w%d r%d s%d b%d bar%d%s%s\n",
            d.name.c_str(), L.cc_major, L.cc_minor, in.block_threads, in.regs_per_thread,
            in.smem_bytes, in.smem_optin, in.carveout_percent, in.barriers,
            gc_name(in.partitioned_gc), (int)st, res.activeBlocksPerMultiprocessor, oracle_bits,
            res.blockLimitWarps, res.blockLimitRegs, res.blockLimitSharedMem,
            res.blockLimitBlocks, res.blockLimitBarriers, rc,
            rc == 0 ? r.active_blocks_per_sm : -1, rc == 0 ? r.limiters : 0u, r.limit_warps,
            r.limit_registers, r.limit_shared_memory, r.limit_blocks, r.limit_barriers,
            rc ? " error: " : "", rc ? err : "");
      }
    }
  }
  std::printf("oracle: %zu devices, %lld cases (%lld default launches, %lld with options), "
              "%lld with 0 blocks; limited by warps %lld, registers %lld, shared memory %lld, "
              "blocks %lld, barriers %lld\n",
              devs.size(), cases, n_default, n_options, zero_cases, per_limiter[0],
              per_limiter[1], per_limiter[2], per_limiter[3], per_limiter[4]);
  std::printf("%lld passed, %lld failed\n", cases - mismatches, mismatches);
  if (cases < 10000) {
    std::printf("too few cases (%lld < 10000)\n", cases);
    return 1;
  }
  return mismatches ? 1 : 0;
}
