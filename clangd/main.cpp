// kperf-clangd: clangd 22 with kperf's clang-tidy checks linked in (the
// module's registration comes with tidy/KperfTidyModule.cpp's objects).
// A drop-in clangd; see docs/integration.md for the .clangd that enables them.
//
// clangd looks for clang's own headers (the CUDA wrappers among them) in
// ../lib/clang/22 next to its binary, which a kperf-clangd in build/bin or
// /usr/local/bin does not have: unless the user gives --resource-dir, it is
// the resource directory of the clang kperf was built with.
//
// nvcc compile databases: clangd reads compile_commands.json with clang's
// driver, which rejects nvcc's flags.  kperf-clangd translates each nvcc
// entry with kperf check's translator (include/kperf/compile_command.h)
// into the clang compile kperf check runs.  clangd gives no hook for its
// compilation database, so the link wraps the one function clangd passes
// every database it reads through (clang::tooling::expandResponseFiles, with
// the linker's --wrap; clangd/CMakeLists.txt): the wrapper puts the
// translation in front of it.  Other entries are left as they are.
#include "kperf/compile_command.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <sys/stat.h>
#include <vector>

#ifdef KPERF_WRAPPED_SYMBOL
namespace {

using clang::tooling::CompilationDatabase;
using clang::tooling::CompileCommand;

const char *cudaPath() {
  const char *Env = std::getenv("CUDA_PATH");
  return Env && *Env ? Env : KPERF_CUDA_PATH;
}

// A compile database whose nvcc entries are clang compiles.
class NvccTranslatingDatabase : public CompilationDatabase {
public:
  explicit NvccTranslatingDatabase(std::unique_ptr<CompilationDatabase> Base)
      : Base(std::move(Base)) {}

  std::vector<CompileCommand> getCompileCommands(llvm::StringRef File) const override {
    return translate(Base->getCompileCommands(File));
  }
  std::vector<std::string> getAllFiles() const override { return Base->getAllFiles(); }
  std::vector<CompileCommand> getAllCompileCommands() const override {
    return translate(Base->getAllCompileCommands());
  }

private:
  std::unique_ptr<CompilationDatabase> Base;

  static std::vector<CompileCommand> translate(std::vector<CompileCommand> Cmds) {
    for (CompileCommand &C : Cmds) {
      std::vector<const char *> Argv;
      for (const std::string &A : C.CommandLine)
        Argv.push_back(A.c_str());
      kp_cc_result T;
      char Err[512];
      kp_strlist Extras{};
      if (kp_cc_translate(Argv.data(), Argv.size(), C.Directory.c_str(), C.Filename.c_str(), &T,
                          Err, sizeof Err) == 0 &&
          T.nvcc && kp_cc_clang_extras(&T, cudaPath(), &Extras) == 0) {
        std::vector<std::string> Line{KPERF_CLANGD_DRIVER};
        for (size_t I = 0; I < T.args.n; ++I)
          Line.push_back(T.args.v[I]);
        for (size_t I = 0; I < Extras.n; ++I)
          Line.push_back(Extras.v[I]);
        C.CommandLine = std::move(Line);
      }
      kp_strlist_free(&Extras);
      kp_cc_result_free(&T);
    }
    return Cmds;
  }
};

} // namespace

using DatabasePtr = std::unique_ptr<clang::tooling::CompilationDatabase>;
using FileSystemPtr = llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>;
DatabasePtr realExpandResponseFiles(DatabasePtr, FileSystemPtr) asm("__real_" KPERF_WRAPPED_SYMBOL);
DatabasePtr wrapExpandResponseFiles(DatabasePtr, FileSystemPtr) asm("__wrap_" KPERF_WRAPPED_SYMBOL);

DatabasePtr wrapExpandResponseFiles(DatabasePtr Base, FileSystemPtr FS) {
  return realExpandResponseFiles(std::make_unique<NvccTranslatingDatabase>(std::move(Base)),
                                 std::move(FS));
}
#endif

namespace clang {
namespace clangd {
int clangdMain(int argc, char *argv[]);
} // namespace clangd
} // namespace clang

int main(int argc, char *argv[]) {
  bool Given = false;
  for (int I = 1; I < argc; ++I)
    if (std::strncmp(argv[I], "--resource-dir", 14) == 0 ||
        std::strncmp(argv[I], "-resource-dir", 13) == 0)
      Given = true;
  struct stat St;
  if (Given || stat(KPERF_CLANG_RESOURCE_DIR, &St) != 0)
    return clang::clangd::clangdMain(argc, argv);
  std::string Flag = std::string("--resource-dir=") + KPERF_CLANG_RESOURCE_DIR;
  std::vector<char *> Args(argv, argv + argc);
  Args.insert(Args.begin() + 1, Flag.data());
  Args.push_back(nullptr);
  return clang::clangd::clangdMain(argc + 1, Args.data());
}
