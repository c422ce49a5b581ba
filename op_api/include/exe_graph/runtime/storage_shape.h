// gert::StorageShape at CANN's path for it; opsim declares it beside gert::Shape.
#pragma once
#include "exe_graph/runtime/shape.h"
