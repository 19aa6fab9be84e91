#!/usr/bin/env python3
"""Creates the files of a new kperf check: its C file, its registry row, its
documentation and its lit test (the four files a check is made of).

    scripts/new-check.py divergent-branch --summary "branches that split warps"

writes analyses/checks/divergent_branch.c (kp_check_divergent_branch: name,
summary, severity, options, and a run function that looks at every access of
every kernel and says nothing yet), appends KP_CHECK(divergent_branch) to
include/kperf/checks.def, and writes docs/checks/divergent-branch.md (Bad,
Good, The rule, Options) and tests/lit/checks/divergent-branch.cu (the check
is registered and can be selected alone).  CMake picks the C file up by
itself (analyses/CMakeLists.txt globs analyses/checks/).  Then: fill in the
rule, the examples and the test's expectations, and build.
"""
import argparse
import os
import re
import sys

C_TEMPLATE = """\
/* kperf-{name}: {summary}.
 * docs/checks/{name}.md. */
#include "kperf/checks.h"

#include <stddef.h>

static const char *const CHECK = "kperf-{name}";

static void run(const kp_check_ctx *ctx, kp_findings *out) {{
  const kp_module *m = ctx->m;
  for (size_t ki = 0; ki < m->nkernels; ki++) {{
    const kp_kernel *k = &m->kernels[ki];
    if (!k->has_body)
      continue; /* kperf could not walk it: nothing to say */
    for (size_t ai = 0; ai < k->naccesses; ai++) {{
      if (kp_check_out_of_time(ctx))
        return;
      const kp_access *a = &k->accesses[ai];
      /* Decide here, and say nothing when unsure.  A finding:
       * kp_findings_add(out, CHECK, kp_check_{id}.severity, a->loc, "...");
       * notes: kp_findings_note(out, a->loc, "..."). */
      (void)a;
      (void)out;
      (void)CHECK;
    }}
  }}
}}

/* Options: rows of kp_check_option (include/kperf/checks.h) with a field of
 * kp_check_options each; the plugin, clang-tidy and `kperf checks` read them. */
const kp_check_info kp_check_{id} = {{
    "kperf-{name}", "{summary}", run, "{rule}", KP_WARNING, NULL, 0}};
"""

DOC_TEMPLATE = """\
# kperf-{name}

{summary_cap}.

## Bad

```cuda
// a kernel that kperf-{name} reports, and the warning it prints
```

## Good

```cuda
// the same kernel fixed, which it does not report
```

## The rule

What is judged, with which facts of the GPU, and when kperf says nothing.

## Options

None.

Tests: `tests/lit/checks/{name}.cu`.
"""

TEST_TEMPLATE = """\
// kperf-{name}: {summary}.
// REQUIRES: cuda
// The check is registered: it can be run alone (an unknown name is an error).
// RUN: %kperf_cc -fplugin-arg-kperf-db=%kperf_db -fplugin-arg-kperf-gpu=h100 %s \\
// RUN:   -fplugin-arg-kperf-checks=-*,kperf-{name} -Xclang -verify

// expected-no-diagnostics
__global__ void copy(float *out, const float *in) {{
  out[threadIdx.x] = in[threadIdx.x];
}}

int main() {{ copy<<<1, 32>>>(0, 0); }}
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("name", help="the check's name without 'kperf-': lower-case words joined by '-'")
    ap.add_argument("--summary", default="TODO: what the check reports, in one line")
    ap.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                    help="the source tree (default: this script's)")
    o = ap.parse_args()
    name = o.name[6:] if o.name.startswith("kperf-") else o.name
    if not re.fullmatch(r"[a-z][a-z0-9]*(-[a-z0-9]+)*", name):
        sys.exit("new-check: '%s' is not lower-case words joined by '-' (e.g. divergent-branch)" % o.name)
    summary = o.summary.strip().rstrip(".").replace('"', "'")
    ident = name.replace("-", "_")
    rule = "".join(w.capitalize() for w in name.split("-"))
    files = {
        os.path.join("analyses", "checks", ident + ".c"): C_TEMPLATE,
        os.path.join("docs", "checks", name + ".md"): DOC_TEMPLATE,
        os.path.join("tests", "lit", "checks", name + ".cu"): TEST_TEMPLATE,
    }
    registry = os.path.join(o.root, "include", "kperf", "checks.def")
    with open(registry) as f:
        rows = f.read()
    if re.search(r"^KP_CHECK\(%s\)" % ident, rows, re.M):
        sys.exit("new-check: kperf-%s is already registered in %s" % (name, registry))
    for rel in files:
        if os.path.exists(os.path.join(o.root, rel)):
            sys.exit("new-check: %s exists; nothing written" % rel)
    fields = dict(name=name, id=ident, rule=rule, summary=summary,
                  summary_cap=summary[:1].upper() + summary[1:])
    for rel, template in files.items():
        path = os.path.join(o.root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(template.format(**fields))
        print("wrote", rel)
    with open(registry, "a") as f:
        f.write("%sKP_CHECK(%s)\n" % ("" if rows.endswith("\n") else "\n", ident))
    print("registered KP_CHECK(%s) in include/kperf/checks.def" % ident)


if __name__ == "__main__":
    main()
