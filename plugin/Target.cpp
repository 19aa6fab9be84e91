// See Target.h.
#include "Target.h"

#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"

#include <dlfcn.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>

namespace kperf {

std::string thisObjectDir() {
  Dl_info Info;
  if (!dladdr(reinterpret_cast<void *>(&thisObjectDir), &Info) || !Info.dli_fname)
    return "";
  std::string Path = Info.dli_fname;
  // The main program (kperf-clangd) is named as it was started: found on
  // PATH, without a directory.  /proc/self/exe has its path.
  if (Path.find('/') == std::string::npos) {
    char Exe[4096];
    ssize_t N = readlink("/proc/self/exe", Exe, sizeof Exe - 1);
    if (N > 0)
      Path.assign(Exe, static_cast<size_t>(N));
  }
  size_t Slash = Path.rfind('/');
  return Slash == std::string::npos ? std::string(".") : Path.substr(0, Slash);
}

std::vector<std::string> selfCmdline() { return readCmdline("/proc/self/cmdline"); }

std::vector<std::string> readCmdline(const std::string &Path) {
  std::vector<std::string> Args;
  std::ifstream In(Path, std::ios::binary);
  if (!In)
    return Args;
  std::string All((std::istreambuf_iterator<char>(In)), std::istreambuf_iterator<char>());
  for (size_t Start = 0; Start < All.size();) {
    size_t End = All.find('\0', Start);
    if (End == std::string::npos)
      End = All.size();
    Args.push_back(All.substr(Start, End - Start));
    Start = End + 1;
  }
  return Args;
}

std::vector<std::string> gpuArchsOf(const std::vector<std::string> &Args) {
  std::vector<std::string> Archs;
  auto AddList = [&Archs](const std::string &V) {
    for (size_t S = 0; S <= V.size();) {
      size_t C = V.find(',', S);
      if (C == std::string::npos)
        C = V.size();
      std::string A = V.substr(S, C - S);
      if (A.compare(0, 3, "sm_") == 0)
        Archs.push_back(A);
      S = C + 1;
    }
  };
  for (size_t I = 0; I < Args.size(); ++I) {
    for (const std::string F : {"--cuda-gpu-arch", "--offload-arch"}) {
      if (Args[I] == F && I + 1 < Args.size())
        AddList(Args[I + 1]);
      else if (Args[I].compare(0, F.size() + 1, F + "=") == 0)
        AddList(Args[I].substr(F.size() + 1));
    }
  }
  return Archs;
}

GpuTarget chooseGpuTarget(const std::string &Gpu, const std::string &Db, const std::string &Arch,
                          const std::string &NearDir, const GpuSpelling &Spell,
                          std::string &Error) {
  GpuTarget T;
  std::memset(&T.Gpu, 0, sizeof T.Gpu);
  bool Explicit = !Gpu.empty() || !Db.empty();
  std::string Path = Db;
  char Buf[4096];
  if (Path.empty()) {
    // The file next to NearDir, else (a program in bin/ of the build tree:
    // kperf-clangd) the one in lib/, else the embedded one.
    auto Embedded = [](const std::string &P) {
      const std::string E = KP_GPUDB_EMBEDDED;
      return P.size() >= E.size() && P.compare(P.size() - E.size(), E.size(), E) == 0;
    };
    int Rc = kp_gpudb_locate(NearDir.c_str(), Buf, sizeof Buf);
    std::string First = Buf;
    if ((Rc != 0 || Embedded(First)) && !NearDir.empty() &&
        kp_gpudb_locate((NearDir + "/../lib").c_str(), Buf, sizeof Buf) == 0 && !Embedded(Buf)) {
      First = Buf;
      Rc = 0;
    }
    if (Rc != 0) {
      (Explicit ? Error : T.Why) = First;
      T.NoDatabase = true;
      return T;
    }
    Path = First;
  }
  kp_gpudb *D = kp_gpudb_open(Path.c_str(), Buf, sizeof Buf);
  if (!D) {
    (Explicit ? Error : T.Why) = Buf;
    T.NoDatabase = true;
    return T;
  }
  if (!Gpu.empty()) {
    if (kp_gpudb_find(D, Gpu.c_str(), &T.Gpu, Buf, sizeof Buf) == 0) {
      T.Known = true;
      T.How = Spell.NamedHow;
    } else {
      Error = Buf;
    }
  } else if (Arch.empty()) {
    T.Why = "no GPU named and no --cuda-gpu-arch to assume one from; " + Spell.NameHint;
  } else if (kp_gpudb_for_arch(D, Arch.c_str(), &T.Gpu, Buf, sizeof Buf) == 0) {
    T.Known = true;
    T.Assumed = true;
    T.How = "assumed from --cuda-gpu-arch=" + Arch;
  } else {
    // No GPU of its own: the GPU of the nearest arch of the database, said
    // once, and the analyses run (GPU-independent findings stay true).
    std::string NoneWhy = Buf;
    char Near[32];
    if (kp_gpudb_nearest_arch(D, Arch.c_str(), Near, sizeof Near, Buf, sizeof Buf) == 0 &&
        kp_gpudb_for_arch(D, Near, &T.Gpu, Buf, sizeof Buf) == 0) {
      T.Known = true;
      T.Assumed = true;
      T.How = "assumed from --cuda-gpu-arch=" + Arch + " (the GPU of " + Near +
              ", the nearest architecture with one)";
      char Cc[32];
      snprintf(Cc, sizeof Cc, "%d.%d", T.Gpu.cc_major, T.Gpu.cc_minor);
      T.Warning = "no GPU in kperf's database for --cuda-gpu-arch=" + Arch + "; analysing for " +
                  T.Gpu.id + " (" + T.Gpu.full_name + ", compute capability " + Cc + ", " +
                  Near + "), the nearest; " + Spell.NameHint;
    } else {
      T.Why = NoneWhy + "; " + Spell.NameHint;
    }
  }
  kp_gpudb_close(D);
  return T;
}

std::string noTargetMessage(const GpuTarget &T, const GpuSpelling &Spell) {
  if (!T.NoDatabase)
    return "nothing checked: " + T.Why; // ends with how to name a GPU
  // kp_gpudb_locate's advice is the command line's (--db): the plugin's own follows.
  std::string Why = T.Why;
  size_t Cli = Why.rfind(" (build kperf, set KPERF_DB, or pass --db)");
  if (Cli != std::string::npos && Cli + 42 == Why.size())
    Why.erase(Cli);
  return "nothing checked: " + Why + "; put kperf-gpus.db next to kperf.so, or " + Spell.DbHint;
}

std::string assumedMessage(const GpuTarget &T, const GpuSpelling &Spell) {
  char Cc[32];
  snprintf(Cc, sizeof Cc, "%d.%d", T.Gpu.cc_major, T.Gpu.cc_minor);
  return std::string("analysing for ") + T.Gpu.id + " (" + T.Gpu.full_name +
         ", compute capability " + Cc + "), " + T.How + "; " + Spell.NameHint;
}

std::string archFromMacro(clang::Preprocessor *PP) {
  if (!PP)
    return "";
  clang::IdentifierInfo *II = PP->getIdentifierInfo("__CUDA_ARCH_LIST__");
  const clang::MacroInfo *MI = II ? PP->getMacroInfo(II) : nullptr;
  if (!MI)
    return "";
  for (const clang::Token &Tok : MI->tokens()) {
    if (!Tok.is(clang::tok::numeric_constant))
      continue;
    long V = std::strtol(PP->getSpelling(Tok).c_str(), nullptr, 10);
    if (V <= 0)
      return "";
    return "sm_" + std::to_string(V / 10);
  }
  return "";
}

GpuTarget chooseFileGpuTarget(const std::string &Named, const std::string &PragmaName,
                              const std::string &Db, const std::string &Arch,
                              const std::string &NearDir, const GpuSpelling &Spell,
                              std::string &Error, std::string &PragmaError) {
  std::string Pragma = "'#pragma kperf gpu(" + PragmaName + ")'";
  if (!PragmaName.empty()) {
    GpuSpelling PS{"named with " + Pragma, Spell.NameHint};
    GpuTarget P = chooseGpuTarget(PragmaName, Db, "", NearDir, PS, PragmaError);
    if (!PragmaError.empty() || Named.empty())
      return P;
  }
  GpuTarget T = chooseGpuTarget(Named, Db, Named.empty() ? Arch : "", NearDir, Spell, Error);
  if (!PragmaName.empty() && T.Known)
    T.How += " (over " + Pragma + ")";
  return T;
}

} // namespace kperf
