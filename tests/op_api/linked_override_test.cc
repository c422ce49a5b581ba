// A user's operator library that the program links (not loads) and that defines one of opsim's
// op types (Reciprocal, testdata/impl_dialect/builtin_named.cc with its kernel): its OpDef and
// kernel replace opsim's for every caller, as `opsim exec --library` and a CANN custom operator
// package do, while opsim's other operators stay as they are.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>

#include "opsim/framework/operation_registry.h"
#include "opsim/op_api/op_registry.h"

extern "C" void users_reciprocal(uint8_t*, uint8_t*);

namespace opsim {
namespace {

TEST(LinkedOverride, TheLinkedLibrarysOpDefReplacesTheBuiltin) {
  const ops::OpDef* def = op_api::FindOpDef("Reciprocal");
  ASSERT_NE(def, nullptr);
  ASSERT_EQ(def->GetInputs().size(), 1u);
  EXPECT_EQ(def->GetInputs()[0].GetName(), "x");  // the user's names, not opsim's
  ASSERT_EQ(def->GetAttrs().size(), 1u);
  EXPECT_EQ(def->GetAttrs()[0].GetName(), "scale");
  std::unique_ptr<Operation> op;
  EXPECT_TRUE(OperationRegistry::Global().Create("Reciprocal", {{"scale", 2.0}}, &op).ok());
  // An attribute only opsim's would take is refused: the built-in is out of every door.
  EXPECT_FALSE(OperationRegistry::Global().Create("Reciprocal", {{"axis", int64_t{0}}}, &op).ok());
}

TEST(LinkedOverride, OnlyTheLinkedLibrarysKernelsRemain) {
  const op_api::KernelBuild* kernel = op_api::FindKernel("Reciprocal", 0);
  ASSERT_NE(kernel, nullptr);
  EXPECT_EQ(kernel->fn, reinterpret_cast<void (*)()>(&users_reciprocal));
  EXPECT_EQ(kernel->arity, 2u);
  // opsim's Reciprocal has float32 and more columns; none of its kernels is left.
  for (int column = 1; column < 8; ++column) {
    EXPECT_EQ(op_api::FindKernel("Reciprocal", column), nullptr) << column;
  }
}

TEST(LinkedOverride, OtherBuiltinsStay) {
  const ops::OpDef* exp = op_api::FindOpDef("Exp");
  ASSERT_NE(exp, nullptr);
  EXPECT_TRUE(op_api::HasAnyKernel("Exp"));
  EXPECT_NE(op_api::FindKernel("Exp", 0), nullptr);
}

}  // namespace
}  // namespace opsim
