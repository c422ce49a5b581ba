// Everything an ATB inference program includes: the runtime API and the infer parameters.
#pragma once

#include "atb/atb.h"
#include "atb/infer_op_params.h"
