// The host helpers of the high-level pattern reductions (lib/reduce/reduce_tiling.h) and
// ReduceXorSum (lib/reduce/reduce_xor_sum_tiling.h): the arguments checked as CANN's helpers
// check them for the 910B, the figure opsim::reduce's (shared with the kernel side's check).
#include <cstdio>
#include <string>
#include <vector>

#include "lib/reduce/mean_tiling.h"
#include "lib/reduce/reduce_tiling.h"
#include "lib/reduce/reduce_xor_sum_tiling.h"
#include "lib/reduce/sum_tiling.h"
#include "opsim/core/reduce_tiling.h"

namespace AscendC {
namespace {

using opsim::reduce::Api;

void Error(const std::string& helper, const std::string& why) {
  std::fprintf(stderr, "[ERROR] %s: %s\n", helper.c_str(), why.c_str());
}

// The element size of the types the API takes on the 910B; 0 (and an error) for the others.
uint32_t TypeBytes(const std::string& helper, Api api, ge::DataType t) {
  const bool f = t == ge::DT_FLOAT;
  if (f) return 4;
  if ((api == Api::kMax || api == Api::kMin) && t == ge::DT_FLOAT16) return 2;
  if ((api == Api::kAny || api == Api::kAll) && t == ge::DT_UINT8) return 1;
  const char* types = api == Api::kMax || api == Api::kMin   ? "DT_FLOAT16 and DT_FLOAT"
                      : api == Api::kAny || api == Api::kAll ? "DT_FLOAT and DT_UINT8"
                                                             : "DT_FLOAT";
  Error(helper, "dataType " + std::to_string(static_cast<int>(t)) + " is not taken on the 910B (" +
                    types + " only)");
  return 0;
}

void TmpSize(const char* api_name, Api api, const ge::Shape& shape, ge::DataType type,
             ReducePattern pattern, bool inner_pad, bool reuse, uint32_t& max, uint32_t& min) {
  const std::string helper = std::string("Get") + api_name + "MaxMinTmpSize";
  const uint32_t bytes = TypeBytes(helper, api, type);
  if (bytes == 0) return;
  const std::vector<int64_t> dims = shape.GetDims();
  if (dims.size() != 2) {
    Error(helper, "srcShape has " + std::to_string(dims.size()) + " dims; it must have 2");
    return;
  }
  if (!inner_pad) {
    Error(helper, "isSrcInnerPad is false; the 910B takes true only");
    return;
  }
  if (pattern != ReducePattern::AR && pattern != ReducePattern::RA) {
    Error(helper, "pattern " + std::to_string(static_cast<uint32_t>(pattern)) +
                      " is not AR or RA, the only patterns of the 910B");
    return;
  }
  if (dims[0] <= 0 || dims[1] <= 0) {
    Error(helper, "srcShape {" + std::to_string(dims[0]) + ", " + std::to_string(dims[1]) +
                      "}: both axes must be above 0");
    return;
  }
  min = max = opsim::reduce::TmpBytes(api, bytes, pattern == ReducePattern::AR,
                                      static_cast<uint32_t>(dims[0]),
                                      static_cast<uint32_t>(dims[1]), reuse);
}

}  // namespace

#define OPSIM_REDUCE_TMP_HELPER(Name, api)                                                     \
  void Get##Name##MaxMinTmpSize(const ge::Shape& srcShape, const ge::DataType dataType,        \
                                ReducePattern pattern, bool isSrcInnerPad, bool isReuseSource, \
                                uint32_t& maxValue, uint32_t& minValue) {                      \
    TmpSize(#Name, api, srcShape, dataType, pattern, isSrcInnerPad, isReuseSource, maxValue,   \
            minValue);                                                                         \
  }

OPSIM_REDUCE_TMP_HELPER(ReduceProd, Api::kProd)
OPSIM_REDUCE_TMP_HELPER(ReduceSum, Api::kSum)
OPSIM_REDUCE_TMP_HELPER(ReduceMean, Api::kMean)
OPSIM_REDUCE_TMP_HELPER(ReduceMax, Api::kMax)
OPSIM_REDUCE_TMP_HELPER(ReduceMin, Api::kMin)
OPSIM_REDUCE_TMP_HELPER(ReduceAny, Api::kAny)
OPSIM_REDUCE_TMP_HELPER(ReduceAll, Api::kAll)
#undef OPSIM_REDUCE_TMP_HELPER

void GetReduceXorSumMaxMinTmpSize(const ge::Shape& srcShape, const uint32_t typeSize,
                                  const bool isReuseSource, uint32_t& maxValue,
                                  uint32_t& minValue) {
  const char* helper = "GetReduceXorSumMaxMinTmpSize";
  const int64_t n = srcShape.GetShapeSize();
  if (srcShape.GetDims().empty() || n <= 0) {
    Error(helper, "srcShape has " + std::to_string(n) + " elements; it needs 1 at least");
    return;
  }
  if (typeSize != 2) {
    Error(helper, "typeSize " + std::to_string(typeSize) + " is not 2 (int16_t)");
    return;
  }
  maxValue = minValue =
      opsim::reduce::XorSumTmpBytes(static_cast<uint32_t>(n), typeSize, isReuseSource);
}

void GetSumMaxMinTmpSize(const uint32_t n, const uint32_t typeSize, const bool /*isReuseSource*/,
                         uint32_t& maxSize, uint32_t& minSize) {
  if (typeSize != 2 && typeSize != 4) {
    Error("GetSumMaxMinTmpSize", "typeSize " + std::to_string(typeSize) + " is not 2 or 4");
    return;
  }
  if (n == 0) {
    Error("GetSumMaxMinTmpSize", "n is 0; it must be above 0");
    return;
  }
  maxSize = minSize = opsim::reduce::SumTmpBytes(n, typeSize);
}

void GetMeanMaxMinTmpSize(const uint32_t n, const uint32_t srcTypeSize, const uint32_t accTypeSize,
                          const bool /*isReuseSource*/, uint32_t& maxSize, uint32_t& minSize) {
  const bool types_ok = (srcTypeSize == 2 && accTypeSize == 2) ||
                        (srcTypeSize == 4 && accTypeSize == 4) ||
                        (srcTypeSize == 2 && accTypeSize == 4);
  if (!types_ok) {
    Error("GetMeanMaxMinTmpSize", "(srcTypeSize, accTypeSize) is (" + std::to_string(srcTypeSize) +
                                      ", " + std::to_string(accTypeSize) +
                                      "); it must be (2, 2), (4, 4) or (2, 4)");
    return;
  }
  if (n == 0) {
    Error("GetMeanMaxMinTmpSize", "n is 0; it must be above 0");
    return;
  }
  maxSize = minSize = opsim::reduce::MeanTmpBytes(n, srcTypeSize, accTypeSize);
}

void GetMeanTmpBufferFactorSize(const uint32_t /*typeSize*/, uint32_t& maxLiveNodeCount,
                                uint32_t& extraBuffer) {
  maxLiveNodeCount = 1;
  extraBuffer = 0;
}

}  // namespace AscendC
