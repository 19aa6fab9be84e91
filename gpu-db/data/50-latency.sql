-- Dependent-issue latency per instruction class (SM cycles).
-- - Arafa et al., "Low Overhead Instruction Latency Characterization for
--   NVIDIA GPGPUs", HPEC 2019; data in NMSU-PEARL/GPUs-ISA-Latencies
--   ALU/output/<arch>/<GPU>/<op>.  TITAN V is a GV100 like the V100; TITAN RTX
--   is a TU102 with the same Turing SM as the T4's TU104.
-- - Accel-Sim model parameters (-ptx_opcode_latency_*) of the
--   configuration modelling that GPU; calibrated simulator inputs, not
--   measurements.
-- sfu is rsqrt.approx.f32 (MUFU.RSQ plus fix-up instructions) where measured.

INSERT INTO gpu_latency (gpu_id, class, latency_cycles, source) VALUES
 ('v100', 'fp32', 4, 'Arafa et al., HPEC 2019 (NMSU-PEARL/GPUs-ISA-Latencies ALU/output/): Volta/TITANV/FAdd and FFMa: FADD, FFMA 4 cycles'),
 ('v100', 'fp64', 8, 'Arafa et al., HPEC 2019 (NMSU-PEARL/GPUs-ISA-Latencies ALU/output/): Volta/TITANV/DFAdd and DFFMA: DADD, DFMA 8 cycles'),
 ('v100', 'fp16', 6, 'Arafa et al., HPEC 2019 (NMSU-PEARL/GPUs-ISA-Latencies ALU/output/): Volta/TITANV/HFFMa: HFMA 6 cycles'),
 ('v100', 'int_mul', 4, 'Arafa et al., HPEC 2019 (NMSU-PEARL/GPUs-ISA-Latencies ALU/output/): Volta/TITANV/Mul: IMUL 4 cycles'),
 ('v100', 'sfu', 18, 'Arafa et al., HPEC 2019 (NMSU-PEARL/GPUs-ISA-Latencies ALU/output/): Volta/TITANV/Rsqrt: rsqrt.approx.f32 18 cycles'),
 ('v100', 'div_f32', 504, 'Arafa et al., HPEC 2019 (NMSU-PEARL/GPUs-ISA-Latencies ALU/output/): Volta/TITANV/FDiv: div.rn.f32 (emulated) 504 cycles'),
 ('t4', 'fp32', 4, 'Arafa et al., HPEC 2019 (NMSU-PEARL/GPUs-ISA-Latencies ALU/output/): Turing/TITANRTX/FMul: FMUL 4 cycles'),
 ('t4', 'fp64', 45, 'Arafa et al., HPEC 2019 (NMSU-PEARL/GPUs-ISA-Latencies ALU/output/): Turing/TITANRTX/DFAdd and DFFMA: DADD, DFMA 45 cycles'),
 ('t4', 'fp16', 6, 'Arafa et al., HPEC 2019 (NMSU-PEARL/GPUs-ISA-Latencies ALU/output/): Turing/TITANRTX/HFMul: HMUL 6 cycles'),
 ('t4', 'int_add', 4, 'Arafa et al., HPEC 2019 (NMSU-PEARL/GPUs-ISA-Latencies ALU/output/): Turing/TITANRTX/Add: IADD 4 cycles'),
 ('t4', 'sfu', 25, 'Arafa et al., HPEC 2019 (NMSU-PEARL/GPUs-ISA-Latencies ALU/output/): Turing/TITANRTX/Rsqrt: rsqrt.approx.f32 25 cycles'),
 ('t4', 'conv', 4, 'Arafa et al., HPEC 2019 (NMSU-PEARL/GPUs-ISA-Latencies ALU/output/): Turing/TITANRTX/Cvt: cvt.rzi.s32.f32 (F2I) 4 cycles'),
 ('t4', 'div_f32', 335, 'Arafa et al., HPEC 2019 (NMSU-PEARL/GPUs-ISA-Latencies ALU/output/): Turing/TITANRTX/FDiv: div.rn.f32 (emulated) 335 cycles'),
 ('a100', 'fp32', 4, 'Accel-Sim model parameter, accel-sim/gpgpu-sim_distribution configs/tested-cfgs/SM80_A100/gpgpusim.config: -ptx_opcode_latency_fp 4,4,4,4,39'),
 ('a100', 'int_add', 4, 'Accel-Sim model parameter, accel-sim/gpgpu-sim_distribution configs/tested-cfgs/SM80_A100/gpgpusim.config: -ptx_opcode_latency_int 4,4,4,4,21'),
 ('a100', 'int_mul', 4, 'Accel-Sim model parameter, accel-sim/gpgpu-sim_distribution configs/tested-cfgs/SM80_A100/gpgpusim.config: -ptx_opcode_latency_int 4,4,4,4,21'),
 ('a100', 'fp64', 6, 'Accel-Sim model parameter, accel-sim/gpgpu-sim_distribution configs/tested-cfgs/SM80_A100/gpgpusim.config: -ptx_opcode_latency_dp 6,6,6,6,330'),
 ('a100', 'sfu', 23, 'Accel-Sim model parameter, accel-sim/gpgpu-sim_distribution configs/tested-cfgs/SM80_A100/gpgpusim.config: -ptx_opcode_latency_sfu 23'),
 ('h100', 'fp32', 4, 'Accel-Sim model parameter, accel-sim/gpgpu-sim_distribution configs/tested-cfgs/SM90_H100/gpgpusim.config: -ptx_opcode_latency_fp 4,4,4,4,39'),
 ('h100', 'int_add', 4, 'Accel-Sim model parameter, accel-sim/gpgpu-sim_distribution configs/tested-cfgs/SM90_H100/gpgpusim.config: -ptx_opcode_latency_int 4,4,4,4,21'),
 ('h100', 'int_mul', 4, 'Accel-Sim model parameter, accel-sim/gpgpu-sim_distribution configs/tested-cfgs/SM90_H100/gpgpusim.config: -ptx_opcode_latency_int 4,4,4,4,21'),
 ('h100', 'fp64', 8, 'Accel-Sim model parameter, accel-sim/gpgpu-sim_distribution configs/tested-cfgs/SM90_H100/gpgpusim.config: -ptx_opcode_latency_dp 8,8,8,8,330'),
 ('h100', 'sfu', 23, 'Accel-Sim model parameter, accel-sim/gpgpu-sim_distribution configs/tested-cfgs/SM90_H100/gpgpusim.config: -ptx_opcode_latency_sfu 23'),
 ('h200', 'fp32', 4, 'Accel-Sim model parameter, accel-sim/gpgpu-sim_distribution configs/tested-cfgs/SM90_H200/gpgpusim.config: -ptx_opcode_latency_fp 4,4,4,4,39'),
 ('h200', 'int_add', 4, 'Accel-Sim model parameter, accel-sim/gpgpu-sim_distribution configs/tested-cfgs/SM90_H200/gpgpusim.config: -ptx_opcode_latency_int 4,4,4,4,21'),
 ('h200', 'int_mul', 4, 'Accel-Sim model parameter, accel-sim/gpgpu-sim_distribution configs/tested-cfgs/SM90_H200/gpgpusim.config: -ptx_opcode_latency_int 4,4,4,4,21'),
 ('h200', 'fp64', 8, 'Accel-Sim model parameter, accel-sim/gpgpu-sim_distribution configs/tested-cfgs/SM90_H200/gpgpusim.config: -ptx_opcode_latency_dp 8,8,8,8,330'),
 ('h200', 'sfu', 23, 'Accel-Sim model parameter, accel-sim/gpgpu-sim_distribution configs/tested-cfgs/SM90_H200/gpgpusim.config: -ptx_opcode_latency_sfu 23');

-- Measured launch-overhead models (launch_overhead) are not available for any
-- of these GPUs yet: the table is empty and kperf uses the fallback described
-- in docs/gpu-db.md.
