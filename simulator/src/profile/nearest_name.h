// Spelling suggestions for unknown keys ("did you mean 'vector_cores'?").
#pragma once

#include <span>
#include <string_view>

namespace opsim::sim::profile {

// Levenshtein distance (insert, delete, substitute: cost 1 each).
size_t EditDistance(std::string_view a, std::string_view b);

// The candidate closest to name by edit distance; the first one wins a tie. Empty if no candidates.
std::string_view NearestName(std::string_view name, std::span<const std::string_view> candidates);

}  // namespace opsim::sim::profile
