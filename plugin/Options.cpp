#include "Options.h"

#include "kperf/control.h"
#include "kperf/findings_report.h"
#include "kperf/predict.h"
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
    {"db", true, false,
     "GPU database file (default: $KPERF_DB, then next to kperf.so, then the one embedded in it)"},
    {"pass", true, false, "host (default) or device[:sm_XX]: the compiler pass that reports"},
    {"verbose", false, false, "also report the kernels and launches found, and the GPU assumed"},
    {"help", false, false, "print this help"},
    {"checks", true, false,
     "the checks to run, in clang-tidy's syntax: '-*,kperf-bank-conflict' only that one, "
     "'-kperf-launch' all but that one (default: all)",
     "SPEC"},
    {"time-budget", true, false,
     "milliseconds of kperf's own work per file (default 10000; 0: no limit); kernels not "
     "analysed by then get one remark each and no finding",
     "MS"},
    {"werror", false, false,
     "kperf's warnings are errors (the compile fails); remarks stay remarks"},
    {"report", true, false,
     "write the findings as SARIF 2.1.0 (sarif:PATH) or JSON (json:PATH), or the kernel "
     "model as JSON (PATH or model:PATH, used by 'kperf analyze'); repeatable; in PATH, %f is "
     "the file's name, %h a hash of its path, and a PATH ending in '/' is a directory",
     "[sarif:|json:|model:]PATH"},
    {"ptxas", true, false,
     "registers and spills as ptxas assigned them, from a ptxas facts file ('kperf predict "
     "--ptxas' writes one; docs/models.md); kernels without facts keep the estimate",
     "FILE"},
    {"arg", true, true,
     "bind a kernel parameter or formula variable to an integer "
     "(decimal, 0x hex or A<<B; repeatable)",
     "NAME=VALUE"},
    {"pragmas", true, true, "dump: report each #pragma kperf and the loop it applies to (remarks)",
     "dump"},
    {"predict", true, true,
     "write the predicted time of each launch as JSON to PATH (used by 'kperf predict')",
     "PATH"},
    {"predict-launch", true, true,
     "with predict=: also predict KERNEL launched with this grid, block and dynamic shared "
     "memory",
     "KERNEL:gx,gy,gz:bx,by,bz:smem"},
    {"predict-batch", true, true,
     "with predict=: predict instead the launches listed in PATH, one a line "
     "'GPU KERNEL gx,gy,gz bx,by,bz smem [max-blocks-per-sm]', every model, one JSON object a line",
     "PATH"},
    {"predict-problem", true, true,
     "with predict-launch=: the problem size N (candidate grids are ceil(N / block))", "N"},
    {"predict-max-blocks-per-sm", true, true,
     "with predict=: cap resident blocks per SM at N (16 reproduces Qu et al.'s Table 6)", "N"},
    {"after-errors", false, true,
     "run the checks and write the reports even when clang reported errors in the file (its "
     "kernels as far as they parsed; used by 'kperf check'); clang's errors are unchanged",
     ""},
    {"cache-key", true, true,
     "ignored: a hash of the GPU database and of kperf.so, so that compiler caches (ccache, "
     "sccache), which hash the command line, miss when either changes (kperf_add_to_target "
     "sets it)",
     "KEY"},
};

// The checks' options of the registry (kp_check_option), after the plugin's
// own keys.
template <typename F> void forEachCheckOption(F Fn) {
  size_t N = 0;
  const kp_check_info *const *Checks = kp_checks(&N);
  for (size_t I = 0; I < N; ++I)
    for (size_t K = 0; K < Checks[I]->noptions; ++K)
      Fn(*Checks[I], Checks[I]->options[K]);
}

std::string keyList(bool More) {
  std::string S;
  for (const Key &K : Keys) {
    if (K.More != More)
      continue;
    if (!S.empty())
      S += ", ";
    S += K.Name;
  }
  if (!More)
    forEachCheckOption([&](const kp_check_info &, const kp_check_option &D) {
      S += std::string(", ") + D.key;
    });
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

// report=[KIND:]PATH.
void parseReport(const std::string &Value, Options &O) {
  std::string Kind = "model", Path = Value;
  size_t Colon = Value.find(':');
  if (Colon != std::string::npos && Colon > 0) {
    std::string Prefix = Value.substr(0, Colon);
    bool Word = true;
    for (char C : Prefix)
      if (!std::islower(static_cast<unsigned char>(C)))
        Word = false;
    if (Word) {
      if (Prefix != "sarif" && Prefix != "json" && Prefix != "model") {
        O.Errors.push_back("bad value '" + Value + "' for -fplugin-arg-kperf-report: unknown " +
                           "report kind '" + Prefix + "'; expected sarif:PATH, json:PATH or " +
                           "model:PATH (or PATH, the model)");
        return;
      }
      Kind = Prefix;
      Path = Value.substr(Colon + 1);
    }
  }
  if (Path.empty()) {
    O.Errors.push_back("bad value '" + Value + "' for -fplugin-arg-kperf-report: no path after '" +
                       Kind + ":'");
    return;
  }
  char Err[512];
  char *P = kp_report_path(Path.c_str(), "k.cu", "x", Err, sizeof Err);
  if (!P) {
    O.Errors.push_back("bad value '" + Value + "' for -fplugin-arg-kperf-report: " + Err);
    return;
  }
  std::free(P);
  (Kind == "sarif" ? O.SarifReports : Kind == "json" ? O.JsonReports : O.ModelReports)
      .push_back(Path);
}

// "x,y,z" (1 to 3 positive integers; missing ones are 1).
bool parseDims(const std::string &S, int64_t D[3]) {
  D[0] = D[1] = D[2] = 1;
  size_t Start = 0;
  for (int I = 0; I < 3; ++I) {
    size_t C = S.find(',', Start);
    std::string Part = S.substr(Start, C == std::string::npos ? std::string::npos : C - Start);
    if (!kp_parse_int(Part.c_str(), &D[I]) || D[I] <= 0)
      return false;
    if (C == std::string::npos)
      return true;
    Start = C + 1;
  }
  return false;
}

bool parsePredictLaunch(const std::string &V, Options &O) {
  // From the right: the kernel's name may hold ':' (ns::k).
  size_t C3 = V.rfind(':');
  size_t C2 = C3 == std::string::npos || C3 == 0 ? std::string::npos : V.rfind(':', C3 - 1);
  size_t C1 = C2 == std::string::npos || C2 == 0 ? std::string::npos : V.rfind(':', C2 - 1);
  if (C1 == std::string::npos || C1 == 0 ||
      !parseDims(V.substr(C1 + 1, C2 - C1 - 1), O.PredictGrid) ||
      !parseDims(V.substr(C2 + 1, C3 - C2 - 1), O.PredictBlock) ||
      !kp_parse_int(V.substr(C3 + 1).c_str(), &O.PredictSmem) || O.PredictSmem < 0) {
    O.Errors.push_back("bad value '" + V +
                       "' for -fplugin-arg-kperf-predict-launch; expected "
                       "KERNEL:gx,gy,gz:bx,by,bz:smem, e.g. vadd:4096,1,1:256,1,1:0");
    return false;
  }
  O.PredictKernel = V.substr(0, C1);
  O.HasPredictLaunch = true;
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

bool parseLaunchDims(const std::string &S, int64_t D[3]) { return parseDims(S, D); }

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
    const kp_check_info *Owner = nullptr;
    const kp_check_option *D = K ? nullptr : kp_check_option_find(Name.c_str(), &Owner);
    if (D && D->key != Name)
      D = nullptr; // the clang-tidy spelling is not a plugin key
    if (D) {
      char Err[256];
      if (!HasValue || Value.empty())
        O.Errors.push_back(std::string("argument '-fplugin-arg-kperf-") + Name +
                           "' needs a value: -fplugin-arg-kperf-" + Name + "=<value>");
      else if (kp_check_option_set(&O.CheckOpts, D, Value.c_str(), Err, sizeof Err) != 0)
        O.Errors.push_back("bad value '" + Value + "' for -fplugin-arg-kperf-" + Name + "; " +
                           Err);
      continue;
    }
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
      parseReport(Value, O);
    else if (Name == "after-errors")
      O.AfterErrors = true;
    else if (Name == "werror")
      O.Werror = true;
    else if (Name == "checks") {
      char Err[512];
      if (kp_check_filter_check(Value.c_str(), Err, sizeof Err) != 0)
        O.Errors.push_back("bad value '" + Value + "' for -fplugin-arg-kperf-checks: " + Err +
                           " (expected a comma-separated list of globs, each with an optional "
                           "'-', e.g. -*,kperf-bank-conflict)");
      else
        O.Checks += (O.Checks.empty() ? "" : ",") + Value;
    }
    else if (Name == "pragmas") {
      if (Value == "dump")
        O.PragmaDump = true;
      else
        O.Errors.push_back("bad value '" + Value + "' for -fplugin-arg-kperf-pragmas: expected dump");
    }
    else if (Name == "arg")
      parseArg(Value, O);
    else if (Name == "ptxas")
      O.Ptxas = Value;
    else if (Name == "cache-key")
      ; // for compiler caches only (docs/integration.md)
    else if (Name == "predict")
      O.Predict = Value;
    else if (Name == "predict-batch")
      O.PredictBatch = Value;
    else if (Name == "predict-launch")
      parsePredictLaunch(Value, O);
    else if (Name == "predict-max-blocks-per-sm") {
      if (!kp_parse_int(Value.c_str(), &O.PredictMaxBlocks) || O.PredictMaxBlocks <= 0 ||
          O.PredictMaxBlocks > 1024)
        O.Errors.push_back("bad value '" + Value +
                           "' for -fplugin-arg-kperf-predict-max-blocks-per-sm; expected 1 to "
                           "1024");
    }
    else if (Name == "predict-problem") {
      if (!kp_parse_int(Value.c_str(), &O.PredictProblem) || O.PredictProblem <= 0)
        O.Errors.push_back("bad value '" + Value +
                           "' for -fplugin-arg-kperf-predict-problem; expected a positive "
                           "integer");
    }
    else if (Name == "time-budget") {
      int64_t Ms;
      if (!kp_parse_int(Value.c_str(), &Ms) || Ms < 0 || Ms > 3600000)
        O.Errors.push_back("bad value '" + Value +
                           "' for -fplugin-arg-kperf-time-budget; expected milliseconds from 0 "
                           "(no limit) to 3600000, e.g. 10000");
      else
        O.TimeBudgetMs = static_cast<unsigned>(Ms);
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
    forEachCheckOption([&](const kp_check_info &C, const kp_check_option &D) {
      char Accepts[160];
      kp_check_option_accepts(&D, Accepts, sizeof Accepts);
      std::string Left = std::string("  ") + D.key + "=<value>";
      Left.resize(Left.size() < 18 ? 18 : Left.size() + 1, ' ');
      S += Left + C.name + ": " + D.help + " (" + Accepts + "; default " + D.def + ")\n";
    });
    S += "'-Xclang -kperf-gpu=...' does not work: clang's cc1 rejects flags it does not know.\n";
    return S;
  }();
  return Text.c_str();
}

} // namespace kperf
