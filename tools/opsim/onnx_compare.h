// Output against expected as the ONNX backend runner compares them: dtype and shape must match,
// floating values within rtol/atol (numpy.testing.assert_allclose: |got - want| <= atol +
// rtol * |want|, NaN equal to NaN), everything else exactly.
#pragma once

#include <string>

#include "opsim/framework/onnx_model.h"

namespace opsim::cli {

inline constexpr double kOnnxRtol = 1e-3;
inline constexpr double kOnnxAtol = 1e-7;

// Empty when they match; else the first difference: "dtype float32, expected float64",
// "shape [2,1], expected [2]", or "element 3: got 1.5, expected 2".
std::string CompareOnnxOutput(const OnnxTensor& got, const OnnxTensor& want,
                              double rtol = kOnnxRtol, double atol = kOnnxAtol);

}  // namespace opsim::cli
