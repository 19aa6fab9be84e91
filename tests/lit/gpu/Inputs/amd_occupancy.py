"""Oracle test: kperf's AMD occupancy against LLVM's AMDGPU backend.

For each ISA kperf's database has, kernels of LLVM IR with a forced VGPR
count (an inline-asm clobber of v<N-1>), an LDS array and a fixed workgroup
size are compiled by llc; llc's "; Occupancy: W" (waves per SIMD) is compared
with `kperf occupancy --arch ISA`.  Where the two count the same
thing: one-wave workgroups (the VGPR bound alone), and few VGPRs (workgroup
and LDS bounds, LLVM rounding waves per SIMD up).  Prints each difference and
"N cases, M differ".
usage: amd_occupancy.py LLC KPERF DB"""
import itertools
import json
import math
import subprocess
import sys

llc, kperf, db = sys.argv[1:4]
isas = ["gfx906", "gfx908", "gfx90a", "gfx942", "gfx1030", "gfx1032", "gfx1100"]
wave = {isa: 64 if isa.startswith("gfx9") else 32 for isa in isas}


def llvm_occupancy(isa, vgprs, lds, wg):
    ir = 'target triple = "amdgcn-amd-amdhsa"\n'
    if lds:
        ir += "@lds = internal addrspace(3) global [%d x i8] undef, align 4\n" % lds
    ir += "define amdgpu_kernel void @k(ptr addrspace(1) %p) #0 {\n"
    if lds:
        ir += ("  store volatile i8 1, ptr addrspace(3) getelementptr ([%d x i8], "
               "ptr addrspace(3) @lds, i32 0, i32 %d)\n" % (lds, lds - 1))
    ir += '  call void asm sideeffect "", "~{v%d}"()\n' % (vgprs - 1)
    ir += "  store i32 1, ptr addrspace(1) %p\n  ret void\n}\n"
    ir += 'attributes #0 = { "amdgpu-flat-work-group-size"="%d,%d" }\n' % (wg, wg)
    p = subprocess.run([llc, "-mtriple=amdgcn-amd-amdhsa", "-mcpu=" + isa, "-o", "-"],
                       input=ir, capture_output=True, text=True)
    occ = used = None
    for line in p.stdout.splitlines():
        if line.startswith("; Occupancy:"):
            occ = int(line.split()[-1])
        if line.startswith("; NumVgprs:"):
            used = int(line.split()[-1])
    if occ is None or used is None:
        sys.exit("llc gave no occupancy for %s: %s" % (isa, p.stderr[:300]))
    return occ, used


cases = differ = 0
for isa in isas:
    w = wave[isa]
    shapes = [(v, 0, w) for v in (1, 24, 41, 64, 65, 100, 129, 200, 256)]
    shapes += [(8, lds, wg) for lds, wg in
               itertools.product((0, 8192, 20000, 33000), (w, 2 * w, 3 * w, 256, 1024))]
    for v, lds, wg in shapes:
        occ, used = llvm_occupancy(isa, v, lds, wg)
        q = subprocess.run([kperf, "occupancy", "--arch", isa, "--block", str(wg), "--regs",
                            str(used), "--smem", str(lds), "--json", "--db", db],
                           capture_output=True, text=True)
        d = json.loads(q.stdout)
        simds = 4
        mine = min(math.ceil(d["active_warps_per_sm"] / simds), d["max_warps_per_sm"] // simds)
        cases += 1
        if mine != occ:
            differ += 1
            print("DIFF %s vgprs=%d lds=%d wg=%d: llc %d waves/SIMD, kperf %d (%s)" %
                  (isa, used, lds, wg, occ, mine, d["limiter"]))
print("%d cases, %d differ" % (cases, differ))
