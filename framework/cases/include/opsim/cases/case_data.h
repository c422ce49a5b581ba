// Turns a case into bytes: its inputs' data (seeded, so the same case always gets the same
// input) and its explicit values encoded in a dtype (f16/bf16 as bit patterns).
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "opsim/cases/case.h"
#include "opsim/core/dtype.h"
#include "opsim/core/status.h"

namespace opsim::cases {

// Encodes one value as written (a number or a special token) in dtype, appending
// DTypeSize(dtype) bytes. kConfigError naming the mark when the value does not fit the dtype.
Status EncodeValue(const CaseValue& value, DType dtype, std::vector<uint8_t>* bytes);
Status EncodeValues(std::span<const CaseValue> values, DType dtype, std::vector<uint8_t>* bytes);

// What `data: auto` is for input `index` of `op`: its registered reference's choice
// (ref::OpReference::Auto), or, for an op without a reference, uniform [-1, 1) for floating
// dtypes and int_range [-3, 3] for integers. kConfigError when the reference refuses (say an
// axes input, whose values must be written).
Status AutoDataSpec(std::string_view op, const AttrMap& attrs, size_t index, DType dtype,
                    DataSpec* out);

// The input's bytes: product(shape) elements of its dtype, row-major, drawn from its seed with
// std::mt19937_64 and explicit transforms (the same bytes with every standard library).
// `data.kind` must not be kAuto (AutoDataSpec resolves it first).
Status GenerateInput(const CaseInput& input, std::vector<uint8_t>* bytes);

}  // namespace opsim::cases
