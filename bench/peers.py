#!/usr/bin/python3
"""Reduce throughput of opsim against numpy and torch, and against this machine's bandwidth.

One run measures everything it compares: the memory read bandwidth (bench/stream_read, our own
streaming-read program), then for each case numpy, torch (set to the same thread count) and
`opsim bench`, all on the same shape and dtype. Prints GB/s of input bytes per peer, our ratio
to the best peer and to the measured bandwidth, opsim's peak memory against
input + output + 64 MiB, and the simulated device time against the HBM roofline.

The machine's bandwidth drifts 2-4x within minutes (other tenants), so one table proves little:
--runs N repeats the whole table and ends with each row's median and [min, max], whether it
meets the goal in every run or in the median, and whether its /bw moves with the machine's
phase. --perf then counts each row's timed repeats with perf stat and names what limits it.

Needs Debian's python3-numpy and python3-torch (`scripts/setup.sh --peers`) under
/usr/bin/python3. Run from the repository root after a release build:

  /usr/bin/python3 bench/peers.py                 # the default table, 1 and 2 threads
  /usr/bin/python3 bench/peers.py --runs 3 --perf # three tables, the spread, the limits
  /usr/bin/python3 bench/peers.py --suite scaling # 16 MiB .. 2 GiB
  /usr/bin/python3 bench/peers.py --suite dtypes  # every dtype, innermost and outermost
  /usr/bin/python3 bench/peers.py --suite device  # simulated time for all device profiles
  /usr/bin/python3 bench/peers.py --quick --only innermost --threads 1  # 16 MiB, development
  /usr/bin/python3 bench/peers.py --threads 1 --cpu 1  # T=1 rows on CPU 1 (default: the first)

--json FILE writes {"runs": [[row, ...] per run], "summary": [...], "perf": [...]}.
"""
import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import time

sys.dont_write_bytecode = True  # importing the helper below must not leave bench/__pycache__
import peers_perf  # noqa: E402

MIB = 1 << 20
LAYOUTS = [  # name, shape, axes (None: all); 256 MiB of float32 each
    ("reduce all", [67108864], None),
    ("innermost", [8192, 8192], [1]),
    ("outermost", [8192, 8192], [0]),
    ("middle", [256, 1024, 256], [1]),
    ("outer+inner", [256, 1024, 256], [0, 2]),
]
QUICK_LAYOUTS = [  # the same layouts at 16 MiB, for development and the smoke test
    ("reduce all", [4194304], None),
    ("innermost", [2048, 2048], [1]),
    ("outermost", [2048, 2048], [0]),
    ("middle", [64, 1024, 64], [1]),
    ("outer+inner", [64, 1024, 64], [0, 2]),
]
ELEM = {"float32": 4, "float16": 2, "bfloat16": 2, "float64": 8, "int32": 4, "int64": 8,
        "uint32": 4, "uint64": 8, "int8": 1, "uint8": 1}
OPS = {"sum": "ReduceSum", "max": "ReduceMax", "min": "ReduceMin", "prod": "ReduceProd"}
# Issue 15's goal per row: at least the best peer, and this share of the measured bandwidth.
PEER_GOAL = 1.0
BW_GOAL = {"float16": 0.8, "bfloat16": 0.8}  # other dtypes: 0.9
# A max/min spread over the runs above this is movement, below it the machine's usual jitter.
MOVES = 1.25


def scaled(shape, dtype):
    """The shape with the same byte size (256 MiB for the layouts) in another dtype."""
    factor = 4 / ELEM[dtype]
    out = list(shape)
    out[-1 if len(out) > 1 else 0] = int(out[-1 if len(out) > 1 else 0] * factor)
    return out


def median_time(fn, repeat):
    fn()
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


class Peers:
    def __init__(self, repeat):
        self.repeat = repeat
        try:
            import numpy
            self.np = numpy
        except ImportError:
            self.np = None
        try:
            import torch
            self.torch = torch
        except ImportError:
            self.torch = None

    def numpy_gbps(self, op, shape, axes, dtype):
        np = self.np
        if np is None or dtype == "bfloat16":
            return None
        rng = np.random.default_rng(1)
        x = (rng.random(shape, dtype=np.float32) * 2 - 1).astype(dtype)
        fn = {"sum": np.sum, "max": np.max, "min": np.min, "prod": np.prod}[op]
        ax = None if axes is None else tuple(axes)
        return x.nbytes / 1e9 / median_time(lambda: fn(x, axis=ax), self.repeat)

    def torch_gbps(self, op, shape, axes, dtype, threads):
        torch = self.torch
        if torch is None:
            return None
        torch.set_num_threads(threads)
        tdt = getattr(torch, dtype, None)
        if tdt is None:
            return None  # e.g. uint32 and uint64, which torch 1.13 does not have
        if tdt.is_floating_point:
            x = (torch.rand(shape, dtype=torch.float32) * 2 - 1).to(tdt)
        else:
            x = torch.randint(-3 if tdt.is_signed else 0, 4, shape, dtype=tdt)
        dims = list(range(len(shape))) if axes is None else axes
        try:
            if op == "sum":
                fn = lambda: torch.sum(x, dim=dims)
            elif op == "max":
                fn = lambda: torch.amax(x, dim=dims)
            elif op == "min":
                fn = lambda: torch.amin(x, dim=dims)
            else:
                if len(dims) != 1:
                    return None  # torch.prod takes one dim
                fn = lambda: torch.prod(x, dim=dims[0])
            fn()
        except RuntimeError:
            return None  # e.g. an integer type torch does not reduce on the CPU
        return x.element_size() * x.numel() / 1e9 / median_time(fn, self.repeat)


def guarded(what, fn, *args):
    """A peer that fails (out of memory, an unsupported case) leaves "-" in its column."""
    try:
        return fn(*args)
    except Exception as e:  # noqa: BLE001 - any peer failure is reported, never fatal
        print("note: %s failed: %s: %s" % (what, type(e).__name__, e), file=sys.stderr)
        return None


class OpsimFailed(Exception):
    pass


def opsim_command(binary, op, shape, axes, dtype, threads, repeat, device):
    cmd = [binary, "bench", "--op", OPS[op], "--shape", ",".join(map(str, shape)), "--dtype",
           dtype, "--threads", str(threads), "--repeat", str(repeat), "--device", device, "--json"]
    if axes is not None:
        cmd += ["--axes", ",".join(map(str, axes))]
    return cmd


def opsim_bench(binary, op, shape, axes, dtype, threads, repeat, device):
    cmd = opsim_command(binary, op, shape, axes, dtype, threads, repeat, device)
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        lines = out.stderr.strip().splitlines() or ["exit code %d" % out.returncode]
        raise OpsimFailed("opsim bench failed (%s): %s" % (" ".join(cmd[2:]), lines[-1]))
    return json.loads(out.stdout)


def bandwidth(stream_read, threads, nbytes, repeat=7):
    """{(threads, kind): GB/s}; empty (the columns print "-") when stream_read fails."""
    out = subprocess.run([stream_read, "--bytes", str(nbytes), "--threads",
                          ",".join(map(str, threads)), "--repeat", str(repeat), "--json"],
                         capture_output=True, text=True)
    if out.returncode != 0:
        print("note: stream_read failed: %s" % out.stderr.strip(), file=sys.stderr)
        return {}
    res = json.loads(out.stdout)["results"]
    return {(r["threads"], r["kind"]): r["gbps"] for r in res}


def fmt(v, width=6, digits=1):
    return ("%*.*f" % (width, digits, v)) if v is not None else " " * (width - 1) + "-"


def ratio(a, b):
    return a / b if a is not None and b else None


def bw_goal(dtype):
    return BW_GOAL.get(dtype, 0.9)


def meets_goal(vs_peer, vs_bw, dtype):
    """Issue 15's goal; a row without any peer (neither installed) is judged on /bw alone."""
    return (vs_bw is not None and vs_bw >= bw_goal(dtype) and
            (vs_peer is None or vs_peer >= PEER_GOAL))


def run_table(args, peers, cases):
    nbytes = args.mib * MIB
    bw = bandwidth(args.stream_read, args.threads, nbytes)
    print("measured read bandwidth (stream_read, %d MiB): " % args.mib + ", ".join(
        "%d thread%s %s GB/s (staged through a 64 KiB buffer: %s)" %
        (t, "" if t == 1 else "s", fmt(bw.get((t, "read")), 1), fmt(bw.get((t, "staged")), 1))
        for t in args.threads))
    if not args.legend_printed:
        args.legend_printed = True
        print()
        print("Columns: GB/s of input bytes; numpy 1 thread (no bfloat16), torch and opsim T "
              "threads (median of %d); bw = stream_read just before the row; /peer, /bw = opsim "
              "over the best peer, over bw; MiB>io = peak RSS - (in+out+workspace); sim/hbm = "
              "simulated time over the HBM roofline (AI CPU: the op's AI CPU kernel ran it, "
              "which opsim does not time); - = not measured." % args.repeat)
    print()
    print("%-12s %-8s %-4s %2s | %6s %6s | %6s | %6s | %5s %5s | %6s %7s" %
          ("layout", "dtype", "op", "T", "numpy", "torch", "opsim", "bw", "/peer", "/bw",
           "MiB>io", "sim/hbm"))
    rows = []
    for name, shape, axes, dtype, op in cases:
        for t in args.threads:
            cpu = pin_for(args, t)
            np_g = None
            if t == args.threads[0]:
                np_g = guarded("numpy", peers.numpy_gbps, op, shape, axes, dtype)
            th_g = guarded("torch", peers.torch_gbps, op, shape, axes, dtype, t)
            row_bw = bandwidth(args.stream_read, [t], nbytes, 3).get((t, "read"))
            best = max([g for g in (np_g, th_g) if g is not None], default=None)
            row = dict(layout=name, dtype=dtype, op=op, threads=t, shape=shape, axes=axes,
                       numpy=np_g, torch=th_g, bandwidth=row_bw, opsim=None, vs_peer=None,
                       vs_bw=None, rss_over_io_mib=None, sim_vs_roofline=None, error=None,
                       cpu=cpu)
            rows.append(row)
            try:
                r = opsim_bench(args.opsim, op, shape, axes, dtype, t, args.repeat, args.device)
            except OpsimFailed as e:
                row["error"] = str(e)
                print("%-12s %-8s %-4s %2d | %s %s | %s" %
                      (name, dtype, op, t, fmt(np_g), fmt(th_g), e), flush=True)
                continue
            over = (r["peak_rss_bytes"] - r["input_bytes"] - r["output_bytes"] -
                    r["workspace_bytes"]) / MIB
            row.update(opsim=r["input_gbps"], vs_peer=ratio(r["input_gbps"], best),
                       vs_bw=ratio(r["input_gbps"], row_bw), rss_over_io_mib=over,
                       sim_vs_roofline=1 / r["roofline_share"] if r["roofline_share"] else None)
            # An op its AI CPU kernel ran (double, the integers: docs/OPERATORS.md) has no
            # simulated time: the row says where it ran instead of a roofline ratio.
            on_aicpu = r.get("aicore_launches", 1) == 0
            row["engine"] = "aicpu" if on_aicpu else "aicore"
            sim = " AI CPU" if on_aicpu else fmt(row["sim_vs_roofline"], 7, 3)
            print("%-12s %-8s %-4s %2d | %s %s | %s | %s | %s %s | %6.1f %s" %
                  (name, dtype, op, t, fmt(np_g), fmt(th_g), fmt(r["input_gbps"]), fmt(row_bw),
                   fmt(row["vs_peer"], 5, 2), fmt(row["vs_bw"], 5, 2), over, sim), flush=True)
    os.sched_setaffinity(0, args.all_cpus)
    return rows


def pin_for(args, threads):
    """Pins this process, and so the row's peers, stream_read and opsim, to args.cpu for a
    one-thread row; to every CPU it may use otherwise. The machine's two vCPUs differ
    (docs/PERFORMANCE.md, session 45: on one the float16 outermost row ran 1.6x slower than on
    the other, and which one changed within minutes), so a one-thread row's bandwidth and opsim
    are measured on the same one. Returns the CPU, or None."""
    cpu = args.cpu if threads == 1 else None
    os.sched_setaffinity(0, {cpu} if cpu is not None else args.all_cpus)
    return cpu


def spread(values):
    """(median, min, max) of the measured values, None when no run measured one."""
    vals = [v for v in values if v is not None]
    return (statistics.median(vals), min(vals), max(vals)) if vals else None


def fmt_spread(s, width, digits):
    if s is None:
        return "%*s" % (width * 3 + 4, "-")
    return "%s [%s,%s]" % tuple(fmt(v, width, digits) for v in s)


def max_over_min(s):
    return s[2] / s[1] if s is not None and s[1] > 0 else None


def phase(ok_runs, vs_bw, bw):
    """How the row responds when the machine's bandwidth moves between runs, and the slope.

    The slope is the least-squares elasticity of opsim's GB/s to bw over the runs (log-log): ~1
    when opsim follows the machine (memory-bound), ~0 when its GB/s stays put (the code is the
    limit). "moves" marks a /bw spread above MOVES: the row's verdict depends on the phase.
    """
    if len(ok_runs) < 2 or any(r["bandwidth"] is None for r in ok_runs):
        return "-", None
    if (max_over_min(bw) or 1.0) <= MOVES:
        return "bw steady", None  # the machine held one phase: the runs cannot tell
    x = [math.log(r["bandwidth"]) for r in ok_runs]
    y = [math.log(r["opsim"]) for r in ok_runs]
    mx, my = statistics.fmean(x), statistics.fmean(y)
    slope = (sum((a - mx) * (b - my) for a, b in zip(x, y)) /
             sum((a - mx) ** 2 for a in x))
    kind = "tracks bw" if slope >= 0.5 else "GB/s steady" if slope <= 0.25 else "partly tracks"
    moves = (max_over_min(vs_bw) or 1.0) > MOVES
    return ("moves, " if moves else "") + kind, slope


def summarize(runs):
    """One line per (layout, dtype, op, T) over the runs."""
    keys = []
    for rows in runs:
        for r in rows:
            key = (r["layout"], r["dtype"], r["op"], r["threads"])
            if key not in keys:
                keys.append(key)
    out = []
    for key in keys:
        same = [r for rows in runs for r in rows
                if (r["layout"], r["dtype"], r["op"], r["threads"]) == key]
        ok = [r for r in same if r["error"] is None]
        s = {k: spread(r[k] for r in ok) for k in ("opsim", "vs_peer", "vs_bw", "bandwidth")}
        met = sum(meets_goal(r["vs_peer"], r["vs_bw"], key[1]) for r in ok)
        median_met = bool(ok) and meets_goal(s["vs_peer"] and s["vs_peer"][0],
                                             s["vs_bw"] and s["vs_bw"][0], key[1])
        goal = "all" if ok and met == len(same) else "median" if median_met else "no"
        kind, slope = phase(ok, s["vs_bw"], s["bandwidth"])
        out.append(dict(layout=key[0], dtype=key[1], op=key[2], threads=key[3], runs=len(same),
                        failed=len(same) - len(ok), met_runs=met, goal=goal, phase=kind,
                        slope=slope,
                        **{k + "_spread": v for k, v in s.items()}))
    return out


def print_summary(summary, nruns):
    print()
    print("Summary over %d runs: median [min,max]. goal: /peer >= %.1f and /bw >= 0.9 (0.8 "
          "float16/bfloat16) in every run (all), in the median (median) or not (no), then runs "
          "met. phase: bw steady = bw stayed within %.2fx, else the slope of log GB/s on log bw: "
          "tracks bw (>= 0.5: memory-bound) or GB/s steady (<= 0.25: the code is the limit); "
          "moves = /bw spread over %.2fx, the verdict depends on the machine's phase." %
          (nruns, PEER_GOAL, MOVES, MOVES))
    print()
    print("%-12s %-8s %-4s %2s | %-19s | %-16s | %-16s | %-13s | %-21s | %s" %
          ("layout", "dtype", "op", "T", "opsim GB/s", "/peer", "/bw", "bw GB/s", "goal", "phase"))
    for s in summary:
        bw = s["bandwidth_spread"]
        goal = "%s %d/%d" % (s["goal"], s["met_runs"], s["runs"])
        if s["failed"]:
            goal += " (%d failed)" % s["failed"]
        print("%-12s %-8s %-4s %2d | %s | %s | %s | %s | %-21s | %s" %
              (s["layout"], s["dtype"], s["op"], s["threads"], fmt_spread(s["opsim_spread"], 5, 1),
               fmt_spread(s["vs_peer_spread"], 4, 2), fmt_spread(s["vs_bw_spread"], 4, 2),
               "-".rjust(13) if bw is None else "%5.1f - %5.1f" % (bw[1], bw[2]), goal,
               s["phase"] + ("" if s["slope"] is None else " (slope %.2f)" % s["slope"])),
              flush=True)


def run_perf(args, cases, summary):
    """perf stat counters of each opsim row's timed repeats, and the limit they name."""
    usable, unavailable = peers_perf.probe(args.perf_binary)
    print()
    if usable is None:
        print("--perf: skipped: %s" % unavailable)
        return dict(unavailable=peers_perf.WANTED, rows=[], note=unavailable)
    print("perf stat counters of %d timed repeats (the median over %d pairs of (--repeat %d) - "
          "(--repeat 1)); "
          "unavailable here: %s" % (args.perf_repeat, args.perf_pairs, 1 + args.perf_repeat,
                                    ", ".join(unavailable) or "none"))
    print("busy = task-clock / wall; GB/c = input GB per busy core-second; bw/T = stream_read's "
          "share per thread just before; IPC; miss = (LLC) miss bytes per input byte; sys = "
          "system share of CPU time; flt = page faults per repeat; +- = the pairs' task-clock "
          "spread over its median.")
    print()
    print("%-12s %-8s %-4s %2s | %6s %5s | %4s %6s %6s | %4s %5s %4s %6s %4s | %s" %
          ("layout", "dtype", "op", "T", "opsim", "/bw", "busy", "GB/c", "bw/T", "IPC", "miss",
           "sys", "flt", "+-", "limit"))
    measured = {(s["layout"], s["dtype"], s["op"], s["threads"]): s["opsim_spread"]
                for s in summary}
    rows = []
    for name, shape, axes, dtype, op in cases:
        for t in args.threads:
            if measured.get((name, dtype, op, t), True) is None:
                continue  # no run of this row succeeded: nothing to explain
            pin_for(args, t)
            row_bw = bandwidth(args.stream_read, [t], args.mib * MIB, 3).get((t, "read"))
            cmd = lambda repeat: opsim_command(args.opsim, op, shape, axes, dtype, t, repeat,
                                               args.device)
            try:
                delta, spread, gbps, nbytes = peers_perf.timed_counters(
                    args.perf_binary, usable, cmd, args.perf_repeat, args.perf_pairs)
            except (RuntimeError, ValueError, KeyError) as e:
                print("%-12s %-8s %-4s %2d | perf stat failed: %s" % (name, dtype, op, t, e))
                continue
            m = peers_perf.metrics(delta, spread, nbytes, args.perf_repeat, t)
            vs_bw = ratio(gbps, row_bw)
            core_bw = row_bw / t if row_bw else None
            if vs_bw is None or core_bw is None:
                named = "bandwidth not measured"
            else:
                named = peers_perf.limit(m, t, vs_bw, core_bw)
            rows.append(dict(layout=name, dtype=dtype, op=op, threads=t, opsim=gbps,
                             bandwidth=row_bw, vs_bw=vs_bw, counters=delta, limit=named, **m))
            print("%-12s %-8s %-4s %2d | %s %s | %s %s %s | %s %s %s %s %3.0f%% | %s" %
                  (name, dtype, op, t, fmt(gbps), fmt(vs_bw, 5, 2), fmt(m["busy"], 4, 2),
                   fmt(m["gbps_per_core"]), fmt(core_bw), fmt(m["ipc"], 4, 2),
                   fmt(m["miss_bytes_per_byte"], 5, 2),
                   "   -" if m["sys_share"] is None else "%3.0f%%" % (100 * m["sys_share"]),
                   fmt(m["faults_per_rep"], 6, 0), 100 * spread, named), flush=True)
    os.sched_setaffinity(0, args.all_cpus)
    return dict(unavailable=unavailable, rows=rows)


def layout_cases(args):
    layouts = QUICK_LAYOUTS if args.quick else LAYOUTS
    if args.only:
        names = [n for n, _, _ in layouts]
        wanted = args.only.split(",")
        for w in wanted:
            if w not in names:
                raise SystemExit("--only: unknown layout '%s' (one of: %s)" % (w, ", ".join(names)))
        layouts = [l for l in layouts if l[0] in wanted]
    return layouts


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    build = os.path.join(here, "..", "build", "release")
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--suite", default="layouts", choices=["layouts", "dtypes", "scaling", "device"])
    p.add_argument("--threads", default="1,2")
    p.add_argument("--repeat", type=int, help="timed repeats per measurement (default 5, quick 3)")
    p.add_argument("--runs", type=int, default=1, help="run the whole table this many times")
    p.add_argument("--quick", action="store_true", help="16 MiB shapes instead of 256 MiB")
    p.add_argument("--only", help="comma-separated layout names (layouts and dtypes suites)")
    p.add_argument("--perf", action="store_true",
                   help="count each opsim row's timed repeats with perf stat, name the limit")
    p.add_argument("--perf-repeat", type=int, default=5, help="timed repeats --perf counts")
    p.add_argument("--perf-pairs", type=int, default=3,
                   help="(--repeat 1, --repeat 1+K) process pairs whose median --perf takes")
    p.add_argument("--perf-binary", default="perf")
    p.add_argument("--cpu", default="first",
                   help="the CPU one-thread rows run on, bandwidth and peers included: a number, "
                        "'first' (the lowest this process may use) or 'any' (the OS chooses)")
    p.add_argument("--device", default="ascend910b")
    p.add_argument("--opsim", default=os.path.join(build, "tools", "opsim", "opsim"))
    p.add_argument("--stream-read", default=os.path.join(build, "bench", "stream_read"))
    p.add_argument("--json", help="also write every run's rows, the summary and --perf here")
    p.add_argument("--require-peers", action="store_true",
                   help="exit 77 (ctest's skip) when numpy or torch is missing")
    args = p.parse_args()
    try:
        args.threads = [int(t) for t in args.threads.split(",")]
    except ValueError:
        raise SystemExit("--threads: '%s' is not a comma-separated list of integers" %
                         args.threads)
    for flag, value, low in (("--runs", args.runs, 1), ("--repeat", args.repeat, 1),
                             ("--perf-repeat", args.perf_repeat, 1),
                             ("--perf-pairs", args.perf_pairs, 1)):
        if value is not None and value < low:
            raise SystemExit("%s: %d is below %d" % (flag, value, low))
    if args.only and args.suite not in ("layouts", "dtypes"):
        raise SystemExit("--only: applies to the layouts and dtypes suites, not '%s'" % args.suite)
    args.all_cpus = os.sched_getaffinity(0)
    if args.cpu == "any":
        args.cpu = None
    elif args.cpu == "first":
        args.cpu = min(args.all_cpus)
    elif not args.cpu.isdigit() or int(args.cpu) not in args.all_cpus:
        raise SystemExit("--cpu: '%s' is not one of this process's CPUs %s, 'first' or 'any'" %
                         (args.cpu, sorted(args.all_cpus)))
    else:
        args.cpu = int(args.cpu)
    if args.repeat is None:
        args.repeat = 3 if args.quick else 5
    args.mib = 16 if args.quick else 256
    args.legend_printed = False
    for exe in (args.opsim, args.stream_read):
        if not os.access(exe, os.X_OK):
            raise SystemExit("%s not found: build the release preset first" % exe)
    peers = Peers(args.repeat)
    if peers.np is None or peers.torch is None:
        if args.require_peers:
            print("skipped: /usr/bin/python3 lacks numpy or torch (scripts/setup.sh --peers)")
            sys.exit(77)
        print("note: numpy or torch missing (scripts/setup.sh --peers installs both)",
              file=sys.stderr)

    layouts = layout_cases(args)
    if args.suite == "layouts":
        cases = [(n, s, a, "float32", op) for op in ("sum", "max") for n, s, a in layouts]
        cases += [(n, scaled(s, dt), a, dt, "sum") for dt in ("float16", "bfloat16")
                  for n, s, a in layouts]
    elif args.suite == "dtypes":
        cases = []
        for dt in ELEM:
            op = "max" if dt in ("int8", "uint8") else "sum"
            for n, s, a in layouts if args.only else layouts[1:3]:
                cases.append((n, scaled(s, dt), a, dt, op))
    elif args.suite == "scaling":
        cases = []
        for mib in (16,) if args.quick else (16, 64, 256, 1024, 2048):
            n = mib * MIB // 4
            cases.append(("all %dM" % mib, [n], None, "float32", "sum"))
            cases.append(("inner %dM" % mib, [n // 8192, 8192], [1], "float32", "sum"))
            cases.append(("outer %dM" % mib, [n // 8192, 8192], [0], "float32", "sum"))
    else:
        for device in ("ascend910b", "ascend910a", "ascend310p"):
            print("%-12s %-8s %10s %10s %7s" % ("layout", "dtype", "sim us", "hbm us", "ratio"))
            for dt in ("float32", "float16"):
                for n, s, a in layouts:
                    try:
                        r = opsim_bench(args.opsim, "sum", scaled(s, dt), a, dt, 2, 1, device)
                    except OpsimFailed as e:
                        print("%-12s %-8s %s   %s" % (n, dt, e, device))
                        continue
                    hbm_us = r["input_bytes"] / r["hbm_gbps"] / 1e3
                    print("%-12s %-8s %10.1f %10.1f %7.3f   %s" %
                          (n, dt, r["device_us"], hbm_us, r["device_us"] / hbm_us, device))
            print()
        return
    runs = []
    for i in range(args.runs):
        if args.runs > 1:
            print("%s== run %d of %d (%s UTC)" % ("\n" if i else "", i + 1, args.runs,
                                                 time.strftime("%H:%M:%S", time.gmtime())))
        runs.append(run_table(args, peers, cases))
    summary = summarize(runs)
    if args.runs > 1:
        print_summary(summary, args.runs)
    perf = run_perf(args, cases, summary) if args.perf else None
    if args.json:
        with open(args.json, "w") as f:
            json.dump(dict(runs=runs, summary=summary, perf=perf), f, indent=1)
    if any(r["error"] for rows in runs for r in rows):
        sys.exit(1)  # the table is complete, but a failing row must not pass a script or a test


if __name__ == "__main__":
    main()
