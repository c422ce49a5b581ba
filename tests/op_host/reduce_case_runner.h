// Runs one Reduce case through ReduceOperation on the simulator (checked mode) and compares it
// with the Eigen reference. Shared by the table-driven, property and accuracy tests.
#pragma once

#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "opsim/cases/case_run.h"
#include "opsim/core/float16.h"
#include "opsim/reference/compare.h"
#include "opsim/reference/reduce_reference.h"
#include "opsim/sim/device_profile.h"
#include "reduce/reduce_operation.h"

namespace opsim::testing {

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

// Seeded data that keeps sums and products meaningful: floats in [-1, 1) (products near 1),
// integers small for sums, any bits for max/min.
inline std::vector<uint8_t> MakeInput(ReduceKind kind, DType dtype, int64_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<uint8_t> bytes(static_cast<size_t>(n) * DTypeSize(dtype));
  std::uniform_real_distribution<double> real(-1.0, 1.0);
  std::uniform_real_distribution<double> near_one(0.9, 1.1);
  std::uniform_int_distribution<int> small(-3, 3);
  for (int64_t i = 0; i < n; ++i) {
    const double v = kind == ReduceKind::kProd ? near_one(rng) : real(rng);
    const int64_t iv = kind == ReduceKind::kSum || kind == ReduceKind::kProd
                           ? small(rng)
                           : static_cast<int64_t>(rng());
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
  Status rs = ref::Reduce(cases::ToRef(req.kind), req.dtype, req.input, axes, req.keep_dims,
                          input.data(), expected.data());
  if (!rs.ok()) {
    out.mismatch = "reference failed: " + rs.ToString();
    return out;
  }
  std::vector<double> abs_sums(static_cast<size_t>(outputs));
  (void)ref::AbsSum(req.dtype, req.input, axes, input.data(), abs_sums);
  int64_t reduce_len = 1;
  for (int64_t a : req.axes) reduce_len *= req.input[static_cast<int>(a)];
  const ref::CompareResult c = ref::Compare(cases::ToRef(req.kind), req.dtype, reduce_len,
                                            expected.data(), y.data(), outputs, abs_sums);
  if (!c.ok) out.mismatch = c.message;
  out.plan = std::shared_ptr<const ReducePlan>(std::make_shared<ReducePlan>(*op.plan()));
  return out;
}

}  // namespace opsim::testing
