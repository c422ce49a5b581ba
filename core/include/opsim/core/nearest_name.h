// Spelling suggestions for unknown names ("did you mean 'vector_cores'?"), shared by every
// loader that rejects unknown keys.
#pragma once

#include <cstddef>
#include <span>
#include <string_view>

namespace opsim {

// Levenshtein distance, ignoring ASCII case (insert, delete, substitute: cost 1 each).
size_t EditDistance(std::string_view a, std::string_view b);

// The candidate closest to `name`; the first one wins a tie. Empty if there are no candidates.
std::string_view NearestName(std::string_view name, std::span<const std::string_view> candidates);

}  // namespace opsim
