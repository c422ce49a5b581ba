#!/usr/bin/python3
"""Reduce throughput of opsim against numpy and torch, and against this machine's bandwidth.

One run measures everything it compares: the memory read bandwidth (bench/stream_read, our own
streaming-read program), then for each case numpy, torch (set to the same thread count) and
`opsim bench`, all on the same shape and dtype. Prints GB/s of input bytes per peer, our ratio
to the best peer and to the measured bandwidth, opsim's peak memory against
input + output + 64 MiB, and the simulated device time against the HBM roofline.

Needs Debian's python3-numpy and python3-torch (`scripts/setup.sh --peers`) under
/usr/bin/python3. Run from the repository root after a release build:

  /usr/bin/python3 bench/peers.py                 # the default table, 1 and 2 threads
  /usr/bin/python3 bench/peers.py --suite scaling # 16 MiB .. 2 GiB
  /usr/bin/python3 bench/peers.py --suite dtypes  # every dtype, innermost and outermost
  /usr/bin/python3 bench/peers.py --suite device  # simulated time for all device profiles
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

MIB = 1 << 20
LAYOUTS = [  # name, shape, axes (None: all)
    ("reduce all", [67108864], None),
    ("innermost", [8192, 8192], [1]),
    ("outermost", [8192, 8192], [0]),
    ("middle", [256, 1024, 256], [1]),
    ("outer+inner", [256, 1024, 256], [0, 2]),
]
ELEM = {"float32": 4, "float16": 2, "bfloat16": 2, "float64": 8, "int32": 4, "int64": 8,
        "uint32": 4, "uint64": 8, "int8": 1, "uint8": 1}
OPS = {"sum": "ReduceSum", "max": "ReduceMax", "min": "ReduceMin", "prod": "ReduceProd"}


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


def opsim_bench(binary, op, shape, axes, dtype, threads, repeat, device):
    cmd = [binary, "bench", "--op", OPS[op], "--shape", ",".join(map(str, shape)), "--dtype",
           dtype, "--threads", str(threads), "--repeat", str(repeat), "--device", device, "--json"]
    if axes is not None:
        cmd += ["--axes", ",".join(map(str, axes))]
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit("opsim bench failed: %s\n%s" % (" ".join(cmd), out.stderr))
    return json.loads(out.stdout)


def bandwidth(stream_read, threads, nbytes, repeat=7):
    out = subprocess.run([stream_read, "--bytes", str(nbytes), "--threads",
                          ",".join(map(str, threads)), "--repeat", str(repeat), "--json"],
                         capture_output=True, text=True, check=True)
    res = json.loads(out.stdout)["results"]
    return {(r["threads"], r["kind"]): r["gbps"] for r in res}


def fmt(v, width=6, digits=1):
    return ("%*.*f" % (width, digits, v)) if v is not None else " " * (width - 1) + "-"


def run_table(args, peers, cases):
    bw = bandwidth(args.stream_read, args.threads, 256 * MIB)
    print("measured read bandwidth (stream_read, 256 MiB): " + ", ".join(
        "%d thread%s %.1f GB/s (staged through a 64 KiB buffer: %.1f)" %
        (t, "" if t == 1 else "s", bw[(t, "read")], bw[(t, "staged")]) for t in args.threads))
    print()
    print("The machine's bandwidth drifts (other tenants): each row measures it again just before")
    print("opsim runs (bw), and /bw is opsim's GB/s over that figure.")
    print()
    print("%-12s %-8s %-4s %2s | %6s %6s | %6s | %6s | %5s %5s | %6s %7s" %
          ("layout", "dtype", "op", "T", "numpy", "torch", "opsim", "bw", "/peer", "/bw",
           "MiB>io", "sim/hbm"))
    rows = []
    for name, shape, axes, dtype, op in cases:
        for t in args.threads:
            np_g = peers.numpy_gbps(op, shape, axes, dtype) if t == args.threads[0] else None
            th_g = peers.torch_gbps(op, shape, axes, dtype, t)
            row_bw = bandwidth(args.stream_read, [t], 256 * MIB, 3)[(t, "read")]
            r = opsim_bench(args.opsim, op, shape, axes, dtype, t, args.repeat, args.device)
            best = max([g for g in (np_g, th_g) if g is not None], default=None)
            over = (r["peak_rss_bytes"] - r["input_bytes"] - r["output_bytes"] -
                    r["workspace_bytes"]) / MIB
            row = dict(layout=name, dtype=dtype, op=op, threads=t, shape=shape, axes=axes,
                       numpy=np_g, torch=th_g, opsim=r["input_gbps"],
                       vs_peer=r["input_gbps"] / best if best else None,
                       bandwidth=row_bw, vs_bw=r["input_gbps"] / row_bw, rss_over_io_mib=over,
                       sim_vs_roofline=1 / r["roofline_share"] if r["roofline_share"] else None)
            rows.append(row)
            print("%-12s %-8s %-4s %2d | %s %s | %s | %s | %s %s | %6.1f %s" %
                  (name, dtype, op, t, fmt(np_g), fmt(th_g), fmt(r["input_gbps"]), fmt(row_bw),
                   fmt(row["vs_peer"], 5, 2), fmt(row["vs_bw"], 5, 2), over,
                   fmt(row["sim_vs_roofline"], 7, 3)), flush=True)
    return rows


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    build = os.path.join(here, "..", "build", "release")
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--suite", default="layouts", choices=["layouts", "dtypes", "scaling", "device"])
    p.add_argument("--threads", default="1,2")
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--device", default="ascend910b")
    p.add_argument("--opsim", default=os.path.join(build, "tools", "opsim", "opsim"))
    p.add_argument("--stream-read", default=os.path.join(build, "bench", "stream_read"))
    p.add_argument("--json", help="also write the rows to this file")
    args = p.parse_args()
    args.threads = [int(t) for t in args.threads.split(",")]
    for exe in (args.opsim, args.stream_read):
        if not os.access(exe, os.X_OK):
            raise SystemExit("%s not found: build the release preset first" % exe)
    peers = Peers(args.repeat)
    if peers.np is None or peers.torch is None:
        print("note: numpy or torch missing (scripts/setup.sh --peers installs both)",
              file=sys.stderr)

    if args.suite == "layouts":
        cases = [(n, s, a, "float32", op) for op in ("sum", "max") for n, s, a in LAYOUTS]
        cases += [(n, scaled(s, dt), a, dt, "sum") for dt in ("float16", "bfloat16")
                  for n, s, a in LAYOUTS]
    elif args.suite == "dtypes":
        cases = []
        for dt in ELEM:
            op = "max" if dt in ("int8", "uint8") else "sum"
            for n, s, a in LAYOUTS[1:3]:
                cases.append((n, scaled(s, dt), a, dt, op))
    elif args.suite == "scaling":
        cases = []
        for mib in (16, 64, 256, 1024, 2048):
            n = mib * MIB // 4
            cases.append(("all %dM" % mib, [n], None, "float32", "sum"))
            cases.append(("inner %dM" % mib, [n // 8192, 8192], [1], "float32", "sum"))
            cases.append(("outer %dM" % mib, [n // 8192, 8192], [0], "float32", "sum"))
    else:
        for device in ("ascend910b", "ascend910a", "ascend310p"):
            print("%-12s %-8s %10s %10s %7s" % ("layout", "dtype", "sim us", "hbm us", "ratio"))
            for dt in ("float32", "float16"):
                for n, s, a in LAYOUTS:
                    r = opsim_bench(args.opsim, "sum", scaled(s, dt), a, dt, 2, 1, device)
                    hbm_us = r["input_bytes"] / r["hbm_gbps"] / 1e3
                    print("%-12s %-8s %10.1f %10.1f %7.3f   %s" %
                          (n, dt, r["device_us"], hbm_us, r["device_us"] / hbm_us, device))
            print()
        return
    rows = run_table(args, peers, cases)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)


if __name__ == "__main__":
    main()
