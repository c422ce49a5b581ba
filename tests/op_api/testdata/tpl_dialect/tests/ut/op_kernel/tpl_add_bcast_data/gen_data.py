"""Inputs and their sum for TplAddBcast's kernel unit test (standard library only).

gen_data.py '<x1 shape>' '<x2 shape>' '<float32|float16>': writes x1.bin, x2.bin and golden.bin
(x1 + x2, x2 repeated along x1's leading dimensions, rounded once to the dtype) here.
"""
import ast
import math
import random
import struct
import sys

CODES = {"float32": "f", "float16": "e"}


def rounded(code, value):
    return struct.unpack("<" + code, struct.pack("<" + code, value))[0]


def main():
    shape1, shape2 = ast.literal_eval(sys.argv[1]), ast.literal_eval(sys.argv[2])
    code = CODES[sys.argv[3]]
    rng = random.Random(7)
    x1 = [rounded(code, rng.uniform(-10, 10)) for _ in range(math.prod(shape1))]
    x2 = [rounded(code, rng.uniform(-10, 10)) for _ in range(math.prod(shape2))]
    golden = [rounded(code, a + x2[i % len(x2)]) for i, a in enumerate(x1)]
    for name, values in (("x1.bin", x1), ("x2.bin", x2), ("golden.bin", golden)):
        with open(name, "wb") as f:
            f.write(struct.pack("<%d%s" % (len(values), code), *values))


if __name__ == "__main__":
    main()
