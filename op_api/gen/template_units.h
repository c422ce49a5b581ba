// The template kernels of today's CANN dialect in opsim_op_gen: which ASCENDC_TPL_ARGS_DECL /
// ASCENDC_TPL_SEL belong to an op, and the instantiations its selection asks for in one dtype
// column (CANN's template_tiling.py does the same for the device build).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ascendc/host_api/tiling/template_argument.h"
#include "register/op_def.h"

namespace opsim::op_gen {

// The kernel type standing for a dtype ("float", "half"), or nullptr.
const char* KernelCType(ge::DataType t);

// One selected combination: its key, the kernel's template arguments as C++ text ("float, 1U"),
// and its fields for a comment ("D_T_X=float, schMode=1").
struct Instantiation {
  uint64_t key = 0;
  std::string template_args;
  std::string fields;
};

// The declaration of `op_type`'s template key: the one labelled with the op type, else the one
// declared in a file of the kernel's folder (`kernel_path`); false when there is none (a kernel of
// the older dialect). An ambiguous choice is an error.
bool FindTemplateArguments(const std::string& op_type, const std::string& kernel_path,
                           AscendC::TemplateArguments* found, std::string* error);

// Every combination ASCENDC_TPL_SEL selects whose DATATYPE fields agree with `column`'s dtypes
// where the declaration ties them to an input or output (ASCENDC_TPL_INPUT/OUTPUT); "" in
// `error` unless the selection breaks CANN's rules (a group without a declared field, a value
// not declared, a key selected twice, a dtype no kernel type stands for).
std::vector<Instantiation> InstantiationsOf(const ops::OpDef& def,
                                            const AscendC::TemplateArguments& args, size_t column,
                                            std::string* error);

// C++ text defining `name` as an opsim::op_api::TemplateKeyLayout of the declaration.
std::string LayoutDefinition(const AscendC::TilingDeclareParams& declare, const std::string& name);

}  // namespace opsim::op_gen
