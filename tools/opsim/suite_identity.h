// What a run report says about the suite it is a part of, so that `opsim report merge` can tell
// shards of one run from reports of different suites or builds (docs/CASES.md, "Sharding"):
// a fingerprint of the whole selection before sharding, and the build that ran it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "opsim/cases/case.h"

namespace opsim::cli {

// FNV-1a 64 over every selected case in order (after --device, --filter and --seed): its full
// name, op, attributes, device, each input's dtype, shape, seed and data (the generator and its
// parameters, explicit values, .npy bytes), expected shapes, values and tolerance, and skip.
// Two runs with the same fingerprint run the same cases on the same inputs, whatever the paths
// of their suite files.
uint64_t SuiteFingerprint(const std::vector<cases::Case>& selection);

// 16 hex digits: FNV-1a 64 over the GNU build ids (the linker's NT_GNU_BUILD_ID notes) of the
// opsim executable and of every shared library loaded when it is called (opsim's libraries,
// operator libraries given with --library, the C and C++ runtimes; not the kernel's vDSO). An
// object without a build id counts by its file's bytes. Same binaries, same id.
std::string BuildId();

}  // namespace opsim::cli
