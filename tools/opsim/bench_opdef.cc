#include "bench_opdef.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <memory>
#include <optional>
#include <random>

#include "cli_util.h"
#include "exec_opdef.h"
#include "nlohmann/json.hpp"
#include "opsim/core/float16.h"
#include "opsim/framework/host_run.h"
#include "opsim/op_api/op_registry.h"

namespace opsim::cli {
namespace {

constexpr const char* kBenchOpDefCmd = "bench";
constexpr size_t kPatternBytes = size_t{4} << 20;

// Values in [-1, 1) (floats) or [-8, 8] (integers), one block repeated: no kernel's speed
// depends on the values, and generating gigabytes element by element would dominate.
void FillPattern(DType dtype, uint8_t* data, size_t size) {
  const size_t es = DTypeSize(dtype);
  std::vector<uint8_t> block(std::min(size, kPatternBytes) / es * es);
  std::mt19937 rng(20261201);
  std::uniform_real_distribution<float> real(-1.0f, 1.0f);
  std::uniform_int_distribution<int> integer(-8, 8);
  for (size_t at = 0; at < block.size(); at += es) {
    auto put = [&](auto v) { std::memcpy(block.data() + at, &v, sizeof(v)); };
    switch (dtype) {
      case DType::kFloat32: put(real(rng)); break;
      case DType::kFloat64: put(static_cast<double>(real(rng))); break;
      case DType::kFloat16: put(FloatToHalfBits(real(rng))); break;
      case DType::kBFloat16: put(FloatToBFloat16Bits(real(rng))); break;
      case DType::kBool: put(static_cast<uint8_t>(integer(rng) > 0)); break;
      case DType::kInt4:
      case DType::kComplex64:
      case DType::kComplex32:  // random bytes, below: complex and int4 are carried as bytes
      default: {
        const int64_t v = IsSigned(dtype) ? integer(rng) : integer(rng) + 8;
        std::memcpy(block.data() + at, &v, es);  // little-endian: the low bytes
      }
    }
  }
  for (size_t at = 0; !block.empty() && at < size; at += block.size()) {
    std::memcpy(data + at, block.data(), std::min(block.size(), size - at));
  }
}

std::vector<std::string> OutputShapes(const SVector<TensorDesc>& descs) {
  std::vector<std::string> shapes;
  for (const TensorDesc& d : descs) {
    Shape shape;
    shapes.push_back(ShapeFromDims(d.shape, &shape, "output").ok() ? shape.ToString() : "?");
  }
  return shapes;
}

std::string Join(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& s : items) {
    if (!out.empty()) out += ' ';
    out += s;
  }
  return out;
}

// The operation for --op with the request's attributes and one input per --shape.
int CreateBenchOperation(const OpDefBenchRequest& r, std::unique_ptr<Operation>* out) {
  AttrMap attrs;
  if (Status st = ParseOpDefAttrs(r.op, r.attrs, &attrs); !st.ok()) {
    return UsageError(kBenchOpDefCmd, st.message());
  }
  // The shapes fill the inputs in order; OPTIONAL inputs after them are left out.
  const ops::OpDef& def = *op_api::FindOpDef(r.op);
  size_t required = 0;
  bool dynamic = false;
  for (const ops::OpParamDef& p : def.GetInputs()) {
    required += p.GetParamType() == ops::REQUIRED ? 1 : 0;
    dynamic = dynamic || p.GetParamType() == ops::DYNAMIC;
  }
  if (!dynamic && (r.shapes.size() < required || r.shapes.size() > def.GetInputs().size())) {
    return UsageError(kBenchOpDefCmd, r.op + " has " + std::to_string(def.GetInputs().size()) +
                                          " inputs (" + std::to_string(required) +
                                          " required); give one --shape per input, in order (" +
                                          std::to_string(r.shapes.size()) + " given)");
  }
  Status counted = SetDynamicInputCount(r.op, r.shapes.size(), &attrs);
  if (counted.ok())
    counted = MarkGivenInputs(r.op, std::vector<bool>(r.shapes.size(), true), &attrs);
  if (!counted.ok()) return UsageError(kBenchOpDefCmd, counted.message());
  if (Status st = OperationRegistry::Global().Create(r.op, attrs, out); !st.ok()) {
    return Report(kBenchOpDefCmd, st.ToString(), kExitFailure);
  }
  if ((*out)->GetInputNum() != r.shapes.size()) {
    return UsageError(kBenchOpDefCmd, r.op + " takes " + std::to_string((*out)->GetInputNum()) +
                                          " input tensors; give one --shape per input, in order (" +
                                          std::to_string(r.shapes.size()) + " given)");
  }
  return 0;
}

}  // namespace

double PeakResidentBytes() {
  if (std::FILE* f = std::fopen("/proc/self/status", "r")) {
    char line[256];
    long long kib = -1;
    while (std::fgets(line, sizeof(line), f) != nullptr) {
      if (std::sscanf(line, "VmHWM: %lld kB", &kib) == 1) break;
    }
    std::fclose(f);
    if (kib >= 0) return static_cast<double>(kib) * 1024;
  }
  return 0;
}

namespace {
double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  if (n == 0) return 0;
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}
}  // namespace

Status TimeRepeats(int repeat, Context* context, const std::function<Status()>& run,
                   BenchTimes* out) {
  *out = BenchTimes{};
  for (int i = 0; i < repeat; ++i) {
    context->ClearRecord();
    const auto start = std::chrono::steady_clock::now();
    const std::clock_t cpu_start = std::clock();
    OPSIM_RETURN_IF_ERROR(run());
    out->host_cpu_ms.push_back(1000.0 * static_cast<double>(std::clock() - cpu_start) /
                               CLOCKS_PER_SEC);
    out->host_ms.push_back(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
            .count());
    out->device_ns = context->device_ns();
    out->elided_copy_bytes = context->elided_copy_bytes();
  }
  out->median_ms = Median(out->host_ms);
  out->median_cpu_ms = Median(out->host_cpu_ms);
  return Status::Ok();
}

namespace {

// The timings as one JSON line (--json) or a table.
void PrintBench(const OpDefBenchRequest& r, DType dtype, const HostRun& run,
                const BenchTimes& times) {
  double input_bytes = 0, output_bytes = 0;
  for (const Tensor& t : run.pack().inTensors) input_bytes += static_cast<double>(t.dataSize);
  SVector<TensorDesc> out_descs;
  for (const Tensor& t : run.pack().outTensors) {
    out_descs.push_back(t.desc);
    output_bytes += static_cast<double>(t.dataSize);
  }
  const double total = input_bytes + output_bytes;
  const uint64_t ws = run.workspace_bytes();
  const Context* context = &run.context();
  const double median = times.median_ms;
  const double device_ns = times.device_ns;
  const std::vector<double>& host_ms = times.host_ms;
  const double gbps = median > 0 ? input_bytes / (median * 1e6) : 0;
  const double hbm = context->device().hbm_gbps;
  // Every byte read and written once: the memory-bound floor of an elementwise op.
  const double roofline = device_ns > 0 && hbm > 0 ? total / hbm / device_ns : 0;
  const double peak = PeakResidentBytes();
  if (r.json) {
    const nlohmann::json j = {{"op", r.op},
                              {"dtype", std::string(DTypeName(dtype))},
                              {"shapes", r.shapes},
                              {"output_shapes", OutputShapes(out_descs)},
                              {"device", context->device().name},
                              {"threads", r.context.host_threads},
                              {"checked", r.context.checked},
                              {"trace", r.context.trace},
                              {"repeat", r.repeat},
                              {"input_bytes", input_bytes},
                              {"output_bytes", output_bytes},
                              {"io_bytes", total},
                              {"workspace_bytes", ws},
                              {"host_ms_median", median},
                              {"host_ms", host_ms},
                              {"host_cpu_ms_median", times.median_cpu_ms},
                              {"host_cpu_ms", times.host_cpu_ms},
                              {"input_gbps", gbps},
                              {"device_us", device_ns / 1000.0},
                              {"aicore_launches", context->launches()},
                              {"hbm_gbps", hbm},
                              {"roofline_share", roofline},
                              {"elided_copy_bytes", times.elided_copy_bytes},
                              {"peak_rss_bytes", peak}};
    std::printf("%s\n", j.dump().c_str());
    return;
  }
  std::printf("%s %s %s -> %s on %s, %d repeats%s%s\n", r.op.c_str(),
              std::string(DTypeName(dtype)).c_str(), Join(r.shapes).c_str(),
              Join(OutputShapes(out_descs)).c_str(), context->device().name.c_str(), r.repeat,
              r.context.checked ? ", checked mode" : "", r.context.trace ? ", tracing" : "");
  std::printf("host time (median)     %10.3f ms   inputs %.1f MB at %.2f GB/s\n", median,
              input_bytes / 1e6, gbps);
  if (context->launches() == 0) {
    // An op type's AI CPU kernel ran (docs/OPERATORS.md, "The AI CPU engine"): no AI Core launch.
    std::printf(
        "simulated device time        none   the op ran on the AI CPU, which opsim does "
        "not time\n");
  } else {
    std::printf(
        "simulated device time  %10.3f us   %.1f%% of the HBM roofline (inputs + outputs)\n",
        device_ns / 1000.0, roofline * 100);
  }
  std::printf("peak resident memory   %10.1f MB   inputs + outputs + workspace %.1f MB\n",
              peak / 1e6, (total + static_cast<double>(ws)) / 1e6);
  std::printf("read in place (host)   %10.1f MB   copies into the UB skipped (--copy-elision)\n",
              static_cast<double>(times.elided_copy_bytes) / 1e6);
}

}  // namespace

int RunOpDefBench(const OpDefBenchRequest& r) {
  const std::optional<DType> dtype = ParseDType(r.dtype);
  if (!dtype) return UsageError(kBenchOpDefCmd, "--dtype '" + r.dtype + "' is not a dtype name");
  std::unique_ptr<Operation> op;
  if (int rc = CreateBenchOperation(r, &op); rc != 0) return rc;
  std::vector<HostRunInput> inputs;
  for (size_t k = 0; k < r.shapes.size(); ++k) {
    std::vector<int64_t> dims;
    Shape shape;
    Status st = ParseIntList(r.shapes[k], "--shape", &dims);
    if (st.ok()) st = Shape::Make(dims.data(), dims.size(), &shape, "--shape " + r.shapes[k]);
    if (!st.ok()) return UsageError(kBenchOpDefCmd, st.message());
    HostRunInput in;
    in.desc.dtype = AclFromDType(*dtype);
    in.desc.format = ACL_FORMAT_ND;
    in.desc.shape = DimsFromShape(shape);
    inputs.push_back(in);  // no bytes: the pattern is written into the buffer below
  }
  HostRunOptions options;
  options.subject = r.op;
  options.context_options = r.context;
  std::unique_ptr<HostRun> run;
  Status st = HostRun::Prepare(*op, inputs, options, &run);
  if (!st.ok()) return Report(kBenchOpDefCmd, st.ToString(), kExitFailure);
  for (size_t k = 0; k < inputs.size(); ++k) {
    FillPattern(*dtype, run->input_data(k), run->pack().inTensors[k].dataSize);
  }
  st = run->Setup();
  if (st.ok()) st = run->Execute();  // warm-up: caches, threads, page faults
  if (!st.ok()) return Report(kBenchOpDefCmd, st.ToString(), kExitFailure);
  auto repeat = [&] { return run->Execute(); };
  BenchTimes times;
  if (st = TimeRepeats(r.repeat, &run->context(), repeat, &times); !st.ok()) {
    return Report(kBenchOpDefCmd, st.ToString(), kExitFailure);
  }
  PrintBench(r, *dtype, *run, times);
  return 0;
}

}  // namespace opsim::cli
