#include "opdef_compile_info.h"

#include <string>

#include "exe_graph/runtime/tiling_parse_context.h"
#include "opsim/op_api/op_error.h"
#include "opsim/op_api/platform_figures.h"
#include "opsim/op_api/user_call.h"

namespace opsim {

CompileInfoCache::~CompileInfoCache() { Release(); }

void CompileInfoCache::Release() {
  if (info_ != nullptr && deleter_ != nullptr) {
    void* info = info_;
    const auto deleter = deleter_;
    // A destructor of the user's type may misbehave too; nobody is left to tell but the log.
    (void)op_api::CallUserCode({op_, "compile-info destructor", op_api::CodeAddress(deleter)},
                               [&] { deleter(info); });
  }
  info_ = nullptr;
  deleter_ = nullptr;
  profile_.clear();
}

Status CompileInfoCache::Get(const op_api::OpImplRecord* impl, const std::string& profile,
                             fe::PlatFormInfos* platform, void** info) {
  *info = nullptr;
  if (impl == nullptr || (impl->tiling_parse == nullptr && impl->tiling_parse_kernel == nullptr)) {
    return Status::Ok();
  }
  if (info_ != nullptr && profile_ == profile) {
    *info = info_;
    return Status::Ok();
  }
  Release();
  const std::string& op = impl->op_type;
  void* made = nullptr;
  const auto creator = impl->compile_info_creator;
  OPSIM_RETURN_IF_ERROR(op_api::CallUserCode(
      {op, "compile-info constructor", op_api::CodeAddress(creator)}, [&] { made = creator(); }));
  info_ = made;
  deleter_ = impl->compile_info_deleter;
  op_ = op;

  gert::OpCallData data;
  data.node_name = op.c_str();
  data.node_type = op.c_str();
  data.platform = platform;
  data.compile_info = made;
  gert::TilingParseContext context(&data);
  const op_api::ScopedCurrentPlatform current(platform);
  (void)op_api::TakeOpError();
  uint32_t rc = ge::GRAPH_SUCCESS;
  const void* code = impl->tiling_parse != nullptr ? op_api::CodeAddress(impl->tiling_parse)
                                                   : op_api::CodeAddress(impl->tiling_parse_kernel);
  const Status threw = op_api::CallUserCode({op, "TilingParse", code}, [&] {
    rc = impl->tiling_parse != nullptr ? impl->tiling_parse(&context)
                                       : impl->tiling_parse_kernel(&context);
  });
  const Status reported = op_api::TakeOpError();
  if (!threw.ok() || rc != ge::GRAPH_SUCCESS) {
    Release();
    if (!threw.ok()) return threw;
    if (!reported.ok()) return NamingTheOp(op, reported);
    return {ErrorCode::kInvalidParam, op + ": its TilingParse function (IMPL_OP_OPTILING(" + op +
                                          ").TilingParse) failed (returned " + std::to_string(rc) +
                                          ")"};
  }
  profile_ = profile;
  *info = info_;
  return Status::Ok();
}

Status NamingTheOp(const std::string& op_type, Status status) {
  const std::string& text = status.message();
  if (text.compare(0, op_type.size(), op_type) == 0 && text.size() > op_type.size() &&
      text[op_type.size()] == ':') {
    return status;
  }
  return {status.code(), op_type + ": " + text};
}

}  // namespace opsim
