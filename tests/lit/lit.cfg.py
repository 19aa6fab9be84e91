# lit configuration for kperf's compiler tests (.cu files run through clang with the plugin).
import os
import sys
import lit.formats

config.name = "kperf"

site = lit_config.params.get("kperf_site")
if not site or not os.path.exists(site):
    lit_config.fatal("run these tests with ctest, or with lit --param kperf_site=BUILD/tests/lit/lit.site.cfg.py")
exec(open(site).read())
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cu", ".hip", ".test"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.kperf_build_dir, "tests", "lit", "out")

config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, os.path.join(config.kperf_build_dir, "bin"), config.environment.get("PATH", os.environ.get("PATH", ""))])
# A sanitized build (-DKPERF_SANITIZE=ON): config.clang is a wrapper that
# preloads the plugin's ASan runtime into clang (cmake/Sanitize.cmake).
if getattr(config, "asan_runtime", ""):
    config.available_features.add("sanitize")
# Tests choose their database explicitly; never pick up a user's.
config.environment.pop("KPERF_DB", None)

cuda = config.cuda_path
cuda_flags = (
    "-x cuda --cuda-path=%s -Wno-unknown-cuda-version -isystem %s/include/cccl" % (cuda, cuda)
)
config.substitutions.append(("%clang", config.clang))
config.substitutions.append(("%cuda_flags", cuda_flags))
config.substitutions.append(("%cuda_path", cuda))
config.substitutions.append(("%kperf_plugin", config.kperf_plugin))
config.substitutions.append(("%kperf_db", os.path.join(config.kperf_build_dir, "lib", "kperf-gpus.db")))
config.substitutions.append(("%kperf_build", config.kperf_build_dir))
# The python of lit itself (tests' helper scripts use the standard library only).
config.substitutions.append(("%kperf_python", sys.executable))
# The common invocation: the host pass only, no output, the plugin loaded.
config.substitutions.append(
    ("%kperf_cc", "%s %s --cuda-gpu-arch=sm_90 --cuda-host-only -fsyntax-only -fplugin=%s" % (config.clang, cuda_flags, config.kperf_plugin)))

# Build tools for the tests that generate a real compile database (skipped
# as UNSUPPORTED, with the missing feature named, when one is absent).
import shutil
for tool in ("cmake", "make", "meson", "ninja", "bear", "clangd"):
    if shutil.which(tool, path=config.environment["PATH"]):
        config.available_features.add(tool)
# kperf predict/recommend/compare ask nvcc's ptxas for registers by default
# when a CUDA toolkit is found; the tests use the estimate unless they ask
# (tests/lit/launch/ptxas.cu), so that their figures do not depend on the
# toolkit and nvcc does not run for every prediction.
config.environment["KPERF_PTXAS"] = "off"
nvcc = os.path.join(cuda, "bin", "nvcc")
if os.access(nvcc, os.X_OK):
    config.available_features.add("nvcc")
config.substitutions.append(("%nvcc", nvcc))

if os.path.exists(os.path.join(cuda, "include", "cuda_runtime.h")):
    config.available_features.add("cuda")

# HIP: Debian's libamdhip64-dev headers under /usr (ROCm path /usr, no device
# libraries: -nogpulib).  clang 22 rejects the 5.2 headers without the
# wavefront-size macro the HIP compiler driver would define.
hip_flags = ("-x hip --offload-arch=gfx90a --rocm-path=/usr -nogpulib "
             "-D__AMDGCN_WAVEFRONT_SIZE=64")
if os.path.exists("/usr/include/hip/hip_runtime.h"):
    config.available_features.add("hip")
# The ROCm device libraries (Debian's rocm-device-libs): kperf predict asks
# clang's AMDGPU backend for an AMD kernel's registers and scratch with them.
if os.path.exists("/usr/lib/x86_64-linux-gnu/amdgcn/bitcode/ockl.bc"):
    config.available_features.add("rocm-device-libs")
config.substitutions.append(("%hip_flags", hip_flags))
# LLVM's AMDGPU backend (llc of the same LLVM): the oracle of AMD occupancy.
config.substitutions.append(("%llc", os.path.join(config.llvm_tools_dir, "llc")))
config.substitutions.append(
    ("%kperf_hip", "%s %s --cuda-host-only -fsyntax-only -fplugin=%s" % (config.clang, hip_flags, config.kperf_plugin)))
