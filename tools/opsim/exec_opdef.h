// `opsim exec` for any operator (an OpDef, ours or a loaded library's): inputs and outputs by
// the OpDef's names or by position, attributes typed by its declarations. A ValueDepend input
// given by an integer or float32 file becomes the operation's constant (its value is read on the
// host, as for a Const node in CANN).
#pragma once

#include <string>
#include <vector>

#include "opsim/framework/context.h"
#include "opsim/framework/operation_registry.h"
#include "register/op_def.h"

namespace opsim::cli {

struct OpDefExecRequest {
  std::string op;
  std::vector<std::string> inputs;         // "NAME=FILE" or "FILE" (by position)
  std::vector<std::string> outputs;        // likewise; every output needs a file
  std::vector<std::string> attrs;          // "name=value"; lists comma-separated
  std::vector<std::string> output_shapes;  // "NAME=d0,d1,...": the caller's shape of an output
  std::vector<std::string> output_dtypes;  // "NAME=DTYPE": the caller's type of an output
  bool bf16_files = false;                 // <u2 files hold bfloat16 bit patterns
  bool int4_files = false;                 // |i1 files hold int4 values, one a byte
  ContextOptions context;                  // device, threads, checked mode, auto sync, copy elision
};

// "name=value" texts read as the types the OpDef declares (lists comma-separated); kInvalidParam
// for a malformed or repeated one. An undeclared name passes as a string, for the operation to
// name with the nearest declared one.
Status ParseOpDefAttrs(const std::string& op, const std::vector<std::string>& specs, AttrMap* out);

// Flags left over by the command's own ("--keepdims 0", "--reduce-type=sum") as "name=value"
// attribute texts: a flag names the attribute whose name matches it ignoring case, '-' and '_'
// (--noop-with-empty-axes is noop_with_empty_axes, --reduce-type is reduceType).
// kInvalidParam for a flag without a value or naming no attribute (with the op's attributes).
Status AttrFlags(const std::string& op, const std::vector<std::string>& args,
                 std::vector<std::string>* specs);
// The flag an attribute is written as: noop_with_empty_axes -> --noop-with-empty-axes,
// reduceType -> --reduce-type.
std::string FlagOf(std::string_view attribute);

// Empty when `name` is an output of the op; else why not, naming its outputs (the rule of
// --output-shape and --output-dtype).
std::string NoSuchOutput(const ops::OpDef& def, const std::string& name);

// "NAME=d0,d1,..." texts (--output-shape) as the operation's ">NAME" attributes: the caller's
// shape of that output, which replaces InferShape's (as the tensor an aclnn caller allocates).
// kInvalidParam naming the text and the rule: no '=', a name that is no output of the op, a
// name given twice, an empty or non-integer or negative dim, more than MAX_DIM dims.
Status ParseOutputShapes(const ops::OpDef& def, const std::vector<std::string>& specs,
                         AttrMap* out);

// "NAME=DTYPE" texts (--output-dtype) as the operation's "<NAME" attributes: the caller's type
// of that output, which with the inputs' types chooses the OpDef's dtype column. kInvalidParam
// naming the text and the rule: no '=' or nothing after it, a name that is no output of the op
// (with its outputs), a name given twice, a dtype opsim does not know (with the ones it does).
// A type no column of the op holds is the operation's error, when it chooses the column.
Status ParseOutputDTypes(const ops::OpDef& def, const std::vector<std::string>& specs,
                         AttrMap* out);

// True when `op` is defined by an OpDef in the registry.
bool IsOpDefOperator(const std::string& op);

// Runs it; every output file is written only when everything worked. Exit code.
int RunOpDefExec(const OpDefExecRequest& request);

}  // namespace opsim::cli
