// The Welford pair (WelfordUpdate, WelfordFinalize): the 910B implementation's parameter and
// temporary-buffer rules, the V-pipe charge, and the per-element computation: WelfordUpdate's
// as CANN's float instructions round it, WelfordFinalize's in double, each output rounded once.
#include <string>
#include <vector>

#include "opsim/sim/ascendc/hl_welford.h"
#include "opsim/sim/detail/core.h"
#include "opsim/sim/fault.h"
#include "runtime/hl_elements.h"
#include "runtime/hl_operands.h"

namespace opsim::sim::hl {
// Named, not anonymous: the simulator builds as unity files.
namespace welford_impl {

using detail::UbRef;

constexpr uint32_t kRepeatBytes = 256;
constexpr uint32_t kBlockFloats = 8;

[[noreturn]] void Fail(const char* name, const std::string& message) {
  RaiseFault(FaultKind::kInvalidArgument, name, message);
}
std::string Str(uint64_t v) { return std::to_string(v); }

// Checks the operands, charges `passes` vector passes over `bytes`, and records the reads and
// writes for the pipe tracker.
void Charge(const char* name, const UbRef* const* reads, const uint64_t* read_bytes, int nreads,
            const UbRef* const* writes, const uint64_t* write_bytes, int nwrites, const UbRef* tmp,
            uint32_t passes, uint64_t bytes) {
  detail::Core& core = detail::Cur();
  HlOperands o;
  for (int i = 0; i < nwrites; ++i) o.Write(writes[i], write_bytes[i]);
  for (int i = 0; i < nreads; ++i) o.Read(reads[i], read_bytes[i]);
  CheckOperandsInUb(core, o, tmp, name);
  IssueOnVectorPipe(core, o, tmp, passes * core.VectorCost(bytes), name);
}

float LoadF(const UbRef& r, size_t i) {
  return static_cast<float>(Load(ElemType::kFloat, r.ptr + i * 4));
}
void StoreF(const UbRef& r, size_t i, double v) { Store(ElemType::kFloat, r.ptr + i * 4, v); }

void Update(const WelfordUpdateCall& c) {
  const char* name = "WelfordUpdate";
  const AscendC::WelfordUpdateParam& p = *c.para;
  const uint32_t xb = ElemBytes(c.x_type);
  if (p.rnLength != 1) Fail(name, "para.rnLength is " + Str(p.rnLength) + "; it must be 1");
  if (p.abComputeLength == 0 || p.abComputeLength > p.abLength) {
    Fail(name, "para.abComputeLength " + Str(p.abComputeLength) + " must be in [1, abLength " +
                   Str(p.abLength) + "]");
  }
  if (uint64_t{p.abLength} * xb % 32 != 0) {
    Fail(name, "para.abLength " + Str(p.abLength) + " is " + Str(uint64_t{p.abLength} * xb) +
                   " bytes of inputX: it must be whole 32-byte blocks");
  }
  // The 910B works in pieces of 256-byte repeats: three float buffers for half input, two for
  // float (one reusing the source).
  const uint32_t pieces = c.x_type == ElemType::kHalf ? 3 : (c.reuse_source ? 1 : 2);
  if (c.tmp != nullptr && c.tmp->bytes < uint64_t{pieces} * kRepeatBytes) {
    Fail(name, "sharedTmpBuffer holds " + Str(c.tmp->bytes) + " bytes; it needs at least " +
                   Str(pieces * kRepeatBytes) + " (" + Str(pieces) + " 256-byte repeats)");
  }
  const uint64_t stat_bytes = uint64_t{p.abLength} * 4;
  const UbRef* reads[3] = {c.in_mean, c.in_var, c.x};
  const uint64_t read_bytes[3] = {stat_bytes, stat_bytes, uint64_t{p.abLength} * xb};
  const UbRef* writes[2] = {c.out_mean, c.out_var};
  // Without isInplace the outputs past abComputeLength are left as they were.
  const uint64_t written = c.inplace ? stat_bytes : uint64_t{p.abComputeLength} * 4;
  const uint64_t write_bytes[2] = {written, written};
  // Sub, Muls, Add (mean); Sub, Mul, Add (variance); half's cast.
  Charge(name, reads, read_bytes, 3, writes, write_bytes, 2, c.tmp,
         6 + (c.x_type == ElemType::kHalf ? 1 : 0), uint64_t{p.abComputeLength} * 4);
  std::vector<float> in_mean(p.abLength), in_var(p.abLength);
  for (uint32_t j = 0; j < p.abLength; ++j) {
    in_mean[j] = LoadF(*c.in_mean, j);
    in_var[j] = LoadF(*c.in_var, j);
  }
  // isInplace: the outputs beyond the computed length (from the block holding its end) are the
  // inputs, copied before the computation.
  if (c.inplace && p.abComputeLength < p.abLength) {
    const uint32_t span =
        (p.abLength - p.abComputeLength + kBlockFloats - 1) / kBlockFloats * kBlockFloats;
    for (uint32_t j = p.abLength > span ? p.abLength - span : 0; j < p.abLength; ++j) {
      StoreF(*c.out_mean, j, in_mean[j]);
      StoreF(*c.out_var, j, in_var[j]);
    }
  }
  // CANN's six vector instructions (Sub, Muls, Add; Sub, Mul, Add), each result a float: the
  // sample's numpy golden rounds the same way, a single rounding differs by an ulp.
  for (uint32_t j = 0; j < p.abComputeLength; ++j) {
    const float x = static_cast<float>(Load(c.x_type, c.x->ptr + size_t{j} * xb));
    const float delta = x - in_mean[j];
    const float step = delta * p.nRec;
    const float mean = step + in_mean[j];
    const float spread = delta * (x - mean);
    StoreF(*c.out_mean, j, mean);
    StoreF(*c.out_var, j, spread + in_var[j]);
  }
}

void CheckFinalize(const WelfordFinalizeCall& c, const char* name) {
  const AscendC::WelfordFinalizePara& p = *c.para;
  if (p.abLength == 0 || p.abLength % kBlockFloats != 0) {
    Fail(name,
         "para.abLength " + Str(p.abLength) + " must be above 0 and whole 32-byte blocks of float");
  }
  if (uint64_t{p.headCountLength} + p.tailCountLength != p.abLength) {
    Fail(name, "para.headCountLength " + Str(p.headCountLength) + " + tailCountLength " +
                   Str(p.tailCountLength) + " must be abLength " + Str(p.abLength));
  }
  if (p.tailCount == 0 && p.tailCountLength != 0) {
    Fail(name, "para.tailCountLength is " + Str(p.tailCountLength) +
                   "; it must be 0 when tailCount is 0");
  }
  // Two 64-float outputs and two 64-float work pieces at least.
  if (c.tmp != nullptr && c.tmp->bytes < 4 * 64 * 4) {
    Fail(name, "sharedTmpBuffer holds " + Str(c.tmp->bytes) + " bytes; it needs at least 1024");
  }
}

// Each lane's weight: its counts entry, else headCount / tailCount by position (rnLength without a
// tail).
double Weight(const WelfordFinalizeCall& c, uint32_t j) {
  const AscendC::WelfordFinalizePara& p = *c.para;
  if (c.counts != nullptr) return static_cast<float>(Load(ElemType::kInt32, c.counts->ptr + j * 4));
  if (p.tailCountLength == 0 || p.tailCount == 0) return p.rnLength;
  return j < p.headCountLength ? p.headCount : p.tailCount;
}

void Finalize(const WelfordFinalizeCall& c) {
  const char* name = "WelfordFinalize";
  CheckFinalize(c, name);
  const AscendC::WelfordFinalizePara& p = *c.para;
  const uint64_t bytes = uint64_t{p.abLength} * 4;
  const UbRef* reads[3] = {c.in_mean, c.in_var, c.counts};
  const uint64_t read_bytes[3] = {bytes, bytes, bytes};
  const UbRef* writes[2] = {c.out_mean, c.out_var};
  const uint64_t write_bytes[2] = {32, 32};
  // Mean: cast or scale, Muls, reduce (2); variance: broadcast, Sub, Mul, Muls, Add, Muls, reduce.
  Charge(name, reads, read_bytes, c.counts != nullptr ? 3 : 2, writes, write_bytes, 2, c.tmp, 12,
         bytes);
  const bool plain = c.counts == nullptr && (p.tailCountLength == 0 || p.tailCount == 0);
  double mean = 0;
  for (uint32_t j = 0; j < p.abLength; ++j) {
    const double m = LoadF(*c.in_mean, j);
    mean += plain ? m * static_cast<double>(p.abRec) : m * Weight(c, j) * p.rRec;
  }
  const float mean_f = static_cast<float>(mean);
  double var = 0;
  for (uint32_t j = 0; j < p.abLength; ++j) {
    const double d = LoadF(*c.in_mean, j) - static_cast<double>(mean_f);
    var += (LoadF(*c.in_var, j) + Weight(c, j) * d * d) * p.rRec;
  }
  for (uint32_t j = 0; j < 8; ++j) {
    StoreF(*c.out_mean, j, j == 0 ? mean : 0);
    StoreF(*c.out_var, j, j == 0 ? var : 0);
  }
}

}  // namespace welford_impl

void RunWelfordUpdate(const WelfordUpdateCall& call) { welford_impl::Update(call); }
void RunWelfordFinalize(const WelfordFinalizeCall& call) { welford_impl::Finalize(call); }

}  // namespace opsim::sim::hl
