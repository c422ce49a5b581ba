// The AddCustom operator project's kernel (see harness_sample_op_projects.h).
#pragma once

#define OPSIM_SEEDED_ADD_CUSTOM 1
#include "harness_sample_op_projects.h"
