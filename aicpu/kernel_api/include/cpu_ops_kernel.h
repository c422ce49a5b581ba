// The whole AI CPU kernel API in one include (as CANN's node_def_builder.h includes it).
#ifndef CPU_OPS_KERNEL_H
#define CPU_OPS_KERNEL_H
#include "cpu_attr_value.h"
#include "cpu_context.h"
#include "cpu_kernel.h"
#include "cpu_kernel_register.h"
#include "cpu_kernel_utils.h"
#include "cpu_node_def.h"
#include "cpu_tensor.h"
#include "cpu_tensor_shape.h"
#include "cpu_types.h"
#endif  // CPU_OPS_KERNEL_H
