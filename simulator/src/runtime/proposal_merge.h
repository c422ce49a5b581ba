// What MrgSort (the 910B's 8-byte proposals, hl_sort.cc) and MrgSort4 (the 910A's and 310P's
// 8-element region proposals, vector_proposal.cc) share: the merge of up to four sorted lists,
// largest score first, NaN before every number, equal scores in list order, and the conditions
// under which a call repeats. Each instruction keeps its own argument and operand checks, which
// CANN words and requires differently.
#pragma once

#include <cstdint>
#include <vector>

#include "opsim/sim/ascendc/hl_sort.h"

namespace opsim::sim::detail {

struct ProposalLayout {
  uint64_t bytes = 0;         // one proposal
  uint64_t score_offset = 0;  // its score's first byte
  bool half_scores = false;   // half or float scores
};

// A proposal's score for ordering: NaN as +inf (it sorts first).
double ProposalScore(const uint8_t* proposal, const ProposalLayout& layout);

// 2, 3 or 4 lists for validBit 0b11, 0b111 and 0b1111; 0 for any other value.
int MrgSortListCount(uint16_t valid_bit);

// Whether the call's repeat count takes effect (CANN's conditions): four valid lists of one
// length, laid one after another, and no exhausted suspension.
bool MrgSortRepeats(const MrgSortCall& c, uint64_t proposal_bytes);

// `repeat` rounds, each merging the next `lengths` proposals of the call's first `lists` lists
// into dst after the previous round's; with exhausted suspension a round stops once a list is
// used up. `taken`: what the last round took from each list (GetMrgSortResult).
void MergeProposalLists(const MrgSortCall& c, int lists, int32_t repeat,
                        const ProposalLayout& layout, uint16_t taken[4]);

// Sets the core's merge-result register, which GetMrgSortResult reads.
void MrgSortRecordResult(const uint16_t taken[4]);

// Merges sorted runs into `out` (the runs are copies: out may overlap their sources).
void MergeProposalRuns(const std::vector<std::vector<uint8_t>>& runs, const ProposalLayout& layout,
                       bool suspend, uint8_t* out, uint16_t taken[4]);

}  // namespace opsim::sim::detail
