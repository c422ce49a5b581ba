// An operator library whose host code crashes or exits on request (issue 24): the op HostCrash's
// attribute `where` picks the stage and the way (a null pointer in the tiling function, an
// integer division by zero, abort() or unbounded recursion in InferShape, a trap in
// InferDataType, exit(0) in the tiling function or the kernel, quick_exit(3) in the tiling
// function, exit(5) from a thread the tiling function starts and joins), and
// OPSIM_TEST_HOST_CRASH=ctor-segv, read while the library loads, makes its OpDef constructor store
// through a null pointer. Tests load copies of it (tests/op_api/user_code_crash_test.cc,
// tests/tools/user_code_crash_cli_test.cc).
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>

#include "opsim/op_api/kernel_entry.h"
#include "register/op_def_registry.h"

// Volatile, so the compiler emits each access as written. Exported functions, so the messages
// can name them (dladdr sees dynamic symbols only).
struct HostCrashPlan {
  int64_t mode;
  int64_t count;
  int64_t spare;  // at offset 16: a store to it through a null pointer faults at 0x10
};
HostCrashPlan* volatile g_host_crash_no_plan = nullptr;
volatile int64_t g_host_crash_zero = 0;
volatile int g_host_crash_depth_limit = 1 << 30;  // never reached: the stack ends first

// UBSan would report these itself (null member access, division by zero) before the CPU raises
// the signal under test, so they are left out of its checks. noipa: each stays one function of its
// own name (no clone, no inlining), which the messages name.
__attribute__((no_sanitize("null"), noipa)) void HostCrashStoreThroughNull() {
  g_host_crash_no_plan->spare = 1;
}

__attribute__((no_sanitize("integer-divide-by-zero"), noipa)) int64_t HostCrashDivide(
    int64_t value) {
  return value / g_host_crash_zero;
}

// Each call reads its caller's frame, so every frame stays alive: no optimiser can make a loop of
// it, and the stack runs out.
__attribute__((noipa)) int HostCrashRecurse(int depth, const volatile char* outer) {
  volatile char frame[256];
  frame[0] = static_cast<char>(depth);
  frame[1] = outer != nullptr ? outer[0] : 0;
  if (depth >= g_host_crash_depth_limit) return depth;
  return HostCrashRecurse(depth + 1, frame) + frame[1];
}

namespace {

// The modes' names are 15 characters at most: a std::string that short keeps them inside itself,
// so a frame a crash abandons owns nothing on the heap for LeakSanitizer to report (the
// debug-asan preset runs with detect_leaks=1).
std::string Where(const gert::RuntimeAttrs* attrs) {
  const char* where = attrs != nullptr ? attrs->GetStr(0) : nullptr;
  return where != nullptr ? where : "";
}

uint32_t InferShape(gert::InferShapeContext* context) {
  const std::string where = Where(context->GetAttrs());
  if (where == "shape-abort") std::abort();
  if (where == "shape-recurse") g_host_crash_zero = HostCrashRecurse(0, nullptr);
  *context->GetOutputShape(0) = *context->GetInputShape(0);
  return ge::GRAPH_SUCCESS;
}

uint32_t InferDataType(gert::InferDataTypeContext* context) {
  if (Where(context->GetAttrs()) == "dtype-trap") __builtin_trap();
  context->SetOutputDataType(0, context->GetInputDataType(0));
  return ge::GRAPH_SUCCESS;
}

uint32_t Tiling(gert::TilingContext* context) {
  const std::string where = Where(context->GetAttrs());
  if (where == "tiling-null") HostCrashStoreThroughNull();
  const int64_t count = context->GetInputShape(0)->GetStorageShape().GetShapeSize();
  const int64_t per_block = where == "tiling-divide" ? HostCrashDivide(count) : count;
  if (where == "tiling-exit") std::exit(0);
  if (where == "tiling-qexit") std::quick_exit(3);
  if (where == "tiling-thread") std::thread([] { std::exit(5); }).join();
  context->SetBlockDim(1);
  gert::TilingData* raw = context->GetRawTilingData();
  const HostCrashPlan plan{where == "kernel-exit" ? 1 : 0, per_block, 0};
  std::memcpy(raw->GetData(), &plan, sizeof plan);
  raw->SetDataSize(sizeof plan);
  return ge::GRAPH_SUCCESS;
}

bool CtorCrashes() {
  const char* mode = std::getenv("OPSIM_TEST_HOST_CRASH");
  return mode != nullptr && std::string(mode) == "ctor-segv";
}

}  // namespace

namespace ops {
class HostCrash : public OpDef {
 public:
  explicit HostCrash(const char* name) : OpDef(name) {
    if (CtorCrashes()) HostCrashStoreThroughNull();
    Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    Attr("where").AttrType(OPTIONAL).String("nowhere");
    SetInferShape(InferShape);
    SetInferDataType(InferDataType);
    AICore().SetTiling(Tiling).AddConfig("ascend910b");
  }
};
OP_ADD(HostCrash);
}  // namespace ops

// y = x by plain stores (runs that pass are unchecked ones), or exit(0) when the plan says so.
extern "C" void host_crash(uint8_t* x, uint8_t* y, uint8_t* /*workspace*/, uint8_t* tiling) {
  HostCrashPlan plan{};
  std::memcpy(&plan, tiling, sizeof plan);
  if (plan.mode == 1) std::exit(0);
  std::memcpy(y, x, static_cast<size_t>(plan.count) * sizeof(float));
}
static const opsim::op_api::KernelRegistrar g_host_crash_kernel("HostCrash", 0, &host_crash);
