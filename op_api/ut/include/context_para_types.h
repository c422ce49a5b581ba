// What gert::InfershapeContextPara and gert::TilingContextPara both describe: a tensor (storage
// shape, dtype, format, maybe a constant value) and a named attribute. Each of CANN's two classes
// declares these as its own nested TensorDescription and OpAttr; here both inherit the one pair,
// so client code names them the same way (gert::TilingContextPara::TensorDescription).
#ifndef OPSIM_OP_UT_CONTEXT_PARA_TYPES_H_
#define OPSIM_OP_UT_CONTEXT_PARA_TYPES_H_

#include <string>

#include "any_value.h"
#include "exe_graph/runtime/storage_shape.h"
#include "graph/types.h"

namespace opsim::op_ut {

class ContextParaTypes {
 public:
  class TensorDescription {
   public:
    TensorDescription(const gert::StorageShape& shape, ge::DataType dtype, ge::Format format,
                      bool isConst = false, void* constValue = nullptr)
        : shape_(shape),
          dtype_(dtype),
          format_(format),
          isConst_(isConst),
          constValue_(constValue) {}

    gert::StorageShape shape_;
    ge::DataType dtype_ = ge::DT_FLOAT;
    ge::Format format_ = ge::FORMAT_ND;
    bool isConst_ = false;
    void* constValue_ = nullptr;
  };

  class OpAttr {
   public:
    OpAttr(const std::string& attrName, const Ops::Math::AnyValue& attr)
        : attrName_(attrName), attr_(attr) {}

    std::string attrName_;
    Ops::Math::AnyValue attr_;
  };
};

}  // namespace opsim::op_ut

#endif  // OPSIM_OP_UT_CONTEXT_PARA_TYPES_H_
