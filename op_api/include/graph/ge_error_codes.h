#pragma once
#include "graph/types.h"
