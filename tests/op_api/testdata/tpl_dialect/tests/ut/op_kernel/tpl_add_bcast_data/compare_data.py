"""Compares TplAddBcast's output y.bin with golden.bin bit for bit (standard library only).

compare_data.py '<float32|float16>': "compare result: True" and exit status 0 when equal;
otherwise the first differing index, "compare result: False" and exit status 1.
"""
import struct
import sys

CODES = {"float32": "f", "float16": "e"}


def load(name, code):
    with open(name, "rb") as f:
        data = f.read()
    size = struct.calcsize(code)
    return struct.unpack("<%d%s" % (len(data) // size, code), data[:len(data) // size * size])


def main():
    code = CODES[sys.argv[1]]
    got, want = load("y.bin", code), load("golden.bin", code)
    if len(got) != len(want):
        print("y.bin holds %d values, golden.bin %d" % (len(got), len(want)))
        print("compare result: False")
        return 1
    for i, (g, w) in enumerate(zip(got, want)):
        if g != w:
            print("y[%d] = %r, expected %r" % (i, g, w))
            print("compare result: False")
            return 1
    print("compare result: True")
    return 0


if __name__ == "__main__":
    sys.exit(main())
