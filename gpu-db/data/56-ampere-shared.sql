-- Shared-memory load latency of the Ampere GPUs (load-to-use SM cycles), from
-- Accel-Sim's models of Ampere cards, whose parameters its authors tuned to
-- microbenchmarks of the real GPU (the same project the instruction
-- latencies of 55-latency-more.sql come from):
--   GA100 (CC 8.0)  configs/tested-cfgs/SM80_A100/gpgpusim.config: -gpgpu_smem_latency 28
--   GA10x (CC 8.6)  configs/tested-cfgs/SM86_RTX3070/gpgpusim.config: -gpgpu_smem_latency 29
--                   (SM86_RTX3060_MOBILE: 29 as well)
-- Before these rows kperf used the L1 latency (39 cycles) for shared memory on
-- these GPUs.  Ada, Orin and Blackwell keep that fallback: Accel-Sim's Ada
-- model (SM89_RTX4060_LAPTOP) repeats its RTX 3070 model's memory latencies,
-- and it has none of the others.

INSERT INTO gpu_memory (gpu_id, level, latency_cycles, latency_source)
SELECT id, 'shared', CASE cc_minor WHEN 0 THEN 28 ELSE 29 END,
       CASE cc_minor
         WHEN 0 THEN 'accel-sim/gpgpu-sim_distribution configs/tested-cfgs/SM80_A100/gpgpusim.config: -gpgpu_smem_latency 28'
                     || CASE WHEN id = 'a100' THEN ''
                        ELSE '. Accel-Sim''s A100 model (GA100), not this GPU: the same GA100 SM' END
         ELSE 'accel-sim/gpgpu-sim_distribution configs/tested-cfgs/SM86_RTX3070/gpgpusim.config: -gpgpu_smem_latency 29 (SM86_RTX3060_MOBILE: 29)'
              || CASE WHEN id = 'rtx3070' THEN ''
                 ELSE '. Accel-Sim''s RTX 3070 model (GA104), not this GPU: the same GA10x SM' END
       END
FROM gpus WHERE vendor = 'NVIDIA' AND cc_major = 8 AND cc_minor IN (0, 6);
