// atb::Context over opsim::Context: CreateContext, DestroyContext and the context extensions of
// atb/opsim_ext.h.
#include <string>
#include <utility>

#include "atb/opsim_ext.h"
#include "atb_convert.h"
#include "atb_log.h"
#include "atb_objects.h"

namespace opsim::atb_facade {

ContextObject* AsContextObject(atb::Context* context) {
  return dynamic_cast<ContextObject*>(context);
}

atb::Status ContextObject::Record(std::string_view call, Status status) {
  LogError(call, status);
  last_error_ = std::move(status);
  return ToAtbStatus(last_error_);
}

atb::Status ContextObject::SetExecuteStream(aclrtStream stream) {
  stream_ = stream;
  return Record("SetExecuteStream", Status::Ok());
}

atb::Status ContextObject::SetAsyncTilingCopyStatus(bool enable) {
  async_tiling_copy_ = enable;
  return Record("SetAsyncTilingCopyStatus", Status::Ok());
}

atb::Status ContextObject::SetExecuteStreams(const std::vector<aclrtStream>& streams) {
  streams_ = streams;
  if (!streams.empty()) stream_ = streams.front();
  return Record("SetExecuteStreams", Status::Ok());
}

atb::Status ContextObject::SetExecuteType(atb::ExecuteType type) {
  if (type < atb::EXECUTE_NORMAL || type > atb::EXECUTE_LAUNCH) {
    return Record("SetExecuteType",
                  {ErrorCode::kInvalidParam,
                   "SetExecuteType: type = " + std::to_string(static_cast<int>(type)) +
                       " is not an ExecuteType (expected 0..2)"});
  }
  execute_type_ = type;
  return Record("SetExecuteType", Status::Ok());
}

atb::Status ContextObject::SetLaunchMode(atb::LaunchMode mode) {
  if (mode < atb::KERNEL_LAUNCH_MODE || mode > atb::GRAPH_LAUNCH_MODE) {
    return Record("SetLaunchMode",
                  {ErrorCode::kInvalidParam,
                   "SetLaunchMode: mode = " + std::to_string(static_cast<int>(mode)) +
                       " is not a LaunchMode (expected 0 or 1)"});
  }
  launch_mode_ = mode;
  return Record("SetLaunchMode", Status::Ok());
}

}  // namespace opsim::atb_facade

namespace atb {

using opsim::atb_facade::AsContextObject;
using opsim::atb_facade::ContextObject;
using opsim::atb_facade::LogError;
using opsim::atb_facade::ToAtbStatus;

namespace {

Status FailCall(const char* call, const opsim::Status& status) {
  LogError(call, status);
  return ToAtbStatus(status);
}

opsim::Status NotOurs(const char* call) {
  return {opsim::ErrorCode::kInvalidParam,
          std::string(call) + ": the context is null or not created by atb::CreateContext"};
}

}  // namespace

Status CreateContext(Context** context) {
  if (context == nullptr) {
    return FailCall("CreateContext",
                    {opsim::ErrorCode::kInvalidParam, "CreateContext: context is null"});
  }
  // ATB's defaults: the strict table, all host threads; the device is opsim's default chip.
  std::unique_ptr<opsim::Context> created;
  const opsim::Status st = opsim::Context::Create(opsim::ContextOptions{}, &created);
  if (!st.ok()) return FailCall("CreateContext", st);
  *context = new ContextObject(std::move(created));
  return NO_ERROR;
}

Status CreateContext(Context** context, const std::function<void*(size_t)>& alloc,
                     const std::function<void(void*)>& dealloc) {
  (void)alloc;
  (void)dealloc;
  return CreateContext(context);
}

Status CreateContext(Context** context, uint32_t hostTilingBlockNum,
                     uint32_t deviceTilingBlockNum) {
  (void)hostTilingBlockNum;
  (void)deviceTilingBlockNum;
  return CreateContext(context);
}

Status DestroyContext(Context* context) {
  delete context;
  return NO_ERROR;
}

Status OpsimSetExtensions(Context* context, bool enable) {
  ContextObject* object = AsContextObject(context);
  if (object == nullptr) return FailCall("OpsimSetExtensions", NotOurs("OpsimSetExtensions"));
  object->inner().SetStrictAtbDTypes(!enable);
  return object->Record("OpsimSetExtensions", opsim::Status::Ok());
}

std::string OpsimLastError(const Context* context) {
  const auto* object = dynamic_cast<const ContextObject*>(context);
  if (object == nullptr || object->last_error().ok()) return "";
  return object->last_error().ToString();
}

Status OpsimSetDevice(Context* context, const std::string& device) {
  ContextObject* object = AsContextObject(context);
  if (object == nullptr) return FailCall("OpsimSetDevice", NotOurs("OpsimSetDevice"));
  opsim::Status st = object->inner().SetDevice(device);
  if (!st.ok()) {
    st = {opsim::ErrorCode::kInvalidParam, "OpsimSetDevice: " + st.ToString()};
  }
  return object->Record("OpsimSetDevice", std::move(st));
}

Status OpsimSetChecked(Context* context, bool checked) {
  ContextObject* object = AsContextObject(context);
  if (object == nullptr) return FailCall("OpsimSetChecked", NotOurs("OpsimSetChecked"));
  object->inner().SetChecked(checked);
  return object->Record("OpsimSetChecked", opsim::Status::Ok());
}

Status OpsimSetHostThreads(Context* context, int threads) {
  ContextObject* object = AsContextObject(context);
  if (object == nullptr) return FailCall("OpsimSetHostThreads", NotOurs("OpsimSetHostThreads"));
  if (threads < 0) {
    return object->Record("OpsimSetHostThreads",
                          {opsim::ErrorCode::kInvalidParam,
                           "OpsimSetHostThreads: threads = " + std::to_string(threads) +
                               " is negative (expected 0 for all, or a count)"});
  }
  object->inner().SetHostThreads(threads);
  return object->Record("OpsimSetHostThreads", opsim::Status::Ok());
}

double OpsimDeviceNs(const Context* context) {
  const auto* object = dynamic_cast<const ContextObject*>(context);
  return object == nullptr ? 0.0 : object->inner().device_ns();
}

}  // namespace atb
