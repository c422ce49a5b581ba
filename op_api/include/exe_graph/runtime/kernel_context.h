// gert::KernelContext, the runtime's base context (what a KernelFunc takes), at CANN's path.
#pragma once
#include "exe_graph/runtime/op_call_data.h"
