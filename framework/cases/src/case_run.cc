#include "opsim/cases/case_run.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <memory>
#include <sstream>
#include <vector>

#include "opsim/cases/case_data.h"
#include "opsim/cases/output_digest.h"
#include "opsim/core/float16.h"
#include "opsim/core/memory_limit.h"
#include "opsim/core/tensor.h"
#include "opsim/framework/context.h"
#include "opsim/framework/host_run.h"
#include "opsim/npy/npy.h"

#include "dims_text.h"

namespace opsim::cases {
namespace {

double FloatAt(DType dtype, const uint8_t* p) {
  switch (dtype) {
    case DType::kFloat32: {
      float f;
      std::memcpy(&f, p, sizeof(f));
      return f;
    }
    case DType::kFloat64: {
      double d;
      std::memcpy(&d, p, sizeof(d));
      return d;
    }
    case DType::kInt4:
    case DType::kComplex64:
    case DType::kComplex32:  // never reached: only IsFloating dtypes are compared as floats
    default: {
      uint16_t h;
      std::memcpy(&h, p, sizeof(h));
      return dtype == DType::kFloat16 ? HalfBitsToFloat(h) : BFloat16BitsToFloat(h);
    }
  }
}

// Floating outputs element by element; `tolerance` null: exact values. Integers: bytewise.
std::string CompareValues(DType dtype, const ToleranceOverride* tolerance, const uint8_t* expected,
                          const uint8_t* actual, size_t count) {
  const size_t es = DTypeSize(dtype);
  for (size_t i = 0; i < count; ++i) {
    const uint8_t* e_bytes = expected + i * es;
    const uint8_t* a_bytes = actual + i * es;
    bool ok = false;
    std::ostringstream m;
    m.precision(17);
    if (!IsFloating(dtype)) {
      ok = std::memcmp(e_bytes, a_bytes, es) == 0;
      if (!ok) {
        uint64_t e = 0, a = 0;
        std::memcpy(&e, e_bytes, es);
        std::memcpy(&a, a_bytes, es);
        m << "output[" << i << "] = 0x" << std::hex << a << ", expected 0x" << e << " (exact)";
      }
    } else {
      const double e = FloatAt(dtype, e_bytes);
      const double a = FloatAt(dtype, a_bytes);
      if (std::isnan(e) || std::isnan(a)) {
        ok = std::isnan(e) && std::isnan(a);
      } else if (std::isinf(e) || std::isinf(a) || tolerance == nullptr) {
        ok = e == a;
      } else {
        ok = std::fabs(a - e) <= tolerance->abs + tolerance->rel * std::fabs(e);
      }
      if (!ok) {
        m << "output[" << i << "] = " << a << ", expected " << e;
        if (tolerance != nullptr) {
          m << " (tolerance rel " << tolerance->rel << ", abs " << tolerance->abs << ")";
        } else {
          m << " (exact)";
        }
      }
    }
    if (!ok) return m.str();
  }
  return "";
}

void Fail(CaseResult* out, const std::string& message) {
  out->verdict = Verdict::kFail;
  out->message = message;
}

}  // namespace

std::string_view VerdictName(Verdict v) {
  switch (v) {
    case Verdict::kPass: return "pass";
    case Verdict::kFail: return "FAIL";
    case Verdict::kSkip: return "skip";
  }
  return "?";
}

std::string CheckExpected(const ExpectedOutput& expected, const ref::HostTensor& actual,
                          const std::optional<ToleranceOverride>& tolerance,
                          const ref::OpReference* reference, const AttrMap& attrs,
                          std::span<const ref::HostTensor> inputs, size_t index) {
  if (expected.dtype != actual.dtype) {
    return "the output is " + std::string(DTypeName(actual.dtype)) + ", " + expected.source +
           " is " + std::string(DTypeName(expected.dtype));
  }
  if (expected.shape != actual.shape) {
    return "the output has shape " + DimsText(actual.shape) + ", " + expected.source + " has " +
           DimsText(expected.shape);
  }
  if (expected.bytes.size() != actual.bytes.size()) {
    return "the output holds " + std::to_string(actual.bytes.size()) + " bytes, " +
           expected.source + " " + std::to_string(expected.bytes.size());
  }
  if (actual.dtype == DType::kInt4) {  // exact, element by element as the file holds them
    npy::NpyArray e, a;
    if (!npy::UnpackInt4(expected.shape, expected.bytes, &e).ok() ||
        !npy::UnpackInt4(actual.shape, actual.bytes, &a).ok()) {
      return "the int4 output's bytes do not match its shape";
    }
    return CompareValues(DType::kInt8, nullptr, e.data.data(), a.data.data(), a.data.size());
  }
  const size_t count = actual.bytes.size() / DTypeSize(actual.dtype);
  if (tolerance || reference == nullptr) {
    return CompareValues(actual.dtype, tolerance ? &*tolerance : nullptr, expected.bytes.data(),
                         actual.bytes.data(), count);
  }
  ref::HostTensor want;
  want.dtype = expected.dtype;
  want.shape = expected.shape;
  want.bytes = expected.bytes;
  const ref::Judgement j = reference->Judge(attrs, inputs, index, want, actual);
  return j.ok ? "" : j.message;
}

namespace {

// The case's inputs, sized (a Case built by hand was not sized by the loader) and generated.
Status GenerateInputs(const Case& c, std::vector<ref::HostTensor>* inputs) {
  double input_bytes = 0;
  for (const CaseInput& in : c.inputs) {
    const std::optional<uint64_t> b = ShapeBytes(in.shape, DTypeSize(in.dtype));
    if (!b) {
      return {ErrorCode::kInvalidTensorSize,
              "input shape " + DimsText(in.shape) + " has more bytes than 2^64 can count"};
    }
    input_bytes += static_cast<double>(*b);
  }
  OPSIM_RETURN_IF_ERROR(CheckFitsMemory(input_bytes, "the case's inputs"));
  inputs->resize(c.inputs.size());
  for (size_t i = 0; i < c.inputs.size(); ++i) {
    (*inputs)[i].dtype = c.inputs[i].dtype;
    (*inputs)[i].shape = c.inputs[i].shape;
    OPSIM_RETURN_IF_ERROR(GenerateInput(c.inputs[i], &(*inputs)[i].bytes));
  }
  return Status::Ok();
}

// Runs the case's operation on its inputs (HostRun): the outputs, their digests and the times
// into `out` and `actual`, as far as the run got.
Status Execute(const Case& c, const CaseRunOptions& options,
               const std::vector<ref::HostTensor>& inputs, CaseResult* out,
               std::vector<ref::HostTensor>* actual) {
  std::unique_ptr<Operation> op;
  OPSIM_RETURN_IF_ERROR(OperationRegistry::Global().Create(c.op, c.attrs, &op));
  std::vector<HostRunInput> bound;
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (c.inputs[i].constant) continue;  // the operation holds its value
    Shape shape;
    OPSIM_RETURN_IF_ERROR(
        Shape::Make(inputs[i].shape.data(), inputs[i].shape.size(), &shape, "input shape"));
    bound.push_back({TensorDesc{AclFromDType(inputs[i].dtype), ACL_FORMAT_ND, DimsFromShape(shape)},
                     inputs[i].bytes});
  }
  HostRunOptions run_options;
  run_options.subject = "the case";
  run_options.context_options.device = c.device;
  run_options.context_options.host_threads = options.host_threads;
  run_options.context_options.checked = options.checked;
  run_options.context_options.copy_elision = options.copy_elision;
  run_options.context_options.trace = options.trace;
  run_options.context_options.padded_device_buffers = true;
  std::unique_ptr<HostRun> run;
  OPSIM_RETURN_IF_ERROR(HostRun::Prepare(*op, bound, run_options, &run));
  const SVector<Tensor>& outputs = run->pack().outTensors;
  actual->resize(outputs.size());
  for (size_t i = 0; i < outputs.size(); ++i) {
    const TensorDesc& d = outputs[i].desc;
    const std::optional<DType> dtype = DTypeFromAcl(d.dtype);
    if (!dtype || d.shape.dimNum > MAX_DIM) {
      return {ErrorCode::kInvalidParam,
              c.op + ": inferred output " + ToString(d) + " has no dtype opsim holds"};
    }
    (*actual)[i].dtype = *dtype;
    (*actual)[i].shape.assign(d.shape.dims, d.shape.dims + d.shape.dimNum);
    out->output_shapes.push_back((*actual)[i].shape);
  }
  const auto start = std::chrono::steady_clock::now();
  const Status st = run->Run();
  out->host_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  const Context& context = run->context();
  out->device_ns = context.device_ns();
  if (options.trace) out->traces = context.traces();
  out->warnings = context.warnings();
  if (out->device_ns > 0 && context.device().hbm_gbps > 0) {
    out->roofline =
        static_cast<double>(out->input_bytes) / context.device().hbm_gbps / out->device_ns;
  }
  OPSIM_RETURN_IF_ERROR(st);
  // Every output's digest before any judgement, so that a failed case still shows what it gave.
  for (size_t i = 0; i < outputs.size(); ++i) {
    const std::span<const uint8_t> bytes = run->output(i);
    out->output_digests.push_back(Fnv1a64(bytes.data(), bytes.size()));
    (*actual)[i].bytes.assign(bytes.begin(), bytes.end());
  }
  return Status::Ok();
}

// Why the outputs fail the case (its expected shapes, the op's reference, its expected
// values), or "" when they pass; the reference's error figures go into `out`.
std::string Judge(const Case& c, const std::vector<ref::HostTensor>& inputs,
                  const std::vector<ref::HostTensor>& actual, CaseResult* out) {
  for (size_t i = 0; i < actual.size() && i < c.expected_shapes.size(); ++i) {
    if (c.expected_shapes[i] && *c.expected_shapes[i] != actual[i].shape) {
      return "output " + std::to_string(i) + " has shape " + DimsText(actual[i].shape) +
             ", expected_shape is " + DimsText(*c.expected_shapes[i]);
    }
  }
  const std::shared_ptr<const ref::OpReference> reference =
      ref::ReferenceRegistry::Global().Find(c.op);
  if (reference) {
    std::vector<ref::HostTensor> want;
    if (Status rs = reference->Compute(c.attrs, inputs, &want); !rs.ok()) {
      return "the reference failed: " + rs.ToString();
    }
    if (want.size() != actual.size()) {
      return "the operation gave " + std::to_string(actual.size()) + " outputs, the reference " +
             std::to_string(want.size());
    }
    for (size_t i = 0; i < want.size(); ++i) {
      if (want[i].dtype != actual[i].dtype || want[i].shape != actual[i].shape) {
        return "output " + std::to_string(i) + " is " + DimsText(actual[i].shape) + " " +
               std::string(DTypeName(actual[i].dtype)) + ", the reference's " +
               DimsText(want[i].shape) + " " + std::string(DTypeName(want[i].dtype));
      }
      const ref::Judgement j = reference->Judge(c.attrs, inputs, i, want[i], actual[i]);
      out->max_abs_err = std::max(out->max_abs_err, j.max_abs_err);
      out->max_rel_err = std::max(out->max_rel_err, j.max_rel_err);
      if (!j.ok) return "output " + std::to_string(i) + " differs from the reference: " + j.message;
    }
  }
  for (size_t i = 0; i < c.expected.size() && i < actual.size(); ++i) {
    if (!c.expected[i]) continue;
    const std::string mismatch =
        CheckExpected(*c.expected[i], actual[i], c.tolerance, reference.get(), c.attrs, inputs, i);
    if (!mismatch.empty()) {
      return "output " + std::to_string(i) + " differs from " + c.expected[i]->source + ": " +
             mismatch;
    }
  }
  if (c.expected.size() > actual.size()) {
    return "the case expects " + std::to_string(c.expected.size()) +
           " outputs, the operation gave " + std::to_string(actual.size());
  }
  return "";
}

}  // namespace

CaseResult RunCase(const Case& c, const CaseRunOptions& options) {
  CaseResult out;
  if (!c.skip.empty()) {
    out.verdict = Verdict::kSkip;
    out.message = c.skip;
    return out;
  }
  if (!c.user_code_failure.empty()) {
    Fail(&out, c.user_code_failure);
    return out;
  }
  std::vector<ref::HostTensor> inputs;
  if (Status st = GenerateInputs(c, &inputs); !st.ok()) {
    Fail(&out, st.ToString());
    return out;
  }
  for (const ref::HostTensor& in : inputs) out.input_bytes += in.bytes.size();
  std::vector<ref::HostTensor> actual;
  if (Status st = Execute(c, options, inputs, &out, &actual); !st.ok()) {
    Fail(&out, st.ToString());
    return out;
  }
  if (const std::string why = Judge(c, inputs, actual, &out); !why.empty()) {
    Fail(&out, why);
    return out;
  }
  out.verdict = Verdict::kPass;
  return out;
}

}  // namespace opsim::cases
