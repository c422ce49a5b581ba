// `opsim exec`: one operator on .npy files. Inputs and outputs by the OpDef's names or by
// position, attributes with --attr or as flags of their own (--keepdims 0); the output files
// appear only when everything worked.
#include <memory>
#include <string>
#include <vector>

#include "cli_util.h"
#include "commands.h"
#include "exec_opdef.h"
#include "opsim/framework/context.h"
#include "opsim/op_api/op_registry.h"
#include "strict_flags.h"

namespace opsim::cli {
namespace {

constexpr const char* kExecCmd = "exec";

struct ExecOptions {
  std::string op;
  std::vector<std::string> inputs;
  std::vector<std::string> outputs;
  std::vector<std::string> attrs;
  std::vector<std::string> output_shapes;
  std::vector<std::string> output_dtypes;
  std::vector<std::string> dtypes;
  ContextOptions context;
};

int RunExec(const ExecOptions& o, const std::vector<std::string>& extra) {
  if (!IsOpDefOperator(o.op)) {
    std::string known;
    for (const std::string& name : op_api::OpDefNames())
      known += (known.empty() ? "" : ", ") + name;
    return UsageError(kExecCmd, "--op '" + o.op + "' is not an operator (known: " + known +
                                    "; load a library's with --library)");
  }
  if (o.outputs.empty()) return UsageError(kExecCmd, "--output is required");
  bool bf16_files = false, int4_files = false;
  for (const std::string& dtype : o.dtypes) {
    const std::optional<DType> d = ParseDType(dtype);
    if (d != DType::kBFloat16 && d != DType::kInt4) {
      return UsageError(kExecCmd, "--dtype '" + dtype +
                                      "' is not supported (bfloat16: <u2 files of bfloat16 bits; "
                                      "int4: |i1 files of int4 values, one a byte)");
    }
    (d == DType::kBFloat16 ? bf16_files : int4_files) = true;
  }
  std::vector<std::string> attrs = o.attrs;
  if (Status st = AttrFlags(o.op, extra, &attrs); !st.ok())
    return UsageError(kExecCmd, st.message());
  return RunOpDefExec({o.op, o.inputs, o.outputs, attrs, o.output_shapes, o.output_dtypes,
                       bf16_files, int4_files, o.context});
}

}  // namespace

CommandRunner AddExecCommand(CLI::App& parent) {
  auto o = std::make_shared<ExecOptions>();
  CLI::App* app = parent.add_subcommand(
      "exec",
      "Run one operator on .npy files.\n"
      "  --op <OpType> --input [NAME=]FILE ... --output [NAME=]FILE ... [--attr name=value]\n"
      "  Inputs and outputs by the op's names or in order; an attribute may also be given as a\n"
      "  flag of its own: --axes 0,-1 --keepdims 0 (ReduceSum), --reduce-type sum --axis 1\n"
      "  (Reduce). --library loads the operators of a library.");
  app->allow_extras();
  app->add_option("--op", o->op, "The operator (an OpDef op type: ReduceSum, AddCustom, ...)")
      ->required();
  app->add_option("--input", o->inputs, "Input .npy file: NAME=FILE, or FILE by position")
      ->required()
      ->allow_extra_args(false);
  app->add_option("--output", o->outputs,
                  "Output .npy file (written only on success): NAME=FILE or FILE by position; "
                  "an input's NAME writes that input back (ops that update it in place)")
      ->allow_extra_args(false);
  app->add_option("--attr", o->attrs, "Attribute name=value (lists comma-separated)")
      ->allow_extra_args(false);
  app->add_option("--output-shape", o->output_shapes,
                  "NAME=d0,d1,...: the shape of output NAME as the caller allocates it (CANN's "
                  "aclnn caller gives every output tensor); replaces what InferShape sets")
      ->allow_extra_args(false);
  app->add_option("--output-dtype", o->output_dtypes,
                  "NAME=DTYPE: the type of output NAME as the caller allocates it; with the "
                  "inputs' types it chooses the op's dtype column (Bincount's bins=float32)")
      ->allow_extra_args(false);
  AddFlag(app, "--checked", &o->context.checked, "Run the kernel in the simulator's checked mode");
  AddAutoSyncOption(app, &o->context.auto_sync);
  AddCopyElisionOption(app, &o->context.copy_elision);
  AddLaunchTimeoutOption(app);
  app->add_option("--device", o->context.device, "Device profile name")->capture_default_str();
  app->add_option("--dtype", o->dtypes,
                  "bfloat16: the <u2 files hold bfloat16 bit patterns; int4: the |i1 files hold "
                  "int4 values in [-8, 7], packed two a byte for the op (repeatable)");
  AddIntegerOption(app, "--threads", &o->context.host_threads, 0, 1024, "Host threads (0: all)");
  return [o, app] { return RunExec(*o, app->remaining()); };
}

}  // namespace opsim::cli
