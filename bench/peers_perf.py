"""perf stat counters of `opsim bench`'s timed repeats alone, and the limit they name.

bench/peers.py --perf uses this. `opsim bench` allocates and generates its input before it times
anything, and at 256 MiB that setup costs more CPU than five timed repeats, so counting the whole
process would describe the setup. No counter can be switched on from outside at the first timed
repeat without changing opsim, so the setup is subtracted instead: the same command runs with
`--repeat 1` and with `--repeat 1+K`; both pay the same setup, the warm-up and one timed repeat,
so the difference of their counters is K timed repeats. One pair of processes is not enough on a
shared 2-core VM (another tenant's burst during one setup is as large as the signal), so PAIRS
pairs run interleaved (after one discarded process) and the median of their differences is taken
per counter. The wall time of the K repeats is differenced the same way from opsim's own
per-repeat timings (host_ms), and
a difference that is not positive, or that claims more busy cores than threads, is reported as
noise rather than as a figure, as is a median whose pairs spread by more than NOISE.
"""
import json
import os
import statistics
import subprocess
import tempfile

# Wanted in this order; a VM without a virtual PMU has only the software and tool events.
WANTED = ["task-clock", "user_time", "system_time", "page-faults", "context-switches", "cycles",
          "instructions", "cache-references", "cache-misses", "LLC-loads", "LLC-load-misses"]
LINE = 64  # bytes per cache miss
NOISE = 0.5  # the pairs' task-clock differences may spread by this share of their median
UNIT_SECONDS = {"msec": 1e-3, "ns": 1e-9, "us": 1e-6, "sec": 1.0}


def parse(text):
    """perf stat -x, output: {event: value in seconds (time units) or counts, None: unsupported}."""
    counters = {}
    for line in text.splitlines():
        fields = line.split(",")
        if not line.strip() or line.startswith("#") or len(fields) < 3:
            continue
        value, unit, event = fields[0], fields[1], fields[2]
        if value.startswith("<not supported>"):
            counters[event] = None
        elif value.startswith("<not counted>"):
            counters[event] = 0.0  # e.g. system_time when the process spent none
        else:
            counters[event] = float(value) * UNIT_SECONDS.get(unit, 1.0)
    return counters


def _stat(perf, events, cmd):
    """Runs cmd under perf stat; returns (counters, cmd's stdout). Raises RuntimeError."""
    fd, path = tempfile.mkstemp(suffix=".perf")
    os.close(fd)
    try:
        out = subprocess.run([perf, "stat", "-x,", "-o", path, "-e", ",".join(events), "--"] +
                             cmd, capture_output=True, text=True)
        if out.returncode != 0:
            lines = (out.stderr.strip() or "exit code %d" % out.returncode).splitlines()
            raise RuntimeError(lines[-1])
        with open(path) as f:
            return parse(f.read()), out.stdout
    finally:
        os.unlink(path)


def probe(perf="perf"):
    """(usable events, unavailable events), or (None, reason) when perf stat cannot run at all."""
    try:
        counters, _ = _stat(perf, WANTED, ["true"])
    except (OSError, RuntimeError):
        # One unknown name fails the whole list: ask one event at a time.
        counters = {}
        for event in WANTED:
            try:
                counters.update(_stat(perf, [event], ["true"])[0])
            except OSError as e:
                return None, "%s: %s" % (perf, e.strerror)
            except RuntimeError:
                counters[event] = None
    usable = [e for e in WANTED if counters.get(e) is not None]
    if "task-clock" not in usable:
        return None, "perf stat cannot count task-clock here"
    return usable, [e for e in WANTED if e not in usable]


def timed_counters(perf, events, cmd_for_repeat, extra, pairs):
    """Counters of `extra` timed repeats: the median over `pairs` of (repeat 1+extra) - (repeat 1).

    Returns (delta, spread, GB/s, input bytes); spread is the task-clock differences' max - min
    over their median (0 with one pair). One discarded process first: the first run after a
    rebuild or another tenant's burst pays cold page-cache and loader costs.
    """
    _stat(perf, events, cmd_for_repeat(1))
    diffs, gbps = [], []
    for _ in range(pairs):
        pair = []
        for repeat in (1, 1 + extra):
            counters, stdout = _stat(perf, events, cmd_for_repeat(repeat))
            result = json.loads(stdout)
            counters["wall"] = sum(result["host_ms"]) / 1e3
            pair.append(counters)
        gbps.append(result["input_gbps"])
        diffs.append({k: pair[1].get(k, 0.0) - v for k, v in pair[0].items()})
    delta = {k: statistics.median(d[k] for d in diffs) for k in diffs[0]}
    task = [d.get("task-clock", 0.0) for d in diffs]
    mid = delta.get("task-clock", 0.0)
    spread = (max(task) - min(task)) / mid if mid > 0 else 0.0
    return delta, spread, statistics.median(gbps), result["input_bytes"]


def metrics(delta, spread, input_bytes, reps, threads):
    """What the differenced counters say; None where a counter is missing or the delta is noise."""
    task, wall = delta.get("task-clock", 0.0), delta["wall"]
    reliable = task > 0 and wall > 0 and task / wall <= threads * 1.2 and spread <= NOISE
    m = dict(reliable=reliable, spread=spread, busy=None, gbps_per_core=None, ipc=None,
             miss_bytes_per_byte=None, sys_share=None, faults_per_rep=None)
    if not reliable:
        return m
    read = reps * input_bytes
    m["busy"] = task / wall
    m["gbps_per_core"] = read / task / 1e9
    if delta.get("cycles", 0) > 0 and "instructions" in delta:
        m["ipc"] = delta["instructions"] / delta["cycles"]
    misses = delta.get("LLC-load-misses", delta.get("cache-misses"))
    if misses is not None:
        m["miss_bytes_per_byte"] = max(misses, 0.0) * LINE / read
    # user_time and system_time come from rusage in scheduler ticks: on short repeats their
    # differences are quantised, so they are used only when they add up to task-clock.
    user, system = delta.get("user_time"), delta.get("system_time")
    if user is not None and system is not None and user >= 0 and system >= 0 and \
            abs(user + system - task) <= 0.3 * task:
        m["sys_share"] = system / (user + system)
    if "page-faults" in delta:
        m["faults_per_rep"] = max(delta["page-faults"], 0.0) / reps
    return m


def limit(m, threads, vs_bw, core_bw):
    """Names the row's limit from the counters and the bandwidth the same cores streamed.

    task-clock counts a core stalled on memory as busy, so "compute-bound" is not read from
    busy time alone: it means that per CPU-second the code consumed fewer bytes than one core
    streamed (stream_read, T threads, just before), i.e. the instructions per byte, not DRAM,
    set the pace. Wall time also counts time preempted by other tenants, so "idle" is only
    named when the per-core rate would have reached the bandwidth.
    """
    if not m["reliable"]:
        return "noise: the setup's spread exceeds the timed repeats (raise --perf-repeat)"
    if m["miss_bytes_per_byte"] is not None and m["miss_bytes_per_byte"] >= 0.75 and vs_bw >= 0.8:
        return "memory-bound (a miss per line, %.2f of bw)" % vs_bw
    if vs_bw >= 0.9:
        return "memory-bound (%.2f of bw)" % vs_bw
    if m["sys_share"] is not None and m["sys_share"] > 0.25:
        return "kernel time (%.0f%% system: page faults or mappings per repeat)" % (
            100 * m["sys_share"])
    if m["gbps_per_core"] < 0.9 * core_bw:
        ipc = "" if m["ipc"] is None else ", IPC %.2f" % m["ipc"]
        return "compute-bound (%.1f GB/s per busy core, a core streams %.1f%s)" % (
            m["gbps_per_core"], core_bw, ipc)
    return "idle cores (%.2f of %d busy: serial part, imbalance or preempted)" % (
        m["busy"], threads)
