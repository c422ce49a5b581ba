// gert::ComputeNodeInfo and gert::AnchorInstanceInfo at CANN's path for them; opsim declares
// them beside the contexts, whose GetComputeNodeInfo() answers one.
#pragma once
#include "exe_graph/runtime/op_call_data.h"  // IWYU pragma: export
