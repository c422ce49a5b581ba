// An operator library whose user code misbehaves on request (issue 24): the op UserFault's
// attribute `where` picks the stage that throws (or how its kernel crashes or spins), and
// OPSIM_TEST_USER_FAULT, read while the library loads, makes its static initialisation throw, exit
// or crash. Tests load copies of it.
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>

#include "opsim/op_api/kernel_entry.h"
#include "register/op_def_registry.h"

namespace {

std::string LoadFault() {
  const char* mode = std::getenv("OPSIM_TEST_USER_FAULT");
  return mode != nullptr ? mode : "";
}

// A user's own global, constructed before any OP_ADD of this file runs.
struct UserGlobal {
  UserGlobal() {
    const std::string mode = LoadFault();
    if (mode == "static-throw") throw std::runtime_error("user_faults: static initialiser failed");
    if (mode == "static-exit") std::exit(0);
    if (mode == "static-abort") std::abort();
  }
};
const UserGlobal g_user_global;

std::string Where(const gert::RuntimeAttrs* attrs) {
  const char* where = attrs != nullptr ? attrs->GetStr(0) : nullptr;
  return where != nullptr ? where : "";
}

uint32_t InferShape(gert::InferShapeContext* context) {
  const std::string where = Where(context->GetAttrs());
  if (where == "infershape") throw std::runtime_error("UserFault's InferShape gave up");
  if (where == "infershape-int") throw 42;
  *context->GetOutputShape(0) = *context->GetInputShape(0);
  return ge::GRAPH_SUCCESS;
}

uint32_t InferDataType(gert::InferDataTypeContext* context) {
  if (Where(context->GetAttrs()) == "inferdtype") throw std::logic_error("no dtype for you");
  context->SetOutputDataType(0, context->GetInputDataType(0));
  return ge::GRAPH_SUCCESS;
}

// What the kernel does, by `where`: 0 copies x to y; the rest go wrong, each its own way.
int64_t KernelMode(const std::string& where) {
  static const char* const kModes[] = {"kernel-throw",      "kernel-throw-int", "kernel-fpe",
                                       "kernel-wild-store", "kernel-abort",     "kernel-spin"};
  for (int64_t i = 0; i < 6; ++i) {
    if (where == kModes[i]) return i + 1;
  }
  return 0;
}

uint32_t Tiling(gert::TilingContext* context) {
  const std::string where = Where(context->GetAttrs());
  if (where == "tiling") throw std::out_of_range("tile index 7 out of range");
  if (where == "tiling-string") throw "a C string";
  if (where == "tiling-overrun") {  // past GetCapacity(), into the runtime's guard band
    gert::TilingData* raw = context->GetRawTilingData();
    std::memset(static_cast<uint8_t*>(raw->GetData()) + raw->GetCapacity(), 0, 16);
  }
  if (where == "workspace-wrap") {
    size_t* sizes = context->GetWorkspaceSizes(2);
    sizes[0] = SIZE_MAX - 8;
    sizes[1] = 64;
  }
  if (where == "workspace-count" && context->GetWorkspaceSizes(size_t{1} << 62) != nullptr) {
    return ge::GRAPH_FAILED;
  }
  context->SetBlockDim(1);
  gert::TilingData* raw = context->GetRawTilingData();
  // {kernel behaviour, element count}
  const int64_t plan[2] = {KernelMode(where),
                           context->GetInputShape(0)->GetStorageShape().GetShapeSize()};
  std::memcpy(raw->GetData(), plan, sizeof plan);
  raw->SetDataSize(sizeof plan);
  return ge::GRAPH_SUCCESS;
}

}  // namespace

namespace ops {
class UserFault : public OpDef {
 public:
  explicit UserFault(const char* name) : OpDef(name) {
    if (LoadFault() == "ctor-throw") throw std::invalid_argument("UserFault's OpDef is not ready");
    Input("x").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    Attr("where").AttrType(OPTIONAL).String("nowhere");
    // One flag (--level) spells both: the CLI must refuse it as ambiguous.
    Attr("level").AttrType(OPTIONAL).Int(0);
    Attr("Level").AttrType(OPTIONAL).Int(0);
    SetInferShape(InferShape);
    SetInferDataType(InferDataType);
    AICore().SetTiling(Tiling).AddConfig("ascend910b");
  }
};
OP_ADD(UserFault);
}  // namespace ops

// Volatile, so the compiler emits the division and the store as written.
static volatile int64_t g_zero = 0;
static volatile uintptr_t g_wild = 16;  // no page is ever mapped there
// The spin's own counter: `opsim run` runs cases on several threads, and a spin that counted in
// g_zero made a division running beside it divide by its count instead of zero.
static volatile int64_t g_spins = 0;

// The CPU's SIGFPE is what the guard must catch, so UBSan (which would report the division
// itself, first) leaves this one function alone in the sanitizer build.
__attribute__((no_sanitize("integer-divide-by-zero"), noinline)) static int64_t DivideByZero(
    int64_t value) {
  return value / g_zero;
}

// y = x by plain stores (so runs that pass are unchecked ones: checked mode sees no Ascend C
// write of y).
extern "C" void user_fault(uint8_t* x, uint8_t* y, uint8_t* /*workspace*/, uint8_t* tiling) {
  int64_t plan[2] = {0, 0};
  std::memcpy(plan, tiling, sizeof plan);
  if (plan[0] == 1) throw std::runtime_error("UserFault's kernel threw");
  if (plan[0] == 2) throw 42;
  if (plan[0] == 3) plan[1] = DivideByZero(plan[1]);               // SIGFPE
  if (plan[0] == 4) *reinterpret_cast<volatile int*>(g_wild) = 1;  // SIGSEGV
  if (plan[0] == 5) std::abort();
  while (plan[0] == 6) g_spins = g_spins + 1;  // scalar code only: no simulated time passes
  std::memcpy(y, x, static_cast<size_t>(plan[1]) * sizeof(float));
}
static const opsim::op_api::KernelRegistrar g_user_fault_kernel("UserFault", 0, &user_fault);
// OPSIM_TEST_USER_FAULT=kernel-twice: a second kernel for the same key, which refuses the library.
static const bool g_second_kernel = [] {
  if (LoadFault() == "kernel-twice") {
    static const opsim::op_api::KernelRegistrar again("UserFault", 0, &user_fault);
  }
  return true;
}();
