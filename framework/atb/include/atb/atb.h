// The ATB runtime API over opsim: types, contexts, operations and graphs.
#pragma once

#include "atb/context.h"
#include "atb/operation.h"
#include "atb/svector.h"
#include "atb/types.h"
#include "atb/utils.h"
