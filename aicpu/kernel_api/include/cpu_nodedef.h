// The node definition under the other spelling some CANN trees use.
#ifndef CPU_KERNEL_NODEDEF_ALIAS_H
#define CPU_KERNEL_NODEDEF_ALIAS_H
#include "cpu_node_def.h"
#endif  // CPU_KERNEL_NODEDEF_ALIAS_H
