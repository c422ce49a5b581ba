#!/usr/bin/env python3
"""ImplSoftsign's data, computed independently of opsim (Python's float64, rounded once to
float32): y = scale * x / (1 + |x|). Standard library only (the test machines have no numpy).

  make_data.py write DIR          x.npy ([3, 1000], values in [-8, 8]), y_scale1.npy, y_scale2.npy
  make_data.py write-big DIR      x_big.npy ([480013]: several UB tiles per core, a ragged tail)
  make_data.py check X Y SCALE    exit 1 unless Y is softsign(X) * SCALE within 4 float32 ulps
"""
import struct
import sys


def write_npy(path, shape, values):
    header = "{'descr': '<f4', 'fortran_order': False, 'shape': (%s), }" % (
        ", ".join(str(d) for d in shape) + ("," if len(shape) == 1 else ""))
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode("latin1"))
        f.write(struct.pack("<%df" % len(values), *values))


def read_npy(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:6] != b"\x93NUMPY" or data[6] != 1:
        raise SystemExit("%s: not a version 1 .npy file" % path)
    length = struct.unpack("<H", data[8:10])[0]
    header = data[10:10 + length].decode("latin1")
    if "'<f4'" not in header:
        raise SystemExit("%s: not float32 (%s)" % (path, header.strip()))
    body = data[10 + length:]
    return list(struct.unpack("<%df" % (len(body) // 4), body))


def f32(v):
    return struct.unpack("<f", struct.pack("<f", v))[0]


def softsign(x, scale):
    return [f32(scale * v / (1.0 + abs(v))) for v in x]


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "write":
        out = sys.argv[2]
        x = [f32(((i * 37) % 2001 - 1000) / 125.0) for i in range(3000)]
        write_npy(out + "/x.npy", [3, 1000], x)
        write_npy(out + "/y_scale1.npy", [3, 1000], softsign(x, 1.0))
        write_npy(out + "/y_scale2.npy", [3, 1000], softsign(x, 2.0))
        return 0
    if len(sys.argv) == 3 and sys.argv[1] == "write-big":
        x = [f32(((i * 7919) % 20001 - 10000) / 1250.0) for i in range(480013)]
        write_npy(sys.argv[2] + "/x_big.npy", [len(x)], x)
        return 0
    if len(sys.argv) == 5 and sys.argv[1] == "check":
        x, y, scale = read_npy(sys.argv[2]), read_npy(sys.argv[3]), float(sys.argv[4])
        want = softsign(x, scale)
        if len(y) != len(want):
            print("%s holds %d values, expected %d" % (sys.argv[3], len(y), len(want)))
            return 1
        for i, (got, exp) in enumerate(zip(y, want)):
            ulp = abs(exp) * 2.0 ** -23 if exp != 0 else 2.0 ** -149
            if abs(got - exp) > 4 * ulp:
                print("%s[%d] = %r, expected %r (x = %r, scale %r)" % (sys.argv[3], i, got, exp, x[i], scale))
                return 1
        print("%d values agree with softsign(x) * %r" % (len(y), scale))
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main())
