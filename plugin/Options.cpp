#include "Options.h"

#include "kperf/report.h"

#include <cctype>
#include <cstdlib>
#include <string>

namespace kperf {

namespace {

struct Key {
  const char *Name;
  bool TakesValue;
  // Listed after the everyday keys in the unknown-key message: the keys
  // 'kperf analyze' passes and the ones for tests.
  bool More;
  const char *Help;
  const char *ValueName = "<value>";
};

const Key Keys[] = {
    {"gpu", true, false, "GPU to analyse for (e.g. h100, a100, gtx940mx; 'kperf gpus' lists them)"},
    {"db", true, false, "GPU database file (default: $KPERF_DB, then next to kperf.so)"},
    {"pass", true, false, "host (default) or device[:sm_XX]: the compiler pass that reports"},
    {"verbose", false, false, "also report the kernels and launches found, and the GPU assumed"},
    {"help", false, false, "print this help"},
    {"uncoalesced-ratio", true, false,
     "kperf-uncoalesced warns when a warp request needs at least R times the transactions of a "
     "coalesced one (default 2)",
     "R"},
    {"arg", true, true,
     "bind a kernel parameter or formula variable to an integer "
     "(decimal, 0x hex or A<<B; repeatable)",
     "NAME=VALUE"},
    {"pragmas", true, true, "dump: report each #pragma kperf and the loop it applies to (remarks)",
     "dump"},
    {"report", true, true,
     "write the kernel model as JSON to PATH (used by 'kperf analyze'; "
     "written even when the code has errors)",
     "PATH"},
};

std::string keyList(bool More) {
  std::string S;
  for (const Key &K : Keys) {
    if (K.More != More)
      continue;
    if (!S.empty())
      S += ", ";
    S += K.Name;
  }
  return S;
}

std::string validKeys() {
  return keyList(false) + " (see -fplugin-arg-kperf-help); also " + keyList(true);
}

// NAME=VALUE of arg=: a name without spaces, an integer value.
bool parseArg(const std::string &Value, Options &O) {
  size_t Eq = Value.find('=');
  std::string Name = Value.substr(0, Eq);
  bool NameOk = !Name.empty();
  for (char C : Name)
    if (std::isspace(static_cast<unsigned char>(C)))
      NameOk = false;
  if (Eq == std::string::npos || !NameOk) {
    O.Errors.push_back("bad value '" + Value +
                       "' for -fplugin-arg-kperf-arg; expected NAME=VALUE, e.g. n=1024");
    return false;
  }
  std::string Num = Value.substr(Eq + 1);
  int64_t V;
  if (!kp_parse_int(Num.c_str(), &V)) {
    O.Errors.push_back("bad value '" + Num + "' for -fplugin-arg-kperf-arg=" + Name +
                       "; expected an integer (decimal, 0x hex or A<<B, e.g. 1<<20)");
    return false;
  }
  O.Args.emplace_back(Name, V);
  return true;
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
                         "'; valid keys: " + validKeys());
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
    else if (Name == "report")
      O.Report = Value;
    else if (Name == "pragmas") {
      if (Value == "dump")
        O.PragmaDump = true;
      else
        O.Errors.push_back("bad value '" + Value + "' for -fplugin-arg-kperf-pragmas: expected dump");
    }
    else if (Name == "arg")
      parseArg(Value, O);
    else if (Name == "uncoalesced-ratio") {
      char *End = nullptr;
      double R = std::strtod(Value.c_str(), &End);
      if (End == Value.c_str() || *End || !(R >= 1.0 && R <= 64.0))
        O.Errors.push_back("bad value '" + Value +
                           "' for -fplugin-arg-kperf-uncoalesced-ratio; expected a number from 1 "
                           "to 64, e.g. 2");
      else
        O.UncoalescedRatio = R;
    }
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
      std::string Left = std::string("  ") + K.Name +
                         (K.TakesValue ? std::string("=") + K.ValueName : std::string());
      Left.resize(Left.size() < 18 ? 18 : Left.size() + 1, ' ');
      S += Left + K.Help + "\n";
    }
    S += "'-Xclang -kperf-gpu=...' does not work: clang's cc1 rejects flags it does not know.\n";
    return S;
  }();
  return Text.c_str();
}

} // namespace kperf
