// Runs one Reduce case through ReduceOperation on the simulator (checked mode) and compares it
// with the Eigen reference. Shared by the table-driven, property and accuracy tests. Also a
// Reduce-typed case (front door, reducer, axes) for the property test, lowered as each front
// door lowers it, with its input drawn by the case library's generators.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "opsim/cases/case_data.h"
#include "opsim/core/float16.h"
#include "opsim/reference/compare.h"
#include "opsim/reference/reduce_reference.h"
#include "opsim/sim/device_profile.h"
#include "reduce/reduce_operation.h"
#include "test_random.h"

namespace opsim::testing {

inline ref::Reducer ToRef(ReduceKind kind) {
  switch (kind) {
    case ReduceKind::kSum: return ref::Reducer::kSum;
    case ReduceKind::kMax: return ref::Reducer::kMax;
    case ReduceKind::kMin: return ref::Reducer::kMin;
    case ReduceKind::kProd: return ref::Reducer::kProd;
  }
  return ref::Reducer::kSum;
}

// Which of the three front doors (docs/SPEC.md §1) a case goes through.
enum class FrontDoor { kAtb, kOnnx, kOpenVino };

inline std::string_view FrontDoorName(FrontDoor door) {
  switch (door) {
    case FrontDoor::kAtb: return "atb";
    case FrontDoor::kOnnx: return "onnx";
    case FrontDoor::kOpenVino: return "openvino";
  }
  return "unknown";
}

struct ReduceCase {
  std::string suite;
  std::string name;
  FrontDoor front_door = FrontDoor::kOnnx;
  ReduceKind kind = ReduceKind::kSum;
  DType dtype = DType::kFloat32;
  std::vector<int64_t> shape;
  std::optional<std::vector<int64_t>> axes;  // nullopt: ONNX axes absent
  bool keep_dims = false;
  bool noop_with_empty_axes = false;  // ONNX only
  std::string device;
  cases::DataSpec data;  // kAuto: the ONNX reading's reference's choice for the reducer
  uint64_t seed = 0;
};

// Lowers the case through LowerAtb, LowerOnnx or LowerOpenVino; their status unchanged.
inline Status LowerCase(const ReduceCase& c, ReduceRequest* request) {
  Shape shape;
  OPSIM_RETURN_IF_ERROR(MakeReduceInputShape("case", c.shape, &shape));
  switch (c.front_door) {
    case FrontDoor::kAtb: {
      infer::ReduceParam param;
      param.reduceType = c.kind == ReduceKind::kMax   ? infer::ReduceParam::REDUCE_MAX
                         : c.kind == ReduceKind::kMin ? infer::ReduceParam::REDUCE_MIN
                         : c.kind == ReduceKind::kSum ? infer::ReduceParam::REDUCE_SUM
                                                      : infer::ReduceParam::REDUCE_PROD;
      for (int64_t a : c.axes.value_or(std::vector<int64_t>{})) {
        if (!param.axis.push_back(a)) return {ErrorCode::kInvalidParam, "too many axes"};
      }
      return LowerAtb(param, c.dtype, shape, false, request);
    }
    case FrontDoor::kOnnx: {
      std::optional<std::span<const int64_t>> axes;
      if (c.axes) axes = std::span<const int64_t>(*c.axes);
      return LowerOnnx(c.kind, c.dtype, shape, axes, c.keep_dims, c.noop_with_empty_axes, request);
    }
    case FrontDoor::kOpenVino:
      return LowerOpenVino(c.kind, c.dtype, shape, c.axes.value_or(std::vector<int64_t>{}),
                           c.keep_dims, request);
  }
  return {ErrorCode::kInvalidParam, "unknown front door"};
}

// The case's input bytes, from the case library's seeded generators.
inline Status GenerateInput(const ReduceCase& c, std::vector<uint8_t>* bytes) {
  cases::CaseInput in;
  in.dtype = c.dtype;
  in.shape = c.shape;
  in.data = c.data;
  in.seed = c.seed;
  if (in.data.kind == cases::DataKind::kAuto) {
    constexpr const char* kOps[] = {"ReduceSum", "ReduceMax", "ReduceMin", "ReduceProd"};
    OPSIM_RETURN_IF_ERROR(
        cases::AutoDataSpec(kOps[static_cast<int>(c.kind)], {}, 0, c.dtype, &in.data));
  }
  return cases::GenerateInput(in, bytes);
}

inline const sim::DeviceProfile& Device(const std::string& name) {
  static std::vector<sim::DeviceProfile> profiles = [] {
    std::vector<sim::DeviceProfile> p;
    (void)sim::LoadDeviceProfiles(sim::DefaultDeviceDir(), &p);
    return p;
  }();
  for (const auto& d : profiles) {
    if (d.name == name) return d;
  }
  static sim::DeviceProfile none;
  return none;
}

inline std::vector<std::string> DeviceNames() { return {"ascend910b", "ascend910a", "ascend310p"}; }

// Seeded data that keeps sums and products meaningful: floats in [-1, 1) (products in
// [0.9, 1.1)), integers in [-3, 3] for sums and products, any bits for max/min.
inline std::vector<uint8_t> MakeInput(ReduceKind kind, DType dtype, int64_t n, uint64_t seed) {
  std::vector<uint8_t> bytes(static_cast<size_t>(n) * DTypeSize(dtype));
  const bool small_ints = kind == ReduceKind::kSum || kind == ReduceKind::kProd;
  for (int64_t i = 0; i < n; ++i) {
    const uint64_t bits = NextRandom(&seed);
    const double unit = static_cast<double>(bits >> 11) * 0x1p-53;  // [0, 1)
    const double v = kind == ReduceKind::kProd ? 0.9 + 0.2 * unit : 2.0 * unit - 1.0;
    const int64_t iv = small_ints ? static_cast<int64_t>(bits % 7) - 3 : static_cast<int64_t>(bits);
    uint8_t* p = bytes.data() + static_cast<size_t>(i) * DTypeSize(dtype);
    auto put = [p](auto value) { std::memcpy(p, &value, sizeof(value)); };
    switch (dtype) {
      case DType::kFloat32: put(static_cast<float>(v)); break;
      case DType::kFloat64: put(v); break;
      case DType::kFloat16: put(FloatToHalfBits(static_cast<float>(v))); break;
      case DType::kBFloat16: put(FloatToBFloat16Bits(static_cast<float>(v))); break;
      case DType::kInt8: put(static_cast<int8_t>(iv)); break;
      case DType::kUInt8: put(static_cast<uint8_t>(iv)); break;
      case DType::kInt32: put(static_cast<int32_t>(iv)); break;
      case DType::kUInt32: put(static_cast<uint32_t>(iv)); break;
      case DType::kInt64: put(static_cast<int64_t>(iv)); break;
      case DType::kUInt64: put(static_cast<uint64_t>(iv)); break;
      case DType::kInt4:
      case DType::kComplex64:
      case DType::kComplex32:  // no test of these helpers passes a complex or int4 dtype
      default: break;
    }
  }
  return bytes;
}

struct CaseResult {
  Status status;         // the operation's status
  std::string mismatch;  // empty when the output matches the reference
  ReduceExecStats stats;
  std::shared_ptr<const ReducePlan> plan;
};

inline CaseResult RunReduceCase(const ReduceRequest& req, const std::string& device,
                                const std::vector<uint8_t>& input, int threads = 2,
                                bool checked = true) {
  CaseResult out;
  ReduceOperation op(req);
  uint64_t ws_bytes = 0;
  out.status = op.Setup(Device(device), &ws_bytes);
  if (!out.status.ok()) return out;
  const size_t es = DTypeSize(req.dtype);
  const int64_t outputs = *req.output.NumElements();
  std::vector<uint8_t> y(static_cast<size_t>(outputs) * es, 0xAB);
  std::vector<uint8_t> ws(ws_bytes);
  ReduceExecOptions opts;
  opts.host_threads = threads;
  opts.checked = checked;
  out.status = op.Execute(input.data(), input.size(), y.data(), y.size(), ws.data(), ws.size(),
                          opts, &out.stats);
  if (!out.status.ok()) return out;
  std::vector<uint8_t> expected(y.size());
  const std::span<const int64_t> axes(req.axes.begin(), req.axes.end());
  Status rs = ref::Reduce(ToRef(req.kind), req.dtype, req.input, axes, req.keep_dims, input.data(),
                          expected.data());
  if (!rs.ok()) {
    out.mismatch = "reference failed: " + rs.ToString();
    return out;
  }
  std::vector<double> abs_sums(static_cast<size_t>(outputs));
  (void)ref::AbsSum(req.dtype, req.input, axes, input.data(), abs_sums);
  int64_t reduce_len = 1;
  for (int64_t a : req.axes) reduce_len *= req.input[static_cast<int>(a)];
  const ref::CompareResult c = ref::Compare(ToRef(req.kind), req.dtype, reduce_len, expected.data(),
                                            y.data(), outputs, abs_sums);
  if (!c.ok) out.mismatch = c.message;
  out.plan = std::shared_ptr<const ReducePlan>(std::make_shared<ReducePlan>(*op.plan()));
  return out;
}

}  // namespace opsim::testing
