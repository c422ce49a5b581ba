// The sample operator libraries, loaded once per test process (a second dlopen of the same file
// adds nothing, which LoadOpLibrary rightly reports as an error).
#pragma once

#include <gtest/gtest.h>

#include "opsim/op_api/op_registry.h"

#if defined(OPSIM_SAMPLE_ADD_LIBRARY)
namespace opsim::testing {

inline void LoadSampleLibraries() {
  static const bool loaded = op_api::LoadOpLibrary(OPSIM_SAMPLE_ADD_LIBRARY).ok() &&
                             op_api::LoadOpLibrary(OPSIM_SAMPLE_LEAKY_LIBRARY).ok();
  ASSERT_TRUE(loaded);
}

}  // namespace opsim::testing
#endif
