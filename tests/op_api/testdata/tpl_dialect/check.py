#!/usr/bin/env python3
"""Inputs and answers for the template-key fixtures (tests/op_api/tpl_dialect_test.sh), computed
without opsim and with the standard library only (the test machines' python3 has no numpy).

  check.py make DIR            write the inputs of every case into DIR, print the cases' names
  check.py add X1 X2 Y         Y must be X1 + X2 broadcast, bit for bit (one rounding each side)
  check.py center X Y SCALE    Y must be (X - mean(X)) * SCALE to float32's summation error
"""
import math
import random
import struct
import sys

CODES = {"<f4": "f", "<f2": "e", "<f8": "d", "<i8": "q"}


def write_npy(path, descr, shape, values):
    dims = ", ".join(str(d) for d in shape) + ("," if len(shape) == 1 else "")
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (descr, dims)
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode("latin1"))
        f.write(struct.pack("<%d%s" % (len(values), CODES[descr]), *values))


def read_npy(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:6] != b"\x93NUMPY" or data[6] != 1:
        sys.exit("%s: not a version 1 .npy file" % path)
    length = struct.unpack("<H", data[8:10])[0]
    header = data[10:10 + length].decode("latin1")
    descr = header.split("'descr': '")[1].split("'")[0]
    if descr not in CODES:
        sys.exit("%s: dtype %s is not float32, float16, float64 or int64" % (path, descr))
    shape_text = header.split("'shape': (")[1].split(")")[0]
    shape = tuple(int(d) for d in shape_text.split(",") if d.strip())
    count = math.prod(shape)
    values = struct.unpack("<%d%s" % (count, CODES[descr]), data[10 + length:])
    return descr, shape, list(values)


def rounded(descr, value):
    """value rounded to nearest-even in the dtype (struct packs that way); an int64 wraps."""
    if descr == "<i8":
        value = (int(value) + 2**63) % 2**64 - 2**63
    return struct.unpack("<" + CODES[descr], struct.pack("<" + CODES[descr], value))[0]


def make(out):
    rng = random.Random(25)
    cases = {
        "same_f32": ((37, 129), (37, 129), "<f4"),
        "same_f16": ((3, 1001), (3, 1001), "<f2"),
        "bcast_x2_f32": ((5, 37, 129), (129,), "<f4"),
        "bcast_x1_f16": ((1, 7), (300, 7), "<f2"),
        "bcast_scalar_f32": ((4, 9), (1,), "<f4"),
        # The AI CPU's types (op_kernel_aicpu): its OpDef takes what the AI Core's does not.
        "bcast_x2_f64": ((5, 37, 129), (129,), "<f8"),
        "bcast_x1_i64": ((1, 7), (30, 7), "<i8"),
    }
    for name, (s1, s2, descr) in cases.items():
        for suffix, shape in (("x1", s1), ("x2", s2)):
            if descr == "<i8":  # values that wrap when added
                values = [rng.choice((-1, 1)) * rng.randrange(2**62, 2**63)
                          for _ in range(math.prod(shape))]
            else:
                values = [rounded(descr, rng.uniform(-8, 8)) for _ in range(math.prod(shape))]
            write_npy("%s/%s_%s.npy" % (out, name, suffix), descr, shape, values)
    # TplCenter: one core, many cores with a ragged last one, several UB tiles per core
    for name, shape in (("center_small", (7,)), ("center_mid", (3, 5001)),
                        ("center_big", (600013,))):
        values = [rounded("<f4", rng.uniform(-4, 12)) for _ in range(math.prod(shape))]
        write_npy("%s/%s.npy" % (out, name), "<f4", shape, values)
    print(" ".join(cases))


def broadcast_shape(a, b):
    rank = max(len(a), len(b))
    a = (1,) * (rank - len(a)) + a
    b = (1,) * (rank - len(b)) + b
    out = []
    for x, y in zip(a, b):
        if x != y and 1 not in (x, y):
            sys.exit("shapes %s and %s do not broadcast" % (a, b))
        out.append(max(x, y))
    return tuple(out), a, b


def element(values, shape, index):
    """values[index] of a tensor of `shape` broadcast to len(index) dimensions."""
    flat = 0
    for dim, i in zip(shape, index):
        flat = flat * dim + (0 if dim == 1 else i)
    return values[flat]


def add(x1, x2, y):
    d1, s1, v1 = read_npy(x1)
    _, s2, v2 = read_npy(x2)
    dy, sy, got = read_npy(y)
    want_shape, p1, p2 = broadcast_shape(s1, s2)
    if dy != d1 or sy != want_shape:
        sys.exit("y is %s%s, expected %s%s" % (dy, sy, d1, want_shape))
    strides = [math.prod(want_shape[k + 1:]) for k in range(len(want_shape))]
    for flat, value in enumerate(got):
        index = [flat // strides[k] % want_shape[k] for k in range(len(want_shape))]
        want = rounded(d1, element(v1, p1, index) + element(v2, p2, index))
        if value != want:
            sys.exit("y[%d] = %r, expected %r" % (flat, value, want))


def center(x, y, scale):
    _, shape, values = read_npy(x)
    dy, sy, got = read_npy(y)
    if dy != "<f4" or sy != shape:
        sys.exit("y is %s%s, expected <f4%s" % (dy, sy, shape))
    mean = math.fsum(values) / len(values)
    scale = float(scale)
    # float32 partial sums: the mean is off by a few ulps of the sum, y by that much
    tolerance = 1e-5 * (max(abs(v) for v in values) + 1) * abs(scale) + 1e-6
    for i, value in enumerate(got):
        want = (values[i] - mean) * scale
        if not abs(value - want) <= tolerance:
            sys.exit("y[%d] = %r, expected %r (tolerance %g)" % (i, value, want, tolerance))


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "make":
        make(sys.argv[2])
    elif len(sys.argv) == 5 and sys.argv[1] == "add":
        add(*sys.argv[2:5])
    elif len(sys.argv) == 5 and sys.argv[1] == "center":
        center(*sys.argv[2:5])
    else:
        sys.exit(__doc__)
