// Turns a case into bytes: its input data (seeded, so the same case always gets the same
// input) and its explicit values encoded in the case's dtype (f16/bf16 as bit patterns).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "opsim/cases/reduce_case.h"
#include "opsim/core/dtype.h"
#include "opsim/core/status.h"

namespace opsim::cases {

// Encodes one value as written (a number or a special token) in dtype, appending
// DTypeSize(dtype) bytes. kConfigError naming the mark when the value does not fit the dtype.
Status EncodeValue(const CaseValue& value, DType dtype, std::vector<uint8_t>* bytes);
Status EncodeValues(std::span<const CaseValue> values, DType dtype, std::vector<uint8_t>* bytes);

// The case's input: product(shape) elements of dtype, row-major.
//   auto: floats uniform in [-1, 1) (PROD: [0.9, 1.1], products stay near 1); integers in
//         [-3, 3] for SUM/PROD (wrapping for unsigned), any bit pattern for MAX/MIN.
//   others: see DataKind.
Status GenerateInput(const ReduceCase& c, std::vector<uint8_t>* bytes);

}  // namespace opsim::cases
