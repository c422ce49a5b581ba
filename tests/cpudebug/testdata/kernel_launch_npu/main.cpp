// Launches the kernel through ACLRT_LAUNCH_KERNEL (the tiling by pointer, as CANN's entries take
// it) and through the wrapper, and checks the data.
#include <cstdio>

// Before the entry's header, which names the structure (as the samples include their tiling).
#include "scale_tiling.h"

#include "acl/acl.h"
#include "aclrtlaunch_scale_custom.h"

void scale_custom_do(uint32_t blockDim, void* stream, int32_t* data, ScaleTiling tiling,
                     int32_t add);

int32_t main() {
  aclInit(nullptr);
  aclrtSetDevice(0);
  aclrtStream stream = nullptr;
  aclrtCreateStream(&stream);
  int32_t host[4] = {1, 2, 3, 4};
  int32_t* data = nullptr;
  aclrtMalloc((void**)&data, sizeof host, ACL_MEM_MALLOC_HUGE_FIRST);
  aclrtMemcpy(data, sizeof host, host, sizeof host, ACL_MEMCPY_HOST_TO_DEVICE);
  ScaleTiling tiling{4};
  ACLRT_LAUNCH_KERNEL(scale_custom)(1, stream, data, &tiling, 1);
  scale_custom_do(1, stream, data, tiling, 0);
  aclrtSynchronizeStream(stream);
  aclrtMemcpy(host, sizeof host, data, sizeof host, ACL_MEMCPY_DEVICE_TO_HOST);
  aclrtFree(data);
  aclrtDestroyStream(stream);
  aclrtResetDevice(0);
  aclFinalize();
  const bool pass = host[0] == 12 && host[1] == 21 && host[2] == 30 && host[3] == 39;
  std::printf(pass ? "kernel launch npu pass\n" : "kernel launch npu FAIL: %d %d %d %d\n", host[0],
              host[1], host[2], host[3]);
  return pass ? 0 : 1;
}
