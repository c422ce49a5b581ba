// TransDataTo5HD: the vector unit's 16-block scatter transpose (NCHW -> NC1HWC0), CANN's page
// TransDataTo5HD.md. Each repeat reads one 32 B block at each of 16 source addresses and writes
// one at each of 16 destination addresses: 16-bit, block j of dst holds element j of every source
// block; 8-bit, element j of the chosen half (srcHighHalf) of every source block goes to the
// chosen half (dstHighHalf) of dst block j; 32-bit, element j of source blocks 0-7 goes to dst
// block 2j and of blocks 8-15 to dst block 2j + 1 (C0 = 16 of the NC1HWC0 rule the page gives).
// Repeat r adds r * repStride blocks to every address; with repeatTimes 1 the one repeat adds
// repStride itself, as the page says.
#pragma once

#include <cstdint>
#include <type_traits>

#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/ascendc/types.h"
#include "opsim/sim/detail/core.h"

namespace AscendC {

constexpr int32_t NCHW_CONV_ADDR_LIST_SIZE = 16;

struct TransDataTo5HDParams {
  constexpr TransDataTo5HDParams() = default;
  constexpr TransDataTo5HDParams(const bool dstHighHalfIn, const bool srcHighHalfIn,
                                 const uint8_t repeatTimesIn, const uint16_t dstRepStrideIn,
                                 const uint16_t srcRepStrideIn)
      : dstHighHalf(dstHighHalfIn),
        srcHighHalf(srcHighHalfIn),
        repeatTimes(repeatTimesIn),
        dstRepStride(dstRepStrideIn),
        srcRepStride(srcRepStrideIn) {}
  bool dstHighHalf = false;
  bool srcHighHalf = false;
  uint8_t repeatTimes = 1;
  uint16_t dstRepStride = 0;
  uint16_t srcRepStride = 0;
};

}  // namespace AscendC

namespace opsim::sim::detail {

// The 16 operands of each side as buffer views (a list of UB addresses is resolved to the live
// buffer holding each address first).
void TransDataTo5HDRun(uint32_t elem_bytes, const UbRef* dst, const UbRef* src,
                       const AscendC::TransDataTo5HDParams& params);
// UB addresses (GetPhyAddr values) to views: an address in no buffer of this kernel is a fault.
void UbRefsOfAddresses(const char* operand, const uint64_t* addrs, UbRef* out);
// The 16 addresses a LocalTensor<uint64_t> holds (checked: bounds, written).
void AddressesOfTensor(const char* operand, const UbRef& list, uint64_t* out);

template <typename T>
constexpr void CheckTrans5HDType() {
  static_assert(std::is_same_v<T, int8_t> || std::is_same_v<T, uint8_t> ||
                    std::is_same_v<T, int16_t> || std::is_same_v<T, uint16_t> ||
                    std::is_same_v<T, half> || std::is_same_v<T, int32_t> ||
                    std::is_same_v<T, uint32_t> || std::is_same_v<T, float>,
                "TransDataTo5HD takes int8_t, uint8_t, int16_t, uint16_t, half, int32_t, uint32_t "
                "or float on the 910B");
}

}  // namespace opsim::sim::detail

namespace AscendC {

template <typename T>
void TransDataTo5HD(uint64_t dstList[NCHW_CONV_ADDR_LIST_SIZE],
                    uint64_t srcList[NCHW_CONV_ADDR_LIST_SIZE],
                    const TransDataTo5HDParams& nchwconvParams) {
  using namespace opsim::sim::detail;
  CheckTrans5HDType<PrimT<T>>();
  UbRef dst[16], src[16];
  UbRefsOfAddresses("dstList", dstList, dst);
  UbRefsOfAddresses("srcList", srcList, src);
  TransDataTo5HDRun(sizeof(PrimT<T>), dst, src, nchwconvParams);
}

template <typename T>
void TransDataTo5HD(const LocalTensor<uint64_t>& dst, const LocalTensor<uint64_t>& src,
                    const TransDataTo5HDParams& nchwconvParams) {
  using namespace opsim::sim::detail;
  CheckTrans5HDType<PrimT<T>>();
  uint64_t dst_addrs[16], src_addrs[16];
  AddressesOfTensor("dst", dst.ref(), dst_addrs);
  AddressesOfTensor("src", src.ref(), src_addrs);
  UbRef d[16], s[16];
  UbRefsOfAddresses("dst", dst_addrs, d);
  UbRefsOfAddresses("src", src_addrs, s);
  TransDataTo5HDRun(sizeof(PrimT<T>), d, s, nchwconvParams);
}

template <typename T>
void TransDataTo5HD(const LocalTensor<T> (&dstList)[NCHW_CONV_ADDR_LIST_SIZE],
                    const LocalTensor<T> (&srcList)[NCHW_CONV_ADDR_LIST_SIZE],
                    const TransDataTo5HDParams& nchwconvParams) {
  using namespace opsim::sim::detail;
  CheckTrans5HDType<PrimT<T>>();
  UbRef d[16], s[16];
  for (int i = 0; i < 16; ++i) {
    d[i] = dstList[i].ref();
    s[i] = srcList[i].ref();
  }
  TransDataTo5HDRun(sizeof(PrimT<T>), d, s, nchwconvParams);
}

}  // namespace AscendC
