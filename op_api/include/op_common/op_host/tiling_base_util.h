// CANN's op-base tiling helpers (opbase op_common/op_host/tiling_base_util.h), reached as
// "op_host/tiling_base_util.h": which architecture the context's chip is, and scalars read as
// rank-1 shapes.
#pragma once

#include "exe_graph/runtime/shape.h"
#include "exe_graph/runtime/tiling_context.h"
#include "exe_graph/runtime/tiling_parse_context.h"
#include "op_common/log/log.h"
#include "op_common/op_host/util/opbase_export.h"
#include "platform/soc_spec.h"
#include "register/op_impl_registry.h"  // as opbase's: tiling files register through it alone

namespace Ops {
namespace Base {

// The architecture of the chip the context tiles for: the platform's version.NpuArch (2201 for
// Ascend910B and Ascend910_93, 2002 for Ascend310P, 3510 for Ascend950); DAV_RESV without one.
OPBASE_API NpuArch GetNpuArch(const gert::TilingContext* context);

// Whether the chip is a "regbase" one (the vector-register architectures 3510 and 5102), on
// which CANN's operators take their arch35 code paths. false for every opsim device today.
OPBASE_API bool IsRegbaseSocVersion(const gert::TilingContext* context);
// The same for a TilingParse function's context, as op-base declares both (ops-math's floor_mod
// asks in its TilingParse). false without a context or platform.
OPBASE_API bool IsRegbaseSocVersion(const gert::TilingParseContext* context);

// A scalar (rank 0) shape as [1], so that tiling code may index dim 0; other shapes unchanged.
inline const gert::Shape& EnsureNotScalar(const gert::Shape& shape) {
  static const gert::Shape kScalarAsVector{1};
  return shape.IsScalar() ? kScalarAsVector : shape;
}

}  // namespace Base
}  // namespace Ops
