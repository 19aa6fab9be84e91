// kperf tune --kernel ranks the configurations of a kernel that has no launch
// in the file (as autotuners compile them: the parameters given as -D) and
// writes the best K with their predicted times and limits, as a JSON list,
// as CSV and as Kernel Tuner's tune_params and restrictions (the restriction
// admits exactly the kept configurations).  A block of 2048 threads cannot
// launch: it has no time and is not kept.
// REQUIRES: cuda
// RUN: kperf tune %s --kernel vadd --tune block_size_x=64,128,256 --tune tile_size_x=1,4 \
// RUN:   --problem-size 1048576 --grid-div-x block_size_x,tile_size_x --arg n=1048576 \
// RUN:   --top 3 --format json 2>%t.err > %t.json
// RUN: FileCheck --check-prefix=STATS %s < %t.err
// RUN: python3 -c "import json,sys; l=json.load(open(sys.argv[1])); \
// RUN:   assert len(l) == 3, l; t=[c['predicted_us'] for c in l]; assert t == sorted(t) and t[0] > 0, t; \
// RUN:   assert all(set(c) >= {'block_size_x', 'tile_size_x', 'predicted_us', 'bound'} for c in l), l; \
// RUN:   print('tiles', sorted(set(c['tile_size_x'] for c in l)))" %t.json | FileCheck --check-prefix=JSON %s
// RUN: kperf tune %s --kernel vadd --tune block_size_x=64,128,2048 --tune tile_size_x=1,4 \
// RUN:   --problem-size 1048576 --grid-div-x block_size_x,tile_size_x --arg n=1048576 \
// RUN:   --top 2 --format kernel_tuner 2>%t.kt.err > %t.kt.json
// RUN: FileCheck --check-prefix=KTSTATS %s < %t.kt.err
// RUN: python3 -c "import json,sys,itertools; d=json.load(open(sys.argv[1])); tp=d['tune_params']; \
// RUN:   assert d['kernel_name'] == 'vadd' and sorted(tp) == ['block_size_x', 'tile_size_x'], d; \
// RUN:   assert len(d['restrictions']) == 1 and isinstance(d['restrictions'][0], str), d; \
// RUN:   space=[dict(zip(tp, v)) for v in itertools.product(*tp.values())]; \
// RUN:   ok=[c for c in space if eval(d['restrictions'][0], {}, c)]; \
// RUN:   kept=[{k: c[k] for k in tp} for c in d['configurations']]; \
// RUN:   assert sorted(map(str, ok)) == sorted(map(str, kept)) and len(kept) == 2, (ok, kept); \
// RUN:   assert all(c['block_size_x'] != 2048 for c in kept); print('restricted', len(ok))" %t.kt.json \
// RUN:   | FileCheck --check-prefix=KT %s
// RUN: kperf tune %s --kernel vadd --tune block_size_x=64,128,256 --tune tile_size_x=1,4 \
// RUN:   --grid 4096 --block block_size_x --arg n=1048576 --top 4 --format csv 2>/dev/null > %t.csv
// RUN: python3 -c "import csv,sys; r=list(csv.DictReader(open(sys.argv[1]))); \
// RUN:   assert [x['rank'] for x in r] == ['1', '2', '3', '4'], r; \
// RUN:   t=[float(x['predicted_us']) for x in r]; assert t == sorted(t), t; \
// RUN:   assert all(x['grid'] == '4096,1,1' and x['bound'] for x in r), r; print('csv', len(r))" %t.csv \
// RUN:   | FileCheck --check-prefix=CSV %s
// RUN: kperf tune %s --kernel vadd --tune block_size_x=128,256 --problem-size 1048576 \
// RUN:   --arg n=1048576 --top 1 2>&1 | FileCheck --check-prefix=TEXT %s
// RUN: not kperf tune %s --tune block_size_x=64 --top 3 2>&1 | FileCheck --check-prefix=NOKERNEL %s
// RUN: not kperf tune %s --kernel vadd --tune block_size_x=64 --format xml 2>&1 | FileCheck --check-prefix=FORMAT %s
// RUN: not kperf tune %s --kernel vadd --tune block_size_x=64 --block warp --grid 8 2>&1 \
// RUN:   | FileCheck --check-prefix=BLOCK %s
// RUN: not kperf tune %s --kernel vadd --tune tile_size_x=1,2 --grid 8 2>&1 | FileCheck --check-prefix=NOBLOCK %s
//
// STATS: kperf tune: vadd: 3 of 6 configurations kept (50.0 % of the space pruned); 6 with a predicted time
// JSON: tiles [1]
// KTSTATS: kperf tune: vadd: 2 of 6 configurations kept (66.7 % of the space pruned); 4 with a predicted time, 2 without (the first: {{.*}}
// KT: restricted 2
// CSV: csv 4
// TEXT: kperf tune: vadd: 1 of 2 configurations kept
// TEXT-NEXT: block_size_x grid block predicted bound
// TEXT-NEXT: 1. block_size_x={{128|256}} grid {{4096|8192}},1,1 block {{128|256}},1,1: {{[0-9.]+ (us|ms)}}
// NOKERNEL: kperf: --block, --grid, --problem-size, --grid-div-*, --smem, --top and --format rank the configurations of one kernel: name it (--kernel NAME)
// FORMAT: kperf: --format: 'xml' is not text, json, kernel_tuner or csv
// BLOCK: kperf: --block: 'warp' is neither a positive integer nor a parameter given with --tune
// NOBLOCK: kperf: --kernel: give the block (--block X[,Y,Z], integers or tuned names), or tune block_size_x

#ifndef block_size_x
#define block_size_x 128
#endif
#ifndef tile_size_x
#define tile_size_x 1
#endif

// Each thread adds tile_size_x consecutive elements: with tiles of 4, a warp's
// loads are 16 bytes apart (uncoalesced), so tiles of 1 are predicted fastest.
__global__ void vadd(float *c, const float *a, const float *b, int n) {
  int i = (blockIdx.x * block_size_x + threadIdx.x) * tile_size_x;
#pragma unroll
  for (int t = 0; t < tile_size_x; t++)
    if (i + t < n)
      c[i + t] = a[i + t] + b[i + t];
}
