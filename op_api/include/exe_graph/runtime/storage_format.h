// gert::StorageFormat at CANN's path for it; opsim declares it beside gert::Tensor.
#pragma once
#include "exe_graph/runtime/tensor.h"
