// nnopbase's operator definitions for op-API layers (opdev/op_def.h): core types, and the
// dictionary of level-0 operator types, whose names are the registry's operations.
#pragma once

#include <cstdint>
#include <string>

#include "aclnn/aclnn_base.h"
#include "graph/ascend_string.h"

namespace op {

enum CoreType { AI_CORE = 0, AI_CPU, DVPP, NO_CALC };

enum class OpImplMode : uint32_t {
  IMPL_MODE_DEFAULT = 0x1,
  IMPL_MODE_HIGH_PERFORMANCE = 0x2,
  IMPL_MODE_HIGH_PRECISION = 0x4,
  IMPL_MODE_SUPER_PERFORMANCE = 0x8,
  IMPL_MODE_SUPPORT_OUT_OF_BOUND_INDEX = 0x10,
  IMPL_MODE_ENABLE_FLOAT32_EXECUTION = 0x20,
  IMPL_MODE_ENABLE_HI_FLOAT32_EXECUTION = 0x40,
  IMPL_MODE_KEEP_FP16 = 0x80,
  IMPL_MODE_RESERVED = 0xFFFFFFFF
};

constexpr const uint32_t INVALID_OP_TYPE_ID = 0xFFFFFFFF;

struct OpTypeDict {
  static uint32_t ToOpType(const std::string& opName);  // INVALID_OP_TYPE_ID if never added
  static const ge::AscendString ToString(uint32_t opType);
};

}  // namespace op
