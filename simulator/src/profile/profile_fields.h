// The schema of a device profile: every figure of DeviceProfile, its type and its valid range.
// One table drives parsing, range checks, "missing field" and "did you mean" messages.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <variant>

#include "opsim/sim/device_profile.h"

namespace opsim::sim::profile {

// How the figure is written and stored: an integer count (uint32_t), a boolean, a real number.
enum class FigureKind { kCount, kFlag, kReal };

// Extra rule on integer counts beyond the [min, max] range.
enum class CountRule { kNone, kMultipleOf32, kMultipleOf512, kPowerOfTwo };

struct FieldSpec {
  std::string_view name;
  FigureKind kind;
  std::variant<uint32_t DeviceProfile::*, bool DeviceProfile::*, double DeviceProfile::*> member;
  double min = 0;
  double max = 0;
  bool min_exclusive = false;  // reals that must be strictly positive
  CountRule rule = CountRule::kNone;
};

// Plain string fields, outside the figure table: they carry no provenance.
inline constexpr std::string_view kNameField = "name";
inline constexpr std::string_view kArchitectureField = "architecture";

// Keys of one figure mapping.
inline constexpr std::string_view kValueKey = "value";
inline constexpr std::string_view kSourceKey = "source";
inline constexpr std::string_view kAssumptionKey = "assumption";

// Every figure, in DeviceProfile order. Each one is required.
std::span<const FieldSpec> FigureFields();
// nullptr when name is not a figure.
const FieldSpec* FindFigure(std::string_view name);
// Every valid top-level key (name, architecture, then the figures), for suggestions.
std::span<const std::string_view> TopLevelKeys();

// Empty when value satisfies spec; else the reason, e.g.
// "0 is out of range (expected 1 <= vector_cores <= 65535)". For kFlag figures always empty.
std::string CheckFigureRange(const FieldSpec& spec, double value);

// Shortest decimal text of value that reads back exactly, for messages.
std::string FormatNumber(double value);

}  // namespace opsim::sim::profile
