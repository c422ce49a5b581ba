// The LeakyReluCustom operator project's kernel (see harness_sample_op_projects.h).
#pragma once

#include "harness_sample_op_projects.h"
