// The cube instructions' parameter structs, under CANN's names and field order
// (kernel_struct_data_copy.h, kernel_struct_mm.h, kernel_struct_fixpipe.h). docs/CUBE.md says
// what each field does here.
#pragma once

#include <cstdint>

namespace AscendC {

// DataCopy GM -> L1 (A1/B1) with ND -> NZ: ndNum matrices of nValue rows x dValue elements.
// Source strides in elements; destination: rows dstNzNStride 32 B blocks apart, C0 columns
// (32 B wide) dstNzC0Stride blocks apart, matrices dstNzMatrixStride elements apart.
// CANN's two constructors (no aggregate): DataCopy(l1, gm, {1, len, 0, 0}) then takes
// DataCopyParams, as with CANN, instead of being ambiguous.
struct Nd2NzParams {
  Nd2NzParams() {}
  Nd2NzParams(uint16_t ndNumIn, uint16_t nValueIn, uint16_t dValueIn, uint16_t srcNdMatrixStrideIn,
              uint16_t srcDValueIn, uint16_t dstNzC0StrideIn, uint16_t dstNzNStrideIn,
              uint16_t dstNzMatrixStrideIn)
      : ndNum(ndNumIn),
        nValue(nValueIn),
        dValue(dValueIn),
        srcNdMatrixStride(srcNdMatrixStrideIn),
        srcDValue(srcDValueIn),
        dstNzC0Stride(dstNzC0StrideIn),
        dstNzNStride(dstNzNStrideIn),
        dstNzMatrixStride(dstNzMatrixStrideIn) {}
  uint16_t ndNum = 0;
  uint16_t nValue = 0;
  uint16_t dValue = 0;
  uint16_t srcNdMatrixStride = 0;
  uint16_t srcDValue = 0;
  uint16_t dstNzC0Stride = 0;
  uint16_t dstNzNStride = 0;
  uint16_t dstNzMatrixStride = 0;
};

// DataCopy GM -> L1 with DN -> NZ (the "DN2NZ" page; Ascend 950 only, not Atlas A2/A3): dnNum
// matrices of nValue rows x dValue columns stored column by column.
struct Dn2NzParams {
  Dn2NzParams() {}
  Dn2NzParams(uint16_t dnNumIn, uint16_t nValueIn, uint32_t dValueIn, uint64_t srcDnMatrixStrideIn,
              uint64_t srcDValueIn, uint16_t dstNzC0StrideIn, uint16_t dstNzNStrideIn,
              uint32_t dstNzMatrixStrideIn)
      : dnNum(dnNumIn),
        nValue(nValueIn),
        dValue(dValueIn),
        srcDnMatrixStride(srcDnMatrixStrideIn),
        srcDValue(srcDValueIn),
        dstNzC0Stride(dstNzC0StrideIn),
        dstNzNStride(dstNzNStrideIn),
        dstNzMatrixStride(dstNzMatrixStrideIn) {}
  uint16_t dnNum = 0;
  uint16_t nValue = 0;
  uint32_t dValue = 0;
  uint64_t srcDnMatrixStride = 0;
  uint64_t srcDValue = 0;
  uint16_t dstNzC0Stride = 0;
  uint16_t dstNzNStride = 0;
  uint32_t dstNzMatrixStride = 0;
};

// LoadData L1 -> L0A/L0B: repeatTimes 512 B fractals, source fractal startIndex + r * srcStride,
// destination fractal r * (1 + dstGap); ifTranspose transposes each 16 x 16 (16-bit) fractal.
struct LoadData2DParams {
  uint16_t startIndex = 0;
  uint8_t repeatTimes = 0;
  uint16_t srcStride = 0;
  uint8_t sid = 0;
  uint16_t dstGap = 0;
  bool ifTranspose = false;
  uint8_t addrMode = 0;
};

// The Ascend 950's LoadData form (mStep x kStep fractals from (mStartPosition, kStartPosition)):
// declared on every chip, as CANN's kernel_struct_mm.h does, so kernels with a 950 branch
// compile; LoadData with it is the 950's only (cube.h).
struct LoadData2DParamsV2 {
  uint32_t mStartPosition = 0;
  uint32_t kStartPosition = 0;
  uint16_t mStep = 0;
  uint16_t kStep = 0;
  int32_t srcStride = 0;
  uint16_t dstStride = 0;
  bool ifTranspose = false;
  uint8_t sid = 0;
};

// Mmad: C (CO1, NZ) = A (A2, ZZ) x B (B2, ZN) over m x k x n, plus the initial C: 0 when
// cmatrixInitVal, else the bias table (cmatrixSource) or the C already in CO1.
struct MmadParams {
  // CANN's constructors (kernel_struct_mm.h), which kernels' brace lists call.
  MmadParams() = default;
  MmadParams(uint16_t mIn, uint16_t nIn, uint16_t kIn, bool isBiasIn, int32_t fmOffsetIn,
             bool enSsparseIn, bool enWinogradAIn, bool enWinogradBIn)
      : m(mIn),
        n(nIn),
        k(kIn),
        isBias(isBiasIn),
        fmOffset(fmOffsetIn),
        enSsparse(enSsparseIn),
        enWinogradA(enWinogradAIn),
        enWinogradB(enWinogradBIn) {}
  MmadParams(uint16_t mIn, uint16_t nIn, uint16_t kIn, uint8_t unitFlagIn, bool cmatrixSourceIn,
             bool cmatrixInitValIn)
      : m(mIn),
        n(nIn),
        k(kIn),
        unitFlag(unitFlagIn),
        cmatrixSource(cmatrixSourceIn),
        cmatrixInitVal(cmatrixInitValIn) {}
  uint16_t m = 0;
  uint16_t n = 0;
  uint16_t k = 0;
  bool isBias = false;
  int32_t fmOffset = 0;
  bool enSsparse = false;
  bool enWinogradA = false;
  bool enWinogradB = false;
  uint8_t unitFlag = 0;
  bool kDirectionAlign = false;
  bool cmatrixSource = false;
  bool cmatrixInitVal = true;
};

// Fixpipe's conversion of the float/int32 results on their way out of L0C.
enum class QuantMode_t : uint8_t {
  NoQuant = 0,
  F322F16,
  F322BF16,
  DEQF16,
  VDEQF16,
  QF322B8_PRE,
  VQF322B8_PRE,
  REQ8,
  VREQ8,
};
using QuantMode = QuantMode_t;

enum class CO2Layout : uint8_t { NZ = 0, ROW_MAJOR, COLUMN_MAJOR };
// CANN's constructors for every generation (kernel_struct_fixpipe.h): isToUB (L0C -> UB) and
// enableFixVal are Ascend 950 fields; a dav-2201 build takes and drops them, as here.
struct FixpipeConfig {
  CO2Layout format;
  constexpr FixpipeConfig(CO2Layout format_) : format(format_) {}  // NOLINT: CANN's, implicit
  constexpr FixpipeConfig(CO2Layout format_, bool /*isToUB*/) : format(format_) {}
  constexpr FixpipeConfig(CO2Layout format_, bool /*isToUB*/, bool /*enableFixVal*/)
      : format(format_) {}
};
// CFG_ROW_MAJOR: NZ -> ND on the way out (the default); CFG_NZ: the NZ fractals as they are.
inline constexpr FixpipeConfig CFG_ROW_MAJOR = {CO2Layout::ROW_MAJOR};
inline constexpr FixpipeConfig CFG_NZ = {CO2Layout::NZ};

// Fixpipe L0C -> GM on Atlas A2 (dav-2201). nSize x mSize results; srcStride: the L0C distance
// between fractal columns in 16-row units (the m extent rounded up to 16); dstStride: the GM
// row pitch in elements (ND) or the distance between fractal columns in 32 B blocks (NZ).
struct FixpipeParamsV220 {
  // CANN's constructors (kernel_struct_fixpipe.h): reluEn comes fifth there.
  FixpipeParamsV220() = default;
  FixpipeParamsV220(uint16_t nSizeIn, uint16_t mSizeIn, uint16_t srcStrideIn, uint32_t dstStrideIn,
                    bool reluEnIn)
      : nSize(nSizeIn),
        mSize(mSizeIn),
        srcStride(srcStrideIn),
        dstStride(dstStrideIn),
        reluEn(reluEnIn) {}
  FixpipeParamsV220(uint16_t nSizeIn, uint16_t mSizeIn, uint16_t srcStrideIn, uint32_t dstStrideIn,
                    bool reluEnIn, QuantMode_t quantPreIn, int64_t deqScalarIn, uint16_t ndNumIn,
                    uint16_t srcNdStrideIn, uint16_t dstNdStrideIn, uint8_t unitFlagIn,
                    bool isChannelSplitIn = false)
      : nSize(nSizeIn),
        mSize(mSizeIn),
        srcStride(srcStrideIn),
        dstStride(dstStrideIn),
        quantPre(quantPreIn),
        deqScalar(static_cast<uint64_t>(deqScalarIn)),
        ndNum(ndNumIn),
        srcNdStride(srcNdStrideIn),
        dstNdStride(dstNdStrideIn),
        reluEn(reluEnIn),
        unitFlag(unitFlagIn),
        isChannelSplit(isChannelSplitIn) {}
  uint16_t nSize = 0;
  uint16_t mSize = 0;
  uint16_t srcStride = 0;
  uint32_t dstStride = 0;
  QuantMode_t quantPre = QuantMode_t::NoQuant;
  uint64_t deqScalar = 0;
  uint16_t ndNum = 1;
  uint16_t srcNdStride = 0;
  uint16_t dstNdStride = 0;
  bool reluEn = false;
  uint8_t unitFlag = 0;
  bool isChannelSplit = false;
};

// DataCopy CO1 -> GM or L1 (Atlas A2): a Fixpipe whose quantisation scalar and NZ -> ND layout
// come from the registers SetFixpipePreQuantFlag and SetFixpipeNz2ndFlag set. nSize x mSize
// results; srcStride as FixpipeParamsV220's; dstStride the ND row pitch in elements (nz2ndEn) or
// the distance between fractal columns in 32 B blocks (NZ).
struct DataCopyCO12DstParams {
  DataCopyCO12DstParams() = default;
  DataCopyCO12DstParams(uint16_t nSizeIn, uint16_t mSizeIn, uint32_t dstStrideIn,
                        uint16_t srcStrideIn, QuantMode_t quantPreIn, uint8_t reluPreIn,
                        bool channelSplitIn, bool nz2ndEnIn)
      : nSize(nSizeIn),
        mSize(mSizeIn),
        dstStride(dstStrideIn),
        srcStride(srcStrideIn),
        quantPre(quantPreIn),
        reluPre(reluPreIn),
        channelSplit(channelSplitIn),
        nz2ndEn(nz2ndEnIn) {}
  uint8_t sid = 0;
  uint16_t nSize = 0;
  uint16_t mSize = 0;
  uint32_t dstStride = 0;
  uint16_t srcStride = 0;
  uint8_t unitFlag = 0;
  uint8_t clipReluPre = 0;
  uint8_t eltWiseOp = 0;
  QuantMode_t quantPre = QuantMode_t::NoQuant;
  uint8_t reluPre = 0;
  bool channelSplit = false;
  bool nz2ndEn = false;
};

}  // namespace AscendC

// CANN's CPU-debug build declares QuantMode_t at global scope (its compiler stub), and its
// samples name it unqualified (asc-devkit data_copy_l0c2gm: `QuantMode_t::DEQF16`).
using AscendC::QuantMode_t;
