// gert::ExtendedKernelContext, the base of every operator context, at CANN's path for it.
#pragma once
#include "exe_graph/runtime/op_call_data.h"
