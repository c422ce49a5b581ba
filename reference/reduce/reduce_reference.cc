#include "opsim/reference/reduce_reference.h"

#include <cstring>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "eigen_reduce.h"
#include "float_codec.h"

namespace opsim::ref {
namespace {

using internal::ReducePlan;

bool IsKnownReducer(Reducer r) {
  return r == Reducer::kSum || r == Reducer::kMax || r == Reducer::kMin || r == Reducer::kProd;
}

std::string SupportedList(Reducer r) {
  std::string list = "float32, float16, bfloat16, float64, int32, int64, uint32, uint64";
  if (r == Reducer::kMax || r == Reducer::kMin) list += ", int8, uint8";
  return list;
}

// Every check of Reduce and AbsSum, before any output is written.
Status CheckRequest(std::string_view what, Reducer r, DType dtype, const Shape& in_shape,
                    std::span<const int64_t> axes, const void* in) {
  if (!IsKnownReducer(r)) {
    return {ErrorCode::kInvalidParam, std::string(what) +
                                          ": reducer = " + std::to_string(static_cast<int>(r)) +
                                          " is not one of SUM, MAX, MIN, PROD"};
  }
  if (!IsSupported(r, dtype)) {
    return {ErrorCode::kInvalidTensorDtype,
            std::string(what) + ": dtype " + std::string(DTypeName(dtype)) + " (" +
                std::to_string(static_cast<int32_t>(dtype)) + ") is not supported for " +
                std::string(ReducerName(r)) + " (expected one of " + SupportedList(r) + ")"};
  }
  Shape checked;
  OPSIM_RETURN_IF_ERROR(Shape::Make(in_shape.data(), static_cast<size_t>(in_shape.rank()), &checked,
                                    std::string(what) + ": input shape"));
  if (!in_shape.NumBytes(DTypeSize(dtype))) {
    return {ErrorCode::kInvalidTensorSize, std::string(what) + ": input shape " +
                                               in_shape.ToString() +
                                               " needs more than 2^63-1 bytes"};
  }
  OPSIM_RETURN_IF_ERROR(ValidateAxes(in_shape, axes));
  if (in == nullptr && *in_shape.NumElements() > 0) {
    return {ErrorCode::kInvalidTensorAddr,
            std::string(what) + ": input pointer is null for " + in_shape.ToString() +
                " elements (expected non-null when the input is not empty)"};
  }
  return Status::Ok();
}

template <typename Acc>
Acc Identity(Reducer r) {
  switch (r) {
    case Reducer::kSum: return Acc(0);
    case Reducer::kProd: return Acc(1);
    case Reducer::kMax:
      if constexpr (std::numeric_limits<Acc>::has_infinity) {
        return -std::numeric_limits<Acc>::infinity();
      } else {
        return std::numeric_limits<Acc>::lowest();
      }
    case Reducer::kMin:
      if constexpr (std::numeric_limits<Acc>::has_infinity) {
        return std::numeric_limits<Acc>::infinity();
      } else {
        return std::numeric_limits<Acc>::max();
      }
  }
  return Acc(0);
}

// The caller's bytes as In elements. Eigen's 16-bit types are copied out, not aliased, so that
// reading a uint16 buffer through them stays defined behaviour.
template <typename In>
const In* TypedInput(const void* in, int64_t n, std::vector<In>* storage) {
  if constexpr (std::is_same_v<In, Eigen::half> || std::is_same_v<In, Eigen::bfloat16>) {
    storage->resize(static_cast<size_t>(n));
    if (n > 0) std::memcpy(storage->data(), in, static_cast<size_t>(n) * sizeof(In));
    return storage->data();
  } else {
    return static_cast<const In*>(in);
  }
}

// acc[0..k) = r over each slice, with the SPEC identity for empty slices.
template <bool kAbs, typename In, typename Acc, typename EigenReducer>
void Fold(Reducer r, const In* in, const ReducePlan& plan, const EigenReducer& reducer,
          std::vector<Acc>* acc) {
  acc->assign(static_cast<size_t>(plan.k), Identity<Acc>(r));
  if (plan.k > 0 && plan.r > 0) internal::ReduceRows<kAbs>(in, plan, reducer, acc->data());
}

template <typename In>
void ReduceFloating(Reducer r, DType dtype, const ReducePlan& plan, const In* in, void* out) {
  namespace ei = Eigen::internal;
  std::vector<double> acc;
  switch (r) {
    case Reducer::kSum: Fold<false>(r, in, plan, ei::SumReducer<double>(), &acc); break;
    case Reducer::kProd: Fold<false>(r, in, plan, ei::ProdReducer<double>(), &acc); break;
    case Reducer::kMax:
      Fold<false>(r, in, plan, ei::MaxReducer<double, Eigen::PropagateNaN>(), &acc);
      break;
    case Reducer::kMin:
      Fold<false>(r, in, plan, ei::MinReducer<double, Eigen::PropagateNaN>(), &acc);
      break;
  }
  for (size_t i = 0; i < acc.size(); ++i) {
    internal::StoreFloating(dtype, acc[i], out, static_cast<int64_t>(i));
  }
}

template <typename T>
void StoreIntegers(const std::vector<T>& values, void* out) {
  if (!values.empty()) std::memcpy(out, values.data(), values.size() * sizeof(T));
}

template <typename T>
void ReduceInteger(Reducer r, const ReducePlan& plan, const T* in, void* out) {
  namespace ei = Eigen::internal;
  using U = std::make_unsigned_t<T>;  // SUM/PROD wrap modulo 2^bits without UB
  if (r == Reducer::kSum || r == Reducer::kProd) {
    std::vector<U> acc;
    if (r == Reducer::kSum) {
      Fold<false>(r, in, plan, ei::SumReducer<U>(), &acc);
    } else {
      Fold<false>(r, in, plan, ei::ProdReducer<U>(), &acc);
    }
    std::vector<T> values(acc.size());
    for (size_t i = 0; i < acc.size(); ++i) values[i] = static_cast<T>(acc[i]);  // modular
    StoreIntegers(values, out);
    return;
  }
  std::vector<T> acc;
  if (r == Reducer::kMax) {
    Fold<false>(r, in, plan, ei::MaxReducer<T>(), &acc);
  } else {
    Fold<false>(r, in, plan, ei::MinReducer<T>(), &acc);
  }
  StoreIntegers(acc, out);
}

template <typename In>
void Dispatch(Reducer r, DType dtype, const ReducePlan& plan, const void* in, int64_t n,
              void* out) {
  std::vector<In> storage;
  const In* typed = TypedInput<In>(in, n, &storage);
  if constexpr (std::is_integral_v<In>) {
    ReduceInteger<In>(r, plan, typed, out);
  } else {
    ReduceFloating<In>(r, dtype, plan, typed, out);
  }
}

template <typename In>
void AbsSumTyped(const ReducePlan& plan, const void* in, int64_t n, double* out) {
  std::vector<In> storage;
  const In* typed = TypedInput<In>(in, n, &storage);
  std::vector<double> acc;
  Fold<true>(Reducer::kSum, typed, plan, Eigen::internal::SumReducer<double>(), &acc);
  if (!acc.empty()) std::memcpy(out, acc.data(), acc.size() * sizeof(double));
}

// Calls f.template operator()<In>() with the C++ element type of dtype (f16/bf16 as Eigen's).
template <typename F>
void WithElementType(DType dtype, F&& f) {
  switch (dtype) {
    case DType::kFloat32: return f.template operator()<float>();
    case DType::kFloat64: return f.template operator()<double>();
    case DType::kFloat16: return f.template operator()<Eigen::half>();
    case DType::kBFloat16: return f.template operator()<Eigen::bfloat16>();
    case DType::kInt8: return f.template operator()<int8_t>();
    case DType::kUInt8: return f.template operator()<uint8_t>();
    case DType::kInt32: return f.template operator()<int32_t>();
    case DType::kUInt32: return f.template operator()<uint32_t>();
    case DType::kInt64: return f.template operator()<int64_t>();
    case DType::kUInt64: return f.template operator()<uint64_t>();
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:  // never reached: CheckRequest refuses complex and int4 (IsSupported)
    default: return;         // rejected by CheckRequest
  }
}

}  // namespace

std::string_view ReducerName(Reducer r) {
  switch (r) {
    case Reducer::kSum: return "SUM";
    case Reducer::kMax: return "MAX";
    case Reducer::kMin: return "MIN";
    case Reducer::kProd: return "PROD";
  }
  return "UNKNOWN";
}

bool IsSupported(Reducer r, DType dtype) {
  if (!IsKnownReducer(r)) return false;
  switch (dtype) {
    case DType::kFloat32:
    case DType::kFloat16:
    case DType::kBFloat16:
    case DType::kFloat64:
    case DType::kInt32:
    case DType::kInt64:
    case DType::kUInt32:
    case DType::kUInt64: return true;
    case DType::kInt8:
    case DType::kUInt8: return r == Reducer::kMax || r == Reducer::kMin;
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:  // refused: no reduction of complex pairs or packed int4
    default: return false;
  }
}

Status ValidateAxes(const Shape& in, std::span<const int64_t> axes) {
  for (size_t i = 0; i < axes.size(); ++i) {
    const std::string name = "Reduce: axis[" + std::to_string(i) + "] = " + std::to_string(axes[i]);
    if (axes[i] < 0 || axes[i] >= in.rank()) {
      return {ErrorCode::kInvalidParam, name + " is out of range for an input of rank " +
                                            std::to_string(in.rank()) + " (expected 0 <= axis < " +
                                            std::to_string(in.rank()) + ")"};
    }
    if (i > 0 && axes[i] <= axes[i - 1]) {
      return {ErrorCode::kInvalidParam,
              name + (axes[i] == axes[i - 1] ? " repeats axis[" : " is smaller than axis[") +
                  std::to_string(i - 1) + "] = " + std::to_string(axes[i - 1]) +
                  " (expected sorted, unique axes)"};
    }
  }
  return Status::Ok();
}

Shape ReducedShape(const Shape& in, std::span<const int64_t> axes, bool keep_dims) {
  Shape out;
  for (int i = 0; i < in.rank(); ++i) {
    bool reduced = false;
    for (int64_t a : axes) reduced = reduced || a == i;
    if (!reduced) {
      out.PushBack(in[i]);
    } else if (keep_dims) {
      out.PushBack(1);
    }
  }
  return out;
}

Status Reduce(Reducer r, DType dtype, const Shape& in_shape, std::span<const int64_t> axes,
              bool keep_dims, const void* in, void* out) {
  OPSIM_RETURN_IF_ERROR(CheckRequest("Reduce", r, dtype, in_shape, axes, in));
  const int64_t out_count = *ReducedShape(in_shape, axes, keep_dims).NumElements();
  if (out == nullptr && out_count > 0) {
    return {ErrorCode::kInvalidTensorAddr,
            "Reduce: output pointer is null for " + std::to_string(out_count) +
                " output elements (expected non-null when the output is not empty)"};
  }
  const ReducePlan plan = internal::MakePlan(in_shape, axes);
  const int64_t n = *in_shape.NumElements();
  WithElementType(dtype, [&]<typename In>() { Dispatch<In>(r, dtype, plan, in, n, out); });
  return Status::Ok();
}

Status AbsSum(DType dtype, const Shape& in_shape, std::span<const int64_t> axes, const void* in,
              std::span<double> out) {
  OPSIM_RETURN_IF_ERROR(CheckRequest("AbsSum", Reducer::kSum, dtype, in_shape, axes, in));
  const int64_t out_count = *ReducedShape(in_shape, axes, false).NumElements();
  if (static_cast<int64_t>(out.size()) != out_count) {
    return {ErrorCode::kInvalidTensorSize,
            "AbsSum: output holds " + std::to_string(out.size()) + " values but the reduction of " +
                in_shape.ToString() + " has " + std::to_string(out_count) +
                " outputs (expected equal)"};
  }
  const ReducePlan plan = internal::MakePlan(in_shape, axes);
  const int64_t n = *in_shape.NumElements();
  WithElementType(dtype, [&]<typename In>() { AbsSumTyped<In>(plan, in, n, out.data()); });
  return Status::Ok();
}

}  // namespace opsim::ref
