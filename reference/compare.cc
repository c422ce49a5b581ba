#include "opsim/reference/compare.h"

#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <string>

#include "float_codec.h"

namespace opsim::ref {
namespace {

// Unit roundoff of the type each dtype accumulates in (docs/SPEC.md section 3).
double AccumulationUnitRoundoff(DType dtype) {
  return dtype == DType::kFloat64 ? std::ldexp(1.0, -53) : std::ldexp(1.0, -24);
}

// One ulp of the output grid relative to the value, for types narrower than the accumulator.
double OutputTerm(DType dtype) {
  if (dtype == DType::kFloat16) return std::ldexp(1.0, -10);
  if (dtype == DType::kBFloat16) return std::ldexp(1.0, -7);
  return 0.0;
}

double AccumulationTerm(Reducer r, DType dtype, int64_t reduce_len) {
  const double u = AccumulationUnitRoundoff(dtype);
  const double n = static_cast<double>(std::max<int64_t>(reduce_len, 1));
  if (r == Reducer::kSum) return u * (2.0 * std::ceil(std::log2(n)) + 4.0);
  if (r == Reducer::kProd) return u * (n + 4.0);
  return 0.0;
}

// Absolute error allowed however small the result: the smallest subnormal of the output type,
// and for PROD the smallest normal of the accumulator (below it products lose relative accuracy).
double Tiny(Reducer r, DType dtype) {
  double tiny = 0.0;
  switch (dtype) {
    case DType::kFloat16: tiny = std::ldexp(1.0, -24); break;
    case DType::kBFloat16:
    case DType::kFloat32: tiny = std::ldexp(1.0, -149); break;
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:  // never reached: the reduce references refuse complex and int4 by name
    default: tiny = std::numeric_limits<double>::denorm_min(); break;
  }
  if (r == Reducer::kProd) tiny += dtype == DType::kFloat64 ? DBL_MIN : FLT_MIN;
  return tiny;
}

std::string FormatValue(DType dtype, const void* base, int64_t i) {
  char text[96];
  const size_t size = DTypeSize(dtype);
  const unsigned char* p = static_cast<const unsigned char*>(base) + i * static_cast<int64_t>(size);
  if (IsFloating(dtype)) {
    uint64_t bits = 0;
    std::memcpy(&bits, p, size);  // little-endian host: low bytes hold the pattern
    std::snprintf(text, sizeof(text), "%.17g (0x%0*llx)", internal::LoadFloating(dtype, base, i),
                  static_cast<int>(size * 2), static_cast<unsigned long long>(bits));
  } else if (IsSigned(dtype)) {
    int64_t v = 0;
    if (size == 1) v = static_cast<int8_t>(*p);
    if (size == 4)
      v = [&] {
        int32_t x;
        std::memcpy(&x, p, 4);
        return int64_t{x};
      }();
    if (size == 8) std::memcpy(&v, p, 8);
    std::snprintf(text, sizeof(text), "%lld", static_cast<long long>(v));
  } else {
    uint64_t v = 0;
    std::memcpy(&v, p, size);
    std::snprintf(text, sizeof(text), "%llu", static_cast<unsigned long long>(v));
  }
  return text;
}

double IntegerValue(DType dtype, const void* base, int64_t i) {
  const size_t size = DTypeSize(dtype);
  const unsigned char* p = static_cast<const unsigned char*>(base) + i * static_cast<int64_t>(size);
  if (IsSigned(dtype)) {
    int64_t v = 0;
    if (size == 1) v = static_cast<int8_t>(*p);
    if (size == 4)
      v = [&] {
        int32_t x;
        std::memcpy(&x, p, 4);
        return int64_t{x};
      }();
    if (size == 8) std::memcpy(&v, p, 8);
    return static_cast<double>(v);
  }
  uint64_t v = 0;
  std::memcpy(&v, p, size);
  return static_cast<double>(v);
}

struct PairVerdict {
  bool ok;
  double abs_err;
  double bound;  // NaN where the rule is not a numeric bound
};

PairVerdict JudgeFloating(Reducer r, double e, double a, double rel_bound, double abs_floor) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  if (std::isnan(e) || std::isnan(a)) return {std::isnan(e) && std::isnan(a), inf, nan};
  if (std::isinf(e) || std::isinf(a)) return {e == a, e == a ? 0.0 : inf, nan};
  const double err = std::fabs(a - e);
  if (r == Reducer::kMax || r == Reducer::kMin) return {e == a, err, 0.0};  // -0 == +0
  const double bound = rel_bound * std::fabs(e) + abs_floor;
  return {err <= bound, err, bound};
}

// "SUM float32: 3 of 10 values differ; first at index 4: expected .., actual .. (rule; stats)".
std::string MismatchMessage(Reducer r, DType dtype, const void* expected, const void* actual,
                            int64_t count, const CompareResult& result, double first_err,
                            double first_bound, const char* stats) {
  const bool floating = IsFloating(dtype);
  const int64_t i = result.first_bad;
  std::string rule = "exact match";
  if (floating && !std::isnan(first_bound) && first_bound != 0.0) {
    char text[96];
    std::snprintf(text, sizeof(text), "abs err %.3g > bound %.3g", first_err, first_bound);
    rule = text;
  } else if (floating && std::isnan(first_bound)) {
    rule = "NaN/inf must match";
  }
  return std::string(ReducerName(r)) + " " + std::string(DTypeName(dtype)) + ": " +
         std::to_string(result.mismatches) + " of " + std::to_string(count) +
         " values differ; first at index " + std::to_string(i) + ": expected " +
         FormatValue(dtype, expected, i) + ", actual " + FormatValue(dtype, actual, i) + " (" +
         rule + "; " + stats + ")";
}

CompareResult CompareImpl(Reducer r, DType dtype, int64_t reduce_len, const void* expected,
                          const void* actual, int64_t count, std::span<const double> abs_sums) {
  CompareResult result;
  if (!IsSupported(r, dtype)) {
    result.message = "Compare: dtype " + std::string(DTypeName(dtype)) + " is not supported for " +
                     std::string(ReducerName(r));
    return result;
  }
  if (count < 0 || reduce_len < 0) {
    result.message = "Compare: count = " + std::to_string(count) +
                     ", reduce_len = " + std::to_string(reduce_len) + " (expected both >= 0)";
    return result;
  }
  if (count > 0 && (expected == nullptr || actual == nullptr)) {
    result.message = "Compare: a data pointer is null for count = " + std::to_string(count);
    return result;
  }
  if (!abs_sums.empty() && static_cast<int64_t>(abs_sums.size()) != count) {
    result.message = "Compare: abs_sums has " + std::to_string(abs_sums.size()) +
                     " values (expected 0 or count = " + std::to_string(count) + ")";
    return result;
  }
  const bool floating = IsFloating(dtype);
  const double rel_bound = Tolerance(r, dtype, reduce_len);
  const double acc_term = AccumulationTerm(r, dtype, reduce_len);
  const double tiny = Tiny(r, dtype);
  const size_t size = DTypeSize(dtype);
  double first_bound = 0.0;
  double first_err = 0.0;
  for (int64_t i = 0; i < count; ++i) {
    PairVerdict v{};
    double e = 0.0;
    double a = 0.0;
    if (floating) {
      e = internal::LoadFloating(dtype, expected, i);
      a = internal::LoadFloating(dtype, actual, i);
      const double magnitude = abs_sums.empty() ? 0.0 : abs_sums[static_cast<size_t>(i)];
      v = JudgeFloating(r, e, a, rel_bound, acc_term * magnitude + tiny);
    } else {
      const auto* pe = static_cast<const unsigned char*>(expected) + i * static_cast<int64_t>(size);
      const auto* pa = static_cast<const unsigned char*>(actual) + i * static_cast<int64_t>(size);
      e = IntegerValue(dtype, expected, i);
      a = IntegerValue(dtype, actual, i);
      v = {std::memcmp(pe, pa, size) == 0, std::fabs(a - e), 0.0};
    }
    result.max_abs_err = std::max(result.max_abs_err, v.abs_err);
    if (std::isfinite(e) && e != 0.0) {
      result.max_rel_err = std::max(result.max_rel_err, v.abs_err / std::fabs(e));
    }
    if (!v.ok) {
      if (result.mismatches == 0) {
        result.first_bad = i;
        first_bound = v.bound;
        first_err = v.abs_err;
      }
      ++result.mismatches;
    }
  }
  result.ok = result.mismatches == 0;
  char stats[128];
  std::snprintf(stats, sizeof(stats), "max abs err %.3g, max rel err %.3g", result.max_abs_err,
                result.max_rel_err);
  if (result.ok) {
    result.message = std::string(ReducerName(r)) + " " + std::string(DTypeName(dtype)) + ": all " +
                     std::to_string(count) + " values match (" + stats + ")";
    return result;
  }
  result.message =
      MismatchMessage(r, dtype, expected, actual, count, result, first_err, first_bound, stats);
  return result;
}

}  // namespace

double Tolerance(Reducer r, DType dtype, int64_t reduce_len) {
  if (!IsFloating(dtype) || (r != Reducer::kSum && r != Reducer::kProd)) return 0.0;
  return AccumulationTerm(r, dtype, reduce_len) + OutputTerm(dtype);
}

CompareResult Compare(Reducer r, DType dtype, int64_t reduce_len, const void* expected,
                      const void* actual, int64_t count) {
  return CompareImpl(r, dtype, reduce_len, expected, actual, count, {});
}

CompareResult Compare(Reducer r, DType dtype, int64_t reduce_len, const void* expected,
                      const void* actual, int64_t count, std::span<const double> abs_sums) {
  return CompareImpl(r, dtype, reduce_len, expected, actual, count, abs_sums);
}

}  // namespace opsim::ref
