// Template kernels in the registry (issue 25, step 5): instantiations registered by (op, column,
// tiling key) are found by their key only, kept apart from the older dialect's one entry per
// column, and keys are decoded into their declared fields for the refusal message.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "ascendc/host_api/tiling/template_argument.h"
#include "opsim/op_api/kernel_entry.h"
#include "opsim/op_api/op_registry.h"

namespace {

using opsim::op_api::DescribeTemplateKey;
using opsim::op_api::TemplateKeyLayout;

// D_T_X: 8 bits of a dtype number; schMode: 2 bits of an index into {10, 12, 13}; gather: 1 bit.
const TemplateKeyLayout& Layout() {
  static const TemplateKeyLayout layout{{"D_T_X", ASCENDC_TPL_DTYPE, 8, {}},
                                        {"schMode", ASCENDC_TPL_UINT, 2, {10, 12, 13}},
                                        {"kernel_type", ASCENDC_TPL_KERNEL_TYPE, 0, {}},
                                        {"gather", ASCENDC_TPL_BOOL, 1, {}}};
  return layout;
}

void KernelA(uint8_t*, uint8_t*) {}
void KernelB(uint8_t*, uint8_t*) {}

TEST(KeyedKernel, DescribesEachDeclaredField) {
  EXPECT_EQ(DescribeTemplateKey(Layout(), 0), "D_T_X=0 (DT_FLOAT), schMode=10, gather=false");
  EXPECT_EQ(DescribeTemplateKey(Layout(), 27 + (2u << 8) + (1u << 10)),
            "D_T_X=27 (DT_BF16), schMode=13, gather=true");
  // Index 3 of a three-value list, and bits past the last field.
  EXPECT_EQ(DescribeTemplateKey(Layout(), 1 + (3u << 8)),
            "D_T_X=1 (DT_FLOAT16), schMode=code 3 (not declared), gather=false");
  EXPECT_EQ(DescribeTemplateKey(Layout(), 1u << 11),
            "D_T_X=0 (DT_FLOAT), schMode=10, gather=false, bits above the declared fields");
  // A user's own dtype numbers (ASCENDC_TPL_DTYPE_DECL) that name no data type stay numbers.
  EXPECT_EQ(DescribeTemplateKey(Layout(), 60), "D_T_X=60, schMode=10, gather=false");
  EXPECT_EQ(DescribeTemplateKey({}, 5), "bits above the declared fields");
  EXPECT_EQ(DescribeTemplateKey({}, 0), "no declared fields");
}

TEST(KeyedKernel, InstantiationsAreFoundByTheirKeyOnly) {
  const opsim::op_api::KeyedKernelRegistrar a("OpsimKeyedTestOp", 1, 256, &Layout(), &KernelA);
  const opsim::op_api::KeyedKernelRegistrar b("OpsimKeyedTestOp", 1, 1, &Layout(), &KernelB,
                                              /*auto_sync=*/false);
  const opsim::op_api::KernelBuild* found =
      opsim::op_api::FindKeyedKernel("OpsimKeyedTestOp", 1, 256);
  ASSERT_NE(found, nullptr);
  EXPECT_EQ(found->fn, reinterpret_cast<void (*)()>(&KernelA));
  EXPECT_EQ(found->arity, 2u);
  EXPECT_EQ(found->layout, &Layout());
  EXPECT_FALSE(opsim::op_api::FindKeyedKernel("OpsimKeyedTestOp", 1, 1)->auto_sync);
  EXPECT_EQ(opsim::op_api::FindKeyedKernel("OpsimKeyedTestOp", 1, 0), nullptr);
  EXPECT_EQ(opsim::op_api::FindKeyedKernel("OpsimKeyedTestOp", 0, 256), nullptr);
  // Not a kernel for every key of the column, and listed by key.
  EXPECT_EQ(opsim::op_api::FindKernel("OpsimKeyedTestOp", 1), nullptr);
  const auto keyed = opsim::op_api::KeyedKernels("OpsimKeyedTestOp", 1);
  ASSERT_EQ(keyed.size(), 2u);
  EXPECT_EQ(keyed[0]->tiling_key, 1u);
  EXPECT_EQ(keyed[1]->tiling_key, 256u);
  EXPECT_TRUE(opsim::op_api::KeyedKernels("OpsimKeyedTestOp", 0).empty());
  EXPECT_TRUE(opsim::op_api::KeyedKernels("OpsimKeyedTestO", 1).empty());
  EXPECT_TRUE(opsim::op_api::HasAnyKernel("OpsimKeyedTestOp"));
}

TEST(KeyedKernel, DataTypeParametersAreMarkedForTheBuildStep) {
  // The key is the same for DATATYPE and DTYPE; the kernel's template parameter is not.
  const AscendC::ParamStruct datatype = ASCENDC_TPL_DATATYPE_DECL(D_T_X, 0, 1);
  const AscendC::ParamStruct dtype = ASCENDC_TPL_DTYPE_DECL(D_T_Y, 10, 20);
  EXPECT_TRUE(datatype.opsimDataType);
  EXPECT_FALSE(dtype.opsimDataType);
  EXPECT_EQ(datatype.paramType, dtype.paramType);
  const AscendC::ParamStruct selected = ASCENDC_TPL_DATATYPE_SEL(D_T_X, 0);
  EXPECT_TRUE(selected.opsimDataType);
}

}  // namespace
