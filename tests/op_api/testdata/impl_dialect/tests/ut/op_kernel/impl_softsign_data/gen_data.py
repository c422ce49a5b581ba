"""Input and expected output for ImplSoftsign's kernel unit test (standard library only).

gen_data.py '<x shape>' <scale>: writes x.bin (float32, values in [-8, 8]) and golden.bin
(scale * x / (1 + |x|), computed in float64 and rounded once to float32) here.
"""
import ast
import math
import random
import struct
import sys


def f32(value):
    return struct.unpack("<f", struct.pack("<f", value))[0]


def main():
    shape, scale = ast.literal_eval(sys.argv[1]), float(sys.argv[2])
    rng = random.Random(11)
    x = [f32(rng.uniform(-8, 8)) for _ in range(math.prod(shape))]
    golden = [f32(scale * v / (1.0 + abs(v))) for v in x]
    for name, values in (("x.bin", x), ("golden.bin", golden)):
        with open(name, "wb") as f:
            f.write(struct.pack("<%df" % len(values), *values))


if __name__ == "__main__":
    main()
