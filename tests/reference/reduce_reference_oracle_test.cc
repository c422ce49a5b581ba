// The Eigen path (pad, shuffle, reshape to [K, R]) against a plain index loop, for every subset
// of axes of a rank-8 and a rank-4 shape, with and without keep_dims.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "opsim/core/float16.h"
#include "opsim/reference/reduce_reference.h"
#include "reference/reduce_test_util.h"

namespace opsim::ref {
namespace {

using testing::Buffer;
using testing::FromValues;
using testing::MakeBuffer;

// Plain loop: visits input elements in order and folds each into its output slot. Floats fold in
// long double (the data are small integers, so every sum and product here is exact), integers in
// uint64 arithmetic, which wraps modulo 2^64 and therefore modulo 2^bits after truncation.
Buffer NaiveReduce(Reducer r, const Buffer& in, const Shape& shape,
                   const std::vector<int64_t>& axes) {
  std::vector<bool> reduced(static_cast<size_t>(shape.rank()), false);
  for (int64_t a : axes) reduced[static_cast<size_t>(a)] = true;
  const int64_t out_count = *ReducedShape(shape, axes, false).NumElements();
  const bool floating = IsFloating(in.dtype);
  std::vector<long double> facc(static_cast<size_t>(out_count));
  std::vector<uint64_t> uacc(static_cast<size_t>(out_count));
  std::vector<bool> seen(static_cast<size_t>(out_count), false);
  const int64_t n = *shape.NumElements();
  for (int64_t flat = 0; flat < n; ++flat) {
    int64_t rest = flat;
    int64_t out_index = 0;
    int64_t out_stride = 1;
    for (int d = shape.rank() - 1; d >= 0; --d) {
      const int64_t coord = rest % shape[d];
      rest /= shape[d];
      if (!reduced[static_cast<size_t>(d)]) {
        out_index += coord * out_stride;
        out_stride *= shape[d];
      }
    }
    const size_t o = static_cast<size_t>(out_index);
    const long double fv = in.Value(flat);
    const uint64_t uv = in.dtype == DType::kUInt64 ? in.As<uint64_t>(flat)
                        : in.dtype == DType::kInt64
                            ? static_cast<uint64_t>(in.As<int64_t>(flat))
                            : static_cast<uint64_t>(static_cast<int64_t>(in.Value(flat)));
    if (!seen[o]) {
      facc[o] = fv;
      uacc[o] = uv;
      seen[o] = true;
      continue;
    }
    switch (r) {
      case Reducer::kSum:
        facc[o] += fv;
        uacc[o] += uv;
        break;
      case Reducer::kProd:
        facc[o] *= fv;
        uacc[o] *= uv;
        break;
      case Reducer::kMax: facc[o] = std::max(facc[o], fv); break;
      case Reducer::kMin: facc[o] = std::min(facc[o], fv); break;
    }
  }
  Buffer out = MakeBuffer(in.dtype, out_count);
  for (int64_t i = 0; i < out_count; ++i) {
    const size_t o = static_cast<size_t>(i);
    if (!seen[o]) {  // empty slice
      facc[o] = r == Reducer::kSum ? 0 : r == Reducer::kProd ? 1 : NAN;
      uacc[o] = r == Reducer::kSum ? 0 : 1;
    }
    if (!seen[o] && !floating && (r == Reducer::kMax || r == Reducer::kMin)) {
      // Integer MAX identity is the lowest value, MIN the highest: write the bit patterns
      // (0x80..00 / 0x7F..FF signed, 0x00..00 / 0xFF..FF unsigned), little endian.
      const size_t size = DTypeSize(in.dtype);
      unsigned char* p = out.bytes.data() + o * size;
      std::memset(p, r == Reducer::kMax ? 0x00 : 0xFF, size);
      if (IsSigned(in.dtype)) p[size - 1] = r == Reducer::kMax ? 0x80 : 0x7F;
      continue;
    }
    if (floating) {
      if (std::isnan(static_cast<double>(facc[o]))) {
        facc[o] = r == Reducer::kMax ? -INFINITY : INFINITY;
      }
      out.SetValue(i, static_cast<double>(facc[o]));
    } else if (r == Reducer::kSum || r == Reducer::kProd) {
      // Truncating the uint64 bytes to the dtype width is the modular result (little endian).
      std::memcpy(out.bytes.data() + o * DTypeSize(in.dtype), &uacc[o], DTypeSize(in.dtype));
    } else {
      out.SetValue(i, static_cast<double>(facc[o]));
    }
  }
  return out;
}

std::vector<double> PseudoRandomInts(int64_t n, int lo, int hi, uint32_t seed) {
  std::vector<double> v(static_cast<size_t>(n));
  for (auto& x : v) {
    seed = seed * 1664525u + 1013904223u;
    x = lo + static_cast<int>((seed >> 8) % static_cast<uint32_t>(hi - lo + 1));
  }
  return v;
}

struct OracleCase {
  Reducer r;
  DType dtype;
  int lo;
  int hi;
};

void CheckAllSubsets(const Shape& shape, const OracleCase& c) {
  const int64_t n = *shape.NumElements();
  const Buffer in = FromValues(c.dtype, PseudoRandomInts(n, c.lo, c.hi, 7u));
  for (uint32_t mask = 0; mask < (1u << shape.rank()); ++mask) {
    std::vector<int64_t> axes;
    for (int d = 0; d < shape.rank(); ++d) {
      if (mask & (1u << d)) axes.push_back(d);
    }
    const Buffer want = NaiveReduce(c.r, in, shape, axes);
    for (bool keep : {false, true}) {
      Buffer got = MakeBuffer(c.dtype, want.size(), 0xEE);
      const Status s = Reduce(c.r, c.dtype, shape, axes, keep, in.data(), got.data());
      ASSERT_TRUE(s.ok()) << s.ToString();
      ASSERT_EQ(got.bytes, want.bytes) << ReducerName(c.r) << " " << DTypeName(c.dtype) << " shape "
                                       << shape.ToString() << " mask " << mask << " keep " << keep;
    }
  }
}

const OracleCase kCases[] = {
    {Reducer::kSum, DType::kFloat64, -50, 50},  {Reducer::kSum, DType::kFloat16, -50, 50},
    {Reducer::kMax, DType::kFloat32, -50, 50},  {Reducer::kMin, DType::kBFloat16, -50, 50},
    {Reducer::kProd, DType::kFloat64, -2, 2},   {Reducer::kMin, DType::kInt32, -50, 50},
    {Reducer::kMax, DType::kUInt64, 0, 1000},   {Reducer::kProd, DType::kInt32, -50, 50},
    {Reducer::kSum, DType::kUInt32, 0, 100000}, {Reducer::kProd, DType::kInt64, -90, 90},
    {Reducer::kMax, DType::kInt8, -128, 127},   {Reducer::kMin, DType::kUInt8, 0, 255},
};

TEST(ReduceOracle, RankEightEveryAxisSubset) {
  for (const OracleCase& c : kCases) CheckAllSubsets(Shape{2, 1, 3, 1, 2, 2, 1, 2}, c);
}

TEST(ReduceOracle, RankFourEveryAxisSubset) {
  for (const OracleCase& c : kCases) CheckAllSubsets(Shape{3, 4, 1, 5}, c);
}

TEST(ReduceOracle, ZeroDimEveryAxisSubset) {
  for (const OracleCase& c : kCases) CheckAllSubsets(Shape{2, 0, 3, 1}, c);
}

}  // namespace
}  // namespace opsim::ref
