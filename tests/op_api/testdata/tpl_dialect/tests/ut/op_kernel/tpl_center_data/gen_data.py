"""Input and expected output for TplCenter's kernel unit test (standard library only).

gen_data.py '<x shape>' <scale>: writes x.bin (float32, values in [-3, 7], so the mean is far from
0) and golden.bin ((x - mean(x)) * scale, the mean in float64, each value rounded once to
float32) here.
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
    rng = random.Random(5)
    x = [f32(rng.uniform(-3, 7)) for _ in range(math.prod(shape))]
    mean = math.fsum(x) / len(x)
    golden = [f32((v - mean) * scale) for v in x]
    for name, values in (("x.bin", x), ("golden.bin", golden)):
        with open(name, "wb") as f:
            f.write(struct.pack("<%df" % len(values), *values))


if __name__ == "__main__":
    main()
