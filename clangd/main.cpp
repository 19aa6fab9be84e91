// kperf-clangd: clangd 22 with kperf's clang-tidy checks linked in (the
// module's registration comes with tidy/KperfTidyModule.cpp's objects).
// A drop-in clangd; see docs/integration.md for the .clangd that enables them.
//
// clangd looks for clang's own headers (the CUDA wrappers among them) in
// ../lib/clang/22 next to its binary, which a kperf-clangd in build/bin or
// /usr/local/bin does not have: unless the user gives --resource-dir, it is
// the resource directory of the clang kperf was built with.
#include <cstring>
#include <string>
#include <sys/stat.h>
#include <vector>

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
