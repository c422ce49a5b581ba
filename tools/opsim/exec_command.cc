// `opsim exec`: one Reduce on a .npy file, in the ONNX reading (ReduceSum, ...) or the ATB
// reading (Reduce --reduce-type --axis). The output file appears only when everything worked.
#include <cstdio>
#include <memory>
#include <optional>
#include <string>

#include "cli_util.h"
#include "commands.h"
#include "exec_opdef.h"
#include "npy.h"
#include "op_runner.h"

namespace opsim::cli {
namespace {

constexpr const char* kCmd = "exec";

struct ExecOptions {
  std::string op;
  std::optional<std::string> axes;
  std::optional<int> keepdims;
  std::optional<int> noop_with_empty_axes;
  std::optional<std::string> reduce_type;
  std::optional<std::string> axis;
  std::vector<std::string> inputs;
  std::vector<std::string> outputs;
  std::vector<std::string> attrs;
  bool checked = false;
  std::string device = kDefaultDevice;
  std::optional<std::string> dtype;
  int threads = 0;
  bool atb_strict = false;
};

bool IsOnnxOp(const std::string& op) {
  return op == "ReduceSum" || op == "ReduceProd" || op == "ReduceMax" || op == "ReduceMin";
}

// Checks the flag combination and builds the registry call; kExitUsage on a usage error.
int BuildCall(const ExecOptions& o, OpCall* call) {
  call->op = o.op;
  if (IsOnnxOp(o.op)) {
    if (o.reduce_type || o.axis) {
      return UsageError(kCmd, "--reduce-type and --axis belong to --op Reduce (ATB); " + o.op +
                                  " takes --axes, --keepdims, --noop-with-empty-axes");
    }
    if (o.axes) {
      std::vector<int64_t> axes;
      if (Status st = ParseIntList(*o.axes, "--axes", &axes); !st.ok()) {
        return UsageError(kCmd, st.message());
      }
      call->attrs["axes"] = axes;
    }
    call->attrs["keepdims"] = static_cast<int64_t>(o.keepdims.value_or(1));
    call->attrs["noop_with_empty_axes"] = static_cast<int64_t>(o.noop_with_empty_axes.value_or(0));
    return 0;
  }
  if (o.op == "Reduce") {
    if (o.axes || o.keepdims || o.noop_with_empty_axes) {
      return UsageError(kCmd,
                        "--axes, --keepdims and --noop-with-empty-axes belong to the ONNX ops; "
                        "--op Reduce (ATB) takes --reduce-type and --axis");
    }
    if (!o.reduce_type || !o.axis) {
      return UsageError(kCmd, "--op Reduce needs --reduce-type and --axis");
    }
    std::vector<int64_t> axis;
    if (Status st = ParseIntList(*o.axis, "--axis", &axis); !st.ok()) {
      return UsageError(kCmd, st.message());
    }
    call->attrs["reduceType"] = *o.reduce_type;
    call->attrs["axis"] = axis;
    return 0;
  }
  return UsageError(kCmd, "--op '" + o.op +
                              "' is not an operator here (expected ReduceSum, ReduceProd, "
                              "ReduceMax, ReduceMin, Reduce, or an op defined by an OpDef: "
                              "load its library with --library)");
}

int RunExec(const ExecOptions& o) {
  if (IsOpDefOperator(o.op)) {
    return RunOpDefExec({o.op, o.inputs, o.outputs, o.attrs, o.device, o.threads, o.checked});
  }
  if (o.outputs.empty()) return UsageError(kCmd, "--output is required");
  if (o.inputs.size() != 1 || o.outputs.size() != 1 || o.inputs[0].find('=') != std::string::npos ||
      o.outputs[0].find('=') != std::string::npos || !o.attrs.empty()) {
    return UsageError(kCmd, "--op " + o.op +
                                " takes one --input FILE and one --output FILE, and its "
                                "parameters as flags (--attr is for ops defined by an OpDef)");
  }
  const std::string& input = o.inputs[0];
  const std::string& output = o.outputs[0];
  OpCall call;
  if (int rc = BuildCall(o, &call); rc != 0) return rc;
  const bool bf16 = o.dtype.has_value();
  if (bf16 && ParseDType(*o.dtype) != DType::kBFloat16) {
    return UsageError(kCmd, "--dtype '" + *o.dtype +
                                "' is not supported (only bfloat16: a <u2 file of bfloat16 bits)");
  }
  npy::NpyArray in;
  if (Status st = npy::ReadNpy(input, &in); !st.ok()) {
    return Report(kCmd, "--input: " + st.message(), kExitFailure);
  }
  if (bf16 && in.descr != "<u2") {
    return Report(
        kCmd, "--input " + input + ": --dtype bfloat16 needs a '<u2' file, not '" + in.descr + "'",
        kExitFailure);
  }
  const std::optional<DType> dtype = npy::DTypeFromDescr(in.descr, bf16);
  if (!dtype) {
    return Report(kCmd,
                  "--input " + input + ": dtype '" + in.descr +
                      "' is uint16, which no operator takes (pass --dtype bfloat16 if it "
                      "holds bfloat16 bit patterns)",
                  kExitFailure);
  }
  call.dtype = *dtype;
  call.shape = in.shape;

  ContextOptions context_options;
  context_options.device = o.device;
  context_options.host_threads = o.threads;
  context_options.strict_atb_dtypes = o.atb_strict;
  std::unique_ptr<Context> context;
  if (Status st = Context::Create(context_options, &context); !st.ok()) {
    return Report(kCmd, "--device: " + st.ToString(), kExitFailure);
  }
  std::unique_ptr<OpRunner> runner;
  Status st = OpRunner::Create(call, context.get(), in.data.data(), in.data.size(), &runner);
  if (st.ok()) st = runner->Execute();
  if (!st.ok()) return Report(kCmd, st.ToString(), kExitFailure);

  npy::NpyArray out;
  out.descr = *npy::DescrFromDType(call.dtype);
  const Shape shape = runner->output_shape();
  out.shape.assign(shape.begin(), shape.end());
  out.data = std::move(*runner->mutable_output());
  if (Status ws = npy::WriteNpy(output, out); !ws.ok()) {
    return Report(kCmd, "--output: " + ws.message(), kExitFailure);
  }
  Shape in_shape;
  (void)Shape::Make(in.shape.data(), in.shape.size(), &in_shape, "input");
  std::printf("%s %s %s -> %s on %s: simulated %.3f us, wrote %s\n", o.op.c_str(),
              std::string(DTypeName(call.dtype)).c_str(), in_shape.ToString().c_str(),
              shape.ToString().c_str(), context->device().name.c_str(),
              context->device_ns() / 1000.0, output.c_str());
  return 0;
}

}  // namespace

CommandRunner AddExecCommand(CLI::App& parent) {
  auto o = std::make_shared<ExecOptions>();
  CLI::App* app = parent.add_subcommand(
      "exec",
      "Run one operator on a .npy file.\n"
      "  ONNX:  --op ReduceSum|ReduceProd|ReduceMax|ReduceMin [--axes LIST] [--keepdims 0|1]\n"
      "         [--noop-with-empty-axes 0|1]   (keepdims defaults to 1; no --axes reduces all;\n"
      "         --axes \"\" is an empty list; negative axes allowed)\n"
      "  ATB:   --op Reduce --reduce-type REDUCE_SUM|REDUCE_MAX|REDUCE_MIN|REDUCE_PROD --axis "
      "LIST\n"
      "         (strict: axes in [0, rank), unique, reduced dims removed)\n"
      "  OpDef: --op <OpType> --input NAME=FILE ... --output NAME=FILE ... [--attr name=value]\n"
      "         (ops of a library loaded with --library, inputs and outputs by name or position)");
  app->add_option("--op", o->op,
                  "ReduceSum, ReduceProd, ReduceMax, ReduceMin, Reduce or an OpDef op")
      ->required();
  app->add_option("--axes", o->axes, "ONNX axes, e.g. 0,-1 (\"\" = empty list)");
  app->add_option("--keepdims", o->keepdims, "ONNX keepdims (default 1)")->check(CLI::Range(0, 1));
  app->add_option("--noop-with-empty-axes", o->noop_with_empty_axes,
                  "ONNX noop_with_empty_axes (default 0)")
      ->check(CLI::Range(0, 1));
  app->add_option("--reduce-type", o->reduce_type, "ATB reduceType (REDUCE_SUM, ...)");
  app->add_option("--axis", o->axis, "ATB axis list, e.g. 0,2");
  app->add_option("--input", o->inputs,
                  "Input .npy file; for an OpDef op NAME=FILE or FILE by position (repeatable)")
      ->required()
      ->allow_extra_args(false);
  app->add_option("--output", o->outputs,
                  "Output .npy file (written only on success); NAME=FILE for an OpDef op, where "
                  "an input's NAME writes that input back (ops that update it in place)")
      ->allow_extra_args(false);
  app->add_option("--attr", o->attrs, "OpDef attribute name=value (lists comma-separated)")
      ->allow_extra_args(false);
  app->add_flag("--checked", o->checked, "Run the kernel in the simulator's checked mode");
  app->add_option("--device", o->device, "Device profile name")->capture_default_str();
  app->add_option("--dtype", o->dtype, "bfloat16: the <u2 files hold bfloat16 bit patterns");
  app->add_option("--threads", o->threads, "Host threads (0: all)")->check(CLI::Range(0, 1024));
  app->add_flag("--atb-strict", o->atb_strict,
                "ATB reading: only the dtypes real ATB ships (MAX/MIN int32, bf16; SUM f16, bf16)");
  return [o] { return RunExec(*o); };
}

}  // namespace opsim::cli
