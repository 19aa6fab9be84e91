// Arguments of the kperf plugin: -fplugin-arg-kperf-<key>[=<value>].
#ifndef KPERF_PLUGIN_OPTIONS_H
#define KPERF_PLUGIN_OPTIONS_H

#include "kperf/checks.h"
#include "kperf/limits.h"
#include "kperf/predict.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace kperf {

struct Options {
  Options() { kp_check_options_init(&CheckOpts); }
  bool Help = false;
  bool Verbose = false;
  std::string Gpu;      // empty: chosen from --cuda-gpu-arch
  std::string Db;       // empty: $KPERF_DB or next to the plugin
  bool DevicePass = false;  // report from the device pass instead of the host pass
  std::string DeviceArch;   // with DevicePass: only the pass for this sm_XX
  bool PragmaDump = false;  // pragmas=dump: remarks for each #pragma kperf (tests)
  // report=[KIND:]PATH (repeatable; PATH may hold %f, %h, or end in '/'):
  // report=PATH or model:PATH writes the kernel model as JSON ('kperf analyze');
  // sarif:PATH and json:PATH the findings of the translation unit.
  std::vector<std::string> ModelReports, SarifReports, JsonReports;
  std::string Checks;         // checks=SPEC (clang-tidy's syntax; repeats are joined with ',')
  bool Werror = false;        // werror: kperf warnings become errors
  // after-errors: the checks run and the reports are written even when clang
  // reported errors (kperf check); clang's own diagnostics are unchanged.
  bool AfterErrors = false;
  // arg=NAME=VALUE, in order: module assumptions applied after extraction.
  std::vector<std::pair<std::string, int64_t>> Args;
  unsigned TimeBudgetMs = KP_LIMIT_TIME_MS; // time-budget=MS: kperf's own time per file
  // The checks' options (kp_check_option rows of the registry: uncoalesced-ratio=R,
  // bank-conflict-min=N, model=M, launch=remark|warning, ...), defaults first.
  kp_check_options CheckOpts;
  std::string Ptxas;          // ptxas=FILE: registers and spills from a ptxas facts file
  std::string Predict;        // predict=PATH: write the predictions as JSON ('kperf predict')
  // predict-launch=KERNEL:gx,gy,gz:bx,by,bz:smem: one more launch to predict.
  bool HasPredictLaunch = false;
  std::string PredictKernel;
  int64_t PredictGrid[3] = {1, 1, 1}, PredictBlock[3] = {1, 1, 1}, PredictSmem = 0;
  // predict-batch=PATH: with predict=, predict the launches listed in PATH, one a line
  // "GPU KERNEL gx,gy,gz bx,by,bz smem", instead (JSON lines; 'kperf predict --batch').
  std::string PredictBatch;
  int64_t PredictMaxBlocks = 0; // predict-max-blocks-per-sm=N: occupancy cap for predict=
  int64_t PredictProblem = 0; // predict-problem=N: the problem size of that launch
  std::vector<std::string> Errors; // one line each
};

// Parses the plugin's arguments ("verbose", "gpu=h100", ...).
Options parseOptions(const std::vector<std::string> &Args);

// "X[,Y[,Z]]" of positive integers (missing sizes are 1); false when it is not.
bool parseLaunchDims(const std::string &S, int64_t D[3]);

// The usage text printed by -fplugin-arg-kperf-help.
const char *usageText();

} // namespace kperf

#endif
