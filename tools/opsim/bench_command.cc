// `opsim bench`: times one Reduce on generated data. One warm-up execution (it also sets up and
// tiles), then K timed ones; reports the median host time, the input bytes read per host second,
// the simulated device time and its share of the HBM roofline, and the peak resident memory.
// Memory: input + output + workspace, nothing per repeat. The input is a page-aligned device
// buffer holding one pseudo-random block of up to kPatternElems elements, repeated: generating
// 2 GiB element by element would take longer than the benchmark, and no reducer's speed depends
// on the values.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bench_opdef.h"
#include "cli_util.h"
#include "commands.h"
#include "device_buffer.h"
#include "exec_opdef.h"
#include "nlohmann/json.hpp"
#include "op_runner.h"
#include "opsim/cases/case_data.h"

namespace opsim::cli {
namespace {

constexpr const char* kCmd = "bench";
constexpr int64_t kPatternElems = int64_t{1} << 20;

struct BenchOptions {
  std::string op;
  std::vector<std::string> shapes;
  std::vector<std::string> attrs;
  std::optional<std::string> axes;
  std::string dtype;
  int threads = 0;
  int repeat = 5;
  std::string device = kDefaultDevice;
  bool checked = false;
  bool trace = false;
  bool json = false;
};

std::optional<ReduceKind> KindOf(const std::string& op) {
  for (ReduceKind k : {ReduceKind::kSum, ReduceKind::kMax, ReduceKind::kMin, ReduceKind::kProd}) {
    if (op == OnnxOpName(k)) return k;
  }
  return std::nullopt;
}

int RunBench(const BenchOptions& o) {
  if (IsOpDefOperator(o.op)) {
    if (o.axes) return UsageError(kCmd, "--axes belongs to the Reduce ops; use --attr");
    return RunOpDefBench({o.op, o.shapes, o.dtype, o.attrs, o.device, o.threads, o.repeat,
                          o.checked, o.trace, o.json});
  }
  if (o.shapes.size() != 1 || !o.attrs.empty()) {
    return UsageError(kCmd, "--op " + o.op + " takes one --shape and no --attr");
  }
  const std::string& shape_text = o.shapes[0];
  const std::optional<ReduceKind> kind = KindOf(o.op);
  if (!kind) {
    return UsageError(kCmd, "--op '" + o.op +
                                "' is not a reducer (expected ReduceSum, ReduceProd, ReduceMax or "
                                "ReduceMin)");
  }
  const std::optional<DType> dtype = ParseDType(o.dtype);
  if (!dtype) return UsageError(kCmd, "--dtype '" + o.dtype + "' is not a dtype name");
  cases::CaseInput c;
  c.dtype = *dtype;
  if (Status st = ParseIntList(shape_text, "--shape", &c.shape); !st.ok()) {
    return UsageError(kCmd, st.message());
  }
  OpCall call;
  call.op = o.op;
  call.dtype = *dtype;
  call.shape = c.shape;
  std::vector<int64_t> axes;
  if (o.axes) {
    if (Status st = ParseIntList(*o.axes, "--axes", &axes); !st.ok()) {
      return UsageError(kCmd, st.message());
    }
    call.attrs["axes"] = axes;
  }
  call.attrs["keepdims"] = int64_t{0};

  DeviceBuffer input;
  {
    // Validate the shape before anything is allocated.
    Shape shape;
    if (Status st = MakeReduceInputShape(o.op, c.shape, &shape); !st.ok()) {
      return Report(kCmd, st.ToString(), kExitFailure);
    }
    const int64_t n = *shape.NumElements();
    const double bytes = static_cast<double>(n) * static_cast<double>(DTypeSize(*dtype));
    const double memory =
        static_cast<double>(sysconf(_SC_PHYS_PAGES)) * static_cast<double>(sysconf(_SC_PAGESIZE));
    if (memory > 0 && bytes > memory / 2) {
      // Refused before mmap: with overcommit the allocation would succeed and the fill be killed.
      char why[160];
      std::snprintf(why, sizeof(why),
                    " needs a %.1f GB input, more than half of this machine's %.1f GB of memory",
                    bytes / 1e9, memory / 1e9);
      return Report(kCmd, "--shape " + shape.ToString() + why, kExitFailure);
    }
    input = DeviceBuffer(static_cast<size_t>(n) * DTypeSize(*dtype));
    if (!input.ok()) {
      return Report(
          kCmd,
          "cannot allocate the " + std::to_string(input.size()) + " B input of " + shape.ToString(),
          kExitFailure);
    }
    cases::CaseInput block = c;
    block.shape = {std::min(n, kPatternElems)};
    std::vector<uint8_t> pattern;
    Status st = cases::AutoDataSpec(o.op, call.attrs, 0, *dtype, &block.data);
    if (st.ok()) st = cases::GenerateInput(block, &pattern);
    if (!st.ok()) {
      return Report(kCmd, st.ToString(), kExitFailure);
    }
    for (size_t at = 0; at < input.size(); at += pattern.size()) {
      std::memcpy(input.data() + at, pattern.data(), std::min(pattern.size(), input.size() - at));
    }
  }
  ContextOptions context_options;
  context_options.device = o.device;
  context_options.host_threads = o.threads;
  context_options.checked = o.checked;
  context_options.trace = o.trace;
  std::unique_ptr<Context> context;
  if (Status st = Context::Create(context_options, &context); !st.ok()) {
    return Report(kCmd, "--device: " + st.ToString(), kExitFailure);
  }
  std::unique_ptr<OpRunner> runner;
  Status st = OpRunner::Create(call, context.get(), input.data(), input.size(), &runner);
  if (st.ok()) st = runner->Execute();  // warm-up: caches, thread start, page faults
  if (!st.ok()) return Report(kCmd, st.ToString(), kExitFailure);

  BenchTimes times;
  if (st = TimeRepeats(
          o.repeat, context.get(), [&] { return runner->Execute(); }, &times);
      !st.ok()) {
    return Report(kCmd, st.ToString(), kExitFailure);
  }
  const double median = times.median_ms;
  const double device_ns = times.device_ns;
  const std::vector<double>& host_ms = times.host_ms;
  const double bytes = static_cast<double>(input.size());
  const double gbps = median > 0 ? bytes / (median * 1e6) : 0;
  const double hbm = context->device().hbm_gbps;
  const double roofline = device_ns > 0 && hbm > 0 ? bytes / hbm / device_ns : 0;
  const double peak_rss = PeakResidentBytes();
  const std::string out_shape = runner->output_shape().ToString();
  Shape in_dims;
  (void)Shape::Make(c.shape.data(), c.shape.size(), &in_dims, "--shape");
  const std::string in_shape = in_dims.ToString();
  if (o.json) {
    const nlohmann::json j = {{"op", o.op},
                              {"dtype", std::string(DTypeName(*dtype))},
                              {"shape", c.shape},
                              {"axes", o.axes ? nlohmann::json(axes) : nlohmann::json(nullptr)},
                              {"output_shape", out_shape},
                              {"device", context->device().name},
                              {"threads", o.threads},
                              {"checked", o.checked},
                              {"trace", o.trace},
                              {"repeat", o.repeat},
                              {"input_bytes", input.size()},
                              {"output_bytes", runner->output().size()},
                              {"workspace_bytes", runner->workspace_bytes()},
                              {"host_ms_median", median},
                              {"host_ms", host_ms},
                              {"input_gbps", gbps},
                              {"device_us", device_ns / 1000.0},
                              {"hbm_gbps", hbm},
                              {"roofline_share", roofline},
                              {"peak_rss_bytes", peak_rss}};
    std::printf("%s\n", j.dump().c_str());
    return 0;
  }
  std::printf("%s %s %s -> %s on %s, %d repeats%s%s\n", o.op.c_str(),
              std::string(DTypeName(*dtype)).c_str(), in_shape.c_str(), out_shape.c_str(),
              context->device().name.c_str(), o.repeat, o.checked ? ", checked mode" : "",
              o.trace ? ", tracing" : "");
  std::printf("host time (median)     %10.3f ms   input %.1f MB at %.2f GB/s\n", median,
              bytes / 1e6, gbps);
  std::printf("simulated device time  %10.3f us   %.1f%% of the HBM roofline (%.0f GB/s)\n",
              device_ns / 1000.0, roofline * 100, hbm);
  std::printf(
      "peak resident memory   %10.1f MB   input + output + workspace %.1f MB\n", peak_rss / 1e6,
      (bytes + static_cast<double>(runner->output().size() + runner->workspace_bytes())) / 1e6);
  return 0;
}

}  // namespace

CommandRunner AddBenchCommand(CLI::App& parent) {
  auto o = std::make_shared<BenchOptions>();
  CLI::App* app = parent.add_subcommand(
      "bench", "Time one operator on generated data: warm-up, then K timed executions");
  app->add_option("--op", o->op, "ReduceSum, ReduceProd, ReduceMax, ReduceMin or an OpDef op")
      ->required();
  app->add_option("--shape", o->shapes,
                  "Input dims, e.g. 8192,8192; an OpDef op takes one per input, in order")
      ->required()
      ->allow_extra_args(false);
  app->add_option("--attr", o->attrs, "OpDef attribute name=value (lists comma-separated)")
      ->allow_extra_args(false);
  app->add_option("--axes", o->axes, "Axes to reduce (ONNX reading; absent: all)");
  app->add_option("--dtype", o->dtype, "float32, float16, bfloat16, int32, ...")->required();
  app->add_option("--threads", o->threads, "Host threads (0: all)")->check(CLI::Range(0, 1024));
  app->add_option("--repeat", o->repeat, "Timed executions")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  app->add_option("--device", o->device, "Device profile name")->capture_default_str();
  app->add_flag("--checked", o->checked, "Run in the simulator's checked mode (slower)");
  app->add_flag("--trace", o->trace, "Record the timeline trace of every launch (not written)");
  app->add_flag("--json", o->json, "Print one JSON object");
  return [o] { return RunBench(*o); };
}

}  // namespace opsim::cli
