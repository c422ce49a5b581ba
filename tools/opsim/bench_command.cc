// `opsim bench`: times one operator on generated data (bench_opdef.h): a warm-up execution (it
// also sets up and tiles), then K timed ones; reports the median host time, the input bytes read
// per host second, the simulated device time and its share of the HBM roofline, and the peak
// resident memory.
#include <memory>
#include <string>
#include <vector>

#include "bench_opdef.h"
#include "cli_util.h"
#include "commands.h"
#include "exec_opdef.h"
#include "opsim/framework/context.h"
#include "strict_flags.h"

namespace opsim::cli {
namespace {

constexpr const char* kBenchCmd = "bench";

struct BenchOptions {
  std::string op;
  std::vector<std::string> shapes;
  std::vector<std::string> attrs;
  std::string dtype;
  int repeat = 5;
  bool json = false;
  ContextOptions context;
};

int RunBench(const BenchOptions& o, const std::vector<std::string>& extra) {
  if (!IsOpDefOperator(o.op)) {
    return UsageError(kBenchCmd,
                      "--op '" + o.op + "' is not an operator (load a library's with --library)");
  }
  std::vector<std::string> attrs = o.attrs;
  if (Status st = AttrFlags(o.op, extra, &attrs); !st.ok())
    return UsageError(kBenchCmd, st.message());
  return RunOpDefBench({o.op, o.shapes, o.dtype, attrs, o.repeat, o.json, o.context});
}

}  // namespace

CommandRunner AddBenchCommand(CLI::App& parent) {
  auto o = std::make_shared<BenchOptions>();
  CLI::App* app = parent.add_subcommand(
      "bench", "Time one operator on generated data: warm-up, then K timed executions");
  app->allow_extras();
  app->add_option("--op", o->op, "The operator (an OpDef op type: ReduceSum, AddCustom, ...)")
      ->required();
  app->add_option("--shape", o->shapes,
                  "Input dims, e.g. 8192,8192: one per input, in order (optional inputs after "
                  "the last one given are left out)")
      ->required()
      ->allow_extra_args(false);
  app->add_option("--attr", o->attrs,
                  "Attribute name=value (lists comma-separated); also as a flag of its own: "
                  "--axes 1")
      ->allow_extra_args(false);
  app->add_option("--dtype", o->dtype, "float32, float16, bfloat16, int32, ...")->required();
  AddIntegerOption(app, "--threads", &o->context.host_threads, 0, 1024, "Host threads (0: all)");
  AddIntegerOption(app, "--repeat", &o->repeat, 1, 100000, "Timed executions (default 5)");
  app->add_option("--device", o->context.device, "Device profile name")->capture_default_str();
  AddFlag(app, "--checked", &o->context.checked, "Run in the simulator's checked mode (slower)");
  AddFlag(app, "--trace", &o->context.trace,
          "Record the timeline trace of every launch (not written)");
  AddFlag(app, "--json", &o->json, "Print one JSON object");
  AddAutoSyncOption(app, &o->context.auto_sync);
  AddCopyElisionOption(app, &o->context.copy_elision);
  AddLaunchTimeoutOption(app);
  return [o, app] { return RunBench(*o, app->remaining()); };
}

}  // namespace opsim::cli
