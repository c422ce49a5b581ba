#include "argmax/argmax_reference.h"

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "float_codec.h"

namespace opsim::ref {
namespace {

// Element i of a contiguous array, for the integer types.
template <typename T>
T LoadInt(const void* base, int64_t i) {
  T v;
  std::memcpy(&v, static_cast<const uint8_t*>(base) + i * static_cast<int64_t>(sizeof(T)),
              sizeof(T));
  return v;
}

// One slice as values: first find any NaN (it wins), otherwise the extreme value, then the first
// or last index holding it. Two passes on purpose: a different algorithm from the kernel's
// running comparison.
template <typename V, typename Load>
int64_t ArgOfSlice(const ArgReduceSpec& spec, int64_t n, Load load) {
  std::vector<V> values(static_cast<size_t>(n));
  for (int64_t k = 0; k < n; ++k) values[static_cast<size_t>(k)] = load(k);
  auto pick = [&](auto matches) {
    int64_t found = -1;
    for (int64_t k = 0; k < n; ++k) {
      if (matches(values[static_cast<size_t>(k)])) {
        found = k;
        if (!spec.select_last) break;
      }
    }
    return found;
  };
  if constexpr (std::is_floating_point_v<V>) {
    const int64_t nan = pick([](V v) { return std::isnan(v); });
    if (nan >= 0) return nan;
  }
  V extreme = values[0];
  for (const V& v : values) extreme = spec.select_min ? std::min(extreme, v) : std::max(extreme, v);
  return pick([&](V v) { return v == extreme; });
}

template <typename V, typename Load>
void ArgReduceAll(const ArgReduceSpec& spec, const Shape& in, int axis, int64_t* out, Load load) {
  int64_t outer = 1;
  int64_t inner = 1;
  for (int i = 0; i < axis; ++i) outer *= in[i];
  for (int i = axis + 1; i < in.rank(); ++i) inner *= in[i];
  const int64_t r = in[axis];
  for (int64_t a = 0; a < outer; ++a) {
    for (int64_t c = 0; c < inner; ++c) {
      const int64_t base = a * r * inner + c;
      out[a * inner + c] =
          ArgOfSlice<V>(spec, r, [&](int64_t k) { return load(base + k * inner); });
    }
  }
}

}  // namespace

Status ArgReducedShape(const ArgReduceSpec& spec, const Shape& in, Shape* out) {
  const int64_t rank = in.rank();
  if (rank == 0) {
    return {ErrorCode::kInvalidTensorDimNum, "ArgReduce: a rank-0 input has no axis"};
  }
  if (spec.axis < -rank || spec.axis >= rank) {
    return {ErrorCode::kInvalidParam, "ArgReduce: axis " + std::to_string(spec.axis) +
                                          " is out of range for rank " + std::to_string(rank)};
  }
  const int axis = static_cast<int>(spec.axis < 0 ? spec.axis + rank : spec.axis);
  if (in[axis] == 0) {
    return {ErrorCode::kInvalidTensorDim,
            "ArgReduce: axis " + std::to_string(axis) + " has size 0 (no index to return)"};
  }
  Shape shape;
  for (int i = 0; i < in.rank(); ++i) {
    if (i != axis) {
      shape.PushBack(in[i]);
    } else if (spec.keep_dims) {
      shape.PushBack(1);
    }
  }
  *out = shape;
  return Status::Ok();
}

Status ArgReduce(const ArgReduceSpec& spec, DType dtype, const Shape& in_shape, const void* in,
                 int64_t* out) {
  Shape out_shape;
  OPSIM_RETURN_IF_ERROR(ArgReducedShape(spec, in_shape, &out_shape));
  const int axis = static_cast<int>(spec.axis < 0 ? spec.axis + in_shape.rank() : spec.axis);
  auto floating = [&](int64_t i) { return internal::LoadFloating(dtype, in, i); };
  switch (dtype) {
    case DType::kFloat32:
    case DType::kFloat16:
    case DType::kBFloat16:
    case DType::kFloat64: ArgReduceAll<double>(spec, in_shape, axis, out, floating); break;
    case DType::kInt8:
      ArgReduceAll<int8_t>(spec, in_shape, axis, out,
                           [&](int64_t i) { return LoadInt<int8_t>(in, i); });
      break;
    case DType::kUInt8:
      ArgReduceAll<uint8_t>(spec, in_shape, axis, out,
                            [&](int64_t i) { return LoadInt<uint8_t>(in, i); });
      break;
    case DType::kInt32:
      ArgReduceAll<int32_t>(spec, in_shape, axis, out,
                            [&](int64_t i) { return LoadInt<int32_t>(in, i); });
      break;
    case DType::kUInt32:
      ArgReduceAll<uint32_t>(spec, in_shape, axis, out,
                             [&](int64_t i) { return LoadInt<uint32_t>(in, i); });
      break;
    case DType::kInt64:
      ArgReduceAll<int64_t>(spec, in_shape, axis, out,
                            [&](int64_t i) { return LoadInt<int64_t>(in, i); });
      break;
    case DType::kUInt64:
      ArgReduceAll<uint64_t>(spec, in_shape, axis, out,
                             [&](int64_t i) { return LoadInt<uint64_t>(in, i); });
      break;
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:  // refused below by name: a complex pair has no order, packed int4
                             // has no reference
    default:
      return {ErrorCode::kInvalidTensorDtype,
              "ArgReduce: dtype " + std::string(DTypeName(dtype)) + " has no order"};
  }
  return Status::Ok();
}

}  // namespace opsim::ref
