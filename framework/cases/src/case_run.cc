#include <cmath>
#include <cstring>
#include <sstream>
#include <vector>

#include "opsim/cases/case_data.h"
#include "opsim/cases/case_run.h"
#include "opsim/core/float16.h"
#include "opsim/reference/compare.h"

namespace opsim::cases {
namespace {

infer::ReduceParam::ReduceType AtbType(ReduceKind kind) {
  switch (kind) {
    case ReduceKind::kMax: return infer::ReduceParam::REDUCE_MAX;
    case ReduceKind::kMin: return infer::ReduceParam::REDUCE_MIN;
    case ReduceKind::kSum: return infer::ReduceParam::REDUCE_SUM;
    case ReduceKind::kProd: return infer::ReduceParam::REDUCE_PROD;
  }
  return infer::ReduceParam::REDUCE_UNDEFINED;
}

double FloatAt(DType dtype, const uint8_t* p) {
  switch (dtype) {
    case DType::kFloat32: {
      float f;
      std::memcpy(&f, p, sizeof(f));
      return f;
    }
    case DType::kFloat64: {
      double d;
      std::memcpy(&d, p, sizeof(d));
      return d;
    }
    default: {
      uint16_t h;
      std::memcpy(&h, p, sizeof(h));
      return dtype == DType::kFloat16 ? HalfBitsToFloat(h) : BFloat16BitsToFloat(h);
    }
  }
}

// |actual - expected| <= abs + rel * |expected|; NaN matches NaN, inf only the same inf.
std::string CompareWithTolerance(DType dtype, const ToleranceOverride& tol, const uint8_t* expected,
                                 const uint8_t* actual, int64_t count) {
  const size_t es = DTypeSize(dtype);
  for (int64_t i = 0; i < count; ++i) {
    const double e = FloatAt(dtype, expected + static_cast<size_t>(i) * es);
    const double a = FloatAt(dtype, actual + static_cast<size_t>(i) * es);
    bool ok = false;
    if (std::isnan(e) || std::isnan(a)) {
      ok = std::isnan(e) && std::isnan(a);
    } else if (std::isinf(e) || std::isinf(a)) {
      ok = e == a;
    } else {
      ok = std::fabs(a - e) <= tol.abs + tol.rel * std::fabs(e);
    }
    if (!ok) {
      std::ostringstream m;
      m.precision(17);
      m << "output[" << i << "] = " << a << ", expected " << e << " (tolerance rel " << tol.rel
        << ", abs " << tol.abs << ")";
      return m.str();
    }
  }
  return "";
}

}  // namespace

Status LowerCase(const ReduceCase& c, ReduceRequest* request) {
  const std::string_view op = c.front_door == FrontDoor::kAtb    ? "ReduceOperation"
                              : c.front_door == FrontDoor::kOnnx ? "ONNX Reduce"
                                                                 : "OpenVINO Reduce";
  Shape shape;
  OPSIM_RETURN_IF_ERROR(MakeReduceInputShape(op, c.shape, &shape));
  switch (c.front_door) {
    case FrontDoor::kAtb: {
      infer::ReduceParam param;
      param.reduceType = AtbType(c.kind);
      for (int64_t a : c.axes.value_or(std::vector<int64_t>{})) {
        if (!param.axis.push_back(a)) {
          return Status(ErrorCode::kInvalidParam, "ReduceOperation: axis holds more than " +
                                                      std::to_string(param.axis.capacity()) +
                                                      " entries");
        }
      }
      return LowerAtb(param, c.dtype, shape, c.atb_strict, request);
    }
    case FrontDoor::kOnnx: {
      if (!c.axes) {
        return LowerOnnx(c.kind, c.dtype, shape, std::nullopt, c.keep_dims, c.noop_with_empty_axes,
                         request);
      }
      return LowerOnnx(c.kind, c.dtype, shape, std::span<const int64_t>(*c.axes), c.keep_dims,
                       c.noop_with_empty_axes, request);
    }
    case FrontDoor::kOpenVino: {
      const std::vector<int64_t> axes = c.axes.value_or(std::vector<int64_t>{});
      return LowerOpenVino(c.kind, c.dtype, shape, axes, c.keep_dims, request);
    }
  }
  return Status(ErrorCode::kInvalidParam, "case front door is not atb, onnx or openvino");
}

std::string CheckExpected(const ReduceCase& c, const ReduceRequest& request, const void* actual,
                          std::span<const double> abs_sums) {
  if (!c.expected) return "";
  const int64_t count = request.output.NumElements().value_or(-1);
  if (static_cast<int64_t>(c.expected->size()) != count) {
    return "expected holds " + std::to_string(c.expected->size()) + " values, the output " +
           std::to_string(count);
  }
  std::vector<uint8_t> expected;
  const Status st = EncodeValues(*c.expected, request.dtype, &expected);
  if (!st.ok()) return st.ToString();
  const auto* a = static_cast<const uint8_t*>(actual);
  const bool tolerant_kind = request.kind == ReduceKind::kSum || request.kind == ReduceKind::kProd;
  if (IsFloating(request.dtype) && tolerant_kind && c.tolerance) {
    return CompareWithTolerance(request.dtype, *c.tolerance, expected.data(), a, count);
  }
  int64_t reduce_len = 1;
  for (int64_t axis : request.axes) reduce_len *= request.input[static_cast<int>(axis)];
  const ref::CompareResult r =
      abs_sums.size() == static_cast<size_t>(count)
          ? ref::Compare(ToRef(request.kind), request.dtype, reduce_len, expected.data(), a, count,
                         abs_sums)
          : ref::Compare(ToRef(request.kind), request.dtype, reduce_len, expected.data(), a, count);
  return r.ok ? "" : r.message;
}

ref::Reducer ToRef(ReduceKind kind) {
  switch (kind) {
    case ReduceKind::kSum: return ref::Reducer::kSum;
    case ReduceKind::kMax: return ref::Reducer::kMax;
    case ReduceKind::kMin: return ref::Reducer::kMin;
    case ReduceKind::kProd: return ref::Reducer::kProd;
  }
  return ref::Reducer::kSum;
}

}  // namespace opsim::cases
