// platform_ascendc::PlatformAscendC: the chip's core counts and memory sizes for a tiling
// function, declared as CANN declares it (tiling/platform/platform_ascendc.h) and answering by
// CANN's documented rules from the fe::PlatFormInfos table alone:
// - GetCoreNumAiv/GetCoreNumAic: SoCInfo.vector_core_cnt / cube_core_cnt when core_type_list is
//   exactly "CubeCore,VectorCore", else SoCInfo.ai_core_cnt; GetCoreNum: PlatFormInfos's count;
//   GetCoreNumVector: SoCInfo.vector_core_cnt on ASCEND310P only, else 0.
// - GetCoreMemSize: the table's size; UB and L1 lose 256 B on ASCEND910B (Ascend910B and
//   Ascend910_93: CANN keeps them for the matmul server), UB also what ReserveLocalMemory took.
//   FB and BT read AICoreSpec.fb0_size / bt_size.
// - GetSocVersion: version.Short_SoC_version by CANN's map; GetCurNpuArch: version.NpuArch.
// - GetLibApiWorkSpaceSize: 16 MiB for NpuArch 2201 and 3510, 2 MiB otherwise (uint32 max with an
//   error when the arch is unknown).
// - CalcTschNumBlocks (= the deprecated CalcTschBlockDim): the slices when aic or aiv is 0 or
//   aic > aiv; else ceil(slices / (aiv / aic)), and 0 with an error when that ratio is 2 and the
//   result exceeds aic.
#pragma once

#include <csignal>
#include <cstdint>
#include <mutex>

#include "platform/platform_infos_def.h"
#include "platform/soc_spec.h"

#ifndef ASCENDC_ASSERT
#define ASCENDC_ASSERT(cond, behavior) \
  do {                                 \
    if (!(cond)) {                     \
      behavior;                        \
      raise(SIGABRT);                  \
    }                                  \
  } while (0)
#endif

namespace platform_ascendc {

enum class CoreMemType {
  L0_A = 0,
  L0_B = 1,
  L0_C = 2,
  L1 = 3,
  L2 = 4,
  UB = 5,
  HBM = 6,
  FB = 7,
  BT = 8,
  RESERVED
};

enum class SocVersion {
  ASCEND910 = 0,
  ASCEND910B,
  ASCEND310P,
  ASCEND310B,
  ASCEND950,
  ASCEND910_55,
  ASCEND910_95 = ASCEND950,  // CANN's former name, kept as it keeps it
  AS31XM1,
  ASCEND031,
  ASCEND035,
  ASCEND310,
  ASCEND610,
  ASCEND610Lite,
  ASCEND910_93,  // declared, but CANN answers ASCEND910B for Ascend910_93 parts
  BS9SX1A,
  BS9SX2A,
  HI3796CV300CS,
  HI3796CV300ES,
  MC61AM21A,
  MC62,
  SD3403,
  KIRINX90,
  KIRIN9030,
  MC32DM11A,
  ASCEND350,
  RESERVED_VERSION = 99999
};

enum class ReservedSize { RESERVED_SIZE_8K, RESERVED_SIZE_16K, RESERVED_SIZE_32K };

class PlatformAscendC {
 public:
  PlatformAscendC() = delete;
  ~PlatformAscendC() = default;
  explicit PlatformAscendC(fe::PlatFormInfos* platformInfo) : platformInfo_(platformInfo) {}
  uint32_t GetCoreNum(void) const;
  uint32_t GetCoreNumAic(void) const;
  uint32_t GetCoreNumAiv(void) const;
  uint32_t GetCoreNumVector(void) const;
  uint32_t CalcTschBlockDim(uint32_t sliceNum, uint32_t aicCoreNum, uint32_t aivCoreNum) const;
  uint32_t CalcTschNumBlocks(uint32_t sliceNum, uint32_t aicCoreNum, uint32_t aivCoreNum) const;
  uint32_t GetLibApiWorkSpaceSize(void) const;
  uint32_t GetResCubeGroupWorkSpaceSize(void) const;
  uint32_t GetResGroupBarrierWorkSpaceSize(void) const;
  void GetCoreMemSize(const CoreMemType& memType, uint64_t& size) const;
  void GetCoreMemBw(const CoreMemType& memType, uint64_t& bwSize) const;
  void ReserveLocalMemory(ReservedSize size);
  SocVersion GetSocVersion(void) const;
  NpuArch GetCurNpuArch(void) const;
  // AICoreSpec.vector_reg_width; 0 with an error when absent or not a number.
  uint32_t GetVecRegLen(void) const;

 private:
  fe::PlatFormInfos* platformInfo_;
  // Aborts on a null table, as CANN's does (ASCENDC_ASSERT).
  fe::PlatFormInfos* GetPlatFormInfo(void) const;
  uint32_t reservedMemSize_ = 0;
};

// CANN's process-wide platform (the device the program runs on, or the SoC named). While the
// operation runs an operator's TilingParse or tiling function, GetInstance() answers that call's
// platform. Elsewhere it is a singleton: the first call makes it, for the program's simulated
// device (a CPU-debug program linked to tikicpulib::<SoC>, or a .asc program opsim-asc built:
// the SoC its launches run on) or the customSocVersion named; later calls answer the same
// whatever they name. With neither (a plain host program): nullptr, with an error line.
class PlatformAscendCManager {
 public:
  static PlatformAscendC* GetInstance();
  static PlatformAscendC* GetInstance(const char* customSocVersion);

 private:
  PlatformAscendCManager();
  ~PlatformAscendCManager() = default;
};

}  // namespace platform_ascendc

namespace opsim::op_api {
// The SoC a program was built for (its OPSIM_ICPU_SOC_VERSION), for GetInstance() outside an
// operator call; noted as the program starts. Weak: a kernel unit may include this header (through
// tiling_api.h) in a program that does not link the host library.
__attribute__((weak)) void NoteProgramSoc(const char* soc);
#if defined(OPSIM_ICPU_SOC_VERSION)
inline const bool kProgramSocNoted =
    (NoteProgramSoc != nullptr ? NoteProgramSoc(OPSIM_ICPU_SOC_VERSION) : void(), true);
#endif
}  // namespace opsim::op_api
