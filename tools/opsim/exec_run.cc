// `opsim exec --op <OpDef op>`: .npy files bound to the OpDef's inputs and outputs by name or
// position, ValueDepend inputs read as constants, the operation run through HostRun, and every
// output (and each input named with --output, for ops that update one in place) written, all
// or none.
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "cli_util.h"
#include "exec_opdef.h"
#include "opsim/core/file_read.h"
#include "opsim/framework/host_run.h"
#include "opsim/framework/operation_registry.h"
#include "opsim/npy/npy.h"
#include "opsim/op_api/op_registry.h"

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

// An input written back after the run: its OpDef input, the tensor of it (a DYNAMIC input's
// i-th, in --output order), the file.
struct WrittenInput {
  size_t input = 0;
  size_t instance = 0;
  std::string file;
};

// The files of one exec, per OpDef parameter.
struct ExecFiles {
  std::vector<std::vector<std::string>> inputs;   // per OpDef input
  std::vector<std::vector<std::string>> outputs;  // per OpDef output (a DYNAMIC one's list)
  std::vector<WrittenInput> written_inputs;
};

// What was read of the input files, per OpDef input.
struct ExecInputs {
  std::vector<std::vector<npy::NpyArray>> arrays;
  std::vector<std::vector<DType>> dtypes;
  std::vector<bool> constant;  // read on the host as the operation's constant
};

// Splits --output into the OpDef's outputs and the inputs written back: an op that updates an
// input in place (ScatterSub's var) has its result there, and --output NAME=FILE with an
// input's name writes that input after the run; a DYNAMIC input's (ForeachZeroInplace's x)
// takes one file per tensor, in order. A DYNAMIC output takes every file given by its name: their
// number is its tensor count ("@<name>").
int BindOutputs(const ops::OpDef& def, const std::vector<std::string>& specs, ExecFiles* files) {
  std::vector<std::string> output_specs;
  for (const std::string& spec : specs) {
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
    if (spec.size() == eq + 1) {
      return UsageError(kExecOpDefCmd, "--output " + spec + ": an empty path cannot be written");
    }
    size_t instance = 0;
    for (const WrittenInput& w : files->written_inputs) instance += w.input == input ? 1 : 0;
    if (instance > 0 && def.GetInputs()[input].GetParamType() != ops::DYNAMIC) {
      return UsageError(kExecOpDefCmd, "--output " + spec + ": '" + name + "' is given twice");
    }
    files->written_inputs.push_back({input, instance, spec.substr(eq + 1)});
  }
  if (int rc = Bind(output_specs, def.GetOutputs(), "--output", &files->outputs); rc != 0) {
    return rc;
  }
  for (size_t k = 0; k < files->outputs.size(); ++k) {
    if (files->outputs[k].empty()) {
      return UsageError(kExecOpDefCmd,
                        "--output: no file for output '" + def.GetOutputs()[k].GetName() + "'");
    }
  }
  return 0;
}

// A DYNAMIC input written back names a file for each of its tensors.
int CheckWrittenLists(const ops::OpDef& def, const ExecFiles& files) {
  for (const WrittenInput& w : files.written_inputs) {
    const size_t given = files.inputs[w.input].size();
    size_t named = 0;
    for (const WrittenInput& v : files.written_inputs) named += v.input == w.input ? 1 : 0;
    if (named != given) {
      const std::string& name = def.GetInputs()[w.input].GetName();
      return UsageError(kExecOpDefCmd, "--output " + name + "=...: " + std::to_string(named) +
                                           " files to write the DYNAMIC input '" + name +
                                           "' back to, but it has " + std::to_string(given) +
                                           " tensors (one file each, in --input order)");
    }
  }
  return 0;
}

// No file is written twice: two outputs (two tensors of a DYNAMIC one), or an output and a
// written-back input.
int CheckDistinctFiles(const ops::OpDef& def, const ExecFiles& files) {
  struct Written {
    std::string file;
    std::string name;
    bool input;
  };
  std::vector<Written> seen;
  for (size_t k = 0; k < files.outputs.size(); ++k) {
    for (const std::string& file : files.outputs[k]) {
      seen.push_back({file, def.GetOutputs()[k].GetName(), false});
    }
  }
  for (const WrittenInput& w : files.written_inputs) {
    seen.push_back({w.file, def.GetInputs()[w.input].GetName(), true});
  }
  for (size_t k = 0; k < seen.size(); ++k) {
    for (size_t j = 0; j < k; ++j) {
      if (ComparablePath(seen[j].file) != ComparablePath(seen[k].file)) continue;
      if (seen[k].input) {
        return UsageError(kExecOpDefCmd, "--output " + seen[k].name + "=" + seen[k].file +
                                             ": the file is named twice");
      }
      return UsageError(kExecOpDefCmd, "--output: outputs '" + seen[j].name + "' and '" +
                                           seen[k].name + "' name the same file " + seen[k].file);
    }
  }
  return 0;
}

// Every input file, before the operation exists: a ValueDepend input's value is its constant.
int ReadInputs(const ops::OpDef& def, const OpDefExecRequest& r, const ExecFiles& files,
               ExecInputs* in) {
  in->arrays.resize(files.inputs.size());
  in->dtypes.resize(files.inputs.size());
  bool any_u2 = false, any_i1 = false;
  for (size_t k = 0; k < files.inputs.size(); ++k) {
    for (const std::string& file : files.inputs[k]) {
      npy::NpyArray a;
      if (Status st = npy::ReadNpy(file, &a); !st.ok()) {
        return Report(kExecOpDefCmd,
                      "--input " + def.GetInputs()[k].GetName() + ": " + st.message(),
                      kExitFailure);
      }
      const std::optional<DType> dtype = npy::DTypeFromDescr(a.descr, r.bf16_files, r.int4_files);
      if (!dtype) {
        return Report(kExecOpDefCmd,
                      "--input " + file + ": dtype '" + a.descr + "' is not one opsim holds",
                      kExitFailure);
      }
      if (*dtype == DType::kInt4) {
        if (Status st = npy::PackInt4("--input " + file, &a); !st.ok()) {
          return Report(kExecOpDefCmd, st.message(), kExitFailure);
        }
      }
      any_u2 = any_u2 || a.descr == "<u2";
      any_i1 = any_i1 || a.descr == "|i1";
      in->arrays[k].push_back(std::move(a));
      in->dtypes[k].push_back(*dtype);
    }
  }
  if (r.bf16_files && !any_u2) {
    return Report(kExecOpDefCmd,
                  "--dtype bfloat16: no input file is '<u2' (it says the <u2 files hold "
                  "bfloat16 bit patterns)",
                  kExitFailure);
  }
  if (r.int4_files && !any_i1) {
    return Report(kExecOpDefCmd,
                  "--dtype int4: no input file is '|i1' (it says the |i1 files hold int4 values)",
                  kExitFailure);
  }
  return 0;
}

// The attributes the inputs imply: DYNAMIC counts, ValueDepend constants, which OPTIONAL
// inputs are given.
int InputAttrs(const ops::OpDef& def, const OpDefExecRequest& r, const ExecFiles& files,
               ExecInputs* in, AttrMap* attrs) {
  in->constant.assign(files.inputs.size(), false);
  std::vector<bool> given;
  for (size_t k = 0; k < files.inputs.size(); ++k) {
    const ops::OpParamDef& p = def.GetInputs()[k];
    given.push_back(!files.inputs[k].empty());
    if (p.GetParamType() == ops::DYNAMIC) {
      (*attrs)["@" + p.GetName()] = static_cast<int64_t>(files.inputs[k].size());
    }
    AttrValue value;
    if (p.GetValueDepend() != ops::IGNORE && p.GetParamType() != ops::DYNAMIC &&
        in->arrays[k].size() == 1 && in->arrays[k][0].shape.size() <= 1 &&
        ConstantFrom(in->arrays[k][0], in->dtypes[k][0], &value)) {
      (*attrs)["=" + p.GetName()] = std::move(value);
      in->constant[k] = true;
    }
  }
  if (Status st = MarkGivenInputs(r.op, given, attrs); !st.ok()) {
    return UsageError(kExecOpDefCmd, st.message());
  }
  for (const WrittenInput& w : files.written_inputs) {
    if (in->constant[w.input]) {
      return UsageError(kExecOpDefCmd,
                        "--output " + def.GetInputs()[w.input].GetName() + "=" + w.file +
                            ": that input is read on the host (ValueDepend), not written");
    }
  }
  for (size_t k = 0; k < files.outputs.size(); ++k) {
    const ops::OpParamDef& p = def.GetOutputs()[k];
    if (p.GetParamType() == ops::DYNAMIC) {  // Bind took one file for each other output
      (*attrs)["@" + p.GetName()] = static_cast<int64_t>(files.outputs[k].size());
    }
  }
  return 0;
}

// Every file of the command line bound to a parameter, each required input given one, and no
// file written twice.
int BindFiles(const ops::OpDef& def, const OpDefExecRequest& r, ExecFiles* files) {
  if (int rc = Bind(r.inputs, def.GetInputs(), "--input", &files->inputs); rc != 0) return rc;
  for (size_t k = 0; k < files->inputs.size(); ++k) {
    const ops::OpParamDef& p = def.GetInputs()[k];
    if (files->inputs[k].empty() && p.GetParamType() != ops::OPTIONAL) {
      return UsageError(kExecOpDefCmd, "--input: no file for input '" + p.GetName() + "'");
    }
  }
  if (int rc = BindOutputs(def, r.outputs, files); rc != 0) return rc;
  if (int rc = CheckWrittenLists(def, *files); rc != 0) return rc;
  return CheckDistinctFiles(def, *files);
}

// The inputs HostRun binds: every file but the constants, in OpDef order.
int HostInputs(const ExecFiles& files, const ExecInputs& in, std::vector<HostRunInput>* bound) {
  for (size_t k = 0; k < files.inputs.size(); ++k) {
    if (in.constant[k]) continue;  // held by the operation
    for (size_t i = 0; i < in.arrays[k].size(); ++i) {
      const npy::NpyArray& a = in.arrays[k][i];
      Shape shape;
      if (Status st =
              Shape::Make(a.shape.data(), a.shape.size(), &shape, "--input " + files.inputs[k][i]);
          !st.ok()) {
        return Report(kExecOpDefCmd, st.message(), kExitFailure);
      }
      bound->push_back(
          {TensorDesc{AclFromDType(in.dtypes[k][i]), ACL_FORMAT_ND, DimsFromShape(shape)}, a.data});
    }
  }
  return 0;
}

// Writes every output, then the inputs named with --output (their pack position is the number
// of tensors before them): all or none.
int WriteResults(const ops::OpDef& def, const ExecFiles& files, const ExecInputs& in,
                 const HostRun& run) {
  const VariantPack& pack = run.pack();
  std::vector<std::pair<const Tensor*, std::string>> results;  // (tensor, name)
  std::vector<std::string> paths;
  for (size_t k = 0, next = 0; k < files.outputs.size(); ++k) {
    for (const std::string& file : files.outputs[k]) {
      results.emplace_back(&pack.outTensors[next++], def.GetOutputs()[k].GetName());
      paths.push_back(file);
    }
  }
  for (const WrittenInput& w : files.written_inputs) {
    size_t position = w.instance;
    for (size_t k = 0; k < w.input; ++k) {
      if (!in.constant[k]) position += files.inputs[k].size();
    }
    results.emplace_back(&pack.inTensors[position], def.GetInputs()[w.input].GetName());
    paths.push_back(w.file);
  }
  std::vector<npy::NpyArray> arrays(results.size());
  std::vector<std::pair<std::string, const npy::NpyArray*>> written;
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
    a.shape.assign(t.desc.shape.dims, t.desc.shape.dims + t.desc.shape.dimNum);
    const auto* p = static_cast<const uint8_t*>(t.deviceData);
    if (*dtype == DType::kInt4) {
      if (Status st = npy::UnpackInt4(a.shape, {p, t.dataSize}, &a); !st.ok()) {
        return Report(kExecOpDefCmd, "'" + results[k].second + "': " + st.message(), kExitFailure);
      }
    } else {
      a.data.assign(p, p + t.dataSize);
    }
    written.emplace_back(paths[k], &a);
  }
  if (Status st = npy::WriteNpyFiles(written); !st.ok()) {
    return Report(kExecOpDefCmd, "--output: " + st.message(), kExitFailure);
  }
  run.context().PrintWarnings(stderr);
  std::printf("%s on %s: simulated %.3f us, wrote", def.GetOpType().c_str(),
              run.context().device().name.c_str(), run.context().device_ns() / 1000.0);
  for (const std::string& f : paths) std::printf(" %s", f.c_str());
  std::printf("\n");
  return 0;
}

}  // namespace

int RunOpDefExec(const OpDefExecRequest& r) {
  const ops::OpDef& def = *op_api::FindOpDef(r.op);
  ExecFiles files;
  if (int rc = BindFiles(def, r, &files); rc != 0) return rc;
  AttrMap attrs;
  if (Status st = ParseOpDefAttrs(r.op, r.attrs, &attrs); !st.ok()) {
    return UsageError(kExecOpDefCmd, st.message());
  }
  if (Status st = ParseOutputShapes(def, r.output_shapes, &attrs); !st.ok()) {
    return UsageError(kExecOpDefCmd, st.message());
  }
  if (Status st = ParseOutputDTypes(def, r.output_dtypes, &attrs); !st.ok()) {
    return UsageError(kExecOpDefCmd, st.message());
  }
  ExecInputs in;
  if (int rc = ReadInputs(def, r, files, &in); rc != 0) return rc;
  if (int rc = InputAttrs(def, r, files, &in, &attrs); rc != 0) return rc;
  std::unique_ptr<Operation> op;
  if (Status st = OperationRegistry::Global().Create(r.op, attrs, &op); !st.ok()) {
    return Report(kExecOpDefCmd, st.ToString(), kExitFailure);
  }
  std::vector<HostRunInput> bound;
  if (int rc = HostInputs(files, in, &bound); rc != 0) return rc;
  HostRunOptions options;
  options.subject = r.op;
  options.context_options = r.context;
  options.context_options.padded_device_buffers = true;
  std::unique_ptr<HostRun> run;
  Status st = HostRun::Prepare(*op, bound, options, &run);
  if (st.ok()) st = run->Run();
  if (!st.ok()) return Report(kExecOpDefCmd, st.ToString(), kExitFailure);
  return WriteResults(def, files, in, *run);
}

}  // namespace opsim::cli
