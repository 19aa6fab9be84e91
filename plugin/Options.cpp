#include "Options.h"

#include <cctype>
#include <string>

namespace kperf {

namespace {

struct Key {
  const char *Name;
  bool TakesValue;
  const char *Help;
};

const Key Keys[] = {
    {"gpu", true, "GPU to analyse for (e.g. h100, a100, gtx940mx; 'kperf gpus' lists them)"},
    {"db", true, "GPU database file (default: $KPERF_DB, then next to kperf.so)"},
    {"pass", true, "host (default) or device[:sm_XX]: the compiler pass that reports"},
    {"verbose", false, "also report the kernels and launches found, and the GPU assumed"},
    {"help", false, "print this help"},
};

std::string validKeys() {
  std::string S;
  for (const Key &K : Keys) {
    if (!S.empty())
      S += ", ";
    S += K.Name;
  }
  return S;
}

bool isArchName(const std::string &S) {
  if (S.size() < 4 || S.compare(0, 3, "sm_") != 0)
    return false;
  for (size_t I = 3; I < S.size(); ++I)
    if (!std::isalnum(static_cast<unsigned char>(S[I])))
      return false;
  return true;
}

} // namespace

Options parseOptions(const std::vector<std::string> &Args) {
  Options O;
  for (const std::string &Arg : Args) {
    size_t Eq = Arg.find('=');
    std::string Name = Arg.substr(0, Eq);
    bool HasValue = Eq != std::string::npos;
    std::string Value = HasValue ? Arg.substr(Eq + 1) : std::string();
    const Key *K = nullptr;
    for (const Key &C : Keys)
      if (Name == C.Name)
        K = &C;
    if (!K) {
      O.Errors.push_back("unknown argument '-fplugin-arg-kperf-" + Arg +
                         "'; valid keys: " + validKeys() +
                         " (see -fplugin-arg-kperf-help)");
      continue;
    }
    if (K->TakesValue && (!HasValue || Value.empty())) {
      O.Errors.push_back(std::string("argument '-fplugin-arg-kperf-") + Name +
                         "' needs a value: -fplugin-arg-kperf-" + Name + "=<value>");
      continue;
    }
    if (!K->TakesValue && HasValue) {
      O.Errors.push_back(std::string("argument '-fplugin-arg-kperf-") + Name +
                         "' takes no value");
      continue;
    }
    if (Name == "gpu")
      O.Gpu = Value;
    else if (Name == "db")
      O.Db = Value;
    else if (Name == "verbose")
      O.Verbose = true;
    else if (Name == "help")
      O.Help = true;
    else if (Name == "pass") {
      if (Value == "host") {
        O.DevicePass = false;
      } else if (Value == "device") {
        O.DevicePass = true;
      } else if (Value.compare(0, 7, "device:") == 0 && isArchName(Value.substr(7))) {
        O.DevicePass = true;
        O.DeviceArch = Value.substr(7);
      } else {
        O.Errors.push_back("bad value '" + Value +
                           "' for -fplugin-arg-kperf-pass; expected host, device or device:sm_XX");
      }
    }
  }
  return O;
}

const char *usageText() {
  static const std::string Text = [] {
    std::string S =
        "kperf: performance warnings for CUDA kernels\n"
        "usage: clang++ -x cuda FILE.cu -fplugin=/path/to/kperf.so "
        "[-fplugin-arg-kperf-<key>[=<value>]]...\n"
        "keys:\n";
    for (const Key &K : Keys) {
      std::string Left = std::string("  ") + K.Name + (K.TakesValue ? "=<value>" : "");
      Left.resize(Left.size() < 18 ? 18 : Left.size() + 1, ' ');
      S += Left + K.Help + "\n";
    }
    S += "'-Xclang -kperf-gpu=...' does not work: clang's cc1 rejects flags it does not know.\n";
    return S;
  }();
  return Text.c_str();
}

} // namespace kperf
