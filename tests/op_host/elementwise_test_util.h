// Helpers for the elementwise kernel tests: data of any dtype with edge values, one launch of an
// elementwise kernel from the host tiling, and the comparison with the reference.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "elementwise/elementwise_tiling.h"
#include "elementwise/entries/elementwise_entry.h"
#include "opsim/core/dtype.h"
#include "opsim/core/float16.h"
#include "opsim/sim/device_profile.h"
#include "opsim/sim/launch.h"

namespace opsim::elementwise::testing {

inline const std::vector<DType>& FloatDTypes() {
  static const std::vector<DType> v = {DType::kFloat32, DType::kFloat16, DType::kBFloat16,
                                       DType::kFloat64};
  return v;
}
inline const std::vector<DType>& IntDTypes() {
  static const std::vector<DType> v = {DType::kInt8,   DType::kUInt8, DType::kInt32,
                                       DType::kUInt32, DType::kInt64, DType::kUInt64};
  return v;
}
inline bool IsFloat(DType t) {
  return t == DType::kFloat32 || t == DType::kFloat16 || t == DType::kBFloat16 ||
         t == DType::kFloat64;
}

inline void PutDouble(DType t, std::vector<uint8_t>* data, size_t i, double v) {
  uint8_t* p = data->data() + i * DTypeSize(t);
  switch (t) {
    case DType::kFloat32: {
      const float f = static_cast<float>(v);
      std::memcpy(p, &f, 4);
      break;
    }
    case DType::kFloat64: std::memcpy(p, &v, 8); break;
    case DType::kFloat16: {
      const uint16_t h = FloatToHalfBits(static_cast<float>(v));
      std::memcpy(p, &h, 2);
      break;
    }
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:  // no test of these helpers passes a complex or int4 dtype
    default: {
      const uint16_t b = FloatToBFloat16Bits(static_cast<float>(v));
      std::memcpy(p, &b, 2);
    }
  }
}

// n elements of `t`: the edge values first (NaN, +-inf, +-0, huge, tiny; the integer limits),
// then seeded random values (floats in [-8, 8] and some large ones, integers over the range).
inline std::vector<uint8_t> MakeData(DType t, int64_t n, uint64_t seed, bool nonzero = false) {
  std::vector<uint8_t> data(static_cast<size_t>(n) * DTypeSize(t));
  std::mt19937_64 rng(seed);
  const double inf = std::numeric_limits<double>::infinity();
  const std::vector<double> float_edges = {std::nan(""), inf,     -inf,   0.0,  -0.0, 1e30,  -1e30,
                                           3e38,         70000.0, 1e-30,  -2.5, 2.5,  300.5, -129.9,
                                           4294967296.0, 9.3e18,  1.9e19, -1.0};
  for (int64_t i = 0; i < n; ++i) {
    const size_t k = static_cast<size_t>(i);
    if (IsFloat(t)) {
      double v = k < float_edges.size() ? float_edges[k]
                                        : std::uniform_real_distribution<double>(-8, 8)(rng);
      if (k >= float_edges.size() && rng() % 16 == 0) v *= 1e6;
      if (nonzero && v == 0.0) v = 1.0;
      PutDouble(t, &data, k, v);
      continue;
    }
    uint64_t bits = rng();
    const size_t bytes = DTypeSize(t);
    const uint64_t top = uint64_t{1} << (bytes * 8 - 1);  // the sign bit of the width
    if (k == 0) bits = top;                               // lowest (signed) / 2^(w-1)
    if (k == 1) bits = top - 1;                           // max (signed)
    if (k == 2) bits = ~uint64_t{0};                      // -1 / max (unsigned)
    if (k == 3) bits = 0;
    if (k == 4) bits = 1;
    if (k > 4 && rng() % 2 == 0)
      bits = static_cast<uint64_t>(static_cast<int64_t>(rng() % 201) - 100);
    if (nonzero && (bits & (bytes == 8 ? ~uint64_t{0} : (uint64_t{1} << bytes * 8) - 1)) == 0) {
      bits = 3;
    }
    std::memcpy(data.data() + k * bytes, &bits, bytes);  // little-endian: the low bytes
  }
  return data;
}

// Bits as an ordered integer, for the distance in units in the last place.
inline int64_t Ordered(DType t, const uint8_t* p) {
  uint64_t bits = 0;
  const size_t n = DTypeSize(t);
  std::memcpy(&bits, p, n);
  const uint64_t sign = uint64_t{1} << (n * 8 - 1);
  const int64_t magnitude = static_cast<int64_t>(bits & (sign - 1));
  return (bits & sign) ? -magnitude : magnitude;
}
inline bool IsNaN(DType t, const uint8_t* p) {
  uint64_t bits = 0;
  std::memcpy(&bits, p, DTypeSize(t));
  switch (t) {
    case DType::kFloat32: return (bits & 0x7FFFFFFFu) > 0x7F800000u;
    case DType::kFloat64: return (bits & 0x7FFFFFFFFFFFFFFFull) > 0x7FF0000000000000ull;
    case DType::kFloat16: return (bits & 0x7FFFu) > 0x7C00u;
    case DType::kBFloat16: return (bits & 0x7FFFu) > 0x7F80u;
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:  // no test of these helpers passes a complex or int4 dtype
    default: return false;
  }
}

// Empty when every element matches: integers and bool bit for bit; floats within `ulps` (NaN
// matches any NaN).
inline std::string CompareElements(DType t, const std::vector<uint8_t>& want,
                                   const std::vector<uint8_t>& got, int64_t ulps) {
  if (want.size() != got.size())
    return "size " + std::to_string(got.size()) + " != " + std::to_string(want.size());
  const size_t n = DTypeSize(t);
  for (size_t i = 0; i * n < want.size(); ++i) {
    const uint8_t* w = want.data() + i * n;
    const uint8_t* g = got.data() + i * n;
    if (std::memcmp(w, g, n) == 0) continue;
    if (IsFloat(t)) {
      if (IsNaN(t, w) && IsNaN(t, g)) continue;
      if (!IsNaN(t, w) && !IsNaN(t, g) && std::llabs(Ordered(t, w) - Ordered(t, g)) <= ulps) {
        continue;
      }
    }
    uint64_t wb = 0, gb = 0;
    std::memcpy(&wb, w, n);
    std::memcpy(&gb, g, n);
    return "element " + std::to_string(i) + ": bits " + std::to_string(gb) +
           " != " + std::to_string(wb) + " (the reference's, as unsigned decimals)";
  }
  return "";
}

// One launch of the family's kernel for `request` on `device_name`, in checked mode.
inline Status RunElementwise(const ElementwiseRequest& request, const std::string& device_name,
                             std::vector<uint8_t>* a, std::vector<uint8_t>* b,
                             std::vector<uint8_t>* out, uint32_t* block_dim = nullptr) {
  sim::DeviceProfile device;
  OPSIM_RETURN_IF_ERROR(sim::LoadNamedDeviceProfile(device_name, &device));
  ElementwiseDevice d;
  d.cores = device.vector_cores;
  d.ub_bytes = device.ub_bytes;
  d.has_data_copy_pad = device.has_data_copy_pad;
  ::op_kernel::ElementwiseTiling tiling;
  uint32_t blocks = 0;
  OPSIM_RETURN_IF_ERROR(MakeElementwiseTiling(request, d, &tiling, &blocks));
  if (block_dim != nullptr) *block_dim = blocks;
  out->assign(tiling.total * DTypeSize(request.dst), 0xA5);
  sim::LaunchOptions o;
  o.checked = true;
  o.host_threads = 2;
  auto u8 = [](std::vector<uint8_t>* v) { return v->empty() ? nullptr : v->data(); };
  o.regions = {{u8(a), a->size(), "a"},
               {u8(out), out->size(), "y", out->size()},
               {&tiling, sizeof(tiling), "tiling"}};
  if (b != nullptr) o.regions.push_back({u8(b), b->size(), "b"});
  auto* t = reinterpret_cast<uint8_t*>(&tiling);
  const sim::LaunchResult r = sim::Launch(device, blocks, o, [&] {
    switch (request.op) {
      case ::op_kernel::ElementwiseOp::kAdd:
      case ::op_kernel::ElementwiseOp::kSub:
      case ::op_kernel::ElementwiseOp::kMul:
      case ::op_kernel::ElementwiseOp::kDiv:
        opsim_elementwise_binary(u8(a), u8(b), u8(out), t);
        break;
      case ::op_kernel::ElementwiseOp::kCast: opsim_elementwise_cast(u8(a), u8(out), t); break;
      default: opsim_elementwise_unary(u8(a), u8(out), t);
    }
  });
  return r.status;
}

inline int64_t Elements(const std::vector<int64_t>& dims) {
  int64_t n = 1;
  for (int64_t d : dims) n *= d;
  return n;
}

}  // namespace opsim::elementwise::testing
