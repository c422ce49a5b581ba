#include "exec_opdef.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cli_util.h"
#include "npy.h"
#include "opsim/core/nearest_name.h"
#include "opsim/framework/host_run.h"
#include "opsim/framework/operation_registry.h"
#include "opsim/op_api/op_registry.h"
#include "strict_flags.h"

namespace opsim::cli {
namespace {

constexpr const char* kExecOpDefCmd = "exec";

// "NAME=FILE" against the OpDef's names, or "FILE" at the next free position. A DYNAMIC
// parameter takes every file given by its name, in order; by position only when it is the last
// parameter (then it takes the rest).
int Bind(const std::vector<std::string>& specs, const std::vector<ops::OpParamDef>& params,
         const std::string& flag, std::vector<std::vector<std::string>>* files) {
  const std::string what = flag == "--input" ? "input" : "output";
  files->assign(params.size(), {});
  size_t next = 0;
  for (const std::string& spec : specs) {
    const size_t eq = spec.find('=');
    size_t index = params.size();
    std::string file = spec;
    if (eq != std::string::npos) {
      const std::string name = spec.substr(0, eq);
      file = spec.substr(eq + 1);
      for (size_t k = 0; k < params.size(); ++k) {
        if (params[k].GetName() == name) index = k;
      }
      if (index == params.size()) {
        std::string names;
        for (const ops::OpParamDef& p : params) names += (names.empty() ? "" : ", ") + p.GetName();
        return UsageError(kExecOpDefCmd, flag + " " + spec + ": the op has no " + what +
                                             " named '" + name + "' (it has " + names + ")");
      }
    } else {
      auto taken = [&](size_t k) {
        const bool greedy = params[k].GetParamType() == ops::DYNAMIC && k + 1 == params.size();
        return !(*files)[k].empty() && !greedy;
      };
      while (next < params.size() && taken(next)) ++next;
      index = next;
      if (index == params.size()) {
        return UsageError(kExecOpDefCmd, flag + " " + spec + ": more files than the op's " +
                                             std::to_string(params.size()) + " " + what + "s");
      }
    }
    if (file.empty()) return UsageError(kExecOpDefCmd, flag + " " + spec + ": the path is empty");
    if (!(*files)[index].empty() && params[index].GetParamType() != ops::DYNAMIC) {
      return UsageError(kExecOpDefCmd,
                        flag + " " + spec + ": '" + params[index].GetName() + "' is given twice");
    }
    (*files)[index].push_back(file);
  }
  return 0;
}

std::vector<std::string> SplitList(std::string text) {
  if (!text.empty() && text.front() == '[' && text.back() == ']')
    text = text.substr(1, text.size() - 2);
  std::vector<std::string> items;
  size_t start = 0;
  while (start <= text.size() && !text.empty()) {
    size_t comma = text.find(',', start);
    if (comma == std::string::npos) comma = text.size();
    std::string item = text.substr(start, comma - start);
    while (!item.empty() && item.front() == ' ') item.erase(0, 1);
    while (!item.empty() && item.back() == ' ') item.pop_back();
    items.push_back(item);
    start = comma + 1;
  }
  return items;
}

// The text of one --attr value read as the type the OpDef declares for it; an undeclared name
// passes as a string so the operation can name it and suggest the nearest declared one.
Status ParseAttr(const ops::OpDef& def, const std::string& spec, AttrMap* attrs) {
  const size_t eq = spec.find('=');
  if (eq == std::string::npos || eq == 0) {
    return {ErrorCode::kInvalidParam, "--attr " + spec + ": expected name=value"};
  }
  const std::string name = spec.substr(0, eq);
  const std::string text = spec.substr(eq + 1);
  const std::string where = "--attr " + name;
  if (attrs->count(name) > 0) return {ErrorCode::kInvalidParam, where + " is given twice"};
  const ops::OpAttrDef* decl = nullptr;
  for (const ops::OpAttrDef& a : def.GetAttrs()) {
    if (a.GetName() == name) decl = &a;
  }
  using Kind = ops::OpAttrDef::Kind;
  const Kind kind = decl == nullptr ? Kind::kString : decl->GetKind();
  switch (kind) {
    case Kind::kBool: {
      bool value = false;
      OPSIM_RETURN_IF_ERROR(ParseBool(text, where, &value));
      (*attrs)[name] = value;
      return Status::Ok();
    }
    case Kind::kInt: {
      int64_t value = 0;
      OPSIM_RETURN_IF_ERROR(ParseInteger(text, where, std::numeric_limits<int64_t>::min(),
                                         std::numeric_limits<int64_t>::max(), &value));
      (*attrs)[name] = value;
      return Status::Ok();
    }
    case Kind::kFloat: {
      double v = 0;
      OPSIM_RETURN_IF_ERROR(ParseReal(text, where, &v));
      (*attrs)[name] = v;
      return Status::Ok();
    }
    case Kind::kListInt:
    case Kind::kListBool: {
      std::vector<int64_t> values;
      OPSIM_RETURN_IF_ERROR(ParseIntList(text, where, &values));
      (*attrs)[name] = values;
      return Status::Ok();
    }
    case Kind::kListFloat: {
      std::vector<double> values;
      for (const std::string& item : SplitList(text)) {
        double v = 0;
        OPSIM_RETURN_IF_ERROR(ParseReal(item, where + " item", &v));
        values.push_back(v);
      }
      (*attrs)[name] = values;
      return Status::Ok();
    }
    default: (*attrs)[name] = text; return Status::Ok();
  }
}

std::string Normalized(std::string_view name) {
  std::string out;
  for (char c : name) {
    if (c != '-' && c != '_') out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

// A ValueDepend input's file as the operation's constant ("=<name>"); false when the file's
// dtype is not one a constant holds (the tensor then goes in the pack).
bool ConstantFrom(const npy::NpyArray& a, DType dtype, AttrValue* out) {
  auto read = [&](auto sample) {
    using T = decltype(sample);
    std::vector<T> values(a.data.size() / sizeof(T));
    if (!values.empty()) std::memcpy(values.data(), a.data.data(), values.size() * sizeof(T));
    return values;
  };
  if (dtype == DType::kInt64) {
    *out = read(int64_t{});
  } else if (dtype == DType::kInt32) {
    const std::vector<int32_t> v = read(int32_t{});
    *out = std::vector<int64_t>(v.begin(), v.end());
  } else if (dtype == DType::kFloat32) {
    const std::vector<float> v = read(float{});
    *out = std::vector<double>(v.begin(), v.end());
  } else {
    return false;
  }
  return true;
}

}  // namespace

Status ParseOpDefAttrs(const std::string& op, const std::vector<std::string>& specs, AttrMap* out) {
  const ops::OpDef* def = op_api::FindOpDef(op);
  if (def == nullptr) return {ErrorCode::kInvalidParam, "'" + op + "' has no OpDef"};
  for (const std::string& spec : specs) OPSIM_RETURN_IF_ERROR(ParseAttr(*def, spec, out));
  return Status::Ok();
}

Status AttrFlags(const std::string& op, const std::vector<std::string>& args,
                 std::vector<std::string>* specs) {
  const ops::OpDef* def = op_api::FindOpDef(op);
  if (def == nullptr) return {ErrorCode::kInvalidParam, "'" + op + "' has no OpDef"};
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg.rfind("--", 0) != 0 || arg.size() == 2) {
      return {ErrorCode::kInvalidParam, "'" + arg + "' is not a flag"};
    }
    const size_t eq = arg.find('=');
    const std::string flag = arg.substr(0, eq);
    std::string value;
    if (eq != std::string::npos) {
      value = arg.substr(eq + 1);
    } else if (i + 1 < args.size()) {
      value = args[++i];
    } else {
      return {ErrorCode::kInvalidParam, flag + " has no value"};
    }
    const ops::OpAttrDef* match = nullptr;
    std::string names;
    for (const ops::OpAttrDef& a : def->GetAttrs()) {
      names += (names.empty() ? "" : ", ") + a.GetName();
      if (Normalized(a.GetName()) != Normalized(flag.substr(2))) continue;
      // Two attributes one flag spells alike (`axis` and `Axis`): guessing would set either.
      if (match != nullptr) {
        return {ErrorCode::kInvalidParam,
                flag + " is ambiguous: it matches the attributes '" + match->GetName() + "' and '" +
                    a.GetName() + "' of " + op + " (flags ignore case, '-' and '_'); use --attr " +
                    a.GetName() + "=" + value + " or --attr " + match->GetName() + "=" + value};
      }
      match = &a;
    }
    if (match == nullptr) {
      std::vector<std::string> flags;
      for (const ops::OpAttrDef& a : def->GetAttrs()) flags.push_back(FlagOf(a.GetName()));
      const std::vector<std::string_view> views(flags.begin(), flags.end());
      const std::string_view near = NearestName(flag, views);
      return {ErrorCode::kInvalidParam,
              flag + " is neither an option of this command nor an attribute of " + op +
                  (near.empty() ? std::string() : " (did you mean " + std::string(near) + "?)") +
                  "; its attributes: " + (names.empty() ? std::string("none") : names)};
    }
    specs->push_back(match->GetName() + "=" + value);
  }
  return Status::Ok();
}

bool IsOpDefOperator(const std::string& op) { return op_api::FindOpDef(op) != nullptr; }

std::string FlagOf(std::string_view attribute) {
  std::string flag = "--";
  for (size_t i = 0; i < attribute.size(); ++i) {
    const char c = attribute[i];
    if (c == '_') {
      flag += '-';
    } else if (std::isupper(static_cast<unsigned char>(c))) {
      if (i > 0) flag += '-';
      flag += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    } else {
      flag += c;
    }
  }
  return flag;
}

int RunOpDefExec(const OpDefExecRequest& r) {
  const ops::OpDef& def = *op_api::FindOpDef(r.op);
  std::vector<std::vector<std::string>> in_files, out_lists;
  if (int rc = Bind(r.inputs, def.GetInputs(), "--input", &in_files); rc != 0) return rc;
  // An op that updates an input in place (ScatterSub's var) has its result there:
  // --output NAME=FILE with an input's name writes that input after the run.
  std::vector<std::string> output_specs;
  std::vector<std::pair<size_t, std::string>> written_inputs;  // (OpDef input, file)
  for (const std::string& spec : r.outputs) {
    const size_t eq = spec.find('=');
    const std::string name = eq == std::string::npos ? "" : spec.substr(0, eq);
    bool is_output = false;
    for (const ops::OpParamDef& p : def.GetOutputs()) is_output = is_output || p.GetName() == name;
    size_t input = def.GetInputs().size();
    for (size_t k = 0; k < def.GetInputs().size() && !is_output; ++k) {
      if (def.GetInputs()[k].GetName() == name) input = k;
    }
    if (input == def.GetInputs().size()) {
      output_specs.push_back(spec);
      continue;
    }
    if (def.GetInputs()[input].GetParamType() == ops::DYNAMIC || spec.size() == eq + 1) {
      return UsageError(kExecOpDefCmd, "--output " + spec +
                                           ": a DYNAMIC input or an empty path cannot "
                                           "be written back");
    }
    written_inputs.emplace_back(input, spec.substr(eq + 1));
  }
  if (int rc = Bind(output_specs, def.GetOutputs(), "--output", &out_lists); rc != 0) return rc;
  std::vector<std::string> out_files;
  for (const std::vector<std::string>& list : out_lists) {
    out_files.push_back(list.empty() ? std::string() : list[0]);
  }
  for (size_t k = 0; k < out_files.size(); ++k) {
    if (out_files[k].empty()) {
      return UsageError(kExecOpDefCmd,
                        "--output: no file for output '" + def.GetOutputs()[k].GetName() + "'");
    }
    for (size_t j = 0; j < k; ++j) {
      if (std::filesystem::weakly_canonical(out_files[j]) ==
          std::filesystem::weakly_canonical(out_files[k])) {
        return UsageError(kExecOpDefCmd, "--output: outputs '" + def.GetOutputs()[j].GetName() +
                                             "' and '" + def.GetOutputs()[k].GetName() +
                                             "' name the same file " + out_files[k]);
      }
    }
  }
  {
    std::vector<std::string> seen = out_files;
    for (const auto& [input, file] : written_inputs) {
      for (const std::string& other : seen) {
        if (std::filesystem::weakly_canonical(other) == std::filesystem::weakly_canonical(file)) {
          return UsageError(kExecOpDefCmd, "--output " + def.GetInputs()[input].GetName() + "=" +
                                               file + ": the file is named twice");
        }
      }
      seen.push_back(file);
    }
  }
  AttrMap attrs;
  if (Status st = ParseOpDefAttrs(r.op, r.attrs, &attrs); !st.ok()) {
    return UsageError(kExecOpDefCmd, st.message());
  }
  for (size_t k = 0; k < in_files.size(); ++k) {
    const ops::OpParamDef& p = def.GetInputs()[k];
    if (p.GetParamType() == ops::DYNAMIC) {
      if (in_files[k].empty())
        return UsageError(kExecOpDefCmd, "--input: no file for input '" + p.GetName() + "'");
      attrs["@" + p.GetName()] = static_cast<int64_t>(in_files[k].size());
    }
  }
  // Every file first: a ValueDepend input's value becomes the operation's constant.
  std::vector<std::vector<npy::NpyArray>> arrays_in(in_files.size());
  std::vector<std::vector<DType>> dtypes_in(in_files.size());
  for (size_t k = 0; k < in_files.size(); ++k) {
    for (const std::string& file : in_files[k]) {
      npy::NpyArray a;
      if (Status st = npy::ReadNpy(file, &a); !st.ok()) {
        return Report(kExecOpDefCmd,
                      "--input " + def.GetInputs()[k].GetName() + ": " + st.message(),
                      kExitFailure);
      }
      const std::optional<DType> dtype = npy::DTypeFromDescr(a.descr, r.bf16_files);
      if (!dtype) {
        return Report(kExecOpDefCmd,
                      "--input " + file + ": dtype '" + a.descr + "' is not one opsim holds" +
                          (a.descr == "<u2" ? " (pass --dtype bfloat16 if it holds bfloat16 bit "
                                              "patterns)"
                                            : ""),
                      kExitFailure);
      }
      arrays_in[k].push_back(std::move(a));
      dtypes_in[k].push_back(*dtype);
    }
  }
  if (r.bf16_files) {
    bool any = false;
    for (const auto& arrays : arrays_in) {
      for (const npy::NpyArray& a : arrays) any = any || a.descr == "<u2";
    }
    if (!any) {
      return Report(kExecOpDefCmd,
                    "--dtype bfloat16: no input file is '<u2' (it says the <u2 files hold "
                    "bfloat16 bit patterns)",
                    kExitFailure);
    }
  }
  std::vector<bool> constant(in_files.size(), false);
  for (size_t k = 0; k < in_files.size(); ++k) {
    const ops::OpParamDef& p = def.GetInputs()[k];
    AttrValue value;
    if (p.GetValueDepend() != ops::IGNORE && p.GetParamType() != ops::DYNAMIC &&
        arrays_in[k].size() == 1 && arrays_in[k][0].shape.size() <= 1 &&
        ConstantFrom(arrays_in[k][0], dtypes_in[k][0], &value)) {
      attrs["=" + p.GetName()] = std::move(value);
      constant[k] = true;
    }
  }
  std::vector<bool> given;
  for (size_t k = 0; k < in_files.size(); ++k) {
    given.push_back(!in_files[k].empty());
    if (in_files[k].empty() && def.GetInputs()[k].GetParamType() != ops::OPTIONAL) {
      return UsageError(kExecOpDefCmd,
                        "--input: no file for input '" + def.GetInputs()[k].GetName() + "'");
    }
  }
  if (Status st = MarkGivenInputs(r.op, given, &attrs); !st.ok()) {
    return UsageError(kExecOpDefCmd, st.message());
  }
  for (const auto& [input, file] : written_inputs) {
    if (constant[input]) {
      return UsageError(kExecOpDefCmd,
                        "--output " + def.GetInputs()[input].GetName() + "=" + file +
                            ": that input is read on the host (ValueDepend), not written");
    }
  }
  std::unique_ptr<Operation> op;
  if (Status st = OperationRegistry::Global().Create(r.op, attrs, &op); !st.ok()) {
    return Report(kExecOpDefCmd, st.ToString(), kExitFailure);
  }
  std::vector<HostRunInput> bound;
  for (size_t k = 0; k < in_files.size(); ++k) {
    if (constant[k]) continue;  // held by the operation
    for (size_t i = 0; i < arrays_in[k].size(); ++i) {
      const npy::NpyArray& a = arrays_in[k][i];
      Shape shape;
      if (Status st =
              Shape::Make(a.shape.data(), a.shape.size(), &shape, "--input " + in_files[k][i]);
          !st.ok()) {
        return Report(kExecOpDefCmd, st.message(), kExitFailure);
      }
      HostRunInput in;
      in.desc.dtype = AclFromDType(dtypes_in[k][i]);
      in.desc.format = ACL_FORMAT_ND;
      in.desc.shape = DimsFromShape(shape);
      in.bytes = a.data;
      bound.push_back(in);
    }
  }
  HostRunOptions options;
  options.subject = r.op;
  options.context_options.device = r.device;
  options.context_options.host_threads = r.threads;
  options.context_options.checked = r.checked;
  options.context_options.auto_sync = r.auto_sync;
  options.context_options.copy_elision = r.copy_elision;
  options.context_options.padded_device_buffers = true;
  std::unique_ptr<HostRun> run;
  Status st = HostRun::Prepare(*op, bound, options, &run);
  if (st.ok()) st = run->Run();
  if (!st.ok()) return Report(kExecOpDefCmd, st.ToString(), kExitFailure);
  const VariantPack& pack = run->pack();

  // What is written, all or none: every output, then the inputs named with --output (their pack
  // position is the number of tensors before them).
  std::vector<std::pair<const Tensor*, std::string>> results;  // (tensor, name)
  for (size_t k = 0; k < pack.outTensors.size(); ++k) {
    results.emplace_back(&pack.outTensors[k], def.GetOutputs()[k].GetName());
  }
  for (const auto& [input, file] : written_inputs) {
    size_t position = 0;
    for (size_t k = 0; k < input; ++k) {
      if (!constant[k]) position += in_files[k].size();
    }
    results.emplace_back(&pack.inTensors[position], def.GetInputs()[input].GetName());
    out_files.push_back(file);
  }
  std::vector<npy::NpyArray> arrays(results.size());
  std::vector<std::pair<std::string, const npy::NpyArray*>> files;
  for (size_t k = 0; k < results.size(); ++k) {
    const Tensor& t = *results[k].first;
    const std::optional<DType> dtype = DTypeFromAcl(t.desc.dtype);
    const std::optional<std::string> descr = npy::DescrFromDType(*dtype);
    if (!descr) {
      return Report(kExecOpDefCmd,
                    "'" + results[k].second + "' has dtype " + std::string(DTypeName(*dtype)) +
                        ", which .npy cannot hold",
                    kExitFailure);
    }
    npy::NpyArray& a = arrays[k];
    a.descr = *descr;
    for (uint64_t i = 0; i < t.desc.shape.dimNum; ++i) a.shape.push_back(t.desc.shape.dims[i]);
    const auto* p = static_cast<const uint8_t*>(t.deviceData);
    a.data.assign(p, p + t.dataSize);
    files.emplace_back(out_files[k], &a);
  }
  if (Status st_write = npy::WriteNpyFiles(files); !st_write.ok()) {
    return Report(kExecOpDefCmd, "--output: " + st_write.message(), kExitFailure);
  }
  std::printf("%s on %s: simulated %.3f us, wrote", r.op.c_str(),
              run->context().device().name.c_str(), run->context().device_ns() / 1000.0);
  for (const std::string& f : out_files) std::printf(" %s", f.c_str());
  std::printf("\n");
  return 0;
}

}  // namespace opsim::cli
