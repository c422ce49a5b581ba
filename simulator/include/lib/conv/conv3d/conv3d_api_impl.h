// The Conv3D API's engine (lib/conv/conv3d/conv3d_api.h): one core's singleCo x singleDo x singleM
// outputs of one batch, as tiles of mL0 positions x nL0 channels accumulated in L0C over the
// kernel's depth taps and chunks of kL0 / (kh x kw x C0) input channel blocks: the NDC1HWC0 rows a
// tile needs GM -> L1, SetFmatrix + LoadData3DV2 (img2col) into L0A, the FRACTAL_Z_3D weights GM
// -> L1 -> L0B, Mmad, Fixpipe (NZ, F322F16/F322BF16) into the NDC1HWC0 output. The stages hand
// off through flags one after the other (no double buffering). docs/CUBE.md "The Conv3D API".
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>

#include "kernel_operator.h"
#include "opsim/core/conv3d_api_tiling.h"
#include "opsim/sim/fault.h"

namespace opsim::conv3d {

[[noreturn]] inline void Refuse(sim::FaultKind kind, const char* call, const std::string& why) {
  sim::RaiseFault(kind, std::string("Conv3D::") + call, why);
}

inline void RequireTiling(const AscendC::tiling::TConv3DApiTiling& t) {
  using sim::FaultKind;
  if (t.groups != 1) {
    Refuse(FaultKind::kUnsupported, "Init",
           "groups = " + std::to_string(t.groups) +
               ": grouped convolution is not supported "
               "(the SetGroups page: 1 only)");
  }
  const uint64_t taps = uint64_t{t.kernelH} * t.kernelW * 16;
  const bool zero = t.orgCo == 0 || t.orgCi == 0 || t.orgDo == 0 || t.orgHo == 0 || t.orgWo == 0 ||
                    t.orgDi == 0 || t.orgHi == 0 || t.orgWi == 0 || t.kernelD == 0 ||
                    t.kernelH == 0 || t.kernelW == 0 || t.strideD == 0 || t.strideH == 0 ||
                    t.strideW == 0 || t.dilationD == 0 || t.dilationH == 0 || t.dilationW == 0;
  if (zero || t.mL0 == 0 || t.mL0 % 16 != 0 || t.nL0 == 0 || t.nL0 % 16 != 0 || t.kL0 == 0 ||
      t.kL0 % taps != 0) {
    Refuse(FaultKind::kInvalidArgument, "Init",
           "the tiling is not one Conv3dTiling::GetTiling writes (shape fields 0, or mL0 = " +
               std::to_string(t.mL0) + ", nL0 = " + std::to_string(t.nL0) +
               ", kL0 = " + std::to_string(t.kL0) +
               ": mL0 and nL0 multiples of 16, kL0 of kernelH x kernelW x "
               "C0 = " +
               std::to_string(taps) + ")");
  }
}

template <class Config>
class Conv3dEngine {
  using InputT = typename Config::SrcAT;
  using WeightT = typename Config::SrcBT;
  using OutputT = typename Config::DstT;
  using BiasT = typename Config::BiasT;
  using L0cT = typename Config::L0cT;
  static constexpr uint64_t kC0 = 16;  // half and bfloat16_t: 32 B of channels

 public:
  void Init(const void* tiling) {
    if (inited_) {
      Refuse(sim::FaultKind::kInvalidArgument, "Init", "called twice (the Init page: only once)");
    }
    AscendC::TPipe* pipe = AscendC::GetTPipePtr();
    if (pipe == nullptr) {
      Refuse(sim::FaultKind::kInvalidArgument, "Init",
             "no TPipe (the Init page: initialise the TPipe before Init)");
    }
    t_ = *static_cast<const AscendC::tiling::TConv3DApiTiling*>(tiling);
    RequireTiling(t_);
    single_co_ = t_.singleCoreCo;
    single_do_ = t_.singleCoreDo;
    single_m_ = t_.singleCoreM;
    const uint64_t c1_l0 = t_.kL0 / (uint64_t{t_.kernelH} * t_.kernelW * kC0);
    const auto bytes = [](uint64_t v) { return static_cast<uint32_t>(v); };
    pipe->InitBuffer(a1_, bytes(c1_l0 * FmapRowsInL1(t_, t_.mL0) * t_.orgWi * 32));
    const uint64_t b1_step = uint64_t{t_.kL0} * t_.nL0 * 2;
    const uint64_t b1_full = t_.bl1FullLoad ? uint64_t{t_.kBL1} * t_.nBL1 * 2 : 0;
    pipe->InitBuffer(b1_, bytes(b1_step > b1_full ? b1_step : b1_full));
    pipe->InitBuffer(a2_, bytes(uint64_t{t_.mL0} * t_.kL0 * 2));
    pipe->InitBuffer(b2_, bytes(uint64_t{t_.kL0} * t_.nL0 * 2));
    pipe->InitBuffer(co1_, bytes(uint64_t{t_.mL0} * t_.nL0 * 4));
    if constexpr (Config::kHasBiasType) {
      pipe->InitBuffer(c1_, bytes(uint64_t{t_.nL0} * kC0 * 2));
      if constexpr (std::is_same_v<BiasT, float>) pipe->InitBuffer(c2_, bytes(t_.nL0 * 4ull));
    }
    inited_ = true;
  }
  void SetInput(const AscendC::GlobalTensor<InputT>& input) {
    Require("SetInput");
    input_ = input;
    has_input_ = true;
  }
  void SetWeight(const AscendC::GlobalTensor<WeightT>& weight) {
    Require("SetWeight");
    weight_ = weight;
    has_weight_ = true;
  }
  void SetBias(const AscendC::GlobalTensor<BiasT>& bias) {
    Require("SetBias");
    bias_ = bias;
    has_bias_ = true;
  }
  void SetSingleOutputShape(uint64_t single_co, uint64_t single_do, uint64_t single_m) {
    Require("SetSingleOutputShape");
    single_co_ = single_co;
    single_do_ = single_do;
    single_m_ = single_m;
  }
  void SetInputStartPosition(int64_t di_start, int64_t m_start) {
    Require("SetInputStartPosition");
    di_start_ = di_start;
    m_start_ = m_start;
  }
  void IterateAll(const AscendC::GlobalTensor<OutputT>& output, bool en_partial_sum) {
    Require("IterateAll");
    if (en_partial_sum) {
      Refuse(sim::FaultKind::kUnsupported, "IterateAll",
             "enPartialSum = true (the IterateAll page: a reserved parameter)");
    }
    if (!has_input_ || !has_weight_) {
      Refuse(sim::FaultKind::kInvalidArgument, "IterateAll",
             std::string("called before ") + (has_input_ ? "SetWeight" : "SetInput") +
                 " (the IterateAll page: after the input and output settings)");
    }
    CheckBlock();
    RunBlock(output);
    iterated_ = true;
  }
  void End() {
    Require("End");
    if (!iterated_) {
      Refuse(sim::FaultKind::kInvalidArgument, "End",
             "called before IterateAll (the End page: End follows IterateAll)");
    }
    iterated_ = false;
  }

 private:
  struct Tile {
    uint64_t d_out, m0, m_len, n0, n_len;
  };

  void Require(const char* call) const {
    if (!inited_) {
      Refuse(sim::FaultKind::kInvalidArgument, call,
             "called before Init (the Init page: Init comes first)");
    }
  }

  // The block SetSingleOutputShape and SetInputStartPosition describe must lie in the output.
  void CheckBlock() const {
    const uint64_t hw = t_.orgHo * t_.orgWo;
    const auto fail = [](const std::string& why) {
      Refuse(sim::FaultKind::kInvalidArgument, "IterateAll", why);
    };
    if (single_co_ == 0 || single_do_ == 0 || single_m_ == 0) {
      fail("SetSingleOutputShape(" + std::to_string(single_co_) + ", " +
           std::to_string(single_do_) + ", " + std::to_string(single_m_) + "): each must be >= 1");
    }
    if (single_co_ > t_.orgCo) {
      fail("singleCo = " + std::to_string(single_co_) +
           " exceeds Cout = " + std::to_string(t_.orgCo));
    }
    if (di_start_ < 0 || di_start_ % t_.strideD != 0 ||
        static_cast<uint64_t>(di_start_) / t_.strideD + single_do_ > t_.orgDo) {
      fail("diStartPos = " + std::to_string(di_start_) +
           " with singleDo = " + std::to_string(single_do_) +
           ": diStartPos is the first output plane x strideD (" + std::to_string(t_.strideD) +
           ", in the padded input) and the planes end by Dout = " + std::to_string(t_.orgDo));
    }
    if (m_start_ < 0 || static_cast<uint64_t>(m_start_) + single_m_ > hw) {
      fail("mStartPos = " + std::to_string(m_start_) + " with singleM = " +
           std::to_string(single_m_) + " passes Hout x Wout = " + std::to_string(hw));
    }
  }

  template <AscendC::HardEvent kEvent>
  static void HandOff() {
    AscendC::SetFlag<kEvent>(0);
    AscendC::WaitFlag<kEvent>(0);
  }

  void RunBlock(const AscendC::GlobalTensor<OutputT>& output) {
    const uint64_t n16 = (single_co_ + 15) / 16 * 16;
    const uint64_t k_rows =
        uint64_t{t_.kernelD} * ((t_.orgCi + kC0 - 1) / kC0) * t_.kernelH * t_.kernelW;
    // bl1FullLoad: the block's whole weight stays in L1 for the block (a block wider than the
    // tiling's nBL1, set by SetSingleOutputShape, loads it piece by piece instead).
    weight_in_l1_ = t_.bl1FullLoad != 0 && n16 <= t_.nBL1 && k_rows * kC0 <= t_.kBL1;
    if (weight_in_l1_) {
      weight_pitch_ = n16 / 16;
      for (uint64_t r = 0; r < k_rows; r += 4095) {
        const uint64_t count = k_rows - r < 4095 ? k_rows - r : 4095;
        LoadWeightRows(r, count, 0, n16, r * n16 * kC0);
      }
    }
    for (uint64_t d = 0; d < single_do_; ++d) {
      const bool m_first = t_.iterateMNOrder == 0;
      const uint64_t outer = m_first ? n16 : single_m_, inner = m_first ? single_m_ : n16;
      const uint64_t outer_step = m_first ? t_.nL0 : t_.mL0, inner_step = m_first ? t_.mL0 : t_.nL0;
      for (uint64_t o = 0; o < outer; o += outer_step) {
        for (uint64_t i = 0; i < inner; i += inner_step) {
          const uint64_t m0 = m_first ? i : o, n0 = m_first ? o : i;
          const uint64_t m_len = m0 + t_.mL0 <= single_m_ ? t_.mL0 : single_m_ - m0;
          const uint64_t n_len = n0 + t_.nL0 <= single_co_ ? t_.nL0 : single_co_ - n0;
          RunTile({d, m0, m_len, n0, n_len}, output);
        }
      }
    }
  }

  void RunTile(const Tile& tile, const AscendC::GlobalTensor<OutputT>& output) {
    InitL0c(tile);
    const uint64_t ci1 = (t_.orgCi + kC0 - 1) / kC0;
    const uint64_t c1_l0 = t_.kL0 / (uint64_t{t_.kernelH} * t_.kernelW * kC0);
    for (uint64_t kd = 0; kd < t_.kernelD; ++kd) {
      const int64_t di = di_start_ +
                         static_cast<int64_t>(tile.d_out * t_.strideD + kd * t_.dilationD) -
                         static_cast<int64_t>(t_.padHead);
      if (di < 0 || di >= static_cast<int64_t>(t_.orgDi)) continue;  // a padding plane adds 0
      for (uint64_t c1 = 0; c1 < ci1; c1 += c1_l0) {
        const uint64_t c1_n = c1 + c1_l0 <= ci1 ? c1_l0 : ci1 - c1;
        AccumulateStep(tile, static_cast<uint64_t>(di), kd, c1, c1_n);
      }
    }
    FixOut(tile, output);
  }

  // L0C starts as the bias row (or 0) through one Mmad of k = 16: half bias is B's first row
  // against a column of ones (exact in float); float bias comes from the bias table with A and B
  // zero. The chip folds the bias into the first Mmad of the tile instead; this costs one small
  // Mmad more, and keeps tiles whose taps all fall in the padding right.
  void InitL0c(const Tile& tile) {
    using namespace AscendC;
    const uint64_t m16 = (tile.m_len + 15) / 16 * 16, n16 = (tile.n_len + 15) / 16 * 16;
    LocalTensor<InputT> a2 = a2_.Get<InputT>();
    LocalTensor<WeightT> b2 = b2_.Get<WeightT>();
    const bool half_bias = has_bias_ && std::is_same_v<BiasT, half>;
    InitConstValue(a2, InitConstValueParams<InputT>(1, static_cast<uint16_t>(m16 / 16), 0,
                                                    static_cast<InputT>(half_bias ? 1.0f : 0.0f)));
    if constexpr (Config::kHasBiasType) {
      if (has_bias_) LoadBias(tile, n16);
    }
    if (!half_bias) {
      InitConstValue(b2, InitConstValueParams<WeightT>(1, static_cast<uint16_t>(n16 / 16), 0,
                                                       static_cast<WeightT>(0.0f)));
    }
    HandOff<HardEvent::MTE1_M>();
    MmadParams mm;
    mm.m = static_cast<uint16_t>(tile.m_len);
    mm.n = static_cast<uint16_t>(n16);
    mm.k = 16;
    mm.cmatrixInitVal = true;
    LocalTensor<L0cT> c = co1_.Get<L0cT>();
    if constexpr (Config::kHasBiasType && std::is_same_v<BiasT, float>) {
      if (has_bias_) {
        Mmad(c, a2, b2, c2_.Get<float>(), mm);
      } else {
        Mmad(c, a2, b2, mm);
      }
    } else {
      Mmad(c, a2, b2, mm);
    }
    HandOff<HardEvent::M_MTE1>();
  }

  void LoadBias(const Tile& tile, uint64_t n16) {
    using namespace AscendC;
    LocalTensor<BiasT> c1 = c1_.Get<BiasT>();
    const auto n = static_cast<uint16_t>(tile.n_len);
    // Zero first: the copies below write whole 32 B blocks of what GM holds, not the n16 columns
    // the Mmad reads.
    const uint64_t zero_blocks = std::is_same_v<BiasT, half> ? n16 : n16 * 4 / 32;
    InitConstValue(c1, InitConstValueParams<BiasT>(1, static_cast<uint16_t>(zero_blocks), 0,
                                                   static_cast<BiasT>(0.0f)));
    if constexpr (std::is_same_v<BiasT, half>) {
      // B (16 x n16, ZN) whose row 0 is the bias: the ND n x 1 column, each row zero-filled to
      // its 32 B block.
      DataCopy(c1, bias_[tile.n0], Nd2NzParams{1, n, 1, 0, 1, static_cast<uint16_t>(n16), 1, 0});
      HandOff<HardEvent::MTE2_MTE1>();
      LoadFractals(b2_.Get<WeightT>(), c1, n16 / 16);
    } else {
      DataCopy(c1, bias_[tile.n0], Nd2NzParams{1, 1, n, 0, n, 1, 1, 0});
      HandOff<HardEvent::MTE2_MTE1>();
      DataCopy(c2_.Get<float>(), c1, DataCopyParams{1, static_cast<uint16_t>(n16 / 16), 0, 0});
    }
    HandOff<HardEvent::MTE1_MTE2>();
  }

  // One depth tap (input plane di) and channel blocks [c1, c1 + c1_n): the rows of the plane the
  // tile's output rows reach, img2col'd against the matching weight rows, added into L0C.
  void AccumulateStep(const Tile& tile, uint64_t di, uint64_t kd, uint64_t c1, uint64_t c1_n) {
    using namespace AscendC;
    const uint64_t m_abs = static_cast<uint64_t>(m_start_) + tile.m0;
    const uint64_t ho_lo = m_abs / t_.orgWo, ho_hi = (m_abs + tile.m_len - 1) / t_.orgWo;
    const uint64_t ext_h = (t_.kernelH - 1ull) * t_.dilationH + 1;
    // Rows in padded coordinates: wanted [p0, p1), present [r_lo, r_hi).
    const uint64_t p0 = ho_lo * t_.strideH, p1 = ho_hi * t_.strideH + ext_h;
    const uint64_t r_lo = p0 > t_.padUp ? p0 : t_.padUp;
    const uint64_t r_hi = p1 < t_.padUp + t_.orgHi ? p1 : t_.padUp + t_.orgHi;
    if (r_hi <= r_lo) return;  // the tile's windows see only padding rows: they add 0
    const uint64_t rows = r_hi - r_lo, h0 = r_lo - t_.padUp;
    LoadFmapRows(di, c1, c1_n, h0, rows);
    const uint64_t taps = uint64_t{t_.kernelH} * t_.kernelW;
    const uint64_t n16 = (tile.n_len + 15) / 16 * 16, k = c1_n * taps * kC0;
    const uint64_t kidx = (kd * ((t_.orgCi + kC0 - 1) / kC0) + c1) * taps;
    if (!weight_in_l1_) LoadWeightRows(kidx, c1_n * taps, tile.n0, n16, 0);
    HandOff<HardEvent::MTE2_MTE1>();
    const uint8_t pads[4] = {static_cast<uint8_t>(t_.padLeft), static_cast<uint8_t>(t_.padRight),
                             static_cast<uint8_t>(r_lo - p0), static_cast<uint8_t>(p1 - r_hi)};
    SetFmatrix(static_cast<uint16_t>(rows), static_cast<uint16_t>(t_.orgWi), pads,
               FmatrixMode::FMATRIX_LEFT);
    SetLoadDataPaddingValue(static_cast<InputT>(0.0f));
    static constexpr IsResetLoad3dConfig kRegistersSet = {false, false};
    LoadData3DParamsV2<InputT> p;
    p.channelSize = static_cast<uint16_t>(c1_n * kC0);
    p.kExtension = static_cast<uint16_t>(k);
    p.mExtension = static_cast<uint16_t>((tile.m_len + 15) / 16 * 16);
    p.mStartPt = static_cast<uint16_t>(m_abs - ho_lo * t_.orgWo);
    p.strideW = static_cast<uint8_t>(t_.strideW);
    p.strideH = static_cast<uint8_t>(t_.strideH);
    p.filterW = static_cast<uint8_t>(t_.kernelW & 0xFF);
    p.filterH = static_cast<uint8_t>(t_.kernelH & 0xFF);
    p.filterSizeW = t_.kernelW > 255;
    p.filterSizeH = t_.kernelH > 255;
    p.dilationFilterW = static_cast<uint8_t>(t_.dilationW);
    p.dilationFilterH = static_cast<uint8_t>(t_.dilationH);
    LoadData<InputT, kRegistersSet>(a2_.Get<InputT>(), a1_.Get<InputT>(), p);
    LoadWeightFractals(kidx, c1_n * taps, tile.n0, n16);
    HandOff<HardEvent::MTE1_M>();
    MmadParams mm;
    mm.m = static_cast<uint16_t>(tile.m_len);
    mm.n = static_cast<uint16_t>(n16);
    mm.k = static_cast<uint16_t>(k);
    mm.cmatrixInitVal = false;
    Mmad(co1_.Get<L0cT>(), a2_.Get<InputT>(), b2_.Get<WeightT>(), mm);
    HandOff<HardEvent::M_MTE1>();
    HandOff<HardEvent::MTE1_MTE2>();
  }

  // Rows [h0, h0 + rows) of channel blocks [c1, c1 + c1_n) of plane di, each block's rows one
  // burst (W x 32 B a row), side by side in A1 as the (c1, h, w, c0) map LoadData3DV2 reads.
  void LoadFmapRows(uint64_t di, uint64_t c1, uint64_t c1_n, uint64_t h0, uint64_t rows) {
    using namespace AscendC;
    const uint64_t ci1 = (t_.orgCi + kC0 - 1) / kC0, plane = t_.orgHi * t_.orgWi;
    // SetInput's tensor starts at plane max(diStartPos - padHead, 0), row max(first output row
    // x strideH - padUp, 0) (ops-nn's Conv3DV2 offsets it so): positions count from there.
    const int64_t d_base = di_start_ - static_cast<int64_t>(t_.padHead);
    const uint64_t d0 = d_base > 0 ? static_cast<uint64_t>(d_base) : 0;
    const uint64_t first_row = static_cast<uint64_t>(m_start_) / t_.orgWo * t_.strideH;
    const uint64_t hb = first_row > t_.padUp ? first_row - t_.padUp : 0;
    const uint64_t base = (d0 * ci1 * plane + hb * t_.orgWi) * kC0;
    LocalTensor<InputT> a1 = a1_.Get<InputT>();
    for (uint64_t b = 0; b < c1_n; ++b) {
      const uint64_t at = ((di * ci1 + c1 + b) * plane + h0 * t_.orgWi) * kC0 - base;
      DataCopy(a1[b * rows * t_.orgWi * kC0], input_[at],
               DataCopyParams{1, static_cast<uint16_t>(rows * t_.orgWi), 0, 0});
    }
  }

  // FRACTAL_Z_3D rows [kidx, kidx + count) (each Co1 x 16 x C0) restricted to channels
  // [n0, n0 + n16), to B1 element `at`: the (kidx, n1) fractals in order, L0B's ZN for Mmad.
  void LoadWeightRows(uint64_t kidx, uint64_t count, uint64_t n0, uint64_t n16, uint64_t at) {
    using namespace AscendC;
    const uint64_t co16 = (t_.orgCo + 15) / 16 * 16;
    DataCopy(b1_.Get<WeightT>()[at], weight_[(kidx * co16 + n0) * kC0],
             DataCopyParams{static_cast<uint16_t>(count), static_cast<uint16_t>(n16),
                            static_cast<uint16_t>(co16 - n16), 0});
  }

  // Rows [kidx, kidx + count) x channels [n0, n0 + n16) of the weight into L0B: one run of
  // fractals from a piece loaded for the step, or row by row from the block's weight in L1.
  void LoadWeightFractals(uint64_t kidx, uint64_t count, uint64_t n0, uint64_t n16) {
    const AscendC::LocalTensor<WeightT> b1 = b1_.Get<WeightT>(), b2 = b2_.Get<WeightT>();
    if (!weight_in_l1_) {
      LoadFractals(b2, b1, count * n16 / 16);
    } else if (n16 / 16 == weight_pitch_) {
      LoadFractals(b2, b1[kidx * weight_pitch_ * 256], count * weight_pitch_);
    } else {
      for (uint64_t r = 0; r < count; ++r) {
        LoadFractals(b2[r * n16 * 16], b1[((kidx + r) * weight_pitch_ + n0 / 16) * 256], n16 / 16);
      }
    }
  }

  template <typename T>
  static void LoadFractals(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                           uint64_t fractals) {
    for (uint64_t f = 0; f < fractals; f += 255) {
      const uint64_t n = fractals - f < 255 ? fractals - f : 255;
      AscendC::LoadData(dst[f * 256], src[f * 256],
                        AscendC::LoadData2DParams{0, static_cast<uint8_t>(n), 1, 0, 0, false, 0});
    }
  }

  // L0C's NZ fractal columns of 16 channels go to the output's C1 blocks, Hout x Wout x C0 apart.
  void FixOut(const Tile& tile, const AscendC::GlobalTensor<OutputT>& output) {
    using namespace AscendC;
    HandOff<HardEvent::M_FIX>();
    const uint64_t hw = t_.orgHo * t_.orgWo, co1 = (t_.orgCo + 15) / 16;
    const uint64_t at = (tile.d_out * co1 * hw + tile.n0 / 16 * hw + tile.m0) * kC0;
    FixpipeParamsV220 fp;
    fp.mSize = static_cast<uint16_t>(tile.m_len);
    fp.nSize = static_cast<uint16_t>((tile.n_len + 15) / 16 * 16);
    fp.srcStride = static_cast<uint16_t>((tile.m_len + 15) / 16 * 16);
    fp.dstStride = static_cast<uint32_t>(hw);
    fp.quantPre = std::is_same_v<OutputT, half> ? QuantMode_t::F322F16 : QuantMode_t::F322BF16;
    Fixpipe<OutputT, L0cT, CFG_NZ>(output[at], co1_.Get<L0cT>(), fp);
    HandOff<HardEvent::FIX_M>();
  }

  AscendC::tiling::TConv3DApiTiling t_{};
  bool inited_ = false, iterated_ = false;
  bool has_input_ = false, has_weight_ = false, has_bias_ = false;
  bool weight_in_l1_ = false;  // this IterateAll's block weight is in B1 whole
  uint64_t weight_pitch_ = 0;  // its fractals of 16 channels per weight row
  uint64_t single_co_ = 0, single_do_ = 0, single_m_ = 0;
  int64_t di_start_ = 0, m_start_ = 0;
  AscendC::GlobalTensor<InputT> input_;
  AscendC::GlobalTensor<WeightT> weight_;
  AscendC::GlobalTensor<BiasT> bias_;
  AscendC::TBuf<AscendC::TPosition::A1> a1_;
  AscendC::TBuf<AscendC::TPosition::B1> b1_;
  AscendC::TBuf<AscendC::TPosition::A2> a2_;
  AscendC::TBuf<AscendC::TPosition::B2> b2_;
  AscendC::TBuf<AscendC::TPosition::CO1> co1_;
  AscendC::TBuf<AscendC::TPosition::C1> c1_;
  AscendC::TBuf<AscendC::TPosition::C2> c2_;
};

}  // namespace opsim::conv3d
