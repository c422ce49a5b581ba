#include "reduce/reduce_reading.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cstring>
#include <variant>

namespace opsim::ref {
namespace {

Status Invalid(const std::string& op, const std::string& what) {
  return {ErrorCode::kInvalidParam, op + " reference: " + what};
}

// The reducers by ATB's names and numbers (docs/SPEC.md §1), as this file reads them.
struct AtbName {
  Reducer reducer;
  std::string_view name;
  int64_t number;
};
constexpr std::array<AtbName, 4> kAtbNames = {{{Reducer::kMax, "max", 1},
                                               {Reducer::kMin, "min", 2},
                                               {Reducer::kSum, "sum", 3},
                                               {Reducer::kProd, "prod", 4}}};

std::optional<Reducer> AtbNumber(int64_t number) {
  for (const AtbName& n : kAtbNames) {
    if (n.number == number) return n.reducer;
  }
  return std::nullopt;
}

std::optional<Reducer> AtbText(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (text.rfind("reduce_", 0) == 0) text.erase(0, 7);
  for (const AtbName& n : kAtbNames) {
    if (text == n.name) return n.reducer;
  }
  int64_t number = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, number);
  if (ec == std::errc() && ptr == end && !text.empty()) return AtbNumber(number);
  return std::nullopt;
}

// A 0/1 flag written as a bool or an int (ONNX writes ints); *out stays as it is when absent.
Status ReadFlag(const std::string& op, const AttrMap& attrs, std::string_view key, bool* out) {
  const auto it = attrs.find(key);
  if (it == attrs.end()) return Status::Ok();
  if (const bool* b = std::get_if<bool>(&it->second)) {
    *out = *b;
    return Status::Ok();
  }
  if (const int64_t* i = std::get_if<int64_t>(&it->second); i != nullptr && (*i == 0 || *i == 1)) {
    *out = *i == 1;
    return Status::Ok();
  }
  return Invalid(op, "attribute '" + std::string(key) + "' is not a flag (expected 0 or 1)");
}

// The axes from the attribute `key` or from input 1 (int64 or int32, at most 1-D), not both;
// nullopt when neither is given.
Status ReadAxes(const std::string& op, const AttrMap& attrs, std::string_view key,
                std::span<const HostTensor> inputs, std::optional<std::vector<int64_t>>* out) {
  if (attrs.contains(key)) {
    std::vector<int64_t> a;
    OPSIM_RETURN_IF_ERROR(GetAttr(op, attrs, key, &a));
    *out = std::move(a);
  }
  if (inputs.size() < 2) return Status::Ok();
  if (*out) return Invalid(op, "axes given both as attribute and as input 1");
  const HostTensor& t = inputs[1];
  const size_t width = DTypeSize(t.dtype);
  const bool int_type = t.dtype == DType::kInt64 || t.dtype == DType::kInt32;
  if (!int_type || t.shape.size() > 1 || t.bytes.size() % width != 0) {
    return Invalid(op, "the axes input must be a 1-D int64 or int32 tensor, got " +
                           std::string(DTypeName(t.dtype)) + " of rank " +
                           std::to_string(t.shape.size()));
  }
  std::vector<int64_t> a(t.bytes.size() / width);
  for (size_t i = 0; i < a.size(); ++i) {
    if (t.dtype == DType::kInt64) {
      std::memcpy(&a[i], t.bytes.data() + i * width, width);
    } else {
      int32_t v = 0;
      std::memcpy(&v, t.bytes.data() + i * width, width);
      a[i] = v;
    }
  }
  *out = std::move(a);
  return Status::Ok();
}

// ONNX: absent or empty axes reduce everything unless noop_with_empty_axes; [-r, r-1]; a repeat
// (after adding r to a negative) is an error.
Status OnnxAxes(const std::string& op, const std::optional<std::vector<int64_t>>& axes, bool noop,
                int rank, std::vector<bool>* reduced) {
  if (!axes || axes->empty()) {
    reduced->assign(static_cast<size_t>(rank), !noop);
    return Status::Ok();
  }
  for (int64_t a : *axes) {
    if (a < -rank || a >= rank) {
      return Invalid(op, "axis " + std::to_string(a) + " is outside [-" + std::to_string(rank) +
                             ", " + std::to_string(rank - 1) + "]");
    }
    const size_t d = static_cast<size_t>(a < 0 ? a + rank : a);
    if ((*reduced)[d]) return Invalid(op, "axis " + std::to_string(d) + " is named twice");
    (*reduced)[d] = true;
  }
  return Status::Ok();
}

// OpenVINO: [-r, r-1] (axis 0 of a scalar is the scalar itself), a repeat names the same axis.
Status OpenVinoAxes(const std::string& op, const std::vector<int64_t>& axes, int rank,
                    std::vector<bool>* reduced) {
  for (int64_t a : axes) {
    if (rank == 0 && a == 0) continue;
    if (a < -rank || a >= rank) {
      return Invalid(
          op, "axis " + std::to_string(a) + " is outside the input's rank " + std::to_string(rank));
    }
    (*reduced)[static_cast<size_t>(a < 0 ? a + rank : a)] = true;
  }
  return Status::Ok();
}

// ATB: at least one axis, each in [0, r), none twice.
Status AtbAxes(const std::string& op, const std::vector<int64_t>& axes, int rank,
               std::vector<bool>* reduced) {
  if (axes.empty()) return Invalid(op, "ATB's axis is empty (it has no reduce-all)");
  for (int64_t a : axes) {
    if (a < 0 || a >= rank) {
      return Invalid(op, "axis " + std::to_string(a) + " is outside [0, " + std::to_string(rank) +
                             ") (ATB takes no negative axes)");
    }
    if ((*reduced)[static_cast<size_t>(a)]) {
      return Invalid(op, "axis " + std::to_string(a) + " is named twice");
    }
    (*reduced)[static_cast<size_t>(a)] = true;
  }
  return Status::Ok();
}

// Which dims the reading reduces and whether it keeps them.
Status ReadReduced(const std::string& op, ReduceReading reading, const AttrMap& attrs,
                   std::span<const HostTensor> inputs, int rank, std::vector<bool>* reduced,
                   bool* keep_dims) {
  reduced->assign(static_cast<size_t>(rank), false);
  std::optional<std::vector<int64_t>> axes;
  switch (reading) {
    case ReduceReading::kOnnx: {
      bool noop = false;
      *keep_dims = true;
      OPSIM_RETURN_IF_ERROR(ReadFlag(op, attrs, "keepdims", keep_dims));
      OPSIM_RETURN_IF_ERROR(ReadFlag(op, attrs, "noop_with_empty_axes", &noop));
      OPSIM_RETURN_IF_ERROR(ReadAxes(op, attrs, "axes", inputs, &axes));
      return OnnxAxes(op, axes, noop, rank, reduced);
    }
    case ReduceReading::kOpenVino: {
      *keep_dims = false;
      OPSIM_RETURN_IF_ERROR(ReadFlag(op, attrs, "keep_dims", keep_dims));
      OPSIM_RETURN_IF_ERROR(ReadAxes(op, attrs, "reduction_axes", inputs, &axes));
      if (!axes) return Invalid(op, "the axes are missing (input 1 or 'reduction_axes')");
      return OpenVinoAxes(op, *axes, rank, reduced);
    }
    case ReduceReading::kAtb:
      *keep_dims = false;
      if (inputs.size() != 1) return Invalid(op, "ATB's Reduce takes 1 input");
      OPSIM_RETURN_IF_ERROR(ReadAxes(op, attrs, "axis", inputs, &axes));
      return AtbAxes(op, axes.value_or(std::vector<int64_t>{}), rank, reduced);
  }
  return Invalid(op, "unknown reading");
}

}  // namespace

std::optional<Reducer> AtbReducer(const AttrMap& attrs) {
  const auto it = attrs.find("reduceType");
  if (it == attrs.end()) return std::nullopt;
  if (const auto* text = std::get_if<std::string>(&it->second)) return AtbText(*text);
  if (const auto* number = std::get_if<int64_t>(&it->second)) return AtbNumber(*number);
  return std::nullopt;
}

std::vector<DType> ReduceDTypes(Reducer r) {
  constexpr std::array kOrder = {
      DType::kFloat32, DType::kFloat16, DType::kBFloat16, DType::kFloat64, DType::kInt32,
      DType::kInt64,   DType::kUInt32,  DType::kUInt64,   DType::kInt8,    DType::kUInt8};
  std::vector<DType> out;
  for (DType d : kOrder) {
    if (IsSupported(r, d)) out.push_back(d);
  }
  return out;
}

Status ReadReduceCall(const std::string& op, ReduceReading reading, const AttrMap& attrs,
                      std::span<const HostTensor> inputs, ReduceCall* out) {
  if (inputs.empty() || inputs.size() > 2) {
    return Invalid(op, "takes 1 or 2 inputs, got " + std::to_string(inputs.size()));
  }
  const HostTensor& x = inputs[0];
  ReduceCall call;
  OPSIM_RETURN_IF_ERROR(
      Shape::Make(x.shape.data(), x.shape.size(), &call.input, op + " reference: input"));
  const std::optional<int64_t> bytes = call.input.NumBytes(DTypeSize(x.dtype));
  if (!bytes || x.bytes.size() != static_cast<size_t>(*bytes)) {
    return Invalid(op, "input 0 holds " + std::to_string(x.bytes.size()) + " bytes, not " +
                           call.input.ToString() + " of " + std::string(DTypeName(x.dtype)));
  }
  std::vector<bool> reduced;
  OPSIM_RETURN_IF_ERROR(
      ReadReduced(op, reading, attrs, inputs, call.input.rank(), &reduced, &call.keep_dims));
  for (int d = 0; d < call.input.rank(); ++d) {
    if (reduced[static_cast<size_t>(d)]) call.axes.push_back(d);
  }
  call.output = ReducedShape(call.input, call.axes, call.keep_dims);
  *out = std::move(call);
  return Status::Ok();
}

}  // namespace opsim::ref
