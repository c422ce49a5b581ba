// Small parsing and reporting helpers the subcommands share.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "opsim/core/memory_limit.h"
#include "opsim/core/status.h"
#include "opsim/core/tensor.h"

namespace opsim::cli {

inline constexpr int kExitFailure = 1;
inline constexpr int kExitUsage = 2;

// A list of integers as a user types it: "0,1", "[0, -1]", "2"; "" and "[]" are empty.
// kInvalidParam naming `what` and the offending text.
Status ParseIntList(std::string_view text, std::string_view what, std::vector<int64_t>* out);

// CheckFitsMemory (opsim/core/memory_limit.h) refuses, before anything is allocated, buffers
// that do not fit this machine.
using opsim::CheckFitsMemory;
// The bytes of a description, or kInvalidTensorSize naming `what` when they overflow.
Status DescBytes(const TensorDesc& desc, const std::string& what, uint64_t* bytes);

// "opsim <command>: <message>" on stderr, then `code`.
int Report(std::string_view command, const std::string& message, int code);
// A usage error: the message and a hint to run --help; returns kExitUsage.
int UsageError(std::string_view command, const std::string& message);

}  // namespace opsim::cli
