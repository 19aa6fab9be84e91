/* Registers, scratch and LDS of AMD kernels, as clang's AMDGPU backend
 * assigns them.
 *
 * The AMD counterpart of ptxas -v (kperf/ptxas.h): clang compiles the file's
 * device code for one ISA (-x hip --cuda-device-only -S, with the ROCm device
 * libraries) and its assembly carries, per kernel, the VGPRs that decide
 * occupancy, the scratch (private segment) bytes per lane and the LDS bytes;
 * the spill traffic is the scratch loads and stores of the kernel's body.
 * The records go into the same facts table and file as ptxas's, under the
 * ISA's name ("gfx90a"), and kp_ptxas_apply applies them to AMD GPUs
 * (docs/models.md, "Registers from the device compiler", "AMD GPUs"). */
#ifndef KPERF_AMDGPU_H
#define KPERF_AMDGPU_H

#include <stddef.h>

#include "kperf/ptxas.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Parses AMDGPU assembly (clang -S for an amdgcn target) and appends one
 * record per kernel of its amdhsa.kernels metadata, under arch:
 *   registers          .vgpr_count (the VGPRs occupancy counts: on gfx90a and
 *                      gfx94x the unified VGPR+AGPR figure)
 *   stack_bytes        .private_segment_fixed_size (scratch bytes per lane)
 *   spill_store_bytes  bytes per lane stored by the kernel body's scratch_store_*
 *   spill_load_bytes   and buffer_store_* (loads alike), each instruction once
 *   smem_bytes         .group_segment_fixed_size (static LDS per workgroup)
 * 0 ok (*nfound: records appended; may be NULL); -1 with a message when the
 * text has no kernel metadata or a number is garbled. */
int kp_amdgpu_parse(const char *text, size_t len, const char *arch, kp_ptxas_facts *out,
                    size_t *nfound, char *err, size_t errlen);

/* Bytes a scratch access instruction moves per lane ("scratch_load_dwordx2":
 * 8, "buffer_store_dword": 4, "scratch_store_b128": 16), with *is_store; 0 for
 * any other mnemonic. */
int kp_amdgpu_scratch_bytes(const char *mnemonic, int *is_store);

/* Runs clang (the path of clang++) on file for one ISA ("gfx90a"):
 *   clang -x hip --cuda-device-only -O3 -S -o TMP --offload-arch=ISA -w
 *         [--rocm-path=ROCM] [--rocm-device-lib-path=DEVLIBS
 *         -mcode-object-version=COV | -nogpulib] -D__AMDGCN_WAVEFRONT_SIZE=W
 *         [-include hip/hip_runtime.h] FLAGS... FILE
 * (W: 64 on gfx9, 32 on gfx10 and later; the include for files not named
 * .hip: CUDA code compiled as HIP) and parses the assembly.  rocm and
 * devlibs may be NULL; cov 0 leaves clang's default.  clang runs in its own
 * process group, killed after timeout_s seconds (0: 600).  0 ok; -1 with a
 * one-line message: clang's first error, "clang timed out after N s", or why
 * it could not run. */
int kp_amdgpu_run_clang(const char *clang, const char *file, const char *arch,
                        const char *rocm, const char *devlibs, int cov,
                        const char *const *flags, size_t nflags, int timeout_s,
                        kp_ptxas_facts *out, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif
#endif
