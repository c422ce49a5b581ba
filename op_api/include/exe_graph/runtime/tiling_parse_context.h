// gert::TilingParseContext: what an operator's TilingParse function gets, once per op and chip,
// before its first tiling (IMPL_OP_OPTILING(Op).TilingParse<CompileInfo>(fn)): the compile-info
// object to fill, the chip, and the compiler's JSON (opsim compiles nothing: "{}").
#pragma once

#include "exe_graph/runtime/op_call_data.h"
#include "graph/types.h"

namespace gert {

class TilingParseContext : public ExtendedKernelContext {
 public:
  using ExtendedKernelContext::ExtendedKernelContext;

  const ge::char_t* GetCompiledJson() const { return data_->compiled_json; }
  // The object TilingParse<T> created; T must be the registered type, as in CANN.
  template <typename T>
  auto GetCompiledInfo() -> T* {
    return static_cast<T*>(data_->compile_info);
  }
  fe::PlatFormInfos* GetPlatformInfo() const { return data_->platform; }
};

}  // namespace gert
