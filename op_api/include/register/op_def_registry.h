// What an operator project's op_host file includes: OpDef and OP_ADD, the gert contexts, ge
// types, the tiling-data macros and the platform API.
#pragma once

#include "exe_graph/runtime/infer_shape_context.h"
#include "exe_graph/runtime/tiling_context.h"
#include "graph/types.h"
#include "graph/utils/type_utils.h"
#include "register/op_def.h"
#include "register/tilingdata_base.h"
#include "tiling/platform/platform_ascendc.h"
