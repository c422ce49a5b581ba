#include "data_type_list.h"

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "register/op_def.h"

namespace opsim::op_api {
namespace {

struct Param {
  bool input;
  std::string name;
  std::vector<ge::DataType> types;  // DataType's columns, or the list
  std::vector<ge::Format> formats;  // Format's columns, or the list's formats
  bool is_list;
};

std::vector<Param> ParamsOf(const ops::OpDef& def, bool* any_list, size_t* base) {
  std::vector<Param> params;
  *any_list = false;
  *base = 0;
  bool disagree = false;
  for (bool input : {true, false}) {
    for (const ops::OpParamDef& p : input ? def.GetInputs() : def.GetOutputs()) {
      const bool is_list = !p.GetDataTypeList().empty() && p.GetDataTypes().empty();
      Param q{input, p.GetName(), is_list ? p.GetDataTypeList() : p.GetDataTypes(),
              is_list && !p.GetFormatList().empty() ? p.GetFormatList() : p.GetFormats(), is_list};
      if (!q.types.empty()) {
        *any_list = *any_list || is_list;
        if (!is_list) {
          disagree = disagree || (*base != 0 && *base != q.types.size());
          *base = q.types.size();
        }
      }
      params.push_back(std::move(q));
    }
  }
  if (disagree) *any_list = false;
  if (*base == 0) *base = 1;
  return params;
}

// The entry of `values` for column `index` of a parameter with `count` entries (none: none).
template <typename T>
std::vector<T> Spread(const std::vector<T>& values, const std::vector<size_t>& index) {
  std::vector<T> out;
  if (values.empty()) return out;
  out.reserve(index.size());
  for (size_t i : index) out.push_back(values[i < values.size() ? i : 0]);
  return out;
}

}  // namespace

void ExpandDataTypeLists(ops::OpDef* def) {
  bool any_list = false;
  size_t base = 0;
  std::vector<Param> params = ParamsOf(*def, &any_list, &base);
  if (!any_list) return;
  size_t combos = 1;
  for (const Param& p : params) {
    if (p.is_list) combos *= p.types.size();
  }
  const size_t total = base * combos;
  // Each parameter's source index per column: the base column, or its entry of the combination.
  for (size_t k = 0; k < params.size(); ++k) {
    Param& p = params[k];
    if (p.types.empty()) continue;
    std::vector<size_t> index(total);
    size_t stride = 1;  // the product of the sizes of the lists after this one
    for (size_t j = k + 1; j < params.size(); ++j) {
      if (params[j].is_list) stride *= params[j].types.size();
    }
    for (size_t c = 0; c < total; ++c) {
      index[c] = p.is_list ? (c / stride) % p.types.size() : c / combos;
    }
    ops::OpParamDef& target = p.input ? def->Input(p.name.c_str()) : def->Output(p.name.c_str());
    target.DataType(Spread(p.types, index));
    // A list parameter's one format serves every column.
    if (!p.formats.empty()) {
      target.Format(
          Spread(p.formats, p.formats.size() == 1 ? std::vector<size_t>(total, 0) : index));
    }
  }
}

}  // namespace opsim::op_api
