// The kernel side of template_argument.h: CANN compiles kernels (and their CPU-debug unit tests)
// with ASCENDC_TPL_KERNEL, where ASCENDC_TPL_ARGS_DECL / ASCENDC_TPL_SEL expand to nothing. An
// unguarded key header included twice, as erf's unit test reaches its key header through the
// kernel and through the host tiling header, then compiles. Its own unit (not in a unity batch),
// since the macro must be set before the header's first inclusion.
#define ASCENDC_TPL_KERNEL
#include <gtest/gtest.h>

#include <string>

#include "ascendc/host_api/tiling/template_argument.h"
#include "op_api/testdata/kernel_side/unguarded_tiling_key.h"

namespace {

TEST(TemplateKeyKernelSide, DeclarationsAndSelectionsExpandToNothing) {
  // Nothing of the header registered a declaration: that is the host library's job.
  for (const AscendC::TemplateArguments& args : AscendC::RegisteredTemplateArguments()) {
    EXPECT_EQ(args.file.find("unguarded_tiling_key.h"), std::string::npos) << args.file;
  }
  // The header's own macros are still there for the kernel to branch on.
  EXPECT_EQ(KERNEL_SIDE_MODE_B, 1);
}

}  // namespace
