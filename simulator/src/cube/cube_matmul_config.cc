// Init's reading of the Matmul's configuration (MatmulConfig, MatmulType's positions and formats,
// the policy): each field either takes effect (iterateOrder), is a schedule that leaves the
// results as they are (accepted), or is a form opsim does not model or the chip does not have
// (`unsupported`, naming the field and its value). docs/CUBE.md, "Matmul configuration (BC10)".
#include <algorithm>
#include <string>

#include "cube/cube_buffers.h"
#include "cube/cube_matmul_detail.h"
#include "cube/cube_matmul_tile.h"
#include "cube/mix_run.h"
#include "opsim/sim/ascendc/cube_fixpipe.h"
#include "opsim/sim/ascendc/cube_matmul_static.h"
#include "opsim/sim/ascendc/data_copy.h"
#include "opsim/sim/ascendc/pipe.h"
#include "opsim/sim/ascendc/sync.h"
#include "opsim/sim/ascendc/types.h"
#include "opsim/sim/fault.h"
#include "runtime/describe_buffer.h"

namespace opsim::sim::detail {
namespace {

[[noreturn]] void Unsupported(const char* api, const std::string& what, const char* why) {
  RaiseFault(FaultKind::kUnsupported, api, what + ": " + why);
}

[[noreturn]] void Invalid(const char* api, const std::string& why) {
  RaiseFault(FaultKind::kInvalidArgument, api, why);
}

std::string FormatName(uint8_t f) {
  constexpr const char* kNames[] = {"ND",       "NZ",     "ZN",     "ZZ",          "NN",
                                    "ND_ALIGN", "SCALAR", "VECTOR", "COLUMN_MAJOR"};
  return f < sizeof(kNames) / sizeof(kNames[0]) ? kNames[f]
                                                : "CubeFormat(" + std::to_string(f) + ")";
}

// A's and B's MatmulType (session 38's input forms): GM as ND, A in GM as a VECTOR (GEMV), TSCM
// as NZ; the last two on Atlas A2/A3 only, as the Matmul page lists them.
void CheckInputForm(const MatmulState& s, const char* api) {
  const MatmulForm& f = s.form;
  for (int i = 0; i < 2; ++i) {
    const std::string name = i == 0 ? "A" : "B";
    const auto pos = static_cast<AscendC::TPosition>(f.pos[i]);
    const auto format = static_cast<CubeFormat>(f.format[i]);
    const std::string what = name + "'s MatmulType position TPosition::" + TPositionName(f.pos[i]) +
                             " with format CubeFormat::" + FormatName(f.format[i]);
    if (pos == AscendC::TPosition::GM && format == CubeFormat::ND) continue;
    const bool gemv = i == 0 && pos == AscendC::TPosition::GM && format == CubeFormat::VECTOR;
    const bool tscm = pos == AscendC::TPosition::TSCM && format == CubeFormat::NZ;
    if (!gemv && !tscm) {
      Unsupported(api, what,
                  "opsim's Matmul takes A and B from GM as ND, A from GM as a VECTOR (GEMV), and "
                  "either from TSCM as NZ (VECIN/VECCALC inputs, NZ in GM, ND in TSCM, B as a "
                  "VECTOR, SCALAR and COLUMN_MAJOR are not modelled)");
    }
    if (!IsA2GenerationCube(Cur())) {
      Unsupported(api, what + " on " + Cur().device->name,
                  "CANN's Matmul page lists it on Atlas A2/A3 only");
    }
  }
}

// B as a SparseMatmulType (session 38): CANN's sparse copy-in is the MDL template's
// (SPARSE_MDL; under Norm the index would never reach L1), of int8_t inputs only ("Sparse matmul
// only support int8 inputDtype"), on the chip that has MmadWithSparse.
void CheckSparseForm(const MatmulState& s, const char* api) {
  if (!IsA2GenerationCube(Cur())) {
    Unsupported(api, "B as a SparseMatmulType on " + Cur().device->name,
                "LoadDataWithSparse and MmadWithSparse are Atlas A2/A3's");
  }
  if (s.types.s4 || s.types.a != DType::kInt8) {
    Invalid(api, "B as a SparseMatmulType with " +
                     std::string(s.types.s4 ? "int4b_t" : DTypeName(s.types.a)) +
                     " inputs (CANN: the sparse Matmul takes int8_t only)");
  }
  if (!s.cfg.doMultiDataLoad) {
    Invalid(api,
            "B as a SparseMatmulType under the Norm template (CANN copies the sparse index into "
            "L1 in the MDL template only, CFG_MDL: under Norm MmadWithSparse would read an "
            "index never loaded)");
  }
  // A base block of K after the first starts at its L1 offset / 2 in the dense B: inside a
  // 32-element fractal unless baseK is a multiple of 64.
  if (s.tiling.baseK % 64 != 0 && s.tiling.singleCoreK > s.tiling.baseK) {
    Invalid(api, "B as a SparseMatmulType with baseK = " + std::to_string(s.tiling.baseK) +
                     " and singleCoreK = " + std::to_string(s.tiling.singleCoreK) +
                     ": the dense B's base blocks of K (baseK / 2) would start inside its "
                     "32-element fractals (baseK a multiple of 64, or K in one base block)");
  }
}

// MatmulType's positions and formats, C's type and the policy.
void CheckForm(const MatmulState& s, const char* api) {
  const MatmulForm& f = s.form;
  CheckInputForm(s, api);
  if (!IsOutFormat(f.format[2])) {
    Unsupported(api, "C's MatmulType format CubeFormat::" + FormatName(f.format[2]),
                "C is CubeFormat::ND, ND_ALIGN or NZ on Atlas A2/A3 (CANN's SetCType page; "
                "COLUMN_MAJOR is the Ascend 950's)");
  }
  CheckOutForm(s, api);
  if (!f.out_type_ok && !f.quant_out) {
    Unsupported(api,
                "C of " + std::string(DTypeName(s.types.out)) + " from " +
                    std::string(DTypeName(s.types.a)) + " inputs (accumulating in " +
                    std::string(DTypeName(s.types.l0c)) + ")",
                "no Fixpipe conversion gives it: C is float, half or bfloat16_t (or int8_t, "
                "quantised) for float accumulators, int32_t (or half or int8_t, quantised) for "
                "int32_t");
  }
  if (f.sparse_b) CheckSparseForm(s, api);
  using AscendC::Impl::Detail::PolicyType;
  // CANN's chip table (matmul_chip_cap.h): the triangular Matmul is dav-2201's, not dav-1001's or
  // dav-2002's ("Triangular Matmul is not supported on current device").
  if ((f.policy == static_cast<uint8_t>(PolicyType::MATMUL_UPPER_TRIANGULAR) ||
       f.policy == static_cast<uint8_t>(PolicyType::MATMUL_LOWER_TRIANGULAR)) &&
      !IsA2GenerationCube(Cur())) {
    Unsupported(api,
                std::string(f.policy == static_cast<uint8_t>(PolicyType::MATMUL_UPPER_TRIANGULAR)
                                ? "the policy TrianUpperMatmulPolicy"
                                : "the policy TrianLowerMatmulPolicy") +
                    " on " + Cur().device->name,
                "CANN's Matmul has the triangular policies on Atlas A2/A3 only");
  }
}

// Fields that change the results or the API's contract and that opsim does not model, or that
// CANN's page says Atlas A2/A3 do not have: the first one set is refused.
void RefuseUnmodelled(const MatmulConfig& c, const char* api) {
  struct Flag {
    bool on;
    const char* what;
    const char* why;
  };
  const char* kNotModelled = "not modelled by opsim's Matmul";
  const char* kNotOnA2 = "CANN's page: not supported on Atlas A2/A3 (nor on the 310P)";
  const Flag flags[] = {
      {c.doBasicBlock, "MatmulConfig::doBasicBlock = true (the BasicBlock template)", kNotModelled},
      {c.doSpecialBasicBlock, "MatmulConfig::doSpecialBasicBlock = true", kNotModelled},
      {c.doSpecialMDL, "MatmulConfig::doSpecialMDL = true (the SpecialMDL template)", kNotModelled},
      {c.bmmOutMode != BatchOutMode::SINGLE_BATCH,
       "MatmulConfig::bmmOutMode other than SINGLE_BATCH", kNotModelled},
      {c.decompMode != DecompressionMode::DECOMP_NONE,
       "MatmulConfig::decompMode other than DECOMP_NONE", kNotModelled},
      {c.intraBlockPartSum, "MatmulConfig::intraBlockPartSum = true", kNotOnA2},
      {c.isCO1Shared, "MatmulConfig::isCO1Shared = true", kNotOnA2},
      {c.enableRelu, "MatmulConfig::enableRelu = true", kNotOnA2},
  };
  for (const Flag& f : flags) {
    if (f.on) Unsupported(api, f.what, f.why);
  }
}

// The schedule fields' rules (CANN's MatmulConfig page) against the tiling.
void CheckSchedule(const MatmulConfig& c, const TCubeTiling& t, const char* api) {
  if (c.iterateOrder != IterateOrder::ORDER_M && c.iterateOrder != IterateOrder::ORDER_N &&
      c.iterateOrder != IterateOrder::UNDEF) {
    Invalid(api,
            "MatmulConfig::iterateOrder = " + std::to_string(static_cast<int>(c.iterateOrder)) +
                " (expected ORDER_M, ORDER_N or UNDEF)");
  }
  if (c.scheduleType == ScheduleType::OUTER_PRODUCT) {
    if (c.iterateOrder == IterateOrder::UNDEF) {
      Invalid(api,
              "MatmulConfig::scheduleType = OUTER_PRODUCT with iterateOrder = UNDEF (OUTER_PRODUCT "
              "loops MTE1 along the order's inner axis: set ORDER_M or ORDER_N)");
    }
    if (c.doMultiDataLoad && t.singleCoreK > t.baseK) {
      Invalid(api, "MatmulConfig::scheduleType = OUTER_PRODUCT with MDL and singleCoreK = " +
                       std::to_string(t.singleCoreK) + " > baseK = " + std::to_string(t.baseK) +
                       " (CANN's page: the default INNER_PRODUCT there)");
    }
  }
  if (c.doMTE2Preload > 2) {
    Invalid(api, "MatmulConfig::doMTE2Preload = " + std::to_string(c.doMTE2Preload) +
                     " (expected 0, 1 for M or 2 for N)");
  }
  if (c.doMTE2Preload != 0) {
    const bool m = c.doMTE2Preload == 1;
    const int32_t steps = (t.singleCoreK + t.baseK - 1) / t.baseK;
    const int32_t step_k = m ? t.stepKa : t.stepKb;
    if (!c.doMultiDataLoad || steps > step_k) {
      Invalid(api, "MatmulConfig::doMTE2Preload = " + std::to_string(c.doMTE2Preload) +
                       (c.doMultiDataLoad
                            ? " with K in " + std::to_string(steps) + " base blocks > " +
                                  (m ? "stepKa = " : "stepKb = ") + std::to_string(step_k) +
                                  " (the preload needs K in one L1 load)"
                            : std::string(" outside the MDL template (the preload is MDL's)")));
    }
  }
}

}  // namespace

bool TileOutsideTriangle(const MatmulState& s) {
  using AscendC::Impl::Detail::PolicyType;
  const int32_t mi = s.tile_m0 / s.tiling.baseM, ni = s.tile_n0 / s.tiling.baseN;
  if (s.form.policy == static_cast<uint8_t>(PolicyType::MATMUL_UPPER_TRIANGULAR)) return mi > ni;
  if (s.form.policy == static_cast<uint8_t>(PolicyType::MATMUL_LOWER_TRIANGULAR)) return mi < ni;
  return false;
}

AscendC::QuantMode_t QuantFor(const MatmulState& s) {
  using Q = AscendC::QuantMode_t;
  if (s.form.quant_out) {  // SetQuantScalar's word (or SetQuantVector's) scales it into C
    const bool v = s.quant_vector;
    if (s.types.l0c == DType::kFloat32) return v ? Q::VQF322B8_PRE : Q::QF322B8_PRE;
    if (s.types.out == DType::kInt8) return v ? Q::VREQ8 : Q::REQ8;
    return v ? Q::VDEQF16 : Q::DEQF16;
  }
  switch (s.types.out) {
    case DType::kFloat16: return AscendC::QuantMode_t::F322F16;
    case DType::kBFloat16: return AscendC::QuantMode_t::F322BF16;
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:  // unreachable: DTypeOf<T> has no complex or int4 type
    default: return AscendC::QuantMode_t::NoQuant;
  }
}

uint32_t KParts(const MatmulState& s) {
  if (!s.cfg.isPartialOutput) return 1;
  const auto bk = static_cast<uint32_t>(s.tiling.baseK);
  return (static_cast<uint32_t>(s.single_k) + bk - 1) / bk;
}

// The tile over K rows [k0, k0 + baseK) only: the operands moved on to k0 and K narrowed, so
// that the tile's own loads, Mmads and checks run on that slice, as CANN's partial output
// computes one base block of K per Iterate.
UbRef ComputePartialTile(MatmulState& s) {
  const uint64_t k0 = uint64_t(s.k_part) * uint64_t(s.tiling.baseK);
  const GmRef a = s.a, b = s.b;
  const int32_t single_k = s.single_k;
  const bool bias_on = s.bias_on;
  s.a = GmAt(a, InBytes(s, s.trans_a ? k0 * uint64_t(s.org_m) : k0));
  s.b = GmAt(b, InBytes(s, s.trans_b ? k0 : k0 * uint64_t(s.org_n)));
  s.single_k = std::min(s.tiling.baseK, single_k - static_cast<int32_t>(k0));
  s.bias_on = bias_on && s.k_part == 0;
  const UbRef tile =
      ComputeTile(s, static_cast<uint32_t>(s.tile_m0), static_cast<uint32_t>(s.tile_n0),
                  static_cast<uint32_t>(s.tile_m), static_cast<uint32_t>(s.tile_n));
  s.a = a, s.b = b, s.single_k = single_k, s.bias_on = bias_on;
  return tile;
}

// The held tile out through the Fixpipe's vector mode: SetQuantVector's words of its columns
// into the L1 buffer first (one DataCopy of whole 32 B blocks, as CANN's Matmul copies them).
// The FIX pipe reads what MTE2 wrote: a PIPE_ALL barrier orders them (CANN's own order is an
// MTE2 -> FIX flag; the barrier also waits for the other pipes, a little slower). The buffer
// was the previous tile's, which FIX read: MTE2 first waits for FIX, as CANN's
// CopyDeqTensorToL1 does with a FIX_MTE2 flag (the C1 queue hands it back from MTE1 only).
void FixpipeByQuantVector(MatmulState& s, const GmRef& gm, const AscendC::FixpipeParamsV220& f) {
  const MatmulQueues& q = QueuesOf(s);
  const UbRef table = QueueAlloc(q.quant1);
  Core& core = Cur();
  double& mte2 = core.clock[static_cast<int>(Pipe::kMte2)];
  mte2 = std::max(mte2, core.DoneAt(Pipe::kFix) + core.flag_ns);
  const GmRef from = GmAt(s.quant_vec, uint64_t(s.tile_n0) * 8);
  CopyBlocks(CopyDir::kGmToUb, &table, nullptr, &from, 1, (uint64_t(s.tile_n) * 8 + 31) / 32 * 32,
             0, 0, "DataCopy");
  BarrierPipes(AscendC::PIPE_ALL);
  CubeFixpipeTo(FixpipeToGm(gm), s.c_tile, &table, s.types.out, s.types.l0c,
                s.form.format[2] != static_cast<uint8_t>(CubeFormat::NZ), f, "Fixpipe");
  QueueFree(q.quant1, table);
}

void RefuseDualMasterIterate(const MatmulState& s, const char* api) {
  if (s.cfg.enableMixDualMaster) {
    Invalid(api,
            "MatmulConfig::enableMixDualMaster = true takes IterateAll only (CANN's page: the "
            "results come out by IterateAll)");
  }
}

void RefusePartialOutput(const MatmulState& s, const char* api) {
  if (s.cfg.isPartialOutput) {
    Unsupported(api, "MatmulConfig::isPartialOutput = true",
                "its partial tiles come from Iterate and GetTensorC (each would overwrite the "
                "last here)");
  }
}

void MatmulRefuseForm(const char* api, const char* what) {
  Unsupported(api, what, "not modelled by opsim's Matmul (docs/CUBE.md, \"Matmul configuration\")");
}

void ApplyMatmulConfig(MatmulState& s, const TCubeTiling& tiling, const char* api) {
  CheckForm(s, api);
  RefuseUnmodelled(s.cfg, api);
  CheckSchedule(s.cfg, tiling, api);
  if (s.cfg.isA2B2Shared) {
    // CANN's page: with A2 and B2 shared by all Matmul objects, each base block fits 32 KB.
    const uint64_t a = InBytes(s, uint64_t(tiling.baseM) * uint64_t(tiling.baseK));
    const uint64_t b = InBytes(s, uint64_t(tiling.baseK) * uint64_t(tiling.baseN));
    if (a > 32 * 1024 || b > 32 * 1024) {
      Invalid(api, "MatmulConfig::isA2B2Shared = true with base blocks of A " + std::to_string(a) +
                       " B and B " + std::to_string(b) + " B (each must fit 32 KB)");
    }
  }
  // Dual master: the cube core runs the kernel's Matmul itself, as a pure-cube launch does
  // here; a MIX launch's AIV asking its AIC (the message-driven form) is not that.
  if (s.cfg.enableMixDualMaster && tls_mix != nullptr && !tls_mix->member->aic) {
    Unsupported(api, "MatmulConfig::enableMixDualMaster = true in a MIX launch",
                "the AIC and AIV running their own code is modelled for a kernel launched on "
                "the cube cores (__cube__) only");
  }
  // A configured order replaces the tiling's (CANN's schedulers test it before the tiling's).
  if (s.cfg.iterateOrder != IterateOrder::UNDEF) {
    s.tiling.iterateOrder = s.cfg.iterateOrder == IterateOrder::ORDER_N ? 1 : 0;
  }
}

}  // namespace opsim::sim::detail
