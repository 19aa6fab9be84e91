-- The floor of one kernel launch (table launch_floor): the time of one launch
-- of an empty or tiny kernel, in microseconds, as each way of timing it
-- measures it.  Only published measurements of the named GPU; nothing here is
-- carried from one GPU to another (the source says where a model may do so).
--
-- Two sources:
--
-- 1. nvbench runs published in R100001/Programming-Massively-Parallel-Processors,
--    Performance-Tests-NvBench/array_add/BenchResults/BenchResults<GPU>.md, row
--    "Coalesced (Different Array Sizes) [Device=0 Axis Size=2^1]": the kernel
--    array_add_coalesced<float> on 2 x 2 floats (one block of 16 x 16
--    threads, 48 bytes moved).  nvbench's "Cold: ... GPU" time is a
--    cudaEvent pair recorded around one launch (after an L2 flush and a
--    stream synchronisation: nvbench detail/measure_cold.cuh); its "Batch:
--    ... GPU" time is a cudaEvent pair around many back-to-back launches in
--    one stream, divided by their number.  The GTX 1650, RTX 2060, RTX 3060,
--    RTX 3060 Ti and RTX 3070 Ti runs all give a batch time of 5.17-5.20 us
--    and a CPU time of about 27 us per launch: their batch rate looks bound by
--    the host that enqueued the launches, not by the GPU; the RTX 3080 and the
--    RTX 3060 Laptop GPU (CPU time 7-13 us) give 1.7 us.
--
-- 2. te42kyfo/gpu-benches gpu-small-kernels (D. Ernst), <gpu>.txt and
--    <gpu>_graph.txt: 10000 back-to-back launches of the streaming kernel
--    A[i] = B[i] * 0.25 (double), in one stream or captured into one CUDA
--    graph; each row gives the element count d, and per block size the
--    bandwidth 2 * 8 * d bytes / time per launch in GB/s.  The time per launch
--    here is 65536 bytes / the highest bandwidth of the first row (d = 4096
--    elements, 64 KiB moved, L2-resident), i.e. a tiny kernel's launch
--    throughput, not an empty kernel's.
--
-- No published Nsight Compute gpu__time_duration of an empty kernel was found
-- for any GPU of the database: no 'nsight' rows.

-- The same runs also measured GPUs that bench/validation holds out (RTX 2060,
-- RTX 3060 Ti, RTX 3070 Ti, A40, H200, V100): their rows are left out here, so
-- that kperf's predictions for those GPUs are judged without their own
-- measurements (bench/validation/split.tsv); kperf falls back as
-- docs/gpu-db.md says.

INSERT INTO launch_floor (gpu_id, method, time_us, source) VALUES
 ('gtx1650', 'event', 6.919, 'nvbench, R100001/Programming-Massively-Parallel-Processors Performance-Tests-NvBench/array_add/BenchResults/BenchResults1650.md (NVIDIA GeForce GTX 1650), Coalesced, Axis Size=2^1 (2 x 2 floats, one block): Cold 0.006919 ms GPU (cudaEvent pair around one launch)'),
 ('gtx1650', 'stream', 5.178, 'nvbench, R100001/Programming-Massively-Parallel-Processors Performance-Tests-NvBench/array_add/BenchResults/BenchResults1650.md (NVIDIA GeForce GTX 1650), Coalesced, Axis Size=2^1: Batch 0.005178 ms GPU per launch (back-to-back launches in one stream); the same 5.2 us as four other GPUs of the same runs, likely bound by the host'),
 ('rtx3060', 'event', 6.778, 'nvbench, R100001/Programming-Massively-Parallel-Processors Performance-Tests-NvBench/array_add/BenchResults/BenchResults3060.md (NVIDIA GeForce RTX 3060), Coalesced, Axis Size=2^1 (2 x 2 floats, one block): Cold 0.006778 ms GPU (cudaEvent pair around one launch)'),
 ('rtx3060', 'stream', 5.204, 'nvbench, R100001/Programming-Massively-Parallel-Processors Performance-Tests-NvBench/array_add/BenchResults/BenchResults3060.md (NVIDIA GeForce RTX 3060), Coalesced, Axis Size=2^1: Batch 0.005204 ms GPU per launch (back-to-back launches in one stream); the same 5.2 us as four other GPUs of the same runs, likely bound by the host'),
 ('rtx3060-laptop', 'event', 4.567, 'nvbench, R100001/Programming-Massively-Parallel-Processors Performance-Tests-NvBench/array_add/BenchResults/BenchResults3060l.md (NVIDIA GeForce RTX 3060 Laptop GPU), Coalesced, Axis Size=2^1 (2 x 2 floats, one block): Cold 0.004567 ms GPU (cudaEvent pair around one launch)'),
 ('rtx3060-laptop', 'stream', 1.663, 'nvbench, R100001/Programming-Massively-Parallel-Processors Performance-Tests-NvBench/array_add/BenchResults/BenchResults3060l.md (NVIDIA GeForce RTX 3060 Laptop GPU), Coalesced, Axis Size=2^1: Batch 0.001663 ms GPU per launch (back-to-back launches in one stream)'),
 ('rtx3080', 'event', 3.137, 'nvbench, R100001/Programming-Massively-Parallel-Processors Performance-Tests-NvBench/array_add/BenchResults/BenchResults3080.md (NVIDIA GeForce RTX 3080), Coalesced, Axis Size=2^1 (2 x 2 floats, one block): Cold 0.003137 ms GPU (cudaEvent pair around one launch)'),
 ('rtx3080', 'stream', 1.708, 'nvbench, R100001/Programming-Massively-Parallel-Processors Performance-Tests-NvBench/array_add/BenchResults/BenchResults3080.md (NVIDIA GeForce RTX 3080), Coalesced, Axis Size=2^1: Batch 0.001708 ms GPU per launch (back-to-back launches in one stream)'),
 ('l40', 'stream', 1.638, 'te42kyfo/gpu-benches gpu-small-kernels/l40.txt (commit c35574e, 2024): first row, 4096 doubles scaled (64 KiB moved), best of block sizes 32-1024 = 40 GB/s over 10000 back-to-back launches in one stream: 65536 B / 40 GB/s = 1.64 us per launch'),
 ('l40', 'graph', 0.936, 'te42kyfo/gpu-benches gpu-small-kernels/l40_graph.txt (commit c35574e, 2024): first row, 4096 doubles scaled (64 KiB moved), best of block sizes 32-1024 = 70 GB/s over 10000 kernel nodes of one CUDA graph: 65536 B / 70 GB/s = 0.94 us per kernel'),
 ('a100-80gb', 'stream', 2.621, 'te42kyfo/gpu-benches gpu-small-kernels/a100_80.txt (A100 SXM4 80GB; file of commit 11f5daa, 2024, with nine block-size columns, not the seven of that commit''s program): first row, 4096 doubles scaled (64 KiB moved), best column = 25 GB/s over 10000 back-to-back launches in one stream: 65536 B / 25 GB/s = 2.62 us per launch. The same GA100 chip as the A100 40GB'),
 ('a100-80gb', 'graph', 1.337, 'te42kyfo/gpu-benches gpu-small-kernels/a100_80_graph.txt (A100 SXM4 80GB; file of commit 11f5daa, 2024, nine block-size columns): first row, 4096 doubles scaled (64 KiB moved), best column = 49 GB/s over 10000 kernel nodes of one CUDA graph: 65536 B / 49 GB/s = 1.34 us per kernel. The same GA100 chip as the A100 40GB');
