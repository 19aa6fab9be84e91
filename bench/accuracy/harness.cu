// kperf accuracy harness: times kernels of precompiled cubins with CUDA events.
// It is generic: bench/accuracy/sweep.py compiles each kernel file (with its
// -D defines) to a cubin and writes one plan line per launch configuration:
//
//   run ID CUBIN KERNEL GX GY GZ BX BY BZ SMEM WARMUP REPS ARG...
//
// KERNEL is the source name (matched against the mangled names in the cubin);
// each ARG is a scalar `i32:V`, `u32:V`, `f32:V`, `f64:V`, or a device buffer
// `buf:TYPE:COUNT:INIT` (TYPE u8 i32 u32 f32 f64 f32x4; INIT rand = uniform in
// [0.5, 1.5) or [1, 255] for integers, randint:LO:HI, rowptr:K = i*K, zero).
// For each line it prints `ID MEDIAN_US MIN_US` (or `ID ERROR message`).
//
//   harness --info            prints `cc MAJOR.MINOR` and `name NAME`
//   harness PLAN              runs the plan
#include <cuda.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <sstream>
#include <string>
#include <vector>

static std::string cu_err(CUresult r) {
  const char *s = nullptr;
  cuGetErrorString(r, &s);
  return s ? s : "unknown CUDA error";
}

#define CKD(call)                                                               \
  do {                                                                          \
    CUresult r_ = (call);                                                       \
    if (r_ != CUDA_SUCCESS) throw std::string(#call ": ") + cu_err(r_);         \
  } while (0)

static std::map<std::string, CUmodule> g_modules;

static CUfunction find_kernel(const std::string &cubin, const std::string &name) {
  CUmodule mod;
  auto it = g_modules.find(cubin);
  if (it == g_modules.end()) {
    CKD(cuModuleLoad(&mod, cubin.c_str()));
    g_modules[cubin] = mod;
  } else {
    mod = it->second;
  }
  CUfunction f;
  if (cuModuleGetFunction(&f, mod, name.c_str()) == CUDA_SUCCESS) return f;  // extern "C"
  unsigned n = 0;
  CKD(cuModuleGetFunctionCount(&n, mod));
  std::vector<CUfunction> fs(n);
  CKD(cuModuleEnumerateFunctions(fs.data(), n, mod));
  std::string prefix = "_Z" + std::to_string(name.size()) + name;
  for (CUfunction g : fs) {
    const char *mangled = nullptr;
    if (cuFuncGetName(&mangled, g) != CUDA_SUCCESS || !mangled) continue;
    std::string m = mangled;
    if (m.compare(0, prefix.size(), prefix) == 0 && m.size() > prefix.size() &&
        !isdigit((unsigned char)m[prefix.size()]))
      return g;
  }
  throw std::string("no kernel '") + name + "' in " + cubin;
}

static uint64_t g_rng = 0x9E3779B97F4A7C15ull;
static uint32_t rnd() {
  g_rng ^= g_rng << 13;
  g_rng ^= g_rng >> 7;
  g_rng ^= g_rng << 17;
  return (uint32_t)(g_rng >> 11);
}
static double rnd01() { return rnd() / 4294967296.0; }

struct Arg {
  std::vector<unsigned char> scalar;  // the bytes of a scalar
  CUdeviceptr buf = 0;
};

static std::vector<std::string> split(const std::string &s, char sep) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  std::string t;
  while (std::getline(ss, t, sep)) out.push_back(t);
  return out;
}

template <class T>
static void put(Arg &a, T v) {
  a.scalar.resize(sizeof v);
  memcpy(a.scalar.data(), &v, sizeof v);
}

static Arg make_arg(const std::string &spec) {
  Arg a;
  std::vector<std::string> p = split(spec, ':');
  if (p.size() == 2) {
    if (p[0] == "i32") put<int32_t>(a, (int32_t)strtol(p[1].c_str(), nullptr, 0));
    else if (p[0] == "u32") put<uint32_t>(a, (uint32_t)strtoul(p[1].c_str(), nullptr, 0));
    else if (p[0] == "i64") put<int64_t>(a, (int64_t)strtoll(p[1].c_str(), nullptr, 0));
    else if (p[0] == "f32") put<float>(a, strtof(p[1].c_str(), nullptr));
    else if (p[0] == "f64") put<double>(a, strtod(p[1].c_str(), nullptr));
    else throw "bad scalar argument '" + spec + "'";
    return a;
  }
  if (p.size() < 4 || p[0] != "buf") throw "bad argument '" + spec + "'";
  const std::string &type = p[1], &init = p[3];
  size_t count = strtoull(p[2].c_str(), nullptr, 0);
  size_t esize = type == "u8" ? 1 : type == "f64" ? 8 : type == "f32x4" ? 16 : 4;
  if (type == "f32x4") count *= 4, esize = 4;
  if (count == 0) count = 1;
  std::vector<unsigned char> host(count * esize);
  for (size_t i = 0; i < count; i++) {
    unsigned char *d = host.data() + i * esize;
    if (init == "zero") {
      memset(d, 0, esize);
    } else if (init == "rand") {
      if (type == "f32" || type == "f32x4") { float v = (float)(0.5 + rnd01()); memcpy(d, &v, 4); }
      else if (type == "f64") { double v = 0.5 + rnd01(); memcpy(d, &v, 8); }
      else if (type == "u8") { d[0] = (unsigned char)(1 + rnd() % 255); }
      else { int32_t v = (int32_t)(1 + rnd() % 255); memcpy(d, &v, 4); }
    } else if (init == "randint" && p.size() == 6) {
      long lo = strtol(p[4].c_str(), nullptr, 0), hi = strtol(p[5].c_str(), nullptr, 0);
      int32_t v = (int32_t)(lo + (long)(rnd() % (uint32_t)(hi - lo + 1)));
      if (type == "u8") d[0] = (unsigned char)v; else memcpy(d, &v, 4);
    } else if (init == "rowptr" && p.size() == 5) {
      int32_t v = (int32_t)(i * strtol(p[4].c_str(), nullptr, 0));
      memcpy(d, &v, 4);
    } else {
      throw "bad buffer initialiser in '" + spec + "'";
    }
  }
  CKD(cuMemAlloc(&a.buf, host.size()));
  CKD(cuMemcpyHtoD(a.buf, host.data(), host.size()));
  put<CUdeviceptr>(a, a.buf);
  return a;
}

static void run_line(const std::string &line, CUevent e0, CUevent e1) {
  std::istringstream in(line);
  std::string word, id, cubin, kernel;
  unsigned g[3], b[3], smem;
  int warmup, reps;
  in >> word >> id >> cubin >> kernel >> g[0] >> g[1] >> g[2] >> b[0] >> b[1] >> b[2] >> smem >>
      warmup >> reps;
  if (!in || word != "run") throw std::string("bad plan line");
  std::vector<Arg> args;
  std::string spec;
  try {
    while (in >> spec) args.push_back(make_arg(spec));
    std::vector<void *> ptrs;
    for (Arg &a : args) ptrs.push_back(a.scalar.data());
    CUfunction f = find_kernel(cubin, kernel);
    if (smem > 48 * 1024)
      CKD(cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, (int)smem));
    std::vector<double> t;
    for (int r = 0; r < warmup + reps; r++) {
      CKD(cuEventRecord(e0, 0));
      CKD(cuLaunchKernel(f, g[0], g[1], g[2], b[0], b[1], b[2], smem, 0, ptrs.data(), nullptr));
      CKD(cuEventRecord(e1, 0));
      CKD(cuEventSynchronize(e1));
      float ms;
      CKD(cuEventElapsedTime(&ms, e0, e1));
      if (r >= warmup) t.push_back(ms * 1000.0);
    }
    std::sort(t.begin(), t.end());
    size_t n = t.size();
    double med = n % 2 ? t[n / 2] : 0.5 * (t[n / 2 - 1] + t[n / 2]);
    printf("%s %.4f %.4f\n", id.c_str(), med, t[0]);
  } catch (...) {
    for (Arg &a : args)
      if (a.buf) cuMemFree(a.buf);
    throw;
  }
  for (Arg &a : args)
    if (a.buf) cuMemFree(a.buf);
  fflush(stdout);
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: harness PLAN | harness --info\n");
    return 2;
  }
  try {
    CKD(cuInit(0));
    CUdevice dev;
    CKD(cuDeviceGet(&dev, 0));
    if (!strcmp(argv[1], "--info")) {
      int major, minor;
      char name[256];
      CKD(cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev));
      CKD(cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev));
      CKD(cuDeviceGetName(name, sizeof name, dev));
      printf("cc %d.%d\nname %s\n", major, minor, name);
      return 0;
    }
    CUcontext ctx;
    CKD(cuDevicePrimaryCtxRetain(&ctx, dev));
    CKD(cuCtxSetCurrent(ctx));
    CUevent e0, e1;
    CKD(cuEventCreate(&e0, CU_EVENT_DEFAULT));
    CKD(cuEventCreate(&e1, CU_EVENT_DEFAULT));
    FILE *plan = fopen(argv[1], "r");
    if (!plan) {
      fprintf(stderr, "harness: cannot read '%s'\n", argv[1]);
      return 1;
    }
    char buf[8192];
    int failures = 0;
    while (fgets(buf, sizeof buf, plan)) {
      std::string line(buf);
      while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
      if (line.empty() || line[0] == '#') continue;
      try {
        run_line(line, e0, e1);
      } catch (const std::string &e) {
        std::istringstream in(line);
        std::string w, id;
        in >> w >> id;
        printf("%s ERROR %s\n", id.c_str(), e.c_str());
        fflush(stdout);
        failures++;
        // a kernel fault poisons the context: stop, the sweep reports the rest as missing
        if (e.find("illegal") != std::string::npos || e.find("misaligned") != std::string::npos ||
            e.find("launch failed") != std::string::npos)
          return 3;
      }
    }
    fclose(plan);
    return failures ? 1 : 0;
  } catch (const std::string &e) {
    fprintf(stderr, "harness: %s\n", e.c_str());
    return 1;
  }
}
