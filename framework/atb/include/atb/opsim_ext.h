// opsim's extensions to the ATB API: what real ATB does not have, kept apart so that ATB code
// never depends on it (docs/ATB.md lists them).
//
// Strict ATB rules are the default everywhere. OpsimSetExtensions lifts them:
//   on an operation   the package's dtype table and OPSIM_REDUCE_PROD at every stage, and
//                     ATB-refused shapes opsim runs (rank 0, zero-sized dims, reduce-all);
//   on a context      the same from Setup on, for every operation set up on it (InferShape takes
//                     no context in ATB's API, so it keeps the operation's own rule).
#pragma once

#include <cstdint>
#include <string>

#include "atb/context.h"
#include "atb/infer_op_params.h"
#include "atb/operation.h"
#include "atb/types.h"

namespace atb {

// REDUCE_PROD: outside ATB's ReduceType, refused (ERROR_INVALID_PARAM at InferShape) unless the
// operation or context opted in.
inline constexpr infer::ReduceParam::ReduceType OPSIM_REDUCE_PROD =
    static_cast<infer::ReduceParam::ReduceType>(4);

// ERROR_INVALID_PARAM for a null operation or one opsim did not create, or a graph (set it on
// the nodes before building the graph). Takes effect at the next InferShape or Setup.
Status OpsimSetExtensions(Operation* operation, bool enable);
Status OpsimSetExtensions(Context* context, bool enable);

// "ERROR_INVALID_PARAM: ReduceOperation: axis[0] = -1 is negative (...)" for the last call on
// this operation (or context: Setup and Execute of any operation on it, and context calls)
// that failed; "" when that last call succeeded. "" for null or foreign pointers.
std::string OpsimLastError(const Operation* operation);
std::string OpsimLastError(const Context* context);

// "ERROR_INVALID_TENSOR_INI_MATCH", ...; opsim's own codes (1000 on) are OPSIM_KERNEL_FAULT,
// OPSIM_CONFIG_ERROR, OPSIM_IO_ERROR, OPSIM_UNSUPPORTED.
std::string OpsimErrorName(Status status);

// The simulated chip: a profile name under the config directory (ascend910b, ascend910a,
// ascend310p). Operations set up before must be set up again. ERROR_INVALID_PARAM naming the
// profile problem when it cannot be loaded.
Status OpsimSetDevice(Context* context, const std::string& device);
// The simulator's checked mode (sync, overlap and poisoned-UB checks) and host threads (0: all).
Status OpsimSetChecked(Context* context, bool checked);
Status OpsimSetHostThreads(Context* context, int threads);
// Simulated device time of every Execute on this context since creation, in nanoseconds.
double OpsimDeviceNs(const Context* context);

}  // namespace atb
