#!/usr/bin/env python3
"""Where a build's time went: compile and link seconds per target and the costliest units, read
from Ninja's log (<build>/.ninja_log), and the last ctest run's seconds per test program and its
slowest tests (<build>/Testing/Temporary/CTestCostData.txt).

    scripts/build_times.py build/release [--top N] [--check]

Ninja logs each output's start and end; with -j2 on two cores each job has a core, so the wall
seconds are close to the compiler's CPU seconds. A rebuild appends to the log: the newest entry of
each output counts. --check exits 1 when the build log is missing or empty (the ctest
`build_time_table` prints the table of the build it belongs to this way).
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys


def read_ninja_log(path):
    """Step (its first output) -> seconds of its newest build.

    A step with several outputs (a generator writing a header and its units) logs one line per
    output with the same times and command hash: it is one step and counts once."""
    newest = {}
    with open(path, encoding="utf-8") as log:
        header = log.readline()
        if not header.startswith("# ninja log v"):
            raise ValueError(f"{path}: not a Ninja log (first line {header.strip()!r})")
        for line in log:
            fields = line.rstrip("\n").split("\t")
            if len(fields) < 4:
                continue
            start_ms, end_ms, output = int(fields[0]), int(fields[1]), fields[3]
            command_hash = fields[4] if len(fields) > 4 else output
            newest[output] = (start_ms, end_ms, command_hash)
    steps = {}
    for output, step in sorted(newest.items()):
        steps.setdefault(step, output)
    return {output: (end_ms - start_ms) / 1000.0
            for (start_ms, end_ms, _), output in steps.items()}


TARGET_DIR = re.compile(r"CMakeFiles/([^/]+)\.dir/(.*)$")


def classify(output):
    """(target, unit) for an object file; ('link', output) for the rest."""
    match = TARGET_DIR.search(output)
    if match and output.endswith(".o"):
        return match.group(1), match.group(2)[: -len(".o")]
    return "(link and generate)", output


def print_build(times, top):
    per_target = collections.defaultdict(lambda: [0.0, 0])
    units = []
    for output, seconds in times.items():
        target, unit = classify(output)
        per_target[target][0] += seconds
        per_target[target][1] += 1
        units.append((seconds, target, unit))
    total = sum(seconds for seconds, _, _ in units)
    print(f"build: {len(units)} steps, {total:.0f} s of compiler and linker time "
          f"(about {total / 2 / 60:.1f} min on two cores)\n")
    print(f"{'seconds':>8} {'share':>6} {'steps':>5}  target")
    for target, (seconds, count) in sorted(per_target.items(), key=lambda kv: -kv[1][0]):
        print(f"{seconds:8.1f} {100 * seconds / total:5.1f}% {count:5d}  {target}")
    print(f"\nthe {top} costliest steps:\n{'seconds':>8}  target: unit")
    for seconds, target, unit in sorted(units, reverse=True)[:top]:
        print(f"{seconds:8.1f}  {target}: {unit}")


def test_programs(build_dir):
    """Test name -> the program it runs (a gtest binary, cmake -P, sh...), from ctest itself."""
    try:
        listing = subprocess.run(["ctest", "--test-dir", build_dir, "--show-only=json-v1"],
                                 capture_output=True, text=True, check=True, timeout=120)
        tests = json.loads(listing.stdout).get("tests", [])
    except (OSError, subprocess.SubprocessError, ValueError):
        return {}
    programs = {}
    for test in tests:
        command = test.get("command") or ["?"]
        program = os.path.basename(command[0])
        scripts = [arg for arg in command[1:] if arg.endswith((".sh", ".cmake", ".py"))]
        if scripts:
            program = f"{program} {os.path.basename(scripts[0])}"
        name = test.get("name", "?")
        programs[name] = program
        # ctest keeps no cost for a name with spaces (gtest's "  # GetParam() = ..."): it records
        # the part before them with no time.
        programs[name.split("  #")[0]] = program
    return programs


def print_tests(build_dir, cost_path, top):
    # CTestCostData.txt: "<name> <runs> <average seconds>" per test, then "---" and failures.
    tests = []
    with open(cost_path, encoding="utf-8") as data:
        for line in data:
            if line.startswith("---"):
                break
            fields = line.rsplit(" ", 2)
            # A name with spaces is also kept cut at its first space, with no runs: not a test.
            if len(fields) == 3 and fields[1] != "0":
                tests.append((float(fields[2]), fields[0]))
    total = sum(seconds for seconds, _ in tests)
    print(f"\ntests: {len(tests)}, {total:.0f} s in all (the last ctest run's times)")
    programs = test_programs(build_dir)
    if programs:
        per_program = collections.defaultdict(lambda: [0.0, 0])
        for seconds, name in tests:
            entry = per_program[programs.get(name, "?")]
            entry[0] += seconds
            entry[1] += 1
        print(f"{'seconds':>8} {'tests':>5}  program")
        for program, (seconds, count) in sorted(per_program.items(), key=lambda kv: -kv[1][0]):
            print(f"{seconds:8.1f} {count:5d}  {program}")
    print(f"\nthe {top} slowest tests:\n{'seconds':>8}  test")
    for seconds, name in sorted(tests, reverse=True)[:top]:
        print(f"{seconds:8.1f}  {name}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("build_dir")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    if args.top < 1:
        parser.error(f"--top {args.top}: must be at least 1")
    log = os.path.join(args.build_dir, ".ninja_log")
    if not os.path.isfile(log):
        print(f"build_times: {log} does not exist (configure with -G Ninja, as the presets do)",
              file=sys.stderr)
        return 1 if args.check else 2
    try:
        times = read_ninja_log(log)
    except (OSError, ValueError) as error:
        print(f"build_times: {error}", file=sys.stderr)
        return 2
    if not times:
        print(f"build_times: {log} has no build steps", file=sys.stderr)
        return 1 if args.check else 2
    print_build(times, args.top)
    cost = os.path.join(args.build_dir, "Testing", "Temporary", "CTestCostData.txt")
    if os.path.isfile(cost):
        print_tests(args.build_dir, cost, args.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
