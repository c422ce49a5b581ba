// Seeded input generation for a case. Only std::mt19937_64's sequence (mt19937_64.h) and
// explicit transforms are used (no std:: distributions whose output the standard leaves to the
// library), so a case gets the same bytes with every standard library.
#include <cmath>
#include <cstring>
#include <limits>

#include "case_yaml.h"
#include "mt19937_64.h"
#include "opsim/cases/case_data.h"
#include "opsim/core/float16.h"
#include "opsim/reference/op_reference.h"

namespace opsim::cases {
namespace {

constexpr double kPi = 3.14159265358979323846;

class Rng {
 public:
  explicit Rng(uint64_t seed) : engine_(seed) {}
  uint64_t Bits() { return engine_(); }
  // Uniform in [0, 1) with 53 random bits.
  double Unit() { return static_cast<double>(engine_() >> 11) * 0x1.0p-53; }
  double Uniform(double low, double high) { return low + (high - low) * Unit(); }
  // Box-Muller.
  double Normal(double mean, double stddev) {
    const double u1 = 1.0 - Unit();  // (0, 1]: log stays finite
    const double u2 = Unit();
    return mean + stddev * std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * kPi * u2);
  }
  // Uniform in [low, high] (high >= low).
  int64_t Int(int64_t low, int64_t high) {
    const uint64_t span = static_cast<uint64_t>(high) - static_cast<uint64_t>(low) + 1;
    const uint64_t draw = span == 0 ? engine_() : engine_() % span;
    return static_cast<int64_t>(static_cast<uint64_t>(low) + draw);
  }

 private:
  Mt19937_64 engine_;
};

template <typename T>
void PutRaw(T value, uint8_t* p) {
  std::memcpy(p, &value, sizeof(T));
}

// Integers from a real: rounded to nearest, saturated to the type's range (NaN gives 0).
template <typename I>
I SaturateRound(double v) {
  if (std::isnan(v)) return 0;
  const double r = std::nearbyint(v);
  if (r <= static_cast<double>(std::numeric_limits<I>::lowest())) {
    return std::numeric_limits<I>::lowest();
  }
  if (r >= static_cast<double>(std::numeric_limits<I>::max())) return std::numeric_limits<I>::max();
  return static_cast<I>(r);
}

void PutReal(double v, DType dtype, uint8_t* p) {
  switch (dtype) {
    case DType::kFloat32: PutRaw(static_cast<float>(v), p); break;
    case DType::kFloat64: PutRaw(v, p); break;
    case DType::kFloat16: PutRaw(FloatToHalfBits(static_cast<float>(v)), p); break;
    case DType::kBFloat16: PutRaw(FloatToBFloat16Bits(static_cast<float>(v)), p); break;
    case DType::kInt8: PutRaw(SaturateRound<int8_t>(v), p); break;
    case DType::kUInt8: PutRaw(SaturateRound<uint8_t>(v), p); break;
    case DType::kInt32: PutRaw(SaturateRound<int32_t>(v), p); break;
    case DType::kUInt32: PutRaw(SaturateRound<uint32_t>(v), p); break;
    case DType::kInt64: PutRaw(SaturateRound<int64_t>(v), p); break;
    case DType::kUInt64: PutRaw(SaturateRound<uint64_t>(v), p); break;
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:  // never reached: GenerateCaseData refuses generated complex and int4
                             // data by name
    default: break;
  }
}

// Integers from an int64: floats get the value, integer types wrap modulo 2^bits.
void PutInt(int64_t v, DType dtype, uint8_t* p) {
  if (IsFloating(dtype)) {
    PutReal(static_cast<double>(v), dtype, p);
    return;
  }
  const uint64_t bits = static_cast<uint64_t>(v);
  std::memcpy(p, &bits, DTypeSize(dtype));  // little-endian: the low bytes
}

}  // namespace

Status AutoDataSpec(std::string_view op, const AttrMap& attrs, size_t index, DType dtype,
                    DataSpec* out) {
  ref::AutoData a;
  a.kind = IsFloating(dtype) ? ref::AutoData::Kind::kUniform : ref::AutoData::Kind::kIntRange;
  if (const auto reference = ref::ReferenceRegistry::Global().Find(op)) {
    if (Status st = reference->Auto(attrs, index, dtype, &a); !st.ok()) {
      return Status(ErrorCode::kConfigError, "data: auto: " + st.message());
    }
  }
  DataSpec d;
  switch (a.kind) {
    case ref::AutoData::Kind::kUniform: d.kind = DataKind::kUniform; break;
    case ref::AutoData::Kind::kIntRange: d.kind = DataKind::kIntRange; break;
    case ref::AutoData::Kind::kBits: d.kind = DataKind::kBits; break;
  }
  d.low = a.low;
  d.high = a.high;
  d.int_low = a.int_low;
  d.int_high = a.int_high;
  *out = std::move(d);
  return Status::Ok();
}

Status GenerateInput(const CaseInput& c, std::vector<uint8_t>* bytes) {
  int64_t n = 1;
  for (int64_t d : c.shape) {
    if (d < 0 || (d != 0 && n > std::numeric_limits<int64_t>::max() / d)) {
      return CaseError(c.mark, "shape", "the element count is negative or overflows int64");
    }
    n *= d;
  }
  const size_t es = DTypeSize(c.dtype);
  if (c.data.kind == DataKind::kValues) {
    if (static_cast<int64_t>(c.data.values.size()) != n) {
      return CaseError(c.mark, "values",
                       std::to_string(c.data.values.size()) + " values given for shape of " +
                           std::to_string(n) + " elements");
    }
    std::vector<uint8_t> out;
    OPSIM_RETURN_IF_ERROR(EncodeValues(c.data.values, c.dtype, &out));
    *bytes = std::move(out);
    return Status::Ok();
  }
  std::vector<std::vector<uint8_t>> specials(c.data.specials.size());
  for (size_t i = 0; i < specials.size(); ++i) {
    OPSIM_RETURN_IF_ERROR(EncodeValue(c.data.specials[i], c.dtype, &specials[i]));
  }
  if (c.data.kind == DataKind::kNpy) {
    const std::optional<int64_t> want = DTypeBytes(c.dtype, n);
    if (c.data.npy_bytes == nullptr || !want ||
        c.data.npy_bytes->size() != static_cast<uint64_t>(*want)) {
      return CaseError(c.mark, "npy",
                       c.data.npy_file + " does not hold " + std::to_string(n) + " elements");
    }
    *bytes = *c.data.npy_bytes;
    return Status::Ok();
  }
  if (IsComplex(c.dtype) || IsSubByte(c.dtype)) {
    // opsim carries complex and int4 tensors as bytes and computes nothing on them, so it has no
    // rule for generating (real, imaginary) pairs or packed nibbles: they come from an npy file.
    return CaseError(c.mark, "data",
                     "dtype " + std::string(DTypeName(c.dtype)) + ": opsim generates no " +
                         (IsComplex(c.dtype) ? "complex" : "int4") +
                         " data (give the tensor as an npy file)");
  }
  if (c.data.kind == DataKind::kAuto) {
    return CaseError(c.mark, "data", "data kind 'auto' is not resolved (see AutoDataSpec)");
  }
  if (c.data.kind == DataKind::kSpecial && specials.empty()) {
    return CaseError(c.mark, "specials", "data kind 'special' needs at least one special value");
  }
  std::vector<uint8_t> out(static_cast<size_t>(n) * es);
  Rng rng(c.seed);
  const DataSpec& d = c.data;
  for (int64_t i = 0; i < n; ++i) {
    uint8_t* p = out.data() + static_cast<size_t>(i) * es;
    switch (d.kind) {
      case DataKind::kBits: PutInt(static_cast<int64_t>(rng.Bits()), c.dtype, p); break;
      case DataKind::kUniform: PutReal(rng.Uniform(d.low, d.high), c.dtype, p); break;
      case DataKind::kNormal: PutReal(rng.Normal(d.mean, d.stddev), c.dtype, p); break;
      case DataKind::kIntRange: PutInt(rng.Int(d.int_low, d.int_high), c.dtype, p); break;
      case DataKind::kSpecial:
        if (rng.Unit() < d.rate) {
          const auto& s = specials[rng.Bits() % specials.size()];
          std::memcpy(p, s.data(), es);
        } else {
          PutReal(rng.Uniform(d.low, d.high), c.dtype, p);
        }
        break;
      case DataKind::kAuto:
      case DataKind::kNpy:
      case DataKind::kValues: break;  // handled above
    }
  }
  *bytes = std::move(out);
  return Status::Ok();
}

}  // namespace opsim::cases
