// Mmad on the M pipe: C (L0C, NZ) = A (L0A, ZZ; a kernel's m = 1: one ND row, GEMV) x B (L0B,
// ZN) + the initial C. Products of float16/bfloat16 are exact in float32 and summed in float32
// in increasing k; int8 products are summed in int32 with wrap-around (docs/CUBE.md,
// "Numerics"); int4b_t (mad_s4) as int8 with 16 x 64 fractals of 4-bit elements, two a byte,
// low nibble first.
#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "cube/cube_buffers.h"
#include "cube/hf32.h"
#include "cube/unit_flag.h"
#include "opsim/core/float16.h"
#include "opsim/sim/ascendc/cube.h"
#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/fault.h"
#include "opsim/sim/vector_unit.h"
#include "runtime/launch_state.h"
#include "vector/cube_products.h"

namespace opsim::sim::detail {
namespace {

constexpr uint32_t kMmadFractalBytes = kCubeFractalBytes;
constexpr uint32_t kRows = 16;  // rows of an A fractal, columns of a B fractal

struct MmadShape {
  uint32_t m, n, k;
  uint32_t k0;  // elements of one 32 B fractal row: 256 bits / the element's bits
  uint32_t mb, nb, kb;
  uint32_t a_row = 0;  // A's fractals per fractal row: kb, or with kDirectionAlign (float) K to 16
  bool gemv = false;   // m = 1: A is one ND row of k elements (the Mmad page's GEMV)
};

// Bytes of L0A Mmad reads: GEMV's row in whole 32 B runs, else the fractals up to the last row
// block's kb.
uint64_t ABytes(const MmadShape& s) {
  if (s.gemv) return uint64_t{s.kb} * 32;
  return (static_cast<uint64_t>(s.mb - 1) * s.a_row + s.kb) * kMmadFractalBytes;
}

// Byte offset of A[i][kk] in L0A (ZZ) and of B[kk][j] in L0B (ZN); bits = 256 / k0, so an
// int4b_t offset halves (kk a multiple of 2 where the checks ask).
uint64_t AOffset(const MmadShape& s, uint32_t i, uint32_t kk) {
  if (s.gemv) return static_cast<uint64_t>(kk) * (256 / s.k0) / 8;
  return (static_cast<uint64_t>(i / kRows) * s.a_row + kk / s.k0) * kMmadFractalBytes +
         (static_cast<uint64_t>(i % kRows) * s.k0 + kk % s.k0) * (256 / s.k0) / 8;
}
uint64_t BOffset(const MmadShape& s, uint32_t kk, uint32_t j) {
  return (static_cast<uint64_t>(kk / s.k0) * s.nb + j / kRows) * kMmadFractalBytes +
         (static_cast<uint64_t>(j % kRows) * s.k0 + kk % s.k0) * (256 / s.k0) / 8;
}

// int4b_t fractals widened to int8 ones of the same element order (twice the bytes).
void WidenInt4(const uint8_t* from, size_t bytes, std::vector<uint8_t>* to) {
  to->resize(bytes * 2);
  for (size_t i = 0; i < bytes; ++i) {
    const uint8_t v = from[i];
    (*to)[2 * i] = static_cast<uint8_t>((v & 0x8) != 0 ? (v | 0xF0) : (v & 0x0F));
    (*to)[2 * i + 1] = static_cast<uint8_t>((v & 0x80) != 0 ? ((v >> 4) | 0xF0) : (v >> 4));
  }
}
// Element offset of C[i][j] in L0C (NZ: fractal columns of mb fractals).
uint64_t COffset(const MmadShape& s, uint32_t i, uint32_t j) {
  return (static_cast<uint64_t>(j / kRows) * s.mb + i / kRows) * 256 + (i % kRows) * kRows +
         j % kRows;
}

// Unpacks A (m x k, ZZ: 16-row fractals of k0 columns, row blocks of kb fractals) and B (k x n,
// ZN: k0 x 16 fractals stored column by column, k blocks of nb fractals) into row-major arrays,
// fractal by fractal so that each run of k0 elements is read in one go. read(p) widens one
// element (the dtype is chosen once, outside the loops).
template <typename T, typename Read>
void UnpackWith(const MmadShape& s, uint32_t eb, const uint8_t* a, const uint8_t* b, Read read,
                std::vector<T>* da, std::vector<T>* db) {
  const uint64_t fb = uint64_t{kRows} * s.k0 * eb;            // bytes of one fractal
  const uint64_t a_step = s.gemv ? uint64_t{s.k0} * eb : fb;  // from one k0 run of A to the next
  da->resize(static_cast<size_t>(s.m) * s.k);
  db->resize(static_cast<size_t>(s.k) * s.n);
  for (uint32_t i = 0; i < s.m; ++i) {
    T* row = da->data() + static_cast<size_t>(i) * s.k;
    const uint8_t* frow = a + static_cast<uint64_t>(i / kRows) * s.a_row * fb +
                          static_cast<uint64_t>(i % kRows) * s.k0 * eb;
    for (uint32_t q = 0; q * s.k0 < s.k; ++q) {
      const uint8_t* p = frow + static_cast<uint64_t>(q) * a_step;
      const uint32_t len = std::min(s.k0, s.k - q * s.k0);
      for (uint32_t e = 0; e < len; ++e) row[q * s.k0 + e] = read(p + e * eb);
    }
  }
  for (uint32_t j = 0; j < s.n; ++j) {
    const uint8_t* fcol =
        b + static_cast<uint64_t>(j / kRows) * fb + static_cast<uint64_t>(j % kRows) * s.k0 * eb;
    for (uint32_t q = 0; q * s.k0 < s.k; ++q) {
      const uint8_t* p = fcol + static_cast<uint64_t>(q) * s.nb * fb;
      const uint32_t len = std::min(s.k0, s.k - q * s.k0);
      T* out = db->data() + static_cast<size_t>(q) * s.k0 * s.n + j;
      for (uint32_t e = 0; e < len; ++e) out[static_cast<size_t>(e) * s.n] = read(p + e * eb);
    }
  }
}

template <typename T>
void Unpack(const MmadShape& s, DType a_type, const uint8_t* a, const uint8_t* b,
            std::vector<float>* wide_scratch, std::vector<T>* da, std::vector<T>* db) {
  const uint32_t eb = static_cast<uint32_t>(DTypeSize(a_type));
  if constexpr (std::is_same_v<T, float>) {
    switch (a_type) {
      case DType::kFloat16:
      case DType::kBFloat16: {
        // Widen the fractals in bulk (exact: every 16-bit value is a float32), then unpack the
        // float32 copy, whose fractals are twice the bytes.
        const size_t a_elems = s.gemv ? size_t{s.kb} * s.k0 : size_t{s.mb} * s.a_row * kRows * s.k0;
        const size_t b_elems = size_t{s.kb} * s.nb * kRows * s.k0;
        std::vector<float>& wide = *wide_scratch;
        wide.resize(a_elems + b_elems);
        vec::Cast(DType::kFloat32, wide.data(), a_type, a, vec::Round::kNone, a_elems);
        vec::Cast(DType::kFloat32, wide.data() + a_elems, a_type, b, vec::Round::kNone, b_elems);
        return UnpackWith<T>(
            s, 4, reinterpret_cast<const uint8_t*>(wide.data()),
            reinterpret_cast<const uint8_t*>(wide.data() + a_elems),
            [](const uint8_t* p) {
              float f;
              std::memcpy(&f, p, 4);
              return f;
            },
            da, db);
      }
      case DType::kInt4:
      case DType::kComplex64:
      case DType::kComplex32:  // unreachable: DTypeOf<T> has no complex or int4 type
      default:
        return UnpackWith<T>(
            s, eb, a, b,
            [](const uint8_t* p) {
              float f;
              std::memcpy(&f, p, 4);
              return f;
            },
            da, db);
    }
  } else {
    const auto read = [](const uint8_t* p) { return static_cast<T>(static_cast<int8_t>(*p)); };
    if (s.k0 == 64) {  // int4b_t: the fractals Mmad reads (the last A row block's kb), widened
      std::vector<uint8_t> wa, wb;
      WidenInt4(a, ABytes(s), &wa);
      WidenInt4(b, size_t{s.kb} * s.nb * kMmadFractalBytes, &wb);
      return UnpackWith<T>(s, 1, wa.data(), wb.data(), read, da, db);
    }
    UnpackWith<T>(s, eb, a, b, read, da, db);
  }
}

// acc (m x n, row-major, holding the initial C) += A x B, each element summed in increasing k
// (on Highway: simulator/src/vector/cube_products.cc).
template <typename T>
void Multiply(const MmadShape& s, const std::vector<T>& a, const std::vector<T>& b,
              std::vector<T>* acc) {
  if constexpr (std::is_same_v<T, float>) {
    vec::CubeMatAccF32(a.data(), b.data(), acc->data(), s.m, s.k, s.n);
  } else {
    vec::CubeMatAccI32(a.data(), b.data(), acc->data(), s.m, s.k, s.n);
  }
}

// 0: float32 inputs as they are; 1: HF32, ties to even; 2: HF32, ties toward zero.
int Hf32Rounding(const Core& core, DType a_type) {
  if (a_type != DType::kFloat32 || !Hf32Enabled(core)) return 0;
  return Hf32NearestZero(core) ? 2 : 1;
}

// The slot's Mmad working arrays (kept across its calls), or `local` outside a launch.
LaunchState::MmadScratch& ScratchFor(const Core& core, LaunchState::MmadScratch* local) {
  LaunchState* launch = core.launch;
  if (launch == nullptr || core.core_idx < 0 ||
      static_cast<size_t>(core.core_idx) >= launch->mmad_scratch.size()) {
    return *local;
  }
  return launch->mmad_scratch[static_cast<size_t>(core.core_idx)];
}

template <typename T>
void Compute(const MmadShape& s, DType a_type, const uint8_t* a, const uint8_t* b,
             const uint8_t* bias, bool from_c, uint8_t* c, int hf32,
             LaunchState::MmadScratch& scratch) {
  std::vector<T>* arrays[3];
  if constexpr (std::is_same_v<T, float>) {
    arrays[0] = &scratch.a, arrays[1] = &scratch.b, arrays[2] = &scratch.acc;
  } else {
    arrays[0] = &scratch.int_a, arrays[1] = &scratch.int_b, arrays[2] = &scratch.int_acc;
  }
  std::vector<T>& da = *arrays[0];
  std::vector<T>& db = *arrays[1];
  std::vector<T>& acc = *arrays[2];
  Unpack<T>(s, a_type, a, b, &scratch.wide, &da, &db);
  (void)hf32;
  if constexpr (std::is_same_v<T, float>) {
    if (hf32 != 0) {  // CTRL[46]: float32 inputs rounded in L0A/L0B before the product
      RoundToHf32(da.data(), da.size(), hf32 == 2);
      RoundToHf32(db.data(), db.size(), hf32 == 2);
    }
  }
  acc.assign(static_cast<size_t>(s.m) * s.n, T(0));
  if (bias != nullptr) {
    for (uint32_t i = 0; i < s.m; ++i) {
      std::memcpy(acc.data() + static_cast<size_t>(i) * s.n, bias, size_t{s.n} * sizeof(T));
    }
  }
  // L0C is NZ: fractal columns of mb 16 x 16 fractals; a fractal's row is 16 contiguous results,
  // those of C[i][16 col .. 16 col + 15].
  const auto for_each_run = [&](auto&& f) {
    for (uint32_t i = 0; i < s.m; ++i) {
      for (uint32_t col = 0; col * kRows < s.n; ++col) {
        const uint64_t at =
            (static_cast<uint64_t>(col) * s.mb + i / kRows) * 256 + (i % kRows) * kRows;
        f(c + at * sizeof(T), acc.data() + static_cast<size_t>(i) * s.n + col * kRows,
          std::min(kRows, s.n - col * kRows) * sizeof(T));
      }
    }
  };
  if (from_c) for_each_run([](uint8_t* l0c, T* v, size_t bytes) { std::memcpy(v, l0c, bytes); });
  Multiply(s, da, db, &acc);
  for_each_run([](uint8_t* l0c, T* v, size_t bytes) { std::memcpy(l0c, v, bytes); });
}

void RejectUnmodelled(const Core& core, const AscendC::MmadParams& p, const char* instr) {
  if (p.enSsparse || p.enWinogradA || p.enWinogradB || p.fmOffset != 0) {
    RaiseFault(FaultKind::kUnsupported, instr,
               "enSsparse, enWinogradA/B and fmOffset are not modelled (expected false/0)");
  }
  CheckUnitFlag(core, p.unitFlag, instr);
  if (p.kDirectionAlign && !IsA2GenerationCube(core)) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               "kDirectionAlign = true: " + core.device->name + " (" + core.device->architecture +
                   ") takes only false (the Mmad page: Atlas A2/A3 take true)");
  }
  if (p.m > 4095 || p.n > 4095 || p.k > 4095) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               "m = " + std::to_string(p.m) + ", n = " + std::to_string(p.n) +
                   ", k = " + std::to_string(p.k) + " (each must be in [0, 4095])");
  }
}

double MacsPerCycle(const DeviceProfile& d, DType a_type) {
  switch (a_type) {
    case DType::kInt8: return d.cube_int8_macs_per_cycle;
    case DType::kFloat32: return d.cube_f32_macs_per_cycle;
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:  // unreachable: DTypeOf<T> has no complex or int4 type
    default: return d.cube_f16_macs_per_cycle;
  }
}

// Checked mode: which rows and columns of the result Mmad computes from written operands: A's
// row i and B's column j (i < m, j < n; in the last k fractal only the k % k0 elements it
// multiplies) and the bias's element j. A result computed from bytes nothing wrote is garbage
// the chip makes without complaint: it stays unwritten, and reading it out is the fault, as for
// the elementwise instructions (docs/CHECKS.md, "What counts as written"). asc-devkit's mmad
// sample runs n = 64 over the 40 bias values it loaded and copies out 40 columns.
struct WrittenLines {
  std::vector<uint8_t> rows, cols;
  bool all = true;
};

WrittenLines InputsWritten(const Core& core, const MmadShape& s, const UbRef& fm,
                           const UbRef& filter, const UbRef* bias) {
  WrittenLines w;
  w.rows.assign(s.m, 1);
  w.cols.assign(s.n, 1);
  const auto drop = [&w](std::vector<uint8_t>& lines, uint32_t at, bool written) {
    if (written || lines[at] == 0) return;
    lines[at] = 0;
    w.all = false;
  };
  const uint32_t bits = 256 / s.k0;
  for (uint32_t kb = 0; kb < s.kb; ++kb) {
    const uint64_t used = (std::min<uint32_t>(s.k0, s.k - kb * s.k0) * bits + 7) / 8;
    for (uint32_t i = 0; i < s.m; ++i) {
      drop(w.rows, i, LocalWritten(core, fm.ptr + AOffset(s, i, kb * s.k0), used));
    }
    for (uint32_t j = 0; j < s.n; ++j) {
      drop(w.cols, j, LocalWritten(core, filter.ptr + BOffset(s, kb * s.k0, j), used));
    }
  }
  if (bias == nullptr) return w;
  for (uint32_t j = 0; j < s.n; ++j) drop(w.cols, j, LocalWritten(core, bias->ptr + j * 4ull, 4));
  return w;
}

// The results as written (from written operands) or not. Accumulating (from C), a result is as
// written as the C it adds to, unless its row or column is garbage.
void MarkResults(Core& core, const MmadShape& s, const UbRef& dst, bool from_c,
                 const WrittenLines& w, const char* instr) {
  if (w.all && from_c) return;  // each result is as written as the C it accumulates onto
  for (uint32_t i = 0; i < s.m; ++i) {
    for (uint32_t j = 0; j < s.n; j += kRows) {
      const uint32_t cols = s.n - j < kRows ? s.n - j : kRows;
      uint8_t* at = dst.ptr + COffset(s, i, j) * 4;
      if (w.all) {
        MarkWritten(core, at, cols * 4ull);
        continue;
      }
      for (uint32_t c = 0; c < cols; ++c) {
        if (w.rows[i] == 0 || w.cols[j + c] == 0) {
          ClearWritten(core, static_cast<uint32_t>(at + c * 4 - core.ub), 4);
        } else if (!from_c) {
          MarkWritten(core, at + c * 4, 4);
        }
      }
    }
  }
  BufferRecord& r = core.bufs[static_cast<size_t>(dst.buf)];
  if (!w.all && r.garbage_from == nullptr) r.garbage_from = instr;
}

// s4: int4b_t A and B (a_type kInt8), CANN's mad_s4.
void MmadRun(const UbRef& dst, const UbRef& fm, const UbRef& filter, const UbRef* bias,
             DType c_type, DType a_type, const AscendC::MmadParams& p, bool s4, bool gemv) {
  Core& core = Cur();
  const char* instr = "Mmad";
  const DeviceProfile& d = *core.device;
  RequireCubeOperand(core, dst, static_cast<int>(CubeMem::kL0C), -1, 1024, instr, "dst",
                     "CO1 (L0C), 256 elements aligned");
  RequireCubeOperand(core, fm, static_cast<int>(CubeMem::kL0A), -1, kMmadFractalBytes, instr, "fm",
                     "A2 (L0A)");
  RequireCubeOperand(core, filter, static_cast<int>(CubeMem::kL0B), -1, kMmadFractalBytes, instr,
                     "filter", "B2 (L0B)");
  if (bias != nullptr) {
    const int bt = static_cast<int>(d.bias_table_bytes > 0 ? CubeMem::kBT : CubeMem::kL0C);
    RequireCubeOperand(core, *bias, bt, static_cast<int>(CubeMem::kL0C), 128, instr, "bias",
                       "C2 (the bias table) or CO1 (L0C)");
  }
  RejectUnmodelled(core, p, instr);
  const int hf32 = Hf32Rounding(core, a_type);
  // HF32 doubles the float32 rate (the HF32 page: Mmad f322f32 "up to twice" as fast); int4b_t's
  // 16 x 64 fractals twice int8's (an assumption: one fractal product per cycle, as for int8).
  const double rate = MacsPerCycle(d, a_type) * (hf32 != 0 || s4 ? 2 : 1);
  if (rate <= 0 || (s4 && d.architecture == "dav-1001")) {
    RaiseFault(FaultKind::kUnsupported, instr,
               "Mmad with " + std::string(s4 ? "int4b_t" : DTypeName(a_type)) +
                   " inputs does not exist on " + d.name +
                   (s4 ? " (CANN's dav_c100 Mmad has no int4b_t)"
                       : " (cube MACs per cycle for it is 0 in the profile)"));
  }
  if (s4 && p.k % 2 != 0) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               "k = " + std::to_string(p.k) +
                   " with int4b_t inputs (CANN: \"MmadParams.k must be an even number when U "
                   "and S are int4b_t\")");
  }
  // Without a bias operand, cmatrixSource = true takes the initial C from the bias table at its
  // start (CANN's four-operand mad has no bias address; asc-devkit's mmad sample, scenario 1,
  // puts its bias at C2 address 0 and relies on it).
  UbRef table;
  if (bias == nullptr && !p.cmatrixInitVal && p.cmatrixSource) {
    if (d.bias_table_bytes == 0) {
      RaiseFault(FaultKind::kInvalidArgument, instr,
                 "cmatrixSource = true takes the initial C from the bias table, which " + d.name +
                     " does not have: use the Mmad form with a bias operand");
    }
    table = RawLocal(static_cast<uint8_t>(AscendC::TPosition::C2), 0, nullptr, p.n * 4ull, true,
                     "Mmad (the bias table's start, cmatrixSource)");
    bias = &table;
  }
  if (p.m == 0 || p.n == 0 || p.k == 0) return;
  const uint32_t eb = static_cast<uint32_t>(DTypeSize(a_type));
  MmadShape s{p.m, p.n, p.k, s4 ? 64 : 32 / eb, 0, 0, 0};
  s.mb = (s.m + kRows - 1) / kRows;
  s.nb = (s.n + kRows - 1) / kRows;
  s.kb = (s.k + s.k0 - 1) / s.k0;
  // kDirectionAlign (float only; the Mmad page's "K direction alignment"): L0A's K runs to
  // ceil(K / 16) x 16, as LoadData3DV2's transposed 32-bit A leaves it. B's rows are K blocks,
  // so their offsets do not change.
  s.a_row = p.kDirectionAlign && eb == 4 ? (s.k + 15) / 16 * 2 : s.kb;
  s.gemv = gemv && s.m == 1;
  const bool from_c = bias == nullptr && !p.cmatrixInitVal;
  CheckUb(core, fm, ABytes(s), instr, "fm");
  CheckUb(core, filter, static_cast<uint64_t>(s.kb) * s.nb * kMmadFractalBytes, instr, "filter");
  CheckUb(core, dst, static_cast<uint64_t>(s.mb) * s.nb * 256 * 4, instr, "dst");
  if (bias != nullptr) CheckUb(core, *bias, s.n * 4ull, instr, "bias");
  const double macs = static_cast<double>(s.mb) * kRows * s.nb * kRows * s.kb * s.k0;
  const double cost = CubeNs(core, d.instr_issue_cycles + macs / rate);
  // unitFlag: L0C's units order this Mmad after the Fixpipe that read them out (unit_flag.h).
  const uint64_t l0c_offset =
      static_cast<uint64_t>(dst.ptr - core.ub) - core.cube_base[static_cast<size_t>(CubeMem::kL0C)];
  const uint32_t units = s.mb * s.nb * 256 * 4 / kL0cUnitBytes;
  const MmadIssue issued = IssueMmad(core, dst, l0c_offset, units, cost, p.unitFlag, instr);
  const double start = issued.start;
  if (TracksPipes(core)) {
    const double ordered = issued.dst_start;
    TrackRead(core, fm, Pipe::kM, start, start + cost, instr);
    TrackRead(core, filter, Pipe::kM, start, start + cost, instr);
    if (bias != nullptr) TrackRead(core, *bias, Pipe::kM, start, start + cost, instr);
    if (from_c) TrackRead(core, dst, Pipe::kM, ordered, start + cost, instr);
    TrackWrite(core, dst, Pipe::kM, ordered, start + cost, instr, 0);
    if (core.checked)
      MarkResults(core, s, dst, from_c, InputsWritten(core, s, fm, filter, bias), instr);
  }
  const uint8_t* bias_ptr = bias != nullptr ? bias->ptr : nullptr;
  LaunchState::MmadScratch local;
  LaunchState::MmadScratch& scratch = ScratchFor(core, &local);
  if (c_type == DType::kInt32) {
    Compute<int32_t>(s, a_type, fm.ptr, filter.ptr, bias_ptr, from_c, dst.ptr, 0, scratch);
  } else {
    Compute<float>(s, a_type, fm.ptr, filter.ptr, bias_ptr, from_c, dst.ptr, hf32, scratch);
  }
  // A Fixpipe issued before this Mmad and waiting for its units reads them now.
  if (p.unitFlag == 3) ReleaseHeldFixpipes(core);
}

}  // namespace

void CubeMmad(const UbRef& dst, const UbRef& fm, const UbRef& filter, const UbRef* bias,
              DType c_type, DType a_type, DType bias_type, const AscendC::MmadParams& p,
              bool gemv) {
  (void)bias_type;
  MmadRun(dst, fm, filter, bias, c_type, a_type, p, false, gemv);
}

void CubeMmadS4(const UbRef& dst, const UbRef& fm, const UbRef& filter,
                const AscendC::MmadParams& p, const UbRef* bias, bool gemv) {
  MmadRun(dst, fm, filter, bias, DType::kInt32, DType::kInt8, p, true, gemv);
}

}  // namespace opsim::sim::detail
