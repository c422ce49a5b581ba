// atb::Context as ATB's atb/context.h declares it: an interface created by CreateContext and
// destroyed by DestroyContext. opsim's context behind it owns the simulated device (ascend910b
// unless changed with atb::OpsimSetDevice, atb/opsim_ext.h). The simulator runs every Execute
// synchronously, so streams, execute types and launch modes are kept and reported only.
#pragma once

#include <cstddef>
#include <functional>
#include <vector>

#include "atb/types.h"

namespace atb {

enum ExecuteType : int {
  EXECUTE_NORMAL = 0,
  EXECUTE_PRELAUNCH,
  EXECUTE_LAUNCH,
};

enum LaunchMode : int {
  KERNEL_LAUNCH_MODE = 0,
  GRAPH_LAUNCH_MODE,
};

class Context {
 public:
  Context() = default;
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;
  virtual ~Context() = default;

  virtual Status SetExecuteStream(aclrtStream stream) = 0;
  virtual aclrtStream GetExecuteStream() const = 0;
  virtual Status SetAsyncTilingCopyStatus(bool enable) = 0;
  virtual bool GetAsyncTilingCopyStatus() const = 0;
  virtual Status SetExecuteStreams(const std::vector<aclrtStream>& streams) = 0;
  virtual std::vector<aclrtStream> GetExecuteStreams() = 0;
  virtual Status SetExecuteType(ExecuteType type) = 0;
  virtual ExecuteType GetExecuteType() = 0;
  virtual Status SetLaunchMode(LaunchMode mode) = 0;
  virtual LaunchMode GetLaunchMode() = 0;
};

Status CreateContext(Context** context);
// The allocator is kept for ATB compatibility; opsim never allocates device memory through it.
Status CreateContext(Context** context, const std::function<void*(size_t)>& alloc,
                     const std::function<void(void*)>& dealloc);
// The tiling block counts are kept for ATB compatibility; opsim keeps tiling on the host.
Status CreateContext(Context** context, uint32_t hostTilingBlockNum, uint32_t deviceTilingBlockNum);
Status DestroyContext(Context* context);

}  // namespace atb
