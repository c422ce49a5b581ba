// The units opsim_op_gen writes for one kernel file of an operator library: one per dtype column
// slot (one in all for a kernel that names no column macro), or, for a kernel testing
// TILING_KEY_VAR in #if, one per column slot and key group (key_var_units.h).
#pragma once

#include <string>
#include <vector>

#include "op_gen_args.h"

namespace opsim::op_gen {

// The units of `kernel` (one of the --kernel/--single-kernel files) for the op of `ops` it is
// named after, written under args.out. 0, or 1 after printing the error.
int GenerateKernelUnits(const Args& args, const std::vector<std::string>& ops,
                        const std::string& kernel);

}  // namespace opsim::op_gen
