// What one high-level call reads and writes in the UB, and how the V pipe sees it: the operand
// lists, their bounds checks and the one V-pipe issue with its read/write tracking, shared by the
// SoftMax and normalisation families (hl_softmax*.cc, hl_norm.cc, hl_batchnorm.cc,
// hl_groupnorm.cc, hl_normalize.cc, hl_welford.cc).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "opsim/sim/detail/core.h"
#include "runtime/hl_elements.h"

namespace opsim::sim::hl {

struct HlOperands {
  static constexpr int kMax = 5;
  detail::UbRef reads[kMax];
  uint64_t read_bytes[kMax];
  int nreads = 0;
  detail::UbRef writes[kMax];
  uint64_t write_bytes[kMax];
  int nwrites = 0;
  void Read(const detail::UbRef* r, uint64_t b) {
    reads[nreads] = *r;
    read_bytes[nreads++] = b;
  }
  void Write(const detail::UbRef* r, uint64_t b) {
    writes[nwrites] = *r;
    write_bytes[nwrites++] = b;
  }
};

// Every operand and the temporary buffer (null when the call has none) inside the UB.
inline void CheckOperandsInUb(detail::Core& core, const HlOperands& o, const detail::UbRef* tmp,
                              const char* name) {
  for (int i = 0; i < o.nwrites; ++i)
    detail::CheckUb(core, o.writes[i], o.write_bytes[i], name, "dst");
  for (int i = 0; i < o.nreads; ++i)
    detail::CheckUb(core, o.reads[i], o.read_bytes[i], name, "src");
  if (tmp != nullptr) detail::CheckUb(core, *tmp, tmp->bytes, name, "sharedTmpBuffer");
}

// Issues the call on the V pipe for `cost` after what its operands wait for (writes[0] is the
// destination), then tracks its reads (checked: every byte written before) and writes.
inline void IssueOnVectorPipe(detail::Core& core, const HlOperands& o, const detail::UbRef* tmp,
                              double cost, const char* name) {
  double not_before = detail::VectorAutoSyncStart(core, &o.writes[0], o.reads, o.nreads);
  for (int i = 1; i < o.nwrites; ++i) {
    not_before = std::max(not_before, detail::VectorAutoSyncStart(core, &o.writes[i], nullptr, 0));
  }
  const double start = core.Issue(Pipe::kV, name, cost, 0, not_before);
  if (!detail::TracksPipes(core)) return;
  for (int i = 0; i < o.nreads; ++i) {
    if (core.checked) detail::CheckWritten(core, o.reads[i], 0, o.read_bytes[i], name, "src");
    detail::TrackRead(core, o.reads[i], Pipe::kV, start, start + cost, name, o.read_bytes[i]);
  }
  if (tmp != nullptr) {
    detail::TrackWrite(core, *tmp, Pipe::kV, start, start + cost, name, tmp->bytes, tmp->bytes);
  }
  for (int i = 0; i < o.nwrites; ++i) {
    detail::TrackWrite(core, o.writes[i], Pipe::kV, start, start + cost, name, o.write_bytes[i],
                       o.write_bytes[i]);
  }
}

// A sum/max row of the SoftMax families: the value repeated over one 32 B block.
inline void StoreBlock(ElemType t, uint8_t* row, double v) {
  for (uint32_t o = 0; o < 32; o += ElemBytes(t)) Store(t, row + o, v);
}

// The maximum of x[0, n); NaN when one is NaN.
inline double RowMax(const std::vector<double>& x, uint32_t n) {
  double m = -std::numeric_limits<double>::infinity();
  for (uint32_t j = 0; j < n; ++j) {
    if (std::isnan(x[j])) return x[j];
    m = std::max(m, x[j]);
  }
  return m;
}

}  // namespace opsim::sim::hl
