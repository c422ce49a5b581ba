"""Compares ImplSoftsign's output y.bin with golden.bin (standard library only).

The kernel rounds four times (Abs, Adds, Div, Muls), the golden once: values agree within 4
float32 ulps of the golden. Prints "compare result: True" and exits 0 when all agree; otherwise the
first value that does not, "compare result: False" and exit status 1.
"""
import struct
import sys


def load(name):
    with open(name, "rb") as f:
        data = f.read()
    return struct.unpack("<%df" % (len(data) // 4), data[:len(data) // 4 * 4])


def main():
    got, want = load("y.bin"), load("golden.bin")
    if len(got) != len(want):
        print("y.bin holds %d values, golden.bin %d" % (len(got), len(want)))
        print("compare result: False")
        return 1
    for i, (g, w) in enumerate(zip(got, want)):
        ulp = abs(w) * 2.0 ** -23 if w != 0 else 2.0 ** -149
        if not abs(g - w) <= 4 * ulp:
            print("y[%d] = %r, expected %r" % (i, g, w))
            print("compare result: False")
            return 1
    print("compare result: True")
    return 0


if __name__ == "__main__":
    sys.exit(main())
