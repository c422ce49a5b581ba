// The compile-info object of an op registered with IMPL_OP_OPTILING(Op).TilingParse<T>(fn): made
// with `new T()` and filled by fn once per operation and device profile, before the first tiling,
// then handed to every tiling call (TilingContext::GetCompileInfo). CANN runs TilingParse once per
// compiled op on a chip; an opsim operation is that op, set up on the context's device.
#pragma once

#include <string>

#include "opsim/core/status.h"
#include "opsim/op_api/op_impl.h"
#include "platform/platform_infos_def.h"

namespace opsim {

class CompileInfoCache {
 public:
  CompileInfoCache() = default;
  ~CompileInfoCache();
  CompileInfoCache(const CompileInfoCache&) = delete;
  CompileInfoCache& operator=(const CompileInfoCache&) = delete;

  // The object for `profile` (parsed now when the profile changed since the last call); nullptr
  // when the op registers no TilingParse. Errors name the op: TilingParse failing (its OP_LOGE
  // text when it logged one), throwing or crashing, the compile-info constructor throwing.
  Status Get(const op_api::OpImplRecord* impl, const std::string& profile,
             fe::PlatFormInfos* platform, void** info);

 private:
  void Release();

  std::string profile_;
  std::string op_;  // the op whose object info_ is
  void* info_ = nullptr;
  op_api::OpImplRecord::Reg::CompileInfoDeleterFunc deleter_ = nullptr;
};

// `status` with its message starting "<op_type>: " or "<op_type>:" (an OP_LOGE text logged with
// another name than the context's still names the op).
Status NamingTheOp(const std::string& op_type, Status status);

}  // namespace opsim
