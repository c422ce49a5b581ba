// CANN's Matmul configuration family (its matmul_config.h and tiling.h), declared at global scope
// as CANN does: MatmulConfig with every field and its default, the enums it uses, the getters
// (GetNormalConfig, GetMDLConfig, GetSpecialMDLConfig, GetBasicConfig, GetIBShareNormConfig,
// GetMMConfig with its parameter structs), the CFG_* constants and MatmulApiStaticTiling. What
// each field does in opsim, or the fault it gives, is docs/CUBE.md's "Matmul configuration
// (BC10)"; the Matmul's Init checks them (cube_matmul_config.cc).
#pragma once

#include <cstdint>
#include <type_traits>

enum class CubeFormat : uint8_t {
  ND = 0,
  NZ,
  ZN,
  ZZ,
  NN,
  ND_ALIGN,
  SCALAR,
  VECTOR,
  ROW_MAJOR = ND,
  COLUMN_MAJOR = 8,
};
enum class LayoutMode : uint8_t { NONE = 0, BSNGD, SBNGD, BNGS1S2, NORMAL };
enum class BatchMode { NONE = 0, BATCH_LESS_THAN_L1, BATCH_LARGE_THAN_L1, SINGLE_LARGE_THAN_L1 };
enum BatchOutMode { SINGLE_BATCH = 0, MULTI_BATCH, DYNAMIC };
#ifndef ASCC_STRUCT_ITERATEORDER
#define ASCC_STRUCT_ITERATEORDER
enum class IterateOrder { ORDER_M = 0, ORDER_N, UNDEF };
#endif
enum class ScheduleType { INNER_PRODUCT = 0, OUTER_PRODUCT };
enum IterateMode : uint8_t {
  ITERATE_MODE_NORMAL = 0b00000001,
  ITERATE_MODE_ALL = 0b00000010,
  ITERATE_MODE_BATCH = 0b00000100,
  ITERATE_MODE_N_BATCH = 0b00001000,
  ITERATE_MODE_DEFAULT = 0b11111111,
};
enum class DecompressionMode {
  DECOMP_NONE = 0b0000,
  DECOMP_2bitTo8bit = 0b0001,
  DECOMP_3bitTo8bit = 0b0010,
  DECOMP_4bitTo8bit = 0b0011,
  DECOMP_16bitTo64bit = 0b100,
  DECOMP_1bitTo8bit = 0b0101,
  DECOMP_1bitTo4bit = 0b0110,
  DECOMP_2bitTo4bit = 0b0111,
  DECOMP_3bitTo4bit = 0b1000,
};

constexpr uint32_t SHARED_CO1_BUFFER_SIZE = 64 * 1024;

// CANN's field order. The defaults are GetNormalConfig's (CANN leaves most unset; a value-
// initialised config is then CFG_NORM).
struct MatmulConfig {
  bool doNorm = true;
  bool doBasicBlock = false;
  bool doMultiDataLoad = false;
  uint32_t basicM = 0;
  uint32_t basicN = 0;
  uint32_t basicK = 0;
  bool intrinsicsCheck = false;
  bool isNBatch = false;
  bool enVecND2NZ = false;
  bool doSpecialBasicBlock = false;
  uint32_t doMTE2Preload = 0;
  uint32_t singleCoreM = 0;
  uint32_t singleCoreN = 0;
  uint32_t singleCoreK = 0;
  uint32_t stepM = 0;
  uint32_t stepN = 0;
  uint32_t baseMN = 0;
  uint32_t singleCoreMN = 0;
  // Mmad and Fixpipe hand L0C over unit by unit (unitFlag) on chips that have it: CANN's
  // GetNormalConfig defaults it on, GetMDLConfig off (docs/CUBE.md, "unitFlag").
  bool enUnitFlag = true;
  bool isPerTensor = false;
  bool hasAntiQuantOffset = false;
  bool doIBShareNorm = false;
  bool doSpecialMDL = false;
  bool enableInit = true;
  BatchMode batchMode = BatchMode::BATCH_LESS_THAN_L1;
  bool enableEnd = true;
  bool enableGetTensorC = true;
  bool enableSetOrgShape = true;
  bool enableSetBias = true;
  bool enableSetTail = true;
  bool enableQuantVector = true;
  bool enableSetDefineData = true;
  uint8_t iterateMode = IterateMode::ITERATE_MODE_DEFAULT;
  bool enableReuse = true;
  bool enableUBReuse = true;
  bool enableL1CacheUB = false;
  bool intraBlockPartSum = false;
  IterateOrder iterateOrder{IterateOrder::UNDEF};
  ScheduleType scheduleType = ScheduleType::INNER_PRODUCT;
  bool enableDoubleCache = false;
  bool isBiasBatch = true;
  bool enableStaticPadZeros = false;
  bool isPartialOutput = false;
  bool enableMixDualMaster = false;
  bool isA2B2Shared = false;
  bool isEnableChannelSplit = false;
  bool enableKdimReorderLoad = false;
  bool isCO1Shared = false;
  uint32_t sharedCO1BufferSize = SHARED_CO1_BUFFER_SIZE;
  BatchOutMode bmmOutMode = BatchOutMode::SINGLE_BATCH;
  bool enableL1BankConflictOptimise = false;
  bool enableRelu = false;
  DecompressionMode decompMode = DecompressionMode::DECOMP_NONE;
};

enum class MatmulConfigMode { CONFIG_NORM, CONFIG_MDL, CONFIG_SPECIALMDL, CONFIG_IBSHARE };

struct MatmulShapeParams {
  uint32_t singleCoreM;
  uint32_t singleCoreN;
  uint32_t singleCoreK;
  uint32_t basicM;
  uint32_t basicN;
  uint32_t basicK;
};
struct MatmulQuantParams {
  bool isPerTensor;
  bool hasAntiQuantOffset;
};
struct MatmulBatchParams {
  bool isNBatch;
  BatchMode batchMode;
  bool isBiasBatch = true;
  BatchOutMode bmmOutMode = BatchOutMode::SINGLE_BATCH;
};
struct MatmulFuncParams {
  bool intrinsicsCheck;
  bool enVecND2NZ;
  bool enableDoubleCache;
  bool enableL1CacheUB;
  uint32_t doMTE2Preload;
  IterateOrder iterateOrder;
  ScheduleType scheduleType;
  bool enableReuse = true;
  bool enableUBReuse;
  bool isPartialOutput = false;
  bool isA2B2Shared = false;
  bool isEnableChannelSplit = false;
  bool enableKdimReorderLoad = false;
  bool enableL1BankConflictOptimise = false;
  bool enableRelu = false;
  DecompressionMode decompMode = DecompressionMode::DECOMP_NONE;
};
struct MatmulBiasParams {
  bool enableSetBias = true;
};
// Reserved by CANN (all fields "reserved").
struct MatrixOffset {
  int32_t offset;
  int32_t row;
  int32_t col;
  int32_t height;
  int32_t width;
};

constexpr MatmulConfig GetNormalConfig(
    const bool intrinsicsLimit = false, const bool batchLoop = false, const bool isVecND2NZ = false,
    const BatchMode bmmMode = BatchMode::BATCH_LESS_THAN_L1, const bool isMsgReuse = true,
    const IterateOrder iterateOrder = IterateOrder::UNDEF,
    const ScheduleType scheduleType = ScheduleType::INNER_PRODUCT, const bool enUnitFlag = true,
    const bool enableMixDualMaster = false,
    const BatchOutMode bmmOutMode = BatchOutMode::SINGLE_BATCH) {
  MatmulConfig c;
  c.intrinsicsCheck = intrinsicsLimit;
  c.isNBatch = batchLoop;
  c.enVecND2NZ = isVecND2NZ;
  c.batchMode = bmmMode;
  c.enableReuse = isMsgReuse;
  c.iterateOrder = iterateOrder;
  c.scheduleType = scheduleType;
  c.enUnitFlag = enUnitFlag;
  c.enableMixDualMaster = enableMixDualMaster;
  c.bmmOutMode = bmmOutMode;
  return c;
}

constexpr MatmulConfig GetMDLConfig(const bool intrinsicsLimit = false,
                                    const bool batchLoop = false, const uint32_t doMTE2Preload = 0,
                                    const bool isVecND2NZ = false, bool isPerTensor = false,
                                    bool hasAntiQuantOffset = false, const bool enUnitFlag = false,
                                    const bool isMsgReuse = true, const bool enableUBReuse = true,
                                    const bool enableL1CacheUB = false,
                                    const bool enableMixDualMaster = false,
                                    const bool enableKdimReorderLoad = false,
                                    const bool enableL1BankConflictOptimise = false) {
  MatmulConfig c;
  c.doNorm = false;
  c.doMultiDataLoad = true;
  c.intrinsicsCheck = intrinsicsLimit;
  c.isNBatch = batchLoop;
  c.doMTE2Preload = doMTE2Preload;
  c.enVecND2NZ = isVecND2NZ;
  c.isPerTensor = isPerTensor;
  c.hasAntiQuantOffset = hasAntiQuantOffset;
  c.enUnitFlag = enUnitFlag;
  c.batchMode = BatchMode::NONE;
  c.enableReuse = isMsgReuse;
  c.enableUBReuse = enableUBReuse;
  c.enableL1CacheUB = enableL1CacheUB;
  c.enableMixDualMaster = enableMixDualMaster;
  c.enableKdimReorderLoad = enableKdimReorderLoad;
  c.enableL1BankConflictOptimise = enableL1BankConflictOptimise;
  return c;
}

constexpr MatmulConfig GetSpecialMDLConfig(const bool intrinsicsLimit = false,
                                           const bool batchLoop = false,
                                           const uint32_t doMTE2Preload = 0,
                                           const bool isVecND2NZ = false, bool isPerTensor = false,
                                           bool hasAntiQuantOffset = false) {
  MatmulConfig c;
  c.doNorm = false;
  c.intrinsicsCheck = intrinsicsLimit;
  c.isNBatch = batchLoop;
  c.doMTE2Preload = doMTE2Preload;
  c.enVecND2NZ = isVecND2NZ;
  c.enUnitFlag = false;
  c.isPerTensor = isPerTensor;
  c.hasAntiQuantOffset = hasAntiQuantOffset;
  c.doSpecialMDL = true;
  c.batchMode = BatchMode::NONE;
  return c;
}

constexpr MatmulConfig GetBasicConfig(const uint32_t basicM, const uint32_t basicN,
                                      const uint32_t basicK, const bool intrinsicsLimit = false,
                                      const bool batchLoop = false,
                                      const BatchMode bmmMode = BatchMode::BATCH_LESS_THAN_L1) {
  MatmulConfig c;
  c.doNorm = false;
  c.doBasicBlock = true;
  c.basicM = basicM;
  c.basicN = basicN;
  c.basicK = basicK;
  c.intrinsicsCheck = intrinsicsLimit;
  c.isNBatch = batchLoop;
  c.enUnitFlag = false;
  c.batchMode = bmmMode;
  return c;
}

constexpr MatmulConfig GetIBShareNormConfig(const bool intrinsicsLimit = false,
                                            const bool batchLoop = false,
                                            const bool isVecND2NZ = false,
                                            const BatchMode bmmMode = BatchMode::BATCH_LESS_THAN_L1,
                                            const bool isDoubleCache = false,
                                            const bool enUnitFlag = true) {
  MatmulConfig c;
  c.doNorm = false;
  c.intrinsicsCheck = intrinsicsLimit;
  c.isNBatch = batchLoop;
  c.enVecND2NZ = isVecND2NZ;
  c.enUnitFlag = enUnitFlag;
  c.doIBShareNorm = true;
  c.batchMode = bmmMode;
  c.enableDoubleCache = isDoubleCache;
  return c;
}

inline constexpr MatmulConfig CFG_NORM = GetNormalConfig();
inline constexpr MatmulConfig CFG_MDL = GetMDLConfig();
inline constexpr MatmulConfig MM_CFG_BB = GetBasicConfig(128, 128, 128);
inline constexpr MatmulConfig CFG_IBSHARE_NORM = GetIBShareNormConfig();

namespace opsim::sim::detail {
// GetMMConfig's arguments, each setting its group of fields (CANN's GetMMConfigImpl).
constexpr void ApplyMMConfigArg(MatmulConfig& c, const MatmulShapeParams& p) {
  c.singleCoreM = p.singleCoreM;
  c.singleCoreN = p.singleCoreN;
  c.singleCoreK = p.singleCoreK;
  c.basicM = p.basicM;
  c.basicN = p.basicN;
  c.basicK = p.basicK;
}
constexpr void ApplyMMConfigArg(MatmulConfig& c, const MatmulQuantParams& p) {
  c.isPerTensor = p.isPerTensor;
  c.hasAntiQuantOffset = p.hasAntiQuantOffset;
}
constexpr void ApplyMMConfigArg(MatmulConfig& c, const MatmulBatchParams& p) {
  c.isNBatch = p.isNBatch;
  c.batchMode = p.batchMode;
  c.isBiasBatch = p.isBiasBatch;
  c.bmmOutMode = p.bmmOutMode;
}
constexpr void ApplyMMConfigArg(MatmulConfig& c, const MatmulFuncParams& p) {
  c.intrinsicsCheck = p.intrinsicsCheck;
  c.enVecND2NZ = p.enVecND2NZ;
  c.enableDoubleCache = p.enableDoubleCache;
  c.enableL1CacheUB = p.enableL1CacheUB;
  c.doMTE2Preload = p.doMTE2Preload;
  c.iterateOrder = p.iterateOrder;
  c.scheduleType = p.scheduleType;
  c.enableReuse = p.enableReuse;
  c.enableUBReuse = p.enableUBReuse;
  c.isPartialOutput = p.isPartialOutput;
  c.isA2B2Shared = p.isA2B2Shared;
  c.isEnableChannelSplit = p.isEnableChannelSplit;
  c.enableKdimReorderLoad = p.enableKdimReorderLoad;
  c.enableL1BankConflictOptimise = p.enableL1BankConflictOptimise;
  c.enableRelu = p.enableRelu;
  c.decompMode = p.decompMode;
}
constexpr void ApplyMMConfigArg(MatmulConfig& c, const MatmulBiasParams& p) {
  c.enableSetBias = p.enableSetBias;
}
}  // namespace opsim::sim::detail

template <MatmulConfigMode configMode, typename... ArgTypes>
constexpr MatmulConfig GetMMConfig(ArgTypes&&... args) {
  MatmulConfig c = CFG_NORM;
  if constexpr (configMode == MatmulConfigMode::CONFIG_MDL) {
    c = CFG_MDL;
  } else if constexpr (configMode == MatmulConfigMode::CONFIG_SPECIALMDL) {
    c = GetSpecialMDLConfig();
  } else if constexpr (configMode == MatmulConfigMode::CONFIG_IBSHARE) {
    c = CFG_IBSHARE_NORM;
  }
  (opsim::sim::detail::ApplyMMConfigArg(c, args), ...);
  return c;
}

// A tiling fixed at compile time: a field other than -1 overrides the runtime TCubeTiling's
// (CANN's constant tiling), `cfg` is the Matmul's configuration. Matmul<..., MM_CFG> takes one
// of these as MM_CFG (GetMatmulApiTiling, cube_matmul_static.h).
struct MatmulApiStaticTiling {
  int32_t usedCoreNum = -1;
  int32_t M = -1;
  int32_t N = -1;
  int32_t Ka = -1;
  int32_t Kb = -1;
  int32_t singleCoreM = -1;
  int32_t singleCoreN = -1;
  int32_t singleCoreK = -1;
  int32_t baseM = -1;
  int32_t baseN = -1;
  int32_t baseK = -1;
  int32_t depthA1 = -1;
  int32_t depthB1 = -1;
  int32_t stepM = -1;
  int32_t stepN = -1;
  int32_t isBias = -1;
  int32_t transLength = -1;
  int32_t iterateOrder = -1;
  int32_t shareMode = -1;
  int32_t shareL1Size = -1;
  int32_t shareL0CSize = -1;
  int32_t shareUbSize = -1;
  int32_t stepKa = -1;
  int32_t stepKb = -1;
  int32_t depthAL1CacheUB = -1;
  int32_t depthBL1CacheUB = -1;
  int32_t dbL0A = -1;
  int32_t dbL0B = -1;
  int32_t dbL0C = -1;
  int32_t ALayoutInfoB = -1;
  int32_t ALayoutInfoS = -1;
  int32_t ALayoutInfoN = -1;
  int32_t ALayoutInfoG = -1;
  int32_t ALayoutInfoD = -1;
  int32_t BLayoutInfoB = -1;
  int32_t BLayoutInfoS = -1;
  int32_t BLayoutInfoN = -1;
  int32_t BLayoutInfoG = -1;
  int32_t BLayoutInfoD = -1;
  int32_t CLayoutInfoB = -1;
  int32_t CLayoutInfoS1 = -1;
  int32_t CLayoutInfoN = -1;
  int32_t CLayoutInfoG = -1;
  int32_t CLayoutInfoS2 = -1;
  int32_t BatchNum = -1;
  int32_t mxTypePara = -1;
  MatmulConfig cfg = CFG_NORM;
};

namespace opsim::sim::detail {
// The MatmulConfig of a Matmul's MM_CFG, which is a MatmulConfig or a MatmulApiStaticTiling.
constexpr const MatmulConfig& ConfigOf(const MatmulConfig& c) { return c; }
constexpr const MatmulConfig& ConfigOf(const MatmulApiStaticTiling& t) { return t.cfg; }
}  // namespace opsim::sim::detail
