-- kperf GPU database schema, version 1.
--
-- Every fact is a column; NULL means "not known" (never a guess).  Every
-- group of facts (one row, or one set of columns ending in a *_source column)
-- names where it came from.  docs/gpu-db.md documents each column, its unit
-- and what kperf does when it is NULL.
--
-- kperf refuses to read a database whose application_id or user_version
-- differ from the values below.

PRAGMA application_id = 1263552049;  -- 0x4B504631, 'KPF1'
PRAGMA user_version = 1;

CREATE TABLE meta (
  key   TEXT PRIMARY KEY NOT NULL,
  value TEXT NOT NULL
);

-- Limits that the compute capability fixes: occupancy rules and shared-memory
-- organisation.  One row per compute capability.
CREATE TABLE cc_limits (
  isa                     TEXT NOT NULL DEFAULT '' CHECK (isa = '' OR isa GLOB 'gfx[0-9]*' OR isa = 'cayman'),
                          -- '': an NVIDIA compute capability; else the AMD ISA the row is for
                          -- (gfxNNN; 'cayman': TeraScale 3, LLVM's R600 processor name, no gfx number)
  cc_major                INTEGER NOT NULL CHECK (cc_major BETWEEN 1 AND 99),
  cc_minor                INTEGER NOT NULL CHECK (cc_minor BETWEEN 0 AND 9),
  warp_size               INTEGER NOT NULL CHECK (warp_size > 0),
  max_threads_per_block   INTEGER CHECK (max_threads_per_block > 0),
  max_threads_per_sm      INTEGER CHECK (max_threads_per_sm > 0),
  max_warps_per_sm        INTEGER CHECK (max_warps_per_sm > 0),
  max_blocks_per_sm       INTEGER CHECK (max_blocks_per_sm > 0),
  regs_per_sm             INTEGER CHECK (regs_per_sm > 0),
  regs_per_block          INTEGER CHECK (regs_per_block > 0),
  max_regs_per_thread     INTEGER CHECK (max_regs_per_thread > 0),
  reg_alloc_unit          INTEGER CHECK (reg_alloc_unit > 0),
  reg_alloc_granularity   TEXT CHECK (reg_alloc_granularity IN ('block', 'warp')),
  warp_alloc_granularity  INTEGER CHECK (warp_alloc_granularity > 0),
  sub_partitions          INTEGER CHECK (sub_partitions > 0),
  smem_per_sm             INTEGER CHECK (smem_per_sm > 0),
  smem_per_block          INTEGER CHECK (smem_per_block > 0),
  smem_per_block_optin    INTEGER CHECK (smem_per_block_optin > 0),
  smem_alloc_unit         INTEGER CHECK (smem_alloc_unit > 0),
  smem_reserved_per_block INTEGER CHECK (smem_reserved_per_block >= 0),
  smem_carveouts_kb       TEXT,      -- comma-separated KiB sizes the carveout snaps to; NULL: fixed size
  l1_smem_unified_bytes   INTEGER CHECK (l1_smem_unified_bytes > 0),
  smem_banks              INTEGER CHECK (smem_banks > 0),
  smem_bank_bytes         INTEGER CHECK (smem_bank_bytes > 0),
  barriers_per_sm         INTEGER CHECK (barriers_per_sm > 0), -- NULL: barriers do not limit occupancy
  partitioned_gc          INTEGER NOT NULL DEFAULT 0 CHECK (partitioned_gc IN (0, 1)),
  source                  TEXT NOT NULL,
  PRIMARY KEY (isa, cc_major, cc_minor)
);

-- Arithmetic throughput per compute capability and instruction class:
-- results per clock per SM (= execution lanes of that class per SM).
CREATE TABLE cc_throughput (
  isa                TEXT NOT NULL DEFAULT '' CHECK (isa = '' OR isa GLOB 'gfx[0-9]*' OR isa = 'cayman'),
  cc_major           INTEGER NOT NULL,
  cc_minor           INTEGER NOT NULL,
  class              TEXT NOT NULL CHECK (class IN ('fp16', 'fp32', 'fp64', 'sfu', 'int_add',
                                                    'int_mul', 'conv', 'conv64', 'div_f32',
                                                    'ldst', 'shared', 'int_own')),
  per_clock_per_sm   REAL CHECK (per_clock_per_sm > 0),
  source             TEXT NOT NULL,
  PRIMARY KEY (isa, cc_major, cc_minor, class)
);

CREATE TABLE gpus (
  id                    TEXT PRIMARY KEY NOT NULL COLLATE NOCASE
                        CHECK (length(id) BETWEEN 1 AND 63 AND id NOT GLOB '*[^a-z0-9._-]*'),
  full_name             TEXT NOT NULL CHECK (length(full_name) < 128),
  vendor                TEXT NOT NULL,
  architecture          TEXT NOT NULL,
  chip                  TEXT,
  cc_major              INTEGER NOT NULL,
  cc_minor              INTEGER NOT NULL,
  identity_source       TEXT NOT NULL,
  sm_count              INTEGER CHECK (sm_count > 0),
  base_clock_mhz        REAL CHECK (base_clock_mhz > 0),
  boost_clock_mhz       REAL CHECK (boost_clock_mhz > 0),
  shader_clock_mhz      REAL CHECK (shader_clock_mhz > 0),  -- CC 1.x: the clock the SPs run at
  config_source         TEXT,                                -- SM count and clocks
  dram_type             TEXT,
  dram_bus_bits         INTEGER CHECK (dram_bus_bits > 0),
  dram_bytes            INTEGER CHECK (dram_bytes > 0),
  dram_source           TEXT,
  launch_latency_cycles REAL CHECK (launch_latency_cycles >= 0),
  launch_latency_source TEXT,
  isa                   TEXT NOT NULL DEFAULT '' CHECK (isa = '' OR isa GLOB 'gfx[0-9]*' OR isa = 'cayman')
                        -- AMD: the ISA (its cc_limits/cc_throughput rows); '' for NVIDIA
);

CREATE TABLE gpu_aliases (
  alias   TEXT PRIMARY KEY NOT NULL COLLATE NOCASE
          CHECK (length(alias) BETWEEN 1 AND 63 AND alias NOT GLOB '*[^a-z0-9._-]*'),
  gpu_id  TEXT NOT NULL REFERENCES gpus (id)
);

-- Memory hierarchy per GPU: level is shared, l1, l2 or dram, and llc for a
-- last-level cache between L2 and DRAM (AMD's Infinity Cache), where there is one.
CREATE TABLE gpu_memory (
  gpu_id            TEXT NOT NULL REFERENCES gpus (id),
  level             TEXT NOT NULL CHECK (level IN ('shared', 'l1', 'l2', 'dram', 'llc')),
  size_bytes        INTEGER CHECK (size_bytes >= 0),   -- 0: the level does not exist
  line_bytes        INTEGER CHECK (line_bytes > 0),
  size_source       TEXT,
  latency_cycles    REAL CHECK (latency_cycles > 0),   -- SM clock cycles, load-to-use, hit in this level
  latency_source    TEXT,
  bandwidth_gbs     REAL CHECK (bandwidth_gbs > 0),    -- whole GPU, 1e9 bytes/s
  bandwidth_source  TEXT,
  PRIMARY KEY (gpu_id, level)
);

-- Dependent-issue latency per GPU and instruction class, in SM clock cycles.
CREATE TABLE gpu_latency (
  gpu_id          TEXT NOT NULL REFERENCES gpus (id),
  class           TEXT NOT NULL CHECK (class IN ('fp16', 'fp32', 'fp64', 'sfu', 'int_add',
                                                 'int_mul', 'conv', 'conv64', 'div_f32')),
  latency_cycles  REAL CHECK (latency_cycles > 0),
  source          TEXT NOT NULL,
  PRIMARY KEY (gpu_id, class)
);

-- Kernel launch overhead, measured with an empty kernel: for blocks of
-- warps_per_block warps, t_launch = x1_us * grid_blocks + x0_us (microseconds).
CREATE TABLE launch_overhead (
  gpu_id           TEXT NOT NULL REFERENCES gpus (id),
  warps_per_block  INTEGER NOT NULL CHECK (warps_per_block BETWEEN 1 AND 32),
  x1_us            REAL,
  x0_us            REAL,
  source           TEXT NOT NULL,
  PRIMARY KEY (gpu_id, warps_per_block)
);

-- The floor of one kernel launch: the time of one launch of an empty or tiny
-- kernel (a few KB moved at most), as a way of timing it measures it, in
-- microseconds.  method: 'event' a cudaEvent pair recorded around one launch;
-- 'nsight' Nsight Compute's gpu__time_duration of one launch; 'stream' the
-- time per launch of many back-to-back launches in one stream; 'graph' the
-- time per kernel of many back-to-back kernel nodes launched as one CUDA graph.
-- Optional table: a database without it has no such facts.
CREATE TABLE launch_floor (
  gpu_id   TEXT NOT NULL REFERENCES gpus (id),
  method   TEXT NOT NULL CHECK (method IN ('event', 'nsight', 'stream', 'graph')),
  time_us  REAL NOT NULL CHECK (time_us > 0 AND time_us < 1000),
  source   TEXT NOT NULL,
  PRIMARY KEY (gpu_id, method)
);

-- Measured DRAM bandwidth of streaming kernels (whole GPU, 1e9 B/s), per
-- kernel class: 'read' one load stream; 'write' one store stream; 'copy' one
-- load and one store stream; 'triad' two load streams and one store stream.
-- dram_achieved: the highest bandwidth the benchmark reached (what a
-- streaming kernel can achieve, as against gpu_memory's peak figure).
-- dram_occupancy: the bandwidth with warps_per_sm resident warps per SM
-- (the benchmark's occupancy scan: how many warps reach DRAM bandwidth).
-- Optional tables: a database without them has no such facts.
CREATE TABLE dram_achieved (
  gpu_id         TEXT NOT NULL REFERENCES gpus (id),
  kernel         TEXT NOT NULL CHECK (kernel IN ('read', 'write', 'copy', 'triad')),
  bandwidth_gbs  REAL NOT NULL CHECK (bandwidth_gbs > 0),
  source         TEXT NOT NULL,
  PRIMARY KEY (gpu_id, kernel)
);

CREATE TABLE dram_occupancy (
  gpu_id         TEXT NOT NULL REFERENCES gpus (id),
  kernel         TEXT NOT NULL CHECK (kernel IN ('read', 'write', 'copy', 'triad')),
  warps_per_sm   REAL NOT NULL CHECK (warps_per_sm > 0),
  bandwidth_gbs  REAL NOT NULL CHECK (bandwidth_gbs > 0),
  source         TEXT NOT NULL,
  PRIMARY KEY (gpu_id, kernel, warps_per_sm)
);

-- The GPU kperf assumes for a --cuda-gpu-arch value when none is named.
CREATE TABLE arch_default (
  arch    TEXT PRIMARY KEY NOT NULL COLLATE NOCASE CHECK (arch GLOB 'sm_[0-9]*'),
  gpu_id  TEXT NOT NULL,
  reason  TEXT NOT NULL
);
