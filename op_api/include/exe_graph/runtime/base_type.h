// CANN's status types of runtime kernels (exe_graph/runtime/base_type.h).
#pragma once

#ifdef __cplusplus
extern "C" {
#endif

typedef unsigned int UINT32;
typedef UINT32 KernelStatus;

#ifdef __cplusplus
}
#endif
