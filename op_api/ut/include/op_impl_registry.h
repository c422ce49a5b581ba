// gert::OpImplRegistry as hicann/ops-nn's host unit tests look an operator's functions up
// (tests/ut/common/op_impl_registry.h there):
//   auto inferShapeFunc = gert::OpImplRegistry::GetInstance().GetOpImpl("Elu")->infer_shape;
// GetOpImpl answers what IMPL_OP_* registered for the type (fields infer_shape, infer_datatype,
// tiling, tiling_parse, as CANN's OpImplFunctions names them), or null for a type nobody
// registered.
#ifndef OPSIM_OP_UT_OP_IMPL_REGISTRY_H_
#define OPSIM_OP_UT_OP_IMPL_REGISTRY_H_

#include <string>

#include "opsim/op_api/op_impl.h"

namespace Ops {
namespace NN {

class OpImplRegistry {
 public:
  static OpImplRegistry& GetInstance() {
    static OpImplRegistry instance;
    return instance;
  }
  const opsim::op_api::OpImplRecord* GetOpImpl(const std::string& opType) const {
    return opsim::op_api::FindOpImpl(opType);
  }

 private:
  OpImplRegistry() = default;
};

}  // namespace NN
}  // namespace Ops

namespace gert {
using OpImplRegistry = Ops::NN::OpImplRegistry;
}  // namespace gert

#endif  // OPSIM_OP_UT_OP_IMPL_REGISTRY_H_
