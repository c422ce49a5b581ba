// ProposalConcat, ProposalExtract, RpSort16 and MrgSort4 (vector_proposal.h): the 910A's and
// the 310P's region proposals, 8 elements of T with the score at element 4. Order: largest score
// first, NaN ranked with +inf (as Sort32 and MrgSort here; CANN documents no NaN order); equal
// scores keep their order (the pages: of proposal[i] and proposal[j] with i > j, j comes first),
// across MrgSort4's lists the lower list first. A proposal moves whole (its 8 elements).
#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "opsim/sim/ascendc/vector_mask.h"
#include "opsim/sim/ascendc/vector_proposal.h"
#include "opsim/sim/detail/core.h"
#include "opsim/sim/fault.h"
#include "runtime/describe_buffer.h"
#include "runtime/gm_init.h"
#include "runtime/proposal_merge.h"

namespace opsim::sim::detail {
// Named, not anonymous: the simulator builds as unity files.
namespace proposal_impl {

constexpr uint64_t kElems = 8;       // elements of T per region proposal
constexpr uint64_t kScoreElem = 4;   // [x1, y1, x2, y2, score, label, reserved_0, reserved_1]
constexpr uint64_t kPerRepeat = 16;  // proposals per repeat of Concat, Extract and RpSort16

const char* OpName(ProposalOp op) {
  switch (op) {
    case ProposalOp::kConcat: return "ProposalConcat";
    case ProposalOp::kExtract: return "ProposalExtract";
    default: return "RpSort16";
  }
}

[[noreturn]] void Fail(const char* api, const std::string& message) {
  RaiseFault(FaultKind::kInvalidArgument, api, message);
}

// CANN's pages: supported on the Atlas training series (910A, dav-1001: half only) and the Atlas
// inference series AI Core (310P, dav-2002: half and float); "不支持" on the Atlas A2/A3 (910B),
// whose dav_c220 implementation reports "an unsupported API on current device". A profile with
// another architecture (or none) is the 910B's, as the simulator's other 910B rules take it.
void CheckProfile(const char* api, bool half) {
  const DeviceProfile& device = *Cur().device;
  const std::string& arch = device.architecture;
  if (arch == "dav-2002" || (arch == "dav-1001" && half)) return;
  if (arch == "dav-1001") {
    RaiseFault(FaultKind::kUnsupported, api,
               std::string("float proposals on ") + device.name +
                   " (dav-1001): the Atlas training series (910A) takes half only (CANN's " + api +
                   " page); float needs the 310P");
  }
  RaiseFault(FaultKind::kUnsupported, api,
             std::string("not an instruction of ") + device.name + " (" +
                 (arch.empty() ? "no architecture" : arch) +
                 "): region proposals are the 910A's (dav-1001) and the 310P's (dav-2002); CANN "
                 "reports it unsupported on the Atlas A2/A3 (910B, impl/basic_api/dav_c220/"
                 "kernel_operator_proposal_impl.h), which sorts with Sort32 and MrgSort");
}

ProposalLayout Layout(bool half) {
  const uint64_t eb = half ? 2 : 4;
  return {kElems * eb, kScoreElem * eb, half};
}

// An operand of span bytes, live and in bounds, its start aligned to `align` bytes.
void CheckOperand(const UbRef& ref, uint64_t span, uint64_t align, const char* api,
                  const char* operand) {
  Core& core = Cur();
  CheckUb(core, ref, span, api, operand);
  const uint64_t addr = static_cast<uint64_t>(ref.ptr - core.ub);
  if (addr % align != 0) {
    RaiseFault(FaultKind::kMisalignedCopy, api,
               std::string(operand) + " UB address " + Hex(addr) + " is not " +
                   std::to_string(align) + " B aligned (CANN's page for " + api + ")");
  }
}

void SortGroups(uint8_t* out, const std::vector<uint8_t>& in, uint64_t groups, bool half) {
  const ProposalLayout layout = Layout(half);
  const uint64_t pb = layout.bytes;
  std::vector<uint32_t> order(kPerRepeat);
  for (uint64_t g = 0; g < groups; ++g) {
    const uint8_t* base = in.data() + g * kPerRepeat * pb;
    for (uint32_t i = 0; i < kPerRepeat; ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
      return ProposalScore(base + a * pb, layout) > ProposalScore(base + b * pb, layout);
    });
    for (uint32_t i = 0; i < kPerRepeat; ++i) {
      std::memcpy(out + (g * kPerRepeat + i) * pb, base + order[i] * pb, pb);
    }
  }
}

// ProposalExtract's element i is as written as the field it takes: a proposal nothing wrote
// gives garbage the chip extracts without complaint, and reading that out is the fault
// (asc-devkit's region_proposal_sort extracts 512 proposals from its 64).
void ExtractWritten(Core& core, const UbRef& dst, const UbRef& src, uint64_t n, uint64_t eb,
                    int32_t mode, const char* api) {
  bool spread = false;
  for (uint64_t i = 0; i < n; ++i) {
    const auto from = static_cast<uint64_t>(src.ptr - core.ub) + i * kElems * eb +
                      static_cast<uint64_t>(mode) * eb;
    uint8_t* to = dst.ptr + i * eb;
    if (FindUbBit(core, from, from + eb, false) == from + eb) {
      MarkWritten(core, to, eb);
    } else {
      ClearWritten(core, static_cast<uint32_t>(to - core.ub), static_cast<uint32_t>(eb));
      spread = true;
    }
  }
  BufferRecord& r = core.bufs[static_cast<size_t>(dst.buf)];
  if (spread && r.garbage_from == nullptr) r.garbage_from = api;
}

void Run(ProposalOp op, const UbRef& dst, const UbRef& src, bool half, int32_t repeat,
         int32_t mode) {
  const char* api = OpName(op);
  CheckProfile(api, half);
  if (repeat < 0 || repeat > 255) {
    Fail(api, "repeatTime " + std::to_string(repeat) + " is outside [0, 255]");
  }
  if (op != ProposalOp::kRpSort16 && (mode < 0 || mode > 5)) {
    Fail(api, "modeNumber " + std::to_string(mode) +
                  " is outside [0, 5] (x1, y1, x2, y2, score, label)");
  }
  const uint64_t eb = half ? 2 : 4, pb = kElems * eb;
  const uint64_t n = static_cast<uint64_t>(repeat) * kPerRepeat;  // proposals
  const uint64_t dst_span = op == ProposalOp::kExtract ? n * eb : n * pb;
  const uint64_t src_span = op == ProposalOp::kConcat ? n * eb : n * pb;
  CheckOperand(dst, dst_span, 32, api, "dst");
  CheckOperand(src, src_span, 32, api, "src");
  Core& core = Cur();
  // ProposalExtract moves one element a proposal: its written state travels (below).
  if (core.checked && n > 0 && op != ProposalOp::kExtract) {
    CheckWritten(core, src, 0, src_span, api, "src");
  }
  ChargeRepeat(api, static_cast<uint32_t>(repeat), &dst, &src, 1);
  // The source is read before dst is written: RpSort16 sorts in place (its page's example).
  const std::vector<uint8_t> in(src.ptr, src.ptr + src_span);
  for (uint64_t i = 0; i < n && op != ProposalOp::kRpSort16; ++i) {
    const uint64_t field = i * pb + static_cast<uint64_t>(mode) * eb;
    if (op == ProposalOp::kConcat) {
      std::memcpy(dst.ptr + field, in.data() + i * eb, eb);  // the other 7 elements stay
    } else {
      std::memcpy(dst.ptr + i * eb, in.data() + field, eb);
    }
  }
  if (op == ProposalOp::kRpSort16) SortGroups(dst.ptr, in, static_cast<uint64_t>(repeat), half);
  if (op == ProposalOp::kExtract && core.checked) ExtractWritten(core, dst, src, n, eb, mode, api);
}

void CheckMrgSort4Args(const MrgSortCall& c, int lists) {
  const char* api = "MrgSort4";
  if (lists == 0) {
    Fail(api, "validBit " + std::to_string(c.valid_bit) +
                  " is not 3, 7 or 15 (the first 2, 3 or 4 lists valid)");
  }
  if (c.repeat < 1 || c.repeat > 255) {
    Fail(api, "repeatTimes " + std::to_string(c.repeat) + " is outside [1, 255]");
  }
  for (int k = 0; k < 4; ++k) {
    if (c.lengths[k] > 4095) {
      Fail(api, "elementLengths[" + std::to_string(k) + "] is " + std::to_string(c.lengths[k]) +
                    ": it must be in [0, 4095]");
    }
  }
}

void MrgSort4(const MrgSortCall& c) {
  const char* api = "MrgSort4";
  CheckProfile(api, c.half_scores);
  const int lists = MrgSortListCount(c.valid_bit);
  CheckMrgSort4Args(c, lists);
  const uint64_t pb = Layout(c.half_scores).bytes;
  const int32_t repeat = MrgSortRepeats(c, pb) ? c.repeat : 1;
  uint64_t per_repeat = 0;
  for (int k = 0; k < lists; ++k) per_repeat += c.lengths[k];
  const uint64_t total = per_repeat * static_cast<uint64_t>(repeat);
  // The page: 16-byte aligned starts for half, 32-byte for float (one proposal).
  CheckOperand(*c.dst, total * pb, pb, api, "dst");
  static const char* const kSrc[4] = {"src1", "src2", "src3", "src4"};
  UbRef srcs[4];
  Core& core = Cur();
  for (int k = 0; k < lists; ++k) {
    const uint64_t span = (repeat > 1 && k == 0 ? total : c.lengths[k]) * pb;
    CheckOperand(*c.lists[k], span, pb, api, kSrc[k]);
    if (core.checked && span > 0) CheckWritten(core, *c.lists[k], 0, span, api, kSrc[k]);
    if (span > 0 && total > 0 && c.dst->ptr < c.lists[k]->ptr + span &&
        c.lists[k]->ptr < c.dst->ptr + total * pb) {
      Fail(api, std::string("dst and ") + kSrc[k] +
                    " overlap: CANN does not allow the destination to share memory with a "
                    "source");
    }
    srcs[k] = *c.lists[k];
  }
  ChargeRepeat(api, static_cast<uint32_t>((total * pb + 255) / 256), c.dst, srcs, lists);
  uint16_t taken[4] = {0, 0, 0, 0};
  MergeProposalLists(c, lists, repeat, Layout(c.half_scores), taken);
  MrgSortRecordResult(taken);
}

}  // namespace proposal_impl

void ProposalRun(ProposalOp op, const UbRef& dst, const UbRef& src, bool half, int32_t repeat,
                 int32_t mode) {
  proposal_impl::Run(op, dst, src, half, repeat, mode);
}

void MrgSort4Run(const MrgSortCall& call) { proposal_impl::MrgSort4(call); }

}  // namespace opsim::sim::detail
