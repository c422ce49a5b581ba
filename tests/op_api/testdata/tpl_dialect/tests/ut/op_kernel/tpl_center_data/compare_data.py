"""Compares TplCenter's output y.bin with golden.bin (standard library only).

compare_data.py <scale>: the kernel sums in float32 (per core, then over the cores' partials), so
its mean may differ from the float64 one by a few float32 ulps of the values; every y agrees
within 1e-5 * |scale| + 4 float32 ulps of its golden value. (A partial sum lost or counted twice
moves the mean by about 2 * 320 / 15003, a missed scale by the whole value.) Prints
"compare result: True" and exits 0 when all agree; otherwise the first value that does not,
"compare result: False" and exit status 1.
"""
import struct
import sys


def load(name):
    with open(name, "rb") as f:
        data = f.read()
    return struct.unpack("<%df" % (len(data) // 4), data[:len(data) // 4 * 4])


def main():
    scale = abs(float(sys.argv[1]))
    got, want = load("y.bin"), load("golden.bin")
    if len(got) != len(want):
        print("y.bin holds %d values, golden.bin %d" % (len(got), len(want)))
        print("compare result: False")
        return 1
    for i, (g, w) in enumerate(zip(got, want)):
        if not abs(g - w) <= 1e-5 * scale + 4 * abs(w) * 2.0 ** -23:
            print("y[%d] = %r, expected %r" % (i, g, w))
            print("compare result: False")
            return 1
    print("compare result: True")
    return 0


if __name__ == "__main__":
    sys.exit(main())
