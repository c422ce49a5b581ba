#pragma once
#include "exe_graph/runtime/infer_shape_context.h"
