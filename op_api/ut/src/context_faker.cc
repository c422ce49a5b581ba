// ops-nn's context fakers (infer_shape_context_faker.h, infer_datatype_context_faker.h) and
// their holder: what a faker collected becomes one FakeCall, as the case executors' are.
#include <algorithm>
#include <iostream>
#include <string>
#include <utility>

#include "fake_call.h"
#include "infer_shape_context_faker.h"
#include "infer_shaperange_context_faker.h"

namespace opsim::op_ut {
namespace {

// (first instance, count) per IR input or output; one each when `instances` is empty. CANN's
// builder takes counts that do not add up to the tensors (a test's {1, 1} for a one-input op):
// instances past the tensors given are absent, as they are there.
std::vector<std::pair<size_t, size_t>> Groups(const std::vector<uint32_t>& instances,
                                              size_t count) {
  std::vector<std::pair<size_t, size_t>> out;
  if (instances.empty()) {
    for (size_t i = 0; i < count; ++i) out.emplace_back(i, 1);
    return out;
  }
  size_t first = 0;
  for (uint32_t n : instances) {
    const size_t take = std::min<size_t>(n, count - std::min(first, count));
    out.emplace_back(first, take);
    first += take;
  }
  return out;
}

// Tensor i of one side: its shape (by address, read as the origin shape), Td and dtype.
FakeTensor Tensor(size_t i, const std::vector<const gert::Shape*>& shapes,
                  const std::map<size_t, FakerState::TensorTd>& tds,
                  const std::vector<const ge::DataType*>& dtypes, FakerState::TensorTd* td_out) {
  FakeTensor t;
  if (i < shapes.size() && shapes[i] != nullptr) {
    t.shape.MutableOriginShape() = *shapes[i];
    t.shape.MutableStorageShape() = *shapes[i];
  }
  const auto it = tds.find(i);
  FakerState::TensorTd td = it == tds.end() ? FakerState::TensorTd{} : it->second;
  if (i < dtypes.size() && dtypes[i] != nullptr) td.dtype = *dtypes[i];
  t.dtype = td.dtype;
  t.format = td.storage_format;
  *td_out = td;
  return t;
}

// An input given as a null shape is absent (an optional input not passed, as CANN's builder
// reads a null pointer): the instances that remain, and the groups renumbered over them.
std::vector<std::pair<size_t, size_t>> DropAbsent(
    const std::vector<std::pair<size_t, size_t>>& groups, const std::vector<bool>& present) {
  std::vector<size_t> before(present.size() + 1, 0);  // present instances before index i
  for (size_t i = 0; i < present.size(); ++i) before[i + 1] = before[i] + (present[i] ? 1 : 0);
  std::vector<std::pair<size_t, size_t>> out;
  for (const auto& [first, count] : groups) {
    const size_t end = std::min(first + count, present.size());
    const size_t from = std::min(first, present.size());
    out.emplace_back(before[from], before[end] - before[from]);
  }
  return out;
}

}  // namespace

gert::KernelRunContextHolder BuildHolder(const FakerState& s) {
  const size_t n_in = std::max(s.input_num, std::max(s.input_shapes.size(), s.input_dtypes.size()));
  const size_t n_out =
      std::max(s.output_num, std::max(s.output_shapes.size(), s.output_dtypes.size()));
  std::vector<FakeTensor> inputs, outputs;
  std::vector<FakerState::TensorTd> in_td, out_td(n_out);
  std::vector<bool> present(n_in, true);
  for (size_t i = 0; i < n_in; ++i) {
    present[i] = i >= s.input_shapes.size() || s.input_shapes[i] != nullptr;
    FakerState::TensorTd td;
    FakeTensor t = Tensor(i, s.input_shapes, s.input_td, s.input_dtypes, &td);
    if (!present[i]) continue;
    inputs.push_back(t);
    in_td.push_back(td);
  }
  for (size_t i = 0; i < n_out; ++i)
    outputs.push_back(Tensor(i, s.output_shapes, s.output_td, s.output_dtypes, &out_td[i]));
  auto call = std::make_unique<FakeCall>();
  std::string why;
  if (!DescribeCall(s.op_type, inputs, outputs, s.attrs, {}, {}, call.get(), &why)) {
    std::cerr << "[ERROR] context faker of " << s.op_type << ": " << why << std::endl;
    return gert::KernelRunContextHolder();
  }
  gert::OpCallData& d = call->data;
  d.ir_inputs = DropAbsent(Groups(s.input_instances, n_in), present);
  d.ir_outputs = Groups(s.output_instances, n_out);
  // The origin format beside the storage one (DescribeCall gives both the storage format).
  for (size_t i = 0; i < inputs.size(); ++i) {
    d.input_descs[i] = gert::CompileTimeTensorDesc(
        in_td[i].dtype, gert::StorageFormat(in_td[i].origin_format, in_td[i].storage_format));
    d.input_tensors[i] = gert::Tensor(d.input_shapes[i], d.input_descs[i], nullptr);
  }
  for (size_t i = 0; i < n_out; ++i)
    d.output_descs[i] = gert::CompileTimeTensorDesc(
        out_td[i].dtype, gert::StorageFormat(out_td[i].origin_format, out_td[i].storage_format));
  return gert::KernelRunContextHolder(std::move(call));
}

}  // namespace opsim::op_ut

namespace gert {

KernelRunContextHolder::KernelRunContextHolder() = default;
KernelRunContextHolder::KernelRunContextHolder(std::unique_ptr<opsim::op_ut::FakeCall> call)
    : call_(std::move(call)) {}
KernelRunContextHolder::KernelRunContextHolder(KernelRunContextHolder&&) noexcept = default;
KernelRunContextHolder& KernelRunContextHolder::operator=(KernelRunContextHolder&&) noexcept =
    default;
KernelRunContextHolder::~KernelRunContextHolder() = default;

OpCallData* KernelRunContextHolder::Data() { return call_ == nullptr ? nullptr : &call_->data; }

KernelRunContextHolder InferShapeRangeContextFaker::Build() {
  std::cerr << "[ERROR] InferShapeRangeContextFaker of " << state_.op_type
            << ": opsim does not run shape-range inference (gert::InferShapeRangeContext); the "
               "holder has no context"
            << std::endl;
  return KernelRunContextHolder();
}

}  // namespace gert
