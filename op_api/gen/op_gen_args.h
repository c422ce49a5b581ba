// opsim_op_gen's command line: what opsim_add_op_library passes it (cmake/opsim_op_library.cmake).
#pragma once

#include <string>
#include <vector>

namespace opsim::op_gen {

struct Args {
  std::string library;
  std::vector<std::string> kernels;
  std::vector<std::string> single_kernels;  // name no DTYPE_ macro: one unit for every column
  std::vector<std::string> headers;
  std::string out;
  int slots = 16;
  std::vector<std::string> auto_sync_off;  // op types of this library, or ALL
  // The project's add_ops_compile_options: op types that may be in another library.
  std::vector<std::string> project_auto_sync_off;
  // --aclnn DIR: the single-operator API of every OpDef (aclnn_gen.h), its source as
  // DIR/src/aclnn_ops.cc.
  std::string aclnn_dir;
  // --key-slots N: units per column of a kernel that tests TILING_KEY_VAR in #if (its key
  // groups, key_var_units.h); 0 when opsim_add_op_library saw no such kernel.
  int key_slots = 0;
  std::vector<std::string> key_kernels;  // --key-kernel K.cpp: those kernels (also --kernel)
};

// Reads the flags into `args`; 0, or 2 after printing what is wrong (an unknown flag, a bad
// number, or the usage when --library or --out is missing).
int ParseArgs(int argc, char** argv, Args* args);

// True when op_type's kernels are registered as built with CANN's --cce-auto-sync=off.
bool AutoSyncOff(const Args& args, const std::string& op_type);

}  // namespace opsim::op_gen
