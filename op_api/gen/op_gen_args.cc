#include "op_gen_args.h"

#include <cstdio>
#include <cstdlib>

namespace opsim::op_gen {
namespace {

// `value` as a number in [low, 100000]; false after printing the flag and the rule.
bool ParseCount(const std::string& flag, const std::string& value, long low, int* out) {
  char* end = nullptr;
  const long n = std::strtol(value.c_str(), &end, 10);
  if (value.empty() || *end != '\0' || n < low || n > 100000) {
    std::fprintf(stderr, "opsim_op_gen: %s '%s' (expected a number from %ld to 100000)\n",
                 flag.c_str(), value.c_str(), low);
    return false;
  }
  *out = static_cast<int>(n);
  return true;
}

}  // namespace

int ParseArgs(int argc, char** argv, Args* args) {
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    const std::string value = argv[i + 1];
    if (flag == "--library") {
      args->library = value;
    } else if (flag == "--kernel") {
      args->kernels.push_back(value);
    } else if (flag == "--single-kernel") {
      args->single_kernels.push_back(value);
    } else if (flag == "--header") {
      args->headers.push_back(value);
    } else if (flag == "--out") {
      args->out = value;
    } else if (flag == "--slots") {
      if (!ParseCount(flag, value, 1, &args->slots)) return 2;
    } else if (flag == "--auto-sync-off") {
      args->auto_sync_off.push_back(value);
    } else if (flag == "--project-auto-sync-off") {
      args->project_auto_sync_off.push_back(value);
    } else if (flag == "--aclnn") {
      args->aclnn_dir = value;
    } else if (flag == "--key-kernel") {
      args->key_kernels.push_back(value);
    } else if (flag == "--key-slots") {
      if (!ParseCount(flag, value, 0, &args->key_slots)) return 2;
    } else {
      std::fprintf(stderr, "opsim_op_gen: unknown flag %s\n", flag.c_str());
      return 2;
    }
  }
  if (args->library.empty() || args->out.empty()) {
    std::fprintf(
        stderr,
        "usage: opsim_op_gen --library HOST.so --out DIR [--kernel K.cpp]... "
        "[--single-kernel K.cpp]... [--header H.h]... [--slots N] [--auto-sync-off OP|ALL]... "
        "[--project-auto-sync-off OP]... [--aclnn DIR] [--key-kernel K.cpp]... [--key-slots N]\n");
    return 2;
  }
  return 0;
}

bool AutoSyncOff(const Args& args, const std::string& op_type) {
  for (const auto* list : {&args.auto_sync_off, &args.project_auto_sync_off}) {
    for (const std::string& op : *list) {
      if (op == "ALL" || op == op_type) return true;
    }
  }
  return false;
}

}  // namespace opsim::op_gen
