// What hicann/ops-nn's host unit tests include for their context fakers (tests/ut/common there,
// spelled "facker"): the shape-, dtype- and shape-range-inference fakers (the last builds no
// context: infer_shaperange_context_faker.h), the holder and gert::OpImplRegistry. Not provided:
// the tiling and tiling-parse fakers of the same header (ops-nn tests use tiling_case_executor.h's
// TilingContextPara instead, which opsim has).
#ifndef OPSIM_OP_UT_KERNEL_RUN_CONTEXT_FACKER_H_
#define OPSIM_OP_UT_KERNEL_RUN_CONTEXT_FACKER_H_

#include "infer_datatype_context_faker.h"
#include "infer_shape_context_faker.h"
#include "infer_shaperange_context_faker.h"
#include "kernel_run_context_holder.h"
#include "op_impl_registry.h"

#endif  // OPSIM_OP_UT_KERNEL_RUN_CONTEXT_FACKER_H_
