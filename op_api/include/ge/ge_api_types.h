// CANN's ge/ge_api_types.h as operator repositories' unit-test helpers include it (ops-nn's
// infershape_test_util.h): the graph types it brings (graph/tensor.h, graph/types.h). Its session
// option keys (ge.exec.*) are not here: opsim runs no graph-engine session.
#pragma once

#include "graph/tensor.h"
#include "graph/types.h"
