// Encoding values as written in a suite into a dtype's bytes. Specials are encoded from their
// bit patterns so that, e.g., the float16 subnormal is exactly 0x0001 and not a rounded float.
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <string>

#include "case_yaml.h"
#include "opsim/cases/case_data.h"
#include "opsim/core/float16.h"

namespace opsim::cases {
namespace {

enum class SpecialKind { kNan, kInf, kMax, kMinNormal, kSubnormal };

struct Special {
  SpecialKind kind;
  bool negative;
};

// nan, inf, infinity (YAML's .nan/.inf too), max, lowest, min_normal, subnormal, each with an
// optional sign; nullopt for anything else (a number, or a typo).
std::optional<Special> ParseSpecial(std::string_view text) {
  std::string t = Lower(text);
  bool negative = false;
  if (!t.empty() && (t[0] == '-' || t[0] == '+')) {
    negative = t[0] == '-';
    t.erase(0, 1);
  }
  if (!t.empty() && t[0] == '.') t.erase(0, 1);
  if (t == "nan") return Special{SpecialKind::kNan, negative};
  if (t == "inf" || t == "infinity") return Special{SpecialKind::kInf, negative};
  if (t == "max") return Special{SpecialKind::kMax, negative};
  if (t == "lowest") return Special{SpecialKind::kMax, !negative};
  if (t == "min_normal") return Special{SpecialKind::kMinNormal, negative};
  if (t == "subnormal" || t == "denorm_min") return Special{SpecialKind::kSubnormal, negative};
  return std::nullopt;
}

template <typename T>
void Put(T value, std::vector<uint8_t>* bytes) {
  uint8_t raw[sizeof(T)];
  std::memcpy(raw, &value, sizeof(T));
  bytes->insert(bytes->end(), raw, raw + sizeof(T));
}

// Bit patterns of the specials for the two 16-bit float formats.
uint16_t Special16(DType dtype, Special s) {
  const bool half = dtype == DType::kFloat16;
  uint16_t bits = 0;
  switch (s.kind) {
    case SpecialKind::kNan: bits = half ? 0x7E00 : 0x7FC0; break;
    case SpecialKind::kInf: bits = half ? 0x7C00 : 0x7F80; break;
    case SpecialKind::kMax: bits = half ? 0x7BFF : 0x7F7F; break;
    case SpecialKind::kMinNormal: bits = half ? 0x0400 : 0x0080; break;
    case SpecialKind::kSubnormal: bits = 0x0001; break;
  }
  return static_cast<uint16_t>(bits | (s.negative ? 0x8000u : 0u));
}

template <typename F>
F SpecialFloat(Special s) {
  F v = 0;
  switch (s.kind) {
    case SpecialKind::kNan: v = std::numeric_limits<F>::quiet_NaN(); break;
    case SpecialKind::kInf: v = std::numeric_limits<F>::infinity(); break;
    case SpecialKind::kMax: v = std::numeric_limits<F>::max(); break;
    case SpecialKind::kMinNormal: v = std::numeric_limits<F>::min(); break;
    case SpecialKind::kSubnormal: v = std::numeric_limits<F>::denorm_min(); break;
  }
  return s.negative ? -v : v;
}

Status EncodeFloat(const CaseValue& value, DType dtype, std::vector<uint8_t>* bytes) {
  if (const std::optional<Special> s = ParseSpecial(value.text)) {
    switch (dtype) {
      case DType::kFloat32: Put(SpecialFloat<float>(*s), bytes); break;
      case DType::kFloat64: Put(SpecialFloat<double>(*s), bytes); break;
      case DType::kInt4:
      case DType::kComplex64:
      case DType::kComplex32:  // never reached: EncodeValue refuses complex and int4 by name
      default: Put(Special16(dtype, *s), bytes); break;
    }
    return Status::Ok();
  }
  const std::string& t = value.text;
  char* end = nullptr;
  const double d = t.empty() ? 0.0 : std::strtod(t.c_str(), &end);
  if (t.empty() || end != t.c_str() + t.size()) {
    return CaseError(value.mark, "",
                     "value '" + t +
                         "' is not a number or a special token (nan, inf, -inf, "
                         "max, lowest, min_normal, subnormal, -subnormal; -0.0 is a number)");
  }
  auto overflow = [&](std::string_view max_text) {
    return CaseError(value.mark, "",
                     "value " + t + " overflows " + std::string(DTypeName(dtype)) + " (max " +
                         std::string(max_text) + "); write inf if that is meant");
  };
  switch (dtype) {
    case DType::kFloat64: Put(d, bytes); return Status::Ok();
    case DType::kFloat32: {
      const float f = static_cast<float>(d);
      if (std::isinf(f) && !std::isinf(d)) return overflow("3.4028235e38");
      Put(f, bytes);
      return Status::Ok();
    }
    case DType::kFloat16: {
      const uint16_t h = FloatToHalfBits(static_cast<float>(d));
      if ((h & 0x7FFF) == 0x7C00 && !std::isinf(d)) return overflow("65504");
      Put(h, bytes);
      return Status::Ok();
    }
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:  // never reached: EncodeValue refuses complex and int4 by name
    default: {
      const uint16_t b = FloatToBFloat16Bits(static_cast<float>(d));
      if ((b & 0x7FFF) == 0x7F80 && !std::isinf(d)) return overflow("3.3895314e38");
      Put(b, bytes);
      return Status::Ok();
    }
  }
}

template <typename I>
Status EncodeInteger(const CaseValue& value, DType dtype, std::vector<uint8_t>* bytes) {
  if (const std::optional<Special> s = ParseSpecial(value.text)) {
    if (s->kind != SpecialKind::kMax) {
      return CaseError(value.mark, "",
                       "value '" + value.text + "' has no " + std::string(DTypeName(dtype)) +
                           " encoding (integers take numbers, max and lowest)");
    }
    Put(s->negative ? std::numeric_limits<I>::lowest() : std::numeric_limits<I>::max(), bytes);
    return Status::Ok();
  }
  const std::string& t = value.text;
  const char* first = t.data();
  const char* last = t.data() + t.size();
  if (first != last && *first == '+') ++first;
  auto range_error = [&] {
    return CaseError(value.mark, "",
                     "value '" + t + "' is not an integer in the " + std::string(DTypeName(dtype)) +
                         " range [" + std::to_string(std::numeric_limits<I>::lowest()) + ", " +
                         std::to_string(std::numeric_limits<I>::max()) + "]");
  };
  if (first != last && *first == '-') {
    int64_t v = 0;
    const auto r = std::from_chars(first, last, v);
    if (r.ec != std::errc() || r.ptr != last) return range_error();
    if (v < static_cast<int64_t>(std::numeric_limits<I>::lowest())) return range_error();
    Put(static_cast<I>(v), bytes);
    return Status::Ok();
  }
  uint64_t v = 0;
  const auto r = std::from_chars(first, last, v);
  if (first == last || r.ec != std::errc() || r.ptr != last) return range_error();
  if (v > static_cast<uint64_t>(std::numeric_limits<I>::max())) return range_error();
  Put(static_cast<I>(v), bytes);
  return Status::Ok();
}

}  // namespace

Status EncodeValue(const CaseValue& value, DType dtype, std::vector<uint8_t>* bytes) {
  switch (dtype) {
    case DType::kFloat32:
    case DType::kFloat64:
    case DType::kFloat16:
    case DType::kBFloat16: return EncodeFloat(value, dtype, bytes);
    case DType::kInt8: return EncodeInteger<int8_t>(value, dtype, bytes);
    case DType::kUInt8: return EncodeInteger<uint8_t>(value, dtype, bytes);
    case DType::kInt32: return EncodeInteger<int32_t>(value, dtype, bytes);
    case DType::kUInt32: return EncodeInteger<uint32_t>(value, dtype, bytes);
    case DType::kInt64: return EncodeInteger<int64_t>(value, dtype, bytes);
    case DType::kUInt64: return EncodeInteger<uint64_t>(value, dtype, bytes);
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:  // refused below by name: no value encoding (int4: no scalar holds one)
    default: break;
  }
  return CaseError(value.mark, "",
                   "dtype " + std::string(DTypeName(dtype)) + " has no value encoding");
}

Status EncodeValues(std::span<const CaseValue> values, DType dtype, std::vector<uint8_t>* bytes) {
  std::vector<uint8_t> out;
  out.reserve(values.size() * DTypeSize(dtype));
  for (const CaseValue& v : values) OPSIM_RETURN_IF_ERROR(EncodeValue(v, dtype, &out));
  bytes->insert(bytes->end(), out.begin(), out.end());
  return Status::Ok();
}

}  // namespace opsim::cases
