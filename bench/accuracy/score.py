#!/usr/bin/env python3
"""Scores kperf's predictions against measured times.

  score.py results/h100.csv --gpu h100 [--kperf PATH] [--model M] [--save-predictions OUT.csv]

For every row of the CSV (csvio.py) it runs `kperf predict` (see predict_us, the
one place that knows the CLI) unless the row already has predicted_us, then prints
per kernel and problem size: MAPE, median absolute percentage error, Spearman's
rho (ties: average ranks) across the launch configurations, and the slowdown of
kperf's recommended configuration (fastest predicted) against the fastest measured
one; and the same over all rows.  Python 3 standard library only.
"""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import csvio  # noqa: E402


# ---------------------------------------------------------------- the kperf CLI adapter

def predict_cmd(row, gpu, kperf="kperf", model=None):
    """The `kperf predict` command line for one row (adapt here if the CLI changes)."""
    cmd = [kperf, "predict", os.path.join(ROOT, row["file"]), "--kernel", row["kernel"],
           "--grid", csvio.fmt_dim(row["grid"]), "--block", csvio.fmt_dim(row["block"])]
    if row.get("smem"):
        cmd += ["--smem", str(row["smem"])]
    for k, v in row["args"]:
        cmd += ["--arg", "%s=%s" % (k, v)]
    for k, v in row["defines"]:
        cmd.append("-D%s=%s" % (k, v))
    cmd += ["--gpu", gpu]
    if model:
        cmd += ["--model", model]
    cmd.append("--json")
    return cmd


def predict_us(row, gpu, kperf="kperf", model=None):
    """Predicted microseconds, or raises RuntimeError with kperf's message."""
    p = subprocess.run(predict_cmd(row, gpu, kperf, model), stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, universal_newlines=True)
    if p.returncode != 0:
        raise RuntimeError((p.stderr.strip() or "exit %d" % p.returncode).splitlines()[-1])
    data = json.loads(p.stdout)
    v = data.get("predicted_us")
    if v is None and isinstance(data.get("prediction"), dict):
        v = data["prediction"].get("predicted_us")
    if v is None:
        raise RuntimeError("no predicted_us in kperf's JSON")
    return float(v)


# ---------------------------------------------------------------- statistics

def ape(measured, predicted):
    """Absolute percentage error."""
    return abs(predicted - measured) / measured * 100.0


def mape(pairs):
    return sum(ape(m, p) for m, p in pairs) / len(pairs) if pairs else float("nan")


def median(v):
    s = sorted(v)
    n = len(s)
    if not n:
        return float("nan")
    return s[n // 2] if n % 2 else 0.5 * (s[n // 2 - 1] + s[n // 2])


def ranks(v):
    """1-based ranks, ties get the average of the ranks they span."""
    order = sorted(range(len(v)), key=lambda i: v[i])
    r = [0.0] * len(v)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and v[order[j + 1]] == v[order[i]]:
            j += 1
        for k in range(i, j + 1):
            r[order[k]] = (i + j) / 2.0 + 1.0
        i = j + 1
    return r


def pearson(x, y):
    n = len(x)
    mx, my = sum(x) / n, sum(y) / n
    sxy = sum((a - mx) * (b - my) for a, b in zip(x, y))
    sxx = sum((a - mx) ** 2 for a in x)
    syy = sum((b - my) ** 2 for b in y)
    if sxx == 0 or syy == 0:
        return float("nan")
    return sxy / (sxx * syy) ** 0.5


def spearman(x, y):
    """Spearman's rho: Pearson's correlation of the (tie-averaged) ranks."""
    if len(x) < 2:
        return float("nan")
    return pearson(ranks(x), ranks(y))


def recommendation_slowdown(pairs):
    """measured time of the fastest-predicted configuration / fastest measured - 1, in %
    (ties in the prediction: the first row)."""
    best_pred = min(range(len(pairs)), key=lambda i: pairs[i][1])
    best_meas = min(m for m, _ in pairs)
    return (pairs[best_pred][0] / best_meas - 1.0) * 100.0


def group_key(row):
    """A kernel at one problem size: the scalar arguments that do not depend on the
    launch configuration identify it."""
    return row["kernel"], row["file"], csvio.fmt_pairs(row["args"])


def score(rows):
    """rows with measured_us and predicted_us -> (per-group list, overall dict)."""
    groups = {}
    for r in rows:
        groups.setdefault(group_key(r), []).append((r["measured_us"], r["predicted_us"]))
    out = []
    for key, pairs in sorted(groups.items()):
        out.append({"kernel": key[0], "file": key[1], "args": key[2], "n": len(pairs),
                    "mape": mape(pairs), "median_ape": median([ape(m, p) for m, p in pairs]),
                    "spearman": spearman([m for m, _ in pairs], [p for _, p in pairs]),
                    "slowdown": recommendation_slowdown(pairs)})
    allp = [(r["measured_us"], r["predicted_us"]) for r in rows]
    rhos = [g["spearman"] for g in out if g["spearman"] == g["spearman"]]
    overall = {"rows": len(allp), "mape": mape(allp), "median_ape": median([ape(m, p) for m, p in allp]),
               "median_spearman": median(rhos),
               "median_slowdown": median([g["slowdown"] for g in out]),
               "best_picked": sum(1 for g in out if g["slowdown"] == 0.0), "groups": len(out)}
    return out, overall


def report(groups, overall, out=sys.stdout):
    print("%-22s %-28s %3s %9s %9s %8s %10s" % ("kernel", "size", "n", "MAPE%", "medAPE%", "rho",
                                                 "rec.slow%"), file=out)
    for g in groups:
        print("%-22s %-28s %3d %9.1f %9.1f %8.3f %10.1f" % (g["kernel"], g["args"][:28], g["n"], g["mape"],
                                                          g["median_ape"], g["spearman"], g["slowdown"]),
              file=out)
    o = overall
    print("\nall: %d rows, MAPE %.1f%%, median APE %.1f%%, median Spearman %.3f, recommended config "
          "is the fastest in %d of %d groups (median slowdown %.1f%%)"
          % (o["rows"], o["mape"], o["median_ape"], o["median_spearman"], o["best_picked"], o["groups"],
             o["median_slowdown"]), file=out)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("csv")
    ap.add_argument("--gpu", help="kperf's GPU name (needed unless every row has predicted_us)")
    ap.add_argument("--kperf", default=os.environ.get("KPERF", "kperf"))
    ap.add_argument("--model")
    ap.add_argument("--save-predictions", help="write the rows with predicted_us to this CSV")
    ap.add_argument("--json", action="store_true", help="print the scores as JSON")
    a = ap.parse_args(argv)
    rows = csvio.read_rows(a.csv)
    failed = 0
    for r in rows:
        if "predicted_us" in r:
            continue
        if not a.gpu:
            ap.error("rows without predicted_us need --gpu")
        try:
            r["predicted_us"] = predict_us(r, a.gpu, a.kperf, a.model)
        except (RuntimeError, ValueError, OSError) as e:
            failed += 1
            print("score: %s %s %s: %s" % (r["kernel"], csvio.fmt_dim(r["grid"]), csvio.fmt_dim(r["block"]), e),
                  file=sys.stderr)
    scored = [r for r in rows if r.get("predicted_us", 0) > 0 and r["measured_us"] > 0]
    if a.save_predictions:
        csvio.write_rows(a.save_predictions, [dict(r, predicted_us="%.4f" % r["predicted_us"]) for r in scored],
                         extra=["predicted_us"])
    if not scored:
        print("score: no row could be scored (%d failed predictions)" % failed, file=sys.stderr)
        return 1
    groups, overall = score(scored)
    overall["failed_predictions"] = failed
    if a.json:
        json.dump({"groups": groups, "overall": overall}, sys.stdout, indent=1)
        print()
    else:
        report(groups, overall)
        if failed:
            print("(%d rows without a prediction)" % failed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
