// AIPP (docs/CUBE.md, "AIPP"): SetAippFunctions records the image and its conversions in the
// core's AIPP registers; LoadImageToLocal (MTE2) reads a crop of the image from GM, swaps its
// channels, converts its colour space and its type (mean/min/var), pads its channels and its
// borders and writes the pixels into L1, each pixel C0 (32 B) or 4 channels wide, row by row
// (NC1HWC0 with C1 = 1).
#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "cube/cube_buffers.h"
#include "opsim/core/float16.h"
#include "opsim/sim/ascendc/cube_aipp.h"
#include "opsim/sim/fault.h"
#include "runtime/dma_setup.h"
#include "runtime/extra_registers.h"
#include "runtime/gm_bounds.h"
#include "runtime/l2_cache.h"
#include "runtime/launch_state.h"

namespace opsim::sim::detail {
namespace {

using AscendC::AippInputFormat;

bool AippChip(const Core& core) {
  return IsA2GenerationCube(core) || core.device->architecture == "dav-2002";
}

const char* AippFormatName(AippInputFormat f) {
  switch (f) {
    case AippInputFormat::YUV420SP_U8: return "YUV420SP_U8";
    case AippInputFormat::XRGB8888_U8: return "XRGB8888_U8";
    case AippInputFormat::RGB888_U8: return "RGB888_U8";
    case AippInputFormat::YUV400_U8: return "YUV400_U8";
  }
  return "?";
}

// Bytes of one source pixel in src0.
uint32_t AippPixelBytes(AippInputFormat f) {
  switch (f) {
    case AippInputFormat::XRGB8888_U8: return 4;
    case AippInputFormat::RGB888_U8: return 3;
    case AippInputFormat::YUV420SP_U8:
    case AippInputFormat::YUV400_U8: return 1;
  }
  return 1;
}

void AippRange(const char* instr, const char* field, uint64_t value, uint64_t lo, uint64_t hi,
               const std::string& why = "") {
  if (value >= lo && value <= hi) return;
  RaiseFault(FaultKind::kInvalidArgument, instr,
             std::string(field) + " = " + std::to_string(value) + " (must be in [" +
                 std::to_string(lo) + ", " + std::to_string(hi) + "]" + why + ")");
}

void AippEven(const char* instr, const char* field, uint32_t value, const char* formats) {
  if (value % 2 == 0) return;
  RaiseFault(FaultKind::kInvalidArgument, instr,
             std::string(field) + " = " + std::to_string(value) + " must be even for " + formats +
                 " (the LoadImageToLocal page)");
}

void AippGmAlign(const GmRef& ref, uint32_t align, const char* instr, const char* operand,
                 const char* format) {
  if (reinterpret_cast<uintptr_t>(ref.ptr) % align == 0) return;
  RaiseFault(FaultKind::kMisalignedCopy, instr,
             std::string(operand) + " of a " + format + " image must be " + std::to_string(align) +
                 " B aligned in GM (the SetAippFunctions page)");
}

// The crop, the output's shape and where each output pixel comes from.
struct AippImageShape {
  uint32_t rows, cols;               // the crop (rows: 1 with single-line reads)
  uint32_t top, bot, left, right;    // border padding
  uint32_t height, width, channels;  // the output, channels per pixel
  uint32_t image_channels;           // channels the image fills (3, or 1 for YUV400)
  uint32_t elem_bytes;
};

// The output row (column) an output border position copies, for padding modes 1 to 3;
// `lo`/`n` are the image's first row and row count in the output.
uint32_t AippBorderSource(uint32_t mode, uint32_t i, uint32_t lo, uint32_t n, uint32_t before,
                          uint32_t after) {
  if (i >= lo && i < lo + n) return i;
  const bool first = i < lo;
  switch (mode) {
    case 1: return first ? lo : lo + n - 1;                         // the nearest row
    case 2: return first ? i + before : i - after;                  // the adjacent block
    default: return first ? 2 * lo - 1 - i : 2 * (lo + n) - 1 - i;  // its mirror
  }
}

// The image's channel values of source pixel (r, x), swapped as configured (the page's swaps:
// R and B of RGB888/XRGB8888, U and V of YUV420SP, X to the back of XRGB8888).
void AippSourcePixel(const AippConfig& c, uint32_t src_w, const uint8_t* src0, const uint8_t* src1,
                     uint32_t r, uint32_t x, uint8_t* v) {
  const uint64_t at = uint64_t{r} * src_w + x;
  switch (c.format) {
    case AippInputFormat::YUV420SP_U8: {
      const uint8_t* uv = src1 + uint64_t{r / 2} * src_w + x / 2 * 2;
      v[0] = src0[at];
      v[1] = uv[c.swap_uv ? 1 : 0];
      v[2] = uv[c.swap_uv ? 0 : 1];
      return;
    }
    case AippInputFormat::XRGB8888_U8:
    case AippInputFormat::RGB888_U8: {
      const uint32_t bytes = AippPixelBytes(c.format);
      const uint8_t* px = src0 + at * bytes;
      const uint32_t first = c.format == AippInputFormat::XRGB8888_U8 && c.swap_ax ? 1 : 0;
      for (uint32_t k = 0; k < 3; ++k) v[k] = px[first + k];
      if (c.swap_rb) std::swap(v[0], v[2]);
      return;
    }
    case AippInputFormat::YUV400_U8:
      v[0] = src0[at];
      v[1] = v[2] = 0;  // U and V of a colour-space conversion (CANN's dav-3510 model)
      return;
  }
}

// Colour-space conversion of a pixel's swapped channels, in place, as CANN's ACL and ATC pages
// write it (aclmdlSetAIPPCscParams: YUV -> RGB is M (x - input bias) >> 8, RGB -> YUV is
// (M x) >> 8 + output bias) with the bias fields kernel_reg.h packs (cscBiasIn in the input-bias
// bits, cscBiasOut in the output-bias bits), rounded by + 128 as CANN's dav-3510 model does.
// The shift floors; each channel saturates to [0, 255] (an assumption: the model wraps).
void AippColorSpace(const AippConfig& c, uint8_t* v) {
  const bool yuv =
      c.format == AippInputFormat::YUV420SP_U8 || c.format == AippInputFormat::YUV400_U8;
  int32_t out[3];
  for (int k = 0; k < 3; ++k) {
    int32_t sum = 128;
    for (int col = 0; col < 3; ++col) {
      const int32_t x = int32_t{v[col]} - (yuv ? int32_t{c.csc_bias_in[col]} : 0);
      sum += int32_t{c.csc_matrix[k][col]} * x;
    }
    const int32_t shifted = sum >= 0 ? sum / 256 : -((255 - sum) / 256);
    out[k] = std::clamp(shifted + (yuv ? 0 : int32_t{c.csc_bias_out[k]}), 0, 255);
  }
  for (int k = 0; k < 3; ++k) v[k] = static_cast<uint8_t>(out[k]);
}

// One converted channel value's bits: int8_t: value - mean, saturated ("limited to [-128,
// 127]"); half: (value - mean - min) * var, each step a half operation; uint8_t: the value.
uint16_t AippConvert(const AippConfig& c, uint32_t k, uint8_t value) {
  if (c.out == DType::kInt8) {
    const int v = std::clamp(int{value} - int{c.mean[k]}, -128, 127);
    return static_cast<uint8_t>(static_cast<int8_t>(v));
  }
  if (c.out == DType::kFloat16) {
    const Half diff = Half(static_cast<float>(int{value} - int{c.mean[k]})) - Half(c.min[k]);
    return (diff * Half(c.var[k])).bits();
  }
  return value;
}

AippImageShape AippShapeOf(const AippConfig& c, const AscendC::LoadImageToLocalParams& p) {
  AippImageShape s{};
  s.rows = c.single_line ? 1 : p.vertSize;
  s.cols = p.horizSize;
  s.top = p.topPadSize, s.bot = p.botPadSize, s.left = p.leftPadSize, s.right = p.rightPadSize;
  s.height = s.top + s.rows + s.bot;
  s.width = s.left + s.cols + s.right;
  s.elem_bytes = static_cast<uint32_t>(DTypeSize(c.out));
  s.channels = c.c_padding_mode == 0 ? kCubeC0Bytes / s.elem_bytes : 4;
  s.image_channels = c.format == AippInputFormat::YUV400_U8 && !c.csc ? 1 : 3;
  return s;
}

void AippCheckLoad(const Core& core, const AippConfig& c, const AscendC::LoadImageToLocalParams& p,
                   const char* instr) {
  const bool yuv420 = c.format == AippInputFormat::YUV420SP_U8;
  AippRange(instr, "horizSize", p.horizSize, 2, 4095);
  if (!c.single_line) AippRange(instr, "vertSize", p.vertSize, 2, 4095);  // else unused
  AippRange(instr, "horizStartPos", p.horizStartPos, 0, 4095);
  AippRange(instr, "vertStartPos", p.vertStartPos, 0, 4095);
  AippRange(instr, "srcHorizSize", p.srcHorizSize, 2, 4095);
  AippEven(instr, "horizStartPos", p.horizStartPos, "every input format");
  if (yuv420) {
    AippEven(instr, "vertStartPos", p.vertStartPos, "YUV420SP");
    AippEven(instr, "srcHorizSize", p.srcHorizSize, "YUV420SP");
  }
  const char* pads[] = {"topPadSize", "botPadSize", "leftPadSize", "rightPadSize"};
  const uint32_t pad_values[] = {p.topPadSize, p.botPadSize, p.leftPadSize, p.rightPadSize};
  for (int i = 0; i < 4; ++i) AippRange(instr, pads[i], pad_values[i], 0, 32);
  if (uint32_t{p.horizStartPos} + p.horizSize > p.srcHorizSize) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               "horizStartPos + horizSize = " + std::to_string(p.horizStartPos + p.horizSize) +
                   " runs past the source row of srcHorizSize = " + std::to_string(p.srcHorizSize) +
                   " pixels");
  }
  if (c.padding_mode == 0 && (p.topPadSize != 0 || p.botPadSize != 0)) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               "topPadSize = " + std::to_string(p.topPadSize) +
                   ", botPadSize = " + std::to_string(p.botPadSize) +
                   ": padding mode 0 (constant) pads left and right only (the SetAippFunctions "
                   "page)");
  }
  const uint32_t rows = c.single_line ? 1 : p.vertSize;
  if (c.padding_mode >= 2 && (p.leftPadSize > p.horizSize || p.rightPadSize > p.horizSize ||
                              p.topPadSize > rows || p.botPadSize > rows)) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               "padding mode " + std::to_string(c.padding_mode) +
                   " copies blocks of the crop: left/right pads must be <= horizSize = " +
                   std::to_string(p.horizSize) + " and top/bottom pads <= the crop's " +
                   std::to_string(rows) + " rows (the LoadImageToLocal page)");
  }
  (void)core;
}

// The image part of the output: every pixel's channels, converted; the other channels hold
// cPaddingValue.
void AippWriteImage(const AippConfig& c, const AippImageShape& s,
                    const AscendC::LoadImageToLocalParams& p, const uint8_t* src0,
                    const uint8_t* src1, uint8_t* out) {
  uint8_t v[3] = {};
  for (uint32_t i = 0; i < s.rows; ++i) {
    for (uint32_t j = 0; j < s.cols; ++j) {
      AippSourcePixel(c, p.srcHorizSize, src0, src1, p.vertStartPos + i, p.horizStartPos + j, v);
      if (c.csc) AippColorSpace(c, v);
      uint8_t* px = out + (uint64_t{s.top + i} * s.width + s.left + j) * s.channels * s.elem_bytes;
      for (uint32_t k = 0; k < s.channels; ++k) {
        const uint16_t bits = k < s.image_channels ? AippConvert(c, k, v[k]) : c.c_padding_value;
        std::memcpy(px + k * s.elem_bytes, &bits, s.elem_bytes);
      }
    }
  }
}

// The border: mode 0 the four channel constants (left and right only), modes 1-3 copies of
// the image's converted pixels (nearest, adjacent block, mirrored block); channels past those
// hold cPaddingValue.
void AippWriteBorder(const AippConfig& c, const AippImageShape& s, uint8_t* out) {
  const uint64_t px_bytes = uint64_t{s.channels} * s.elem_bytes;
  for (uint32_t i = 0; i < s.height; ++i) {
    for (uint32_t j = 0; j < s.width; ++j) {
      const bool inside = i >= s.top && i < s.top + s.rows && j >= s.left && j < s.left + s.cols;
      if (inside) continue;
      uint8_t* px = out + (uint64_t{i} * s.width + j) * px_bytes;
      const uint32_t ii = c.padding_mode == 0
                              ? 0
                              : AippBorderSource(c.padding_mode, i, s.top, s.rows, s.top, s.bot);
      const uint32_t jj = c.padding_mode == 0 ? 0
                                              : AippBorderSource(c.padding_mode, j, s.left, s.cols,
                                                                 s.left, s.right);
      const uint8_t* from = out + (uint64_t{ii} * s.width + jj) * px_bytes;
      for (uint32_t k = 0; k < s.channels; ++k) {
        uint16_t bits = c.c_padding_value;
        if (c.padding_mode == 0 && k < 4) {
          bits = c.padding_value[k];
        } else if (c.padding_mode != 0 && k < s.image_channels) {
          std::memcpy(&bits, from + k * s.elem_bytes, s.elem_bytes);
        }
        std::memcpy(px + k * s.elem_bytes, &bits, s.elem_bytes);
      }
    }
  }
}

}  // namespace

void CubeSetAipp(const GmRef& src0, const GmRef* src1, const AippConfig& config) {
  Core& core = Cur();
  const char* instr = "SetAippFunctions";
  if (!AippChip(core)) {
    RaiseFault(FaultKind::kUnsupported, instr,
               std::string(instr) + " does not exist on " + core.device->name + " (" +
                   core.device->architecture +
                   "): its page lists Atlas A2/A3, 200I/500 A2 and the inference AI Core");
  }
  const AippInputFormat f = config.format;
  if (f != AippInputFormat::YUV420SP_U8 && f != AippInputFormat::XRGB8888_U8 &&
      f != AippInputFormat::RGB888_U8 && f != AippInputFormat::YUV400_U8) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               "format = " + std::to_string(static_cast<int>(f)) +
                   " is not an AippInputFormat (0, 1, 4 or 9)");
  }
  if (config.out == DType::kUInt8 && IsA2GenerationCube(core)) {
    RaiseFault(FaultKind::kUnsupported, instr,
               "U = uint8_t: LoadImageToLocal writes int8_t or half on Atlas A2/A3 (its page)");
  }
  AippRange(instr, "paddingMode", config.padding_mode, 0, 3);
  AippRange(instr, "cPaddingMode", config.c_padding_mode, 0, 1);
  AippRange(instr, "dtcRoundMode", config.round_mode, 0, 1);
  if (config.round_mode != 0) {
    RaiseFault(FaultKind::kUnsupported, instr,
               "dtcRoundMode = 1: only Atlas 200I/500 A2 takes it (the SetAippFunctions page)");
  }
  const char* name = AippFormatName(f);
  if (f == AippInputFormat::YUV420SP_U8) {
    if (src1 == nullptr) {
      RaiseFault(FaultKind::kInvalidArgument, instr,
                 "YUV420SP_U8 takes the UV plane: use the form with src1");
    }
    AippGmAlign(src0, 2, instr, "src0", name);
    AippGmAlign(*src1, 2, instr, "src1", name);
  } else if (f == AippInputFormat::XRGB8888_U8) {
    AippGmAlign(src0, 4, instr, "src0", name);
  }
  ExtraRegisters& regs = ExtraRegistersOf(core);
  regs.aipp_set = true;
  regs.aipp = config;
  regs.aipp_src0 = src0;
  regs.aipp_src1 = src1 != nullptr ? *src1 : GmRef{};
  core.Issue(Pipe::kS, instr, core.scalar_ns, 0);
}

void CubeLoadImage(const UbRef& dst, DType dtype, const AscendC::LoadImageToLocalParams& p) {
  Core& core = Cur();
  const char* instr = "LoadImageToLocal";
  const ExtraRegisters& regs = ExtraRegistersOf(core);
  if (!AippChip(core)) {
    RaiseFault(FaultKind::kUnsupported, instr,
               std::string(instr) + " does not exist on " + core.device->name + " (" +
                   core.device->architecture + ")");
  }
  RequireCubeOperand(core, dst, static_cast<int>(CubeMem::kL1), -1, kCubeC0Bytes, instr, "dst",
                     "L1 (A1, B1)");
  if (!regs.aipp_set) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               "no SetAippFunctions before it in this block: the AIPP registers hold no image");
  }
  const AippConfig& c = regs.aipp;
  if (dtype != c.out) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               "dst is " + std::string(DTypeName(dtype)) + " but SetAippFunctions' U is " +
                   std::string(DTypeName(c.out)) + " (the two must agree)");
  }
  AippCheckLoad(core, c, p, instr);
  const AippImageShape s = AippShapeOf(c, p);
  CheckUb(core, dst, uint64_t{s.height} * s.width * s.channels * s.elem_bytes, instr, "dst");
  const bool yuv420 = c.format == AippInputFormat::YUV420SP_U8;
  const uint32_t pb = AippPixelBytes(c.format);
  const uint64_t w = p.srcHorizSize;
  const GmRows rows0{s.rows, uint64_t{s.cols} * pb, w * pb};
  const uint64_t off0 = (uint64_t{p.vertStartPos} * w + p.horizStartPos) * pb;
  const uint64_t span0 = (s.rows - 1) * w * pb + rows0.row_bytes;
  CheckGmAccess(core, regs.aipp_src0, off0, span0, instr, "src0");
  // YUV420SP: one UV row for two Y rows, a U and V byte pair for two pixels.
  const uint32_t uv_rows = yuv420 ? (p.vertStartPos + s.rows - 1) / 2 - p.vertStartPos / 2 + 1 : 0;
  const uint64_t uv_row_bytes =
      yuv420 ? ((p.horizStartPos + s.cols - 1) / 2 + 1) * 2 - p.horizStartPos : 0;
  const uint64_t off1 = uint64_t{p.vertStartPos / 2u} * w + p.horizStartPos;
  const uint64_t span1 = yuv420 ? (uv_rows - 1) * w + uv_row_bytes : 0;
  if (yuv420) CheckGmAccess(core, regs.aipp_src1, off1, span1, instr, "src1");
  GmRef at0 = regs.aipp_src0, at1 = regs.aipp_src1;
  at0.ptr += off0;
  at1.ptr += off1;
  const uint8_t* lo0 = at0.ptr;
  double not_before = 0;
  if (core.auto_sync) {
    not_before = GmSyncStart(core, Pipe::kMte2, lo0, lo0 + span0, false);
    if (yuv420) {
      not_before =
          std::max(not_before, GmSyncStart(core, Pipe::kMte2, at1.ptr, at1.ptr + span1, false));
    }
  }
  double transfer = GmReadTransferNs(core, at0, rows0);
  if (yuv420) transfer += GmReadTransferNs(core, at1, GmRows{uv_rows, uv_row_bytes, w});
  const uint64_t moved = rows0.rows * rows0.row_bytes + uint64_t{uv_rows} * uv_row_bytes;
  const double start = IssueDma(core, Pipe::kMte2, instr, transfer, moved, not_before);
  const double end = start + DmaLatencyNs(core, transfer);
  if (TracksPipes(core)) {
    TrackGm(core, Pipe::kMte2, lo0, lo0 + span0, false, start, end, instr);
    if (yuv420) TrackGm(core, Pipe::kMte2, at1.ptr, at1.ptr + span1, false, start, end, instr);
    TrackWrite(core, dst, Pipe::kMte2, start, end, instr, 0);
  }
  if (core.checked) {
    for (uint32_t r = 0; r < s.rows; ++r) {
      core.launch->LogGm(core, lo0 + r * w * pb, rows0.row_bytes, GmUse::kRead, instr, Pipe::kMte2,
                         start);
    }
    for (uint32_t r = 0; r < uv_rows; ++r) {
      core.launch->LogGm(core, at1.ptr + r * w, uv_row_bytes, GmUse::kRead, instr, Pipe::kMte2,
                         start);
    }
  }
  AippWriteImage(c, s, p, regs.aipp_src0.ptr, regs.aipp_src1.ptr, dst.ptr);
  AippWriteBorder(c, s, dst.ptr);
  if (core.checked)
    MarkWritten(core, dst.ptr, uint64_t{s.height} * s.width * s.channels * s.elem_bytes);
}

}  // namespace opsim::sim::detail
