"""The results CSV of the accuracy benchmark: bench/accuracy/results/<gpu>.csv.

Columns (in this order): kernel,file,grid,block,smem,args,defines,measured_us
  grid, block  "X,Y,Z" (quoted by the csv module, since they hold commas)
  smem         dynamic shared memory in bytes (integer)
  args         scalar kernel arguments as "name=value;name=value" (kperf predict --arg)
  defines      -D macros as "NAME=VALUE;NAME=VALUE" (empty: none)
  measured_us  median kernel time in microseconds (CUDA events)
score.py may add a predicted_us column; readers accept extra columns.
"""
import csv

COLUMNS = ["kernel", "file", "grid", "block", "smem", "args", "defines", "measured_us"]


def fmt_dim(d):
    d = list(d) + [1] * (3 - len(d))
    return ",".join(str(int(x)) for x in d[:3])


def parse_dim(s):
    parts = [int(x) for x in s.split(",")]
    if not 1 <= len(parts) <= 3 or any(p < 1 for p in parts):
        raise ValueError("bad dimension %r" % s)
    return tuple(parts + [1] * (3 - len(parts)))


def fmt_pairs(pairs):
    """[(name, value)] or {name: value} -> 'a=1;b=2'."""
    items = pairs.items() if isinstance(pairs, dict) else pairs
    out = []
    for k, v in items:
        k, v = str(k), str(v)
        if any(c in k for c in ";=\n") or any(c in v for c in ";\n"):
            raise ValueError("cannot write %r=%r" % (k, v))
        out.append("%s=%s" % (k, v))
    return ";".join(out)


def parse_pairs(s):
    if not s:
        return []
    out = []
    for item in s.split(";"):
        k, sep, v = item.partition("=")
        if not sep or not k:
            raise ValueError("bad name=value list %r" % s)
        out.append((k, v))
    return out


def write_rows(path_or_file, rows, extra=()):
    """rows: dicts with COLUMNS (and the extra columns)."""
    cols = COLUMNS + [c for c in extra if c not in COLUMNS]
    own = isinstance(path_or_file, str)
    f = open(path_or_file, "w", newline="") if own else path_or_file
    try:
        w = csv.DictWriter(f, fieldnames=cols, extrasaction="ignore", lineterminator="\n")
        w.writeheader()
        for r in rows:
            r = dict(r)
            for key in ("grid", "block"):
                if not isinstance(r.get(key), str):
                    r[key] = fmt_dim(r[key])
            for key in ("args", "defines"):
                if not isinstance(r.get(key, ""), str):
                    r[key] = fmt_pairs(r[key])
            if "measured_us" in r and r["measured_us"] is not None and not isinstance(r["measured_us"], str):
                r["measured_us"] = "%.4f" % r["measured_us"]
            w.writerow(r)
    finally:
        if own:
            f.close()


def read_rows(path_or_file):
    """Rows as dicts; grid/block as 3-tuples, smem int, args/defines as lists of
    (name, value), measured_us (and predicted_us when present) as float."""
    own = isinstance(path_or_file, str)
    f = open(path_or_file, newline="") if own else path_or_file
    try:
        rd = csv.DictReader(f)
        missing = [c for c in COLUMNS if c not in (rd.fieldnames or [])]
        if missing:
            raise ValueError("CSV lacks columns: %s" % ", ".join(missing))
        rows = []
        for n, r in enumerate(rd, start=2):
            try:
                r["grid"] = parse_dim(r["grid"])
                r["block"] = parse_dim(r["block"])
                r["smem"] = int(r["smem"] or 0)
                r["args"] = parse_pairs(r["args"])
                r["defines"] = parse_pairs(r["defines"])
                r["measured_us"] = float(r["measured_us"])
                if r.get("predicted_us") not in (None, ""):
                    r["predicted_us"] = float(r["predicted_us"])
                else:
                    r.pop("predicted_us", None)
            except ValueError as e:
                raise ValueError("line %d: %s" % (n, e))
            rows.append(r)
        return rows
    finally:
        if own:
            f.close()
