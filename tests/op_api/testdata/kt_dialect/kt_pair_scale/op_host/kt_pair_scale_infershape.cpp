// KtPairScale's shape inference: y is x's shape and dtype (the op-base helper).
#include "infershape_elewise_util.h"
#include "register/op_impl_registry.h"

IMPL_OP_INFERSHAPE(KtPairScale).InferShape(Ops::Base::InferShape4Elewise);
