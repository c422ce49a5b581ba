// The registry's view of the IMPL_OP records: a library's load may be refused, and then the
// records it registered must go with it (their functions live in the unloaded library).
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "opsim/op_api/op_impl.h"

namespace opsim::op_api {

using OpImplSnapshot = std::map<std::string, OpImplRecord, std::less<>>;

OpImplSnapshot SnapshotOpImpls();
// Puts every record back as it was in `before` (records added since are dropped); given
// `types`, only the records of those op types.
void RestoreOpImpls(const OpImplSnapshot& before, const std::vector<std::string>* types = nullptr);
// The op types whose record differs from `before`'s (new ones included).
std::vector<std::string> OpImplTypesChangedSince(const OpImplSnapshot& before);

}  // namespace opsim::op_api
