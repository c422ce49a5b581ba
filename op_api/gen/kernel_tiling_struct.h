// The kernel's tiling struct of an op, generated from its host tiling-data class, as CANN's
// operator build generates the kernel's tiling header: the op_host header that declares the
// class (BEGIN_TILING_DATA_DEF) is host code and is never compiled for the kernel, so whatever
// else it holds (a ComputeTiling calling set_<field>, a SoftMaxTilingFunc call) stays out of
// the kernel's unit.
#pragma once

#include <string>
#include <vector>

namespace opsim::op_gen {

// C++ declaring in namespace optiling the kernel struct of the class REGISTER_TILING_DATA_CLASS
// registered for op_type, each struct it nests that one of `headers` declares with
// BEGIN_TILING_DATA_DEF (before it), the structs registered for its tiling keys
// (REGISTER_TILING_DATA_CLASS(<op_type>_<key>, ...), once each), and OpsimTilingDataOf_<op_type>. A
// nested struct no header declares is a high-level API's (SoftMaxTiling, TCubeTiling, ...): the
// kernel side of tiling/tiling_api.h, which the text includes, declares it. Empty, with *error set,
// when op_type registers no class.
std::string KernelTilingStruct(const std::string& op_type, const std::vector<std::string>& headers,
                               std::string* error);

}  // namespace opsim::op_gen
