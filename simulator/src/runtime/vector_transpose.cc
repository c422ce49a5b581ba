// Transpose: the basic 16 x 16 form of 16-bit elements, and the extended form with
// TransposeParamsExt (the 16 x 16 form again, [N, C, H, W] <-> [N, H, W, C]) as its page gives
// them for the 910B (Atlas A2/A3) and CANN's dav_c220 code behaves.
#include <cstring>
#include <string>
#include <vector>

#include "opsim/sim/ascendc/vector_mask.h"
#include "opsim/sim/ascendc/vector_transpose.h"
#include "opsim/sim/fault.h"
#include "runtime/launch_state.h"
#include "runtime/vector_repeat_lanes.h"

namespace opsim::sim::detail {

void Transpose16x16(const UbRef& dst, const UbRef& src) {
  const char* name = "Transpose";
  constexpr uint64_t kBytes = 16 * 16 * 2;
  CheckVectorOperand(dst, kBytes, name, "dst");
  CheckVectorOperand(src, kBytes, name, "src");
  Core& core = Cur();
  if (core.checked) CheckWritten(core, src, 0, kBytes, name, "src");
  ChargeRepeat(name, 2, &dst, &src, 1);  // 512 B: two repeats of 256 B
  uint16_t in[256];
  std::memcpy(in, src.ptr, kBytes);  // dst may be src
  uint16_t out[256];
  for (int i = 0; i < 16; ++i) {
    for (int j = 0; j < 16; ++j) out[j * 16 + i] = in[i * 16 + j];
  }
  std::memcpy(dst.ptr, out, kBytes);
}

namespace {

constexpr const char* kTransposeName = "Transpose";
constexpr uint32_t kMaxC = 4095;   // CANN: cSize in [0, UINT12_MAX]
constexpr uint32_t kMaxHw = 4095;  // and hSize * wSize

void WarnTranspose(const char* kind, const std::string& message) {
  Core& core = Cur();
  if (core.launch == nullptr) return;
  core.launch->Warn(core, kind, kTransposeName, -1, [&] { return message; });
}

[[noreturn]] void FailTranspose(const std::string& message) {
  RaiseFault(FaultKind::kInvalidArgument, kTransposeName, message);
}

bool Overlap(const UbRef& a, uint64_t a_bytes, const UbRef& b, uint64_t b_bytes) {
  return a.ptr < b.ptr + b_bytes && b.ptr < a.ptr + a_bytes;
}

const char* TypeName(AscendC::TransposeType t) {
  return t == AscendC::TransposeType::TRANSPOSE_NCHW2NHWC ? "TRANSPOSE_NCHW2NHWC"
                                                          : "TRANSPOSE_NHWC2NCHW";
}

// cSize 1: CANN's code copies the n x h x w elements UB -> UB (whole 32 B blocks), no buffer.
void CopyOneChannel(const UbRef& dst, const UbRef& src, uint32_t elem_bytes,
                    const AscendC::TransposeParamsExt& p) {
  const uint64_t blocks = uint64_t{p.nSize} * p.hSize * p.wSize * elem_bytes / 32;
  if (blocks == 0) return;
  const uint64_t bytes = blocks * 32;
  CheckVectorOperand(dst, bytes, kTransposeName, "dst");
  CheckVectorOperand(src, bytes, kTransposeName, "src");
  Core& core = Cur();
  if (core.checked) CheckWritten(core, src, 0, bytes, kTransposeName, "src");
  ChargeRepeatSpans(kTransposeName, static_cast<uint32_t>((bytes + 255) / 256), &dst, bytes, &src,
                    &bytes, 1);
  std::memmove(dst.ptr, src.ptr, bytes);
  if (core.checked) MarkWritten(core, dst.ptr, bytes);
}

// [N, C, H, W] <-> [N, H, W, C] for cSize above 1: the page's ranges, its buffer figure, no
// overlap of src and dst (the page) or of the buffer with either (the code writes it first).
void ConvertLayout(const UbRef& dst, const UbRef& src, const UbRef& tmp, uint32_t eb,
                   const AscendC::TransposeParamsExt& p) {
  const bool to_nhwc = p.transposeType == AscendC::TransposeType::TRANSPOSE_NCHW2NHWC;
  const uint32_t hw = uint32_t{p.hSize} * p.wSize;
  if (p.cSize > kMaxC) {
    FailTranspose(std::string(TypeName(p.transposeType)) + ": cSize " + std::to_string(p.cSize) +
                  " is outside [0, 4095] (its page)");
  }
  if (hw > kMaxHw) {
    FailTranspose(std::string(TypeName(p.transposeType)) + ": hSize x wSize " + std::to_string(hw) +
                  " is outside [0, 4095] (its page)");
  }
  if (hw * eb % 32 != 0) {
    FailTranspose(std::string(TypeName(p.transposeType)) + ": hSize x wSize x sizeof(T) is " +
                  std::to_string(hw * eb) + " bytes, not a multiple of 32 (its page)");
  }
  if (p.nSize == 0 || hw == 0) return;  // the page: nothing computed, nothing written
  // The page's figure: h0 x w0 x sizeof(T) is one 512 B fractal (1 KiB for 8-bit types).
  const uint64_t fractal = eb == 1 ? 1024 : 512;
  const uint64_t need = (to_nhwc ? p.cSize + 2u : 2u * p.cSize + 1u) * fractal;
  if (tmp.bytes < need) {
    FailTranspose("sharedTmpBuffer holds " + std::to_string(tmp.bytes) + " bytes; " +
                  TypeName(p.transposeType) + " with cSize " + std::to_string(p.cSize) +
                  " needs at least " + std::to_string(need) + " (its page: (" +
                  (to_nhwc ? "cSize + 2" : "cSize x 2 + 1") + ") x h0 x w0 x sizeof(T))");
  }
  const uint64_t bytes = uint64_t{p.nSize} * p.cSize * hw * eb;
  CheckVectorOperand(dst, bytes, kTransposeName, "dst");
  CheckVectorOperand(src, bytes, kTransposeName, "src");
  CheckVectorOperand(tmp, need, kTransposeName, "sharedTmpBuffer");
  if (Overlap(dst, bytes, src, bytes)) {
    FailTranspose(std::string(TypeName(p.transposeType)) +
                  ": src and dst overlap (the page: no reuse of src as dst for this type)");
  }
  if (Overlap(tmp, need, src, bytes) || Overlap(tmp, need, dst, bytes)) {
    FailTranspose("sharedTmpBuffer overlaps src or dst");
  }
  Core& core = Cur();
  if (core.checked) CheckWritten(core, src, 0, bytes, kTransposeName, "src");
  // Cost: the 910B code passes the data three times (TransDataTo5HD into the buffer, the
  // regrouping copies, the copy out): three 256 B repeats per 256 B.
  const UbRef srcs[2] = {src, tmp};
  const uint64_t spans[2] = {bytes, need};
  ChargeRepeatSpans(kTransposeName, static_cast<uint32_t>(3 * ((bytes + 255) / 256)), &dst, bytes,
                    srcs, spans, 2);
  const uint64_t image = uint64_t{p.cSize} * hw * eb;
  for (uint32_t n = 0; n < p.nSize; ++n) {
    const uint8_t* in = src.ptr + n * image;
    uint8_t* out = dst.ptr + n * image;
    for (uint32_t c = 0; c < p.cSize; ++c) {
      for (uint32_t i = 0; i < hw; ++i) {
        const uint64_t chw = (uint64_t{c} * hw + i) * eb, hwc = (uint64_t{i} * p.cSize + c) * eb;
        std::memcpy(out + (to_nhwc ? hwc : chw), in + (to_nhwc ? chw : hwc), eb);
      }
    }
  }
  if (core.checked) {
    MarkWritten(core, dst.ptr, bytes);
    MarkWritten(core, tmp.ptr, need);
  }
}

}  // namespace

void TransposeExtRun(const UbRef& dst, const UbRef& src, const UbRef& tmp, uint32_t elem_bytes,
                     bool b16, const AscendC::TransposeParamsExt& p) {
  using AscendC::TransposeType;
  switch (p.transposeType) {
    case TransposeType::TRANSPOSE_ND2ND_B16:
      if (p.hSize != 16 || p.wSize != 16) {
        WarnTranspose("transpose_ext_b16_shape",
                      "TRANSPOSE_ND2ND_B16 with hSize x wSize " + std::to_string(p.hSize) + " x " +
                          std::to_string(p.wSize) +
                          ": CANN's code transposes only 16 x 16 (the page: fixed 16) and does "
                          "nothing here");
        return;
      }
      if (!b16) {
        WarnTranspose("transpose_ext_b16_type",
                      "TRANSPOSE_ND2ND_B16 on a " + std::to_string(elem_bytes * 8) +
                          "-bit type other than uint16_t (the page's only type on Atlas A2/A3; "
                          "the chip moves 16-bit halves of the 512 B regardless)");
      }
      Transpose16x16(dst, src);
      return;
    case TransposeType::TRANSPOSE_NCHW2NHWC:
    case TransposeType::TRANSPOSE_NHWC2NCHW:
      if (p.cSize == 1) {
        CopyOneChannel(dst, src, elem_bytes, p);
      } else if (p.cSize != 0) {
        ConvertLayout(dst, src, tmp, elem_bytes, p);
      }
      return;
    case TransposeType::TRANSPOSE_TYPE_NONE: return;  // the page: the API does nothing
    default:
      WarnTranspose("transpose_ext_unsupported_type",
                    "transposeType " + std::to_string(static_cast<int>(p.transposeType)) +
                        " is not supported (the page: only TRANSPOSE_ND2ND_B16, "
                        "TRANSPOSE_NCHW2NHWC and TRANSPOSE_NHWC2NCHW; CANN's code does nothing)");
      return;
  }
}

}  // namespace opsim::sim::detail
