// Kernels that test TILING_KEY_VAR in the preprocessor (`#if TILING_KEY_VAR != KEY_A`): CANN
// compiles one binary per tiling key with TILING_KEY_VAR the key's constant, so each `#if`
// chooses per key. opsim's units are one per dtype column with the run-time key; for such a
// kernel opsim_op_gen writes one unit per group of keys on which every such `#if` agrees (one
// per key when the kernel also reads TILING_KEY_VAR in its code), TILING_KEY_VAR defined there
// as a key of the group.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace opsim::op_gen {

// What the kernel's folder (the kernel file and every source or header under its folder) does
// with TILING_KEY_VAR.
struct KeyVarUse {
  std::vector<std::string> conditions;        // each #if / #elif expression naming it
  bool in_code = false;                       // it, TILING_KEY_IS or TILING_KEY_LIST in code
  std::map<std::string, std::string> macros;  // object-like #defines: name -> replacement
  bool InPreprocessor() const { return !conditions.empty(); }
};

KeyVarUse ScanKeyVar(const std::string& kernel_path);

// The value of a preprocessor condition with TILING_KEY_VAR = key; false when it depends on a
// name the folder does not define (or is not an expression this evaluator reads).
bool EvaluateCondition(const std::string& condition, uint64_t key,
                       const std::map<std::string, std::string>& macros, long long* value);

// `keys` in groups on which every condition has the same value (each key its own group when
// the kernel reads TILING_KEY_VAR in its code or a condition cannot be evaluated), in the order
// of their first key.
std::vector<std::vector<uint64_t>> GroupKeys(const KeyVarUse& use,
                                             const std::vector<uint64_t>& keys);

// Whether the kernel file declares its entry (`__global__ __aicore__ void <entry>(`) as a
// template. A repository's 910B kernel may be a plain entry while the op's Ascend 950 tiling,
// built into the same library, declares template keys under the op's name (ops-nn's
// AscendQuantV2, Modulate): those keys are not the kernel's. An entry not found counts as a
// template, so a kernel the scan cannot read keeps the template units.
bool EntryIsTemplate(const std::string& kernel_path, const std::string& entry);

}  // namespace opsim::op_gen
