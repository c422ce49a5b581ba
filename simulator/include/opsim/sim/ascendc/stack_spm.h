// PopStackBuffer (CANN's kernel_pop_stack_buffer.h), the TPipe's SPM buffer (kernel_tpipe.h:
// InitSpmBuffer, WriteSpmBuffer, ReadSpmBuffer) and CheckLocalMemoryIA, as the 910B runs them.
// Rules and sources: docs/ASCENDC.md, "The stack and SPM buffers".
#pragma once

#include <cstdint>

#include "opsim/sim/ascendc/data_copy.h"
#include "opsim/sim/ascendc/pipe.h"
#include "opsim/sim/ascendc/sync.h"

namespace opsim::sim::detail {
// The rest of the UB after the TPipe's buffers (the 910B keeps its last sizeof(KfcMsg) bytes).
UbRef PopStack(AscendC::TPosition pos);
[[noreturn]] void SpmL1Unsupported();
// Warnings: a Write/ReadSpmBuffer before InitSpmBuffer moves nothing; a size form whose count is
// not whole 32 B blocks moves the whole blocks only.
void SpmNotInitialised(const char* instr);
void SpmPartialBlock(const char* instr, int32_t count, uint32_t elem_bytes);
// CheckLocalMemoryIA: writes DATA_EXP_<enableBit> with CANN's bit layout.
void SetDataExp(uint8_t enable_bit, uint64_t config);
}  // namespace opsim::sim::detail

namespace AscendC {

// CANN's kernel_struct_mm.h. startAddr and endAddr count 32-byte blocks of the UB: the check
// covers (startAddr, endAddr].
struct CheckLocalMemoryIAParam {
  CheckLocalMemoryIAParam() {}
  CheckLocalMemoryIAParam(const uint8_t enableBitIn, const uint32_t startAddrIn,
                          const uint32_t endAddrIn, const bool isScalarReadIn,
                          const bool isScalarWriteIn, const bool isVectorReadIn,
                          const bool isVectorWriteIn, const bool isMteReadIn,
                          const bool isMteWriteIn, const bool isEnableIn)
      : enableBit(enableBitIn),
        startAddr(startAddrIn),
        endAddr(endAddrIn),
        isScalarRead(isScalarReadIn),
        isScalarWrite(isScalarWriteIn),
        isVectorRead(isVectorReadIn),
        isVectorWrite(isVectorWriteIn),
        isMteRead(isMteReadIn),
        isMteWrite(isMteWriteIn),
        isEnable(isEnableIn) {}
  uint8_t enableBit = 0;
  uint32_t startAddr = 0;
  uint32_t endAddr = 0;
  bool isScalarRead = false;
  bool isScalarWrite = false;
  bool isVectorRead = false;
  bool isVectorWrite = false;
  bool isMteRead = false;
  bool isMteWrite = false;
  bool isEnable = false;
  uint32_t reserved = 0;
};

// The register word as CANN's dav_c220 code builds it: start [63:48], end [47:32], scalar
// read/write 31/30, vector 29/28, MTE 27/26, reserved from bit 1, enable bit 0.
inline void CheckLocalMemoryIA(const CheckLocalMemoryIAParam& checkParams) {
  uint64_t config = 0;
  config |= static_cast<uint64_t>(checkParams.startAddr) << 48;
  config |= static_cast<uint64_t>(checkParams.endAddr) << 32;
  config |= static_cast<uint64_t>(checkParams.isScalarRead) << 31;
  config |= static_cast<uint64_t>(checkParams.isScalarWrite) << 30;
  config |= static_cast<uint64_t>(checkParams.isVectorRead) << 29;
  config |= static_cast<uint64_t>(checkParams.isVectorWrite) << 28;
  config |= static_cast<uint64_t>(checkParams.isMteRead) << 27;
  config |= static_cast<uint64_t>(checkParams.isMteWrite) << 26;
  config |= static_cast<uint64_t>(checkParams.reserved) << 1;
  config |= static_cast<uint8_t>(checkParams.isEnable);
  opsim::sim::detail::SetDataExp(checkParams.enableBit, config);
}

template <typename T, TPosition pos>
bool PopStackBuffer(LocalTensor<T>& popLocal) {
  popLocal = TPipe::ScratchTensor<T>(opsim::sim::detail::PopStack(pos).buf);
  return true;
}

template <typename T>
void TPipe::InitSpmBuffer(const GlobalTensor<T>& workspace, const int32_t bufferSize) {
  spm_addr_ = reinterpret_cast<uint8_t*>(workspace.GetPhyAddr());
  spm_bytes_ = bufferSize;
}
inline void TPipe::InitSpmBuffer(const int32_t /*bufferSize*/) {
  opsim::sim::detail::SpmL1Unsupported();
}

// CANN's sequence: MTE3 waits for V and MTE2, copies UB -> GM, then MTE2 and V wait for MTE3.
// The offset counts T elements (CANN adds it to a T pointer; its page says bytes).
template <typename T>
void TPipe::WriteSpmBuffer(const LocalTensor<T>& writeBuffer, const DataCopyParams& copyParams,
                           int32_t writeOffset) {
  const TEventID v_mte3 = FetchEventID(HardEvent::V_MTE3);
  SetFlag<HardEvent::V_MTE3>(v_mte3);
  WaitFlag<HardEvent::V_MTE3>(v_mte3);
  const TEventID mte2_mte3 = FetchEventID(HardEvent::MTE2_MTE3);
  SetFlag<HardEvent::MTE2_MTE3>(mte2_mte3);
  WaitFlag<HardEvent::MTE2_MTE3>(mte2_mte3);
  if (spm_addr_ == nullptr) {
    opsim::sim::detail::SpmNotInitialised("WriteSpmBuffer");
  } else {
    GlobalTensor<T> spm;
    spm.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(spm_addr_),
                        static_cast<uint64_t>(spm_bytes_ > 0 ? spm_bytes_ : 0) / sizeof(T));
    DataCopy(spm[writeOffset], writeBuffer, copyParams);
    const TEventID mte3_mte2 = FetchEventID(HardEvent::MTE3_MTE2);
    SetFlag<HardEvent::MTE3_MTE2>(mte3_mte2);
    WaitFlag<HardEvent::MTE3_MTE2>(mte3_mte2);
  }
  const TEventID mte3_v = FetchEventID(HardEvent::MTE3_V);
  SetFlag<HardEvent::MTE3_V>(mte3_v);
  WaitFlag<HardEvent::MTE3_V>(mte3_v);
}

// MTE2 waits for V, copies GM -> UB, then V and MTE3 wait for MTE2.
template <typename T>
void TPipe::ReadSpmBuffer(const LocalTensor<T>& readBuffer, const DataCopyParams& copyParams,
                          int32_t readOffset) {
  if (spm_addr_ == nullptr) {
    opsim::sim::detail::SpmNotInitialised("ReadSpmBuffer");
    return;
  }
  const TEventID v_mte2 = FetchEventID(HardEvent::V_MTE2);
  SetFlag<HardEvent::V_MTE2>(v_mte2);
  WaitFlag<HardEvent::V_MTE2>(v_mte2);
  GlobalTensor<T> spm;
  spm.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(spm_addr_),
                      static_cast<uint64_t>(spm_bytes_ > 0 ? spm_bytes_ : 0) / sizeof(T));
  DataCopy(readBuffer, spm[readOffset], copyParams);
  const TEventID mte2_v = FetchEventID(HardEvent::MTE2_V);
  SetFlag<HardEvent::MTE2_V>(mte2_v);
  WaitFlag<HardEvent::MTE2_V>(mte2_v);
  const TEventID mte2_mte3 = FetchEventID(HardEvent::MTE2_MTE3);
  SetFlag<HardEvent::MTE2_MTE3>(mte2_mte3);
  WaitFlag<HardEvent::MTE2_MTE3>(mte2_mte3);
}

// The count forms: one burst of count / (32 B / sizeof(T)) blocks (a partial block is dropped,
// as CANN's integer division drops it); count 0 is the tensor's whole size.
template <typename T>
void TPipe::WriteSpmBuffer(const LocalTensor<T>& writeBuffer, const int32_t writeSize,
                           int32_t writeOffset) {
  const int32_t count = writeSize != 0 ? writeSize : static_cast<int32_t>(writeBuffer.GetSize());
  constexpr int32_t kPerBlock = static_cast<int32_t>(32 / sizeof(T));
  if (count % kPerBlock != 0) {
    opsim::sim::detail::SpmPartialBlock("WriteSpmBuffer", count, sizeof(T));
  }
  DataCopyParams p;
  p.blockLen = static_cast<uint16_t>(count / kPerBlock);
  WriteSpmBuffer(writeBuffer, p, writeOffset);
}
template <typename T>
void TPipe::ReadSpmBuffer(const LocalTensor<T>& readBuffer, const int32_t readSize,
                          int32_t readOffset) {
  const int32_t count = readSize != 0 ? readSize : static_cast<int32_t>(readBuffer.GetSize());
  constexpr int32_t kPerBlock = static_cast<int32_t>(32 / sizeof(T));
  if (count % kPerBlock != 0) {
    opsim::sim::detail::SpmPartialBlock("ReadSpmBuffer", count, sizeof(T));
  }
  DataCopyParams p;
  p.blockLen = static_cast<uint16_t>(count / kPerBlock);
  ReadSpmBuffer(readBuffer, p, readOffset);
}

}  // namespace AscendC
