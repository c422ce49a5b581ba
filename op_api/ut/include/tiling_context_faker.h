// gert::TilingContextPara as operator repositories' tiling unit tests build it (tests/ut/common
// of hicann/ops-math): the op, its tensors (shape, dtype, format, constant data), attributes,
// dynamic-instance counts, compile info and the fake chip (cores, UB bytes, tiling-data
// capacity). opsim's implementation of that public surface; tiling_case_executor.h runs it.
// Not provided: gert::TilingContextFaker, the repositories' builder over CANN's metadef
// OpTilingContextBuilder (docs/OPERATORS.md).
#ifndef OPSIM_OP_UT_TILING_CONTEXT_FAKER_H_
#define OPSIM_OP_UT_TILING_CONTEXT_FAKER_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "any_value.h"
#include "context_para_types.h"
#include "exe_graph/runtime/storage_shape.h"
#include "exe_graph/runtime/tiling_context.h"
#include "graph/types.h"

namespace gert {

class TilingContextPara : public opsim::op_ut::ContextParaTypes {
 public:
  TilingContextPara(const std::string& opName,
                    const std::vector<TensorDescription>& inputTensorDesc,
                    const std::vector<TensorDescription>& outputTensorDesc,
                    const std::vector<OpAttr>& attrs, void* compileInfo = nullptr,
                    uint64_t coreNum = 64, uint64_t ubSize = 262144, uint64_t tilingDataSize = 4096)
      : TilingContextPara(opName, inputTensorDesc, outputTensorDesc, attrs, {}, {}, compileInfo,
                          coreNum, ubSize, tilingDataSize) {}

  TilingContextPara(const std::string& opName,
                    const std::vector<TensorDescription>& inputTensorDesc,
                    const std::vector<TensorDescription>& outputTensorDesc,
                    void* compileInfo = nullptr, uint64_t coreNum = 64, uint64_t ubSize = 262144,
                    uint64_t tilingDataSize = 4096)
      : TilingContextPara(opName, inputTensorDesc, outputTensorDesc, {}, {}, {}, compileInfo,
                          coreNum, ubSize, tilingDataSize) {}

  TilingContextPara(const std::string& opName,
                    const std::vector<TensorDescription>& inputTensorDesc,
                    const std::vector<TensorDescription>& outputTensorDesc,
                    const std::vector<OpAttr>& attrs, const std::vector<uint32_t>& inputInstanceNum,
                    const std::vector<uint32_t>& outputInstanceNum, void* compileInfo = nullptr,
                    uint64_t coreNum = 64, uint64_t ubSize = 262144, uint64_t tilingDataSize = 4096)
      : opName_(opName),
        inputInstanceNum_(inputInstanceNum),
        outputInstanceNum_(outputInstanceNum),
        inputTensorDesc_(inputTensorDesc),
        outputTensorDesc_(outputTensorDesc),
        attrs_(attrs),
        coreNum_(coreNum),
        ubSize_(ubSize),
        tilingDataSize_(tilingDataSize),
        compileInfo_(compileInfo) {}

  TilingContextPara(const std::string& opName,
                    const std::vector<TensorDescription>& inputTensorDesc,
                    const std::vector<TensorDescription>& outputTensorDesc,
                    const std::vector<uint32_t>& inputInstanceNum,
                    const std::vector<uint32_t>& outputInstanceNum, void* compileInfo = nullptr,
                    uint64_t coreNum = 64, uint64_t ubSize = 262144, uint64_t tilingDataSize = 4096)
      : TilingContextPara(opName, inputTensorDesc, outputTensorDesc, {}, inputInstanceNum,
                          outputInstanceNum, compileInfo, coreNum, ubSize, tilingDataSize) {}

  std::string opName_;
  std::vector<uint32_t> inputInstanceNum_;
  std::vector<uint32_t> outputInstanceNum_;
  std::vector<TensorDescription> inputTensorDesc_;
  std::vector<TensorDescription> outputTensorDesc_;
  std::vector<OpAttr> attrs_;
  uint64_t coreNum_ = 64;
  uint64_t ubSize_ = 262144;
  uint64_t tilingDataSize_ = 4096;
  void* compileInfo_ = nullptr;
};

}  // namespace gert

#endif  // OPSIM_OP_UT_TILING_CONTEXT_FAKER_H_
