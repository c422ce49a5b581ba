#include "opsim/core/nearest_name.h"

#include <algorithm>
#include <cctype>
#include <numeric>
#include <vector>

namespace opsim {

size_t EditDistance(std::string_view a, std::string_view b) {
  // One row of the dynamic-programming table is enough: row[j] = distance(a[0,i), b[0,j)).
  std::vector<size_t> row(b.size() + 1);
  std::iota(row.begin(), row.end(), size_t{0});
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t above = row[j];
      const bool same = std::tolower(static_cast<unsigned char>(a[i - 1])) ==
                        std::tolower(static_cast<unsigned char>(b[j - 1]));
      row[j] = std::min({above + 1, row[j - 1] + 1, diagonal + (same ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

std::string_view NearestName(std::string_view name, std::span<const std::string_view> candidates) {
  std::string_view best;
  size_t best_distance = 0;
  for (std::string_view candidate : candidates) {
    const size_t distance = EditDistance(name, candidate);
    if (best.empty() || distance < best_distance) {
      best = candidate;
      best_distance = distance;
    }
  }
  return best;
}

}  // namespace opsim
