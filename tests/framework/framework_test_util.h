// Helpers for the framework tests: host buffers as ATB tensors, running an Operation through
// InferShape -> Setup -> Execute, and the Eigen reference for a Reduce step.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <memory>
#include <random>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "atb_reduce_operation.h"
#include "opsim/core/float16.h"
#include "opsim/framework/context.h"
#include "opsim/framework/graph.h"
#include "opsim/framework/operation_registry.h"
#include "opsim/reference/compare.h"
#include "opsim/reference/reduce_reference.h"

namespace opsim::testing {

inline TensorDesc Desc(aclDataType dtype, std::initializer_list<int64_t> dims,
                       aclFormat format = ACL_FORMAT_ND) {
  TensorDesc desc;
  desc.dtype = dtype;
  desc.format = format;
  for (int64_t d : dims) desc.shape.dims[desc.shape.dimNum++] = d;
  return desc;
}

// A tensor whose device memory is a host vector it owns.
struct HostTensor {
  TensorDesc desc;
  std::vector<uint8_t> data;

  explicit HostTensor(const TensorDesc& d) : desc(d), data(TensorDescBytes(d).value_or(0), 0) {}
  Tensor tensor() {
    Tensor t;
    t.desc = desc;
    t.deviceData = data.empty() ? nullptr : data.data();
    t.dataSize = data.size();
    return t;
  }
  template <typename T>
  std::vector<T> As() const {
    std::vector<T> out(data.size() / sizeof(T));
    std::memcpy(out.data(), data.data(), data.size());
    return out;
  }
};

// Integers in [-50, 50] or floats in [-1, 1), seeded.
inline void Fill(HostTensor& t, uint64_t seed) {
  std::mt19937_64 rng(seed);
  const int64_t n = static_cast<int64_t>(t.data.size() / DTypeSize(*DTypeFromAcl(t.desc.dtype)));
  std::uniform_int_distribution<int> ints(-50, 50);
  std::uniform_real_distribution<float> reals(-1.0f, 1.0f);
  for (int64_t i = 0; i < n; ++i) {
    uint8_t* p = t.data.data() + static_cast<size_t>(i) * DTypeSize(*DTypeFromAcl(t.desc.dtype));
    auto put = [p](auto value) { std::memcpy(p, &value, sizeof(value)); };
    switch (t.desc.dtype) {
      case ACL_FLOAT: put(reals(rng)); break;
      case ACL_FLOAT16: put(FloatToHalfBits(reals(rng))); break;
      case ACL_BF16: put(FloatToBFloat16Bits(reals(rng))); break;
      case ACL_INT32: put(static_cast<int32_t>(ints(rng))); break;
      case ACL_INT64: put(static_cast<int64_t>(ints(rng))); break;
      default: put(static_cast<int8_t>(ints(rng))); break;
    }
  }
}

inline VariantPack Pack(std::vector<HostTensor*> in, std::vector<HostTensor*> out) {
  VariantPack pack;
  for (HostTensor* t : in) pack.inTensors.push_back(t->tensor());
  for (HostTensor* t : out) pack.outTensors.push_back(t->tensor());
  return pack;
}

// Setup then Execute with a workspace of exactly the size Setup asked for.
inline Status SetupAndExecute(Operation& op, const VariantPack& pack, Context* context,
                              uint64_t* workspace_size = nullptr) {
  uint64_t size = 0;
  OPSIM_RETURN_IF_ERROR(op.Setup(pack, size, context));
  if (workspace_size != nullptr) *workspace_size = size;
  std::vector<uint8_t> workspace(size);
  return op.Execute(pack, workspace.empty() ? nullptr : workspace.data(), size, context);
}

// Creates `op_type` with `attrs` and runs InferShape, Setup (tiling) and Execute on one float32
// [8] input and output on the 910B: every stage a user's host and kernel code take part in.
inline Status RunStagesOnEightFloats(const std::string& op_type, const AttrMap& attrs) {
  std::unique_ptr<Operation> op;
  OPSIM_RETURN_IF_ERROR(OperationRegistry::Global().Create(op_type, attrs, &op));
  HostTensor x(Desc(ACL_FLOAT, {8})), y(Desc(ACL_FLOAT, {8}));
  SVector<TensorDesc> out;
  OPSIM_RETURN_IF_ERROR(op->InferShape({x.desc}, out));
  ContextOptions options;
  options.device = "ascend910b";
  std::unique_ptr<Context> context;
  OPSIM_RETURN_IF_ERROR(Context::Create(options, &context));
  return SetupAndExecute(*op, Pack({&x}, {&y}), context.get());
}

inline ref::Reducer RefReducer(infer::ReduceParam::ReduceType type) {
  switch (type) {
    case infer::ReduceParam::REDUCE_MAX: return ref::Reducer::kMax;
    case infer::ReduceParam::REDUCE_MIN: return ref::Reducer::kMin;
    case infer::ReduceParam::REDUCE_PROD: return ref::Reducer::kProd;
    default: return ref::Reducer::kSum;
  }
}

// The Eigen reference for a Reduce in any reading, once its axes are normalised (sorted, unique,
// non-negative).
inline HostTensor ReferenceReduceNormalised(ref::Reducer reducer, std::vector<int64_t> axes,
                                            bool keep_dims, const HostTensor& in) {
  Shape shape;
  (void)ShapeFromDims(in.desc.shape, &shape, "reference");
  const DType dtype = *DTypeFromAcl(in.desc.dtype);
  std::sort(axes.begin(), axes.end());
  TensorDesc out_desc = in.desc;
  out_desc.shape = DimsFromShape(ref::ReducedShape(shape, axes, keep_dims));
  HostTensor out(out_desc);
  const Status s = ref::Reduce(reducer, dtype, shape, axes, keep_dims, in.data.data(),
                               out.data.empty() ? nullptr : out.data.data());
  if (!s.ok()) out.data.assign(1, 0xFF);  // a size no result can have: the compare fails
  return out;
}

// Empty when `actual` matches `expected` (description and values).
inline std::string CompareNormalised(ref::Reducer reducer, int64_t reduce_len,
                                     const HostTensor& expected, const HostTensor& actual) {
  if (!(expected.desc == actual.desc)) {
    return "description " + ToString(actual.desc) + " != " + ToString(expected.desc);
  }
  if (expected.data.size() != actual.data.size()) return "reference failed";
  const DType dtype = *DTypeFromAcl(expected.desc.dtype);
  const auto count = static_cast<int64_t>(expected.data.size() / DTypeSize(dtype));
  const ref::CompareResult c =
      ref::Compare(reducer, dtype, reduce_len, expected.data.data(), actual.data.data(), count);
  return c.ok ? std::string() : c.message;
}

// The Eigen reference for one ATB reduce of `in`; the result has the ATB output description.
inline HostTensor ReferenceReduce(infer::ReduceParam::ReduceType type, std::vector<int64_t> axes,
                                  const HostTensor& in) {
  return ReferenceReduceNormalised(RefReducer(type), std::move(axes), false, in);
}

// Empty when `actual` matches `expected` under the reference's comparison rules.
inline std::string CompareWithReference(infer::ReduceParam::ReduceType type, int64_t reduce_len,
                                        const HostTensor& expected, const HostTensor& actual) {
  return CompareNormalised(RefReducer(type), reduce_len, expected, actual);
}

inline infer::ReduceParam Param(infer::ReduceParam::ReduceType type,
                                std::initializer_list<int64_t> axes) {
  infer::ReduceParam param;
  param.reduceType = type;
  for (int64_t a : axes) param.axis.push_back(a);
  return param;
}

// The ATB ReduceOperation (opsim's API); strict ATB rules unless `rules` says otherwise.
inline std::unique_ptr<Operation> MakeReduce(infer::ReduceParam::ReduceType type,
                                             std::initializer_list<int64_t> axes,
                                             AtbRules rules = AtbRules::kStrict) {
  std::unique_ptr<Operation> op;
  if (!CreateReduceOperation(Param(type, axes), &op, rules).ok()) return nullptr;
  return op;
}

inline std::unique_ptr<Context> MakeContext(bool strict = true, const char* device = "ascend910b") {
  ContextOptions options;
  options.device = device;
  options.host_threads = 2;
  options.checked = true;
  options.strict_atb_dtypes = strict;
  std::unique_ptr<Context> context;
  if (!Context::Create(options, &context).ok()) return nullptr;
  return context;
}

}  // namespace opsim::testing
