// Everything an ATB inference program includes: the runtime API and the infer parameters.
// opsim's extensions (the wider dtype table, REDUCE_PROD, the device, the last error) are in
// atb/opsim_ext.h, which ATB code never needs.
#pragma once

#include "atb/atb.h"
#include "atb/graph_op_builder.h"
#include "atb/infer_op_params.h"
