#!/usr/bin/env python3
"""The asc-devkit sample counts of docs/PUBLIC_KERNELS.md, from its table (the one headed
`| sample (D) | builds | verifies | first blocker |`), so the prose totals can be checked.

    scripts/count_asc_samples.py [docs/PUBLIC_KERNELS.md] [--list]

Each sample path a row's first cell names in backticks (a path has a '/') counts once, with that
row's builds and verifies cells; a row of several samples counts once per name. A sample builds
when its builds cell is `yes`, verifies when its verifies cell is `yes` (from verify_result.py or
the program's own check). Exits 1 when a sample is named twice (the totals would be wrong).
"""
import re
import sys

HEADER = "| sample (D) | builds | verifies |"


def rows(lines):
    start = next(i for i, line in enumerate(lines) if line.startswith(HEADER))
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            return
        yield [c.strip() for c in line.strip().strip("|").split("|")]


def main(argv):
    path = next((a for a in argv if not a.startswith("--")), "docs/PUBLIC_KERNELS.md")
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    samples = {}
    twice = []
    for cells in rows(lines):
        for name in re.findall(r"`([^`]+)`", cells[0]):
            if "/" not in name:  # an option (`-m=1`) or a type name, not a sample
                continue
            if name in samples:
                twice.append(name)
            samples[name] = (cells[1], cells[2])
    builds = sum(1 for b, _ in samples.values() if b == "yes")
    verifies = sum(1 for _, v in samples.values() if v == "yes")
    print(f"{len(samples)} samples, {builds} build, {verifies} verify")
    if "--list" in argv:
        for name, (b, v) in sorted(samples.items()):
            print(f"{name}\t{b}\t{v}")
    for name in twice:
        print(f"named twice: {name}", file=sys.stderr)
    return 1 if twice else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
