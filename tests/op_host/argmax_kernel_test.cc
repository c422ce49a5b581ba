// The ArgMax/ArgMin kernel on the simulator (checked mode) against the independent reference:
// every dtype, every axis of several shapes (AR and ARA, whole rows and long chunked rows, column
// chunks, tails, several cores), keepdims both ways, select_last_index both ways, ties and NaN.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "argmax/argmax_reference.h"
#include "argmax/argmax_request.h"
#include "argmax/argmax_tiling.h"
#include "argmax/entries/argmax_entry.h"
#include "op_host/reduce_case_runner.h"
#include "opsim/core/float16.h"
#include "opsim/sim/launch.h"

namespace opsim {
namespace {

// Values from a small set so that ties are common, the type's extremes now and then, and for
// floating types NaN and infinities. One SplitMix64 draw an element gives both picks (the
// mt19937_64 and two distributions it replaced were a third of the test's time under ASan).
std::vector<uint8_t> MakeData(DType dtype, int64_t n, uint64_t seed, bool with_nan) {
  std::vector<uint8_t> bytes(static_cast<size_t>(n) * DTypeSize(dtype));
  auto put = [&](int64_t i, const void* v) {
    std::memcpy(bytes.data() + i * static_cast<int64_t>(DTypeSize(dtype)), v, DTypeSize(dtype));
  };
  for (int64_t i = 0; i < n; ++i) {
    const uint64_t bits = testing::NextRandom(&seed);
    const int p = static_cast<int>(bits % 100);
    double v = static_cast<double>((bits >> 32) % 9) - 4.0;
    if (p < 3) v = -std::numeric_limits<double>::infinity();
    if (p >= 3 && p < 6) v = std::numeric_limits<double>::infinity();
    if (with_nan && p == 99) v = std::numeric_limits<double>::quiet_NaN();
    switch (dtype) {
      case DType::kFloat32: {
        const float f = static_cast<float>(v);
        put(i, &f);
        break;
      }
      case DType::kFloat64: put(i, &v); break;
      case DType::kFloat16: {
        const uint16_t b = Half(static_cast<float>(v)).bits();
        put(i, &b);
        break;
      }
      case DType::kBFloat16: {
        const uint16_t b = BFloat16(static_cast<float>(v)).bits();
        put(i, &b);
        break;
      }
      case DType::kInt4:
      case DType::kComplex64:
      case DType::kComplex32:  // no test of these helpers passes a complex or int4 dtype
      default: {
        // Integers: infinities become the type's extremes.
        int64_t s = std::isinf(v) ? 0 : static_cast<int64_t>(v);
        uint64_t u = static_cast<uint64_t>(s + 4);
        switch (dtype) {
          case DType::kInt8: {
            int8_t x = p < 3 ? INT8_MIN : p < 6 ? INT8_MAX : static_cast<int8_t>(s);
            put(i, &x);
            break;
          }
          case DType::kUInt8: {
            uint8_t x = p < 6 ? UINT8_MAX * (p >= 3) : static_cast<uint8_t>(u);
            put(i, &x);
            break;
          }
          case DType::kInt32: {
            int32_t x = p < 3 ? INT32_MIN : p < 6 ? INT32_MAX : static_cast<int32_t>(s);
            put(i, &x);
            break;
          }
          case DType::kUInt32: {
            uint32_t x = p < 6 ? UINT32_MAX * (p >= 3) : static_cast<uint32_t>(u);
            put(i, &x);
            break;
          }
          case DType::kInt64: {
            int64_t x = p < 3 ? INT64_MIN : p < 6 ? INT64_MAX : s;
            put(i, &x);
            break;
          }
          case DType::kInt4:
          case DType::kComplex64:
          case DType::kComplex32:  // no test of these helpers passes a complex or int4 dtype
          default: {
            uint64_t x = p < 6 ? UINT64_MAX * (p >= 3) : u;
            put(i, &x);
            break;
          }
        }
      }
    }
  }
  return bytes;
}

struct Case {
  std::vector<int64_t> dims;
  int64_t axis;
  bool select_min;
  bool select_last;
  bool keep_dims;
};

std::string Describe(const Case& c, DType dtype, const std::string& device) {
  return std::string(c.select_min ? "ArgMin " : "ArgMax ") + std::string(DTypeName(dtype)) + " " +
         DimsToString(c.dims) + " axis " + std::to_string(c.axis) +
         (c.select_last ? " last" : " first") + (c.keep_dims ? " keepdims " : " drop ") + device;
}

// Runs the kernel as the OpDef's tiling sets it up; y starts as -9 so unwritten outputs show.
Status RunKernel(const Case& c, DType dtype, const sim::DeviceProfile& device,
                 const std::vector<uint8_t>& x, std::vector<int64_t>* y, uint32_t* blocks) {
  ArgMaxRequest request;
  OPSIM_RETURN_IF_ERROR(LowerArgMax("ArgMax", c.select_min, dtype, c.dims, c.axis, c.keep_dims,
                                    c.select_last, &request));
  ::op_kernel::ArgMaxTilingData tiling;
  OPSIM_RETURN_IF_ERROR(ComputeArgMaxTiling(request, device, &tiling, blocks));
  y->assign(static_cast<size_t>(*request.output.NumElements()), -9);
  std::vector<uint8_t> workspace(ArgMaxWorkspaceBytes(tiling));
  sim::LaunchOptions opt;
  opt.checked = true;
  const uint64_t y_bytes = y->size() * sizeof(int64_t);
  opt.regions = {{x.data(), x.size(), "x"}, {y->data(), y_bytes, "y", y_bytes}};
  if (!workspace.empty()) opt.regions.push_back({workspace.data(), workspace.size(), "workspace"});
  auto* x_gm = const_cast<uint8_t*>(x.data());
  auto* y_gm = reinterpret_cast<uint8_t*>(y->data());
  auto* ws_gm = workspace.empty() ? nullptr : workspace.data();
  auto* tiling_gm = reinterpret_cast<uint8_t*>(&tiling);
  return sim::Launch(device, *blocks, opt,
                     [&] { opsim_argmax_launch(x_gm, y_gm, ws_gm, tiling_gm); })
      .status;
}

void ExpectMatchesReference(const Case& c, DType dtype, const std::string& device_name,
                            uint64_t seed) {
  SCOPED_TRACE(Describe(c, dtype, device_name));
  Shape shape;
  ASSERT_TRUE(Shape::Make(c.dims.data(), c.dims.size(), &shape, "x").ok());
  const std::vector<uint8_t> x = MakeData(dtype, *shape.NumElements(), seed, true);
  std::vector<int64_t> got;
  uint32_t blocks = 0;
  const Status st = RunKernel(c, dtype, testing::Device(device_name), x, &got, &blocks);
  ASSERT_TRUE(st.ok()) << st.ToString();
  std::vector<int64_t> want(got.size(), -8);
  ASSERT_TRUE(ref::ArgReduce({c.select_min, c.select_last, c.axis, c.keep_dims}, dtype, shape,
                             x.data(), want.data())
                  .ok());
  for (size_t i = 0; i < got.size(); ++i) {
    ASSERT_EQ(got[i], want[i]) << "output " << i << " of " << got.size() << " (" << blocks
                               << " blocks)";
  }
}

TEST(ArgMaxKernel, EveryDtypeEveryAxisBothTieRulesBothExtremes) {
  // Small shapes take the scalar compare; {2, 600} (whole rows in one tile: the second starts
  // 32 B aligned for 4- and 8-byte types, not for 1- and 2-byte ones), {70, 256} and {3, 5, 512}
  // the vector one for every dtype on one axis at least.
  const std::vector<std::vector<int64_t>> shapes = {{1},      {37},      {4, 9, 5},  {3, 1, 33},
                                                    {2, 600}, {70, 256}, {3, 5, 512}};
  uint64_t seed = 1;
  for (DType dtype : ArgMaxDTypes()) {
    for (const auto& dims : shapes) {
      for (int64_t axis = -static_cast<int64_t>(dims.size());
           axis < static_cast<int64_t>(dims.size()); ++axis) {
        for (int mode = 0; mode < 4; ++mode) {
          const Case c{dims, axis, (mode & 1) != 0, (mode & 2) != 0, axis % 2 == 0};
          ExpectMatchesReference(c, dtype, "ascend910b", ++seed);
        }
      }
    }
  }
}

// Shapes that take the tiling's other paths: AR with several whole rows per copy and many
// blocks, AR with rows longer than a tile (chunks), ARA with column chunks and a tail chunk,
// ARA with many reduced rows (several tiles), inner extents that are not 32 B multiples.
TEST(ArgMaxKernel, LargeShapesTakeEveryTilingPathOnEveryDevice) {
  const std::vector<Case> cases = {
      {{3000, 17}, 1, false, false, true},
      {{3, 20000}, 1, true, true, false},
      {{2, 9000}, -1, false, true, true},
      {{5, 3, 2100}, 1, true, false, false},
      {{2, 5000, 3}, 1, false, false, true},
      {{700, 3, 5}, 0, false, true, false},
      {{4100, 2, 7}, 0, true, false, true},
      {{9, 4097}, 0, false, false, false},
      // One or two long rows: the scan is split over blocks and merged from the workspace.
      {{300000}, 0, false, false, false},
      {{2, 150001}, 1, true, true, true},
      {{150001, 1}, -2, false, true, false},
  };
  uint64_t seed = 100;
  for (const std::string& device : testing::DeviceNames()) {
    for (const Case& c : cases) {
      for (DType dtype : {DType::kFloat32, DType::kFloat16, DType::kInt64, DType::kUInt8}) {
        ExpectMatchesReference(c, dtype, device, ++seed);
      }
    }
  }
}

TEST(ArgMaxKernel, AnEmptyKeptAxisWritesNothingAndSucceeds) {
  std::vector<int64_t> y;
  uint32_t blocks = 0;
  const std::vector<uint8_t> x;
  const Case c{{0, 6}, 1, false, false, true};
  ASSERT_TRUE(RunKernel(c, DType::kFloat32, testing::Device("ascend910b"), x, &y, &blocks).ok());
  EXPECT_TRUE(y.empty());
  EXPECT_EQ(blocks, 1u);
}

// A tiling whose dtype no instantiation takes (the host tiling refuses such an input first) stops
// the kernel at its assertion, naming the number, instead of running some other type's kernel.
TEST(ArgMaxKernel, ATilingNamingADtypeWithoutAKernelIsAnAssertion) {
  ArgMaxRequest request;
  const std::vector<int64_t> dims = {4, 8};
  ASSERT_TRUE(LowerArgMax("ArgMax", false, DType::kFloat32, dims, 1, true, false, &request).ok());
  ::op_kernel::ArgMaxTilingData tiling;
  uint32_t blocks = 0;
  const sim::DeviceProfile& device = testing::Device("ascend910b");
  ASSERT_TRUE(ComputeArgMaxTiling(request, device, &tiling, &blocks).ok());
  tiling.dtype = static_cast<uint32_t>(DType::kBool);
  std::vector<float> x(32, 1.0f);
  std::vector<int64_t> y(4, -9);
  sim::LaunchOptions opt;
  opt.regions = {{x.data(), x.size() * sizeof(float), "x"}, {y.data(), y.size() * 8, "y"}};
  const Status st = sim::Launch(device, blocks, opt, [&] {
                      opsim_argmax_launch(reinterpret_cast<uint8_t*>(x.data()),
                                          reinterpret_cast<uint8_t*>(y.data()), nullptr,
                                          reinterpret_cast<uint8_t*>(&tiling));
                    }).status;
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.message().find("ArgMax kernel: the tiling names dtype 12"), std::string::npos)
      << st.message();
}

// The kept axes after the reduced one are empty: the tiling divided by the zero-wide chunk
// (UBSan stopped the opdef_setup fuzz target); now zero chunks, nothing written, on every device.
TEST(ArgMaxKernel, AnEmptyInnerAxisWritesNothingAndSucceeds) {
  const std::vector<uint8_t> x;
  for (const std::string& device : testing::DeviceNames()) {
    SCOPED_TRACE(device);
    std::vector<int64_t> y;
    uint32_t blocks = 0;
    const Case c{{3, 5, 0}, 1, false, false, true};
    ASSERT_TRUE(RunKernel(c, DType::kFloat32, testing::Device(device), x, &y, &blocks).ok());
    EXPECT_TRUE(y.empty());
    EXPECT_EQ(blocks, 1u);
  }
}

// An empty output with a huge reduced extent (r * 8 bytes wrapped to 0 and the tiling divided by
// it), or with an inner extent of a repeat or more (a division by the zero outer extent): UBSan
// stopped the opdef_setup fuzz target on both; an empty output now tiles as [0, 1] over axis 1.
TEST(ArgMaxKernel, AnEmptyOutputOverAHugeAxisWritesNothingAndSucceeds) {
  const std::vector<uint8_t> x;
  for (const std::string& device : testing::DeviceNames()) {
    SCOPED_TRACE(device);
    std::vector<int64_t> y;
    uint32_t blocks = 0;
    for (const Case& c : {Case{{0, int64_t{1} << 62}, 1, false, false, true},
                          Case{{0, 3, 7, 7}, 1, false, false, true}}) {
      ASSERT_TRUE(RunKernel(c, DType::kInt64, testing::Device(device), x, &y, &blocks).ok());
      EXPECT_TRUE(y.empty());
      EXPECT_EQ(blocks, 1u);
    }
  }
}

TEST(ArgMaxKernel, NanRulesOnTheDevice) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const std::vector<float> values = {2, nan, 7, nan, 1, 7};
  std::vector<uint8_t> x(values.size() * sizeof(float));
  std::memcpy(x.data(), values.data(), x.size());
  const std::vector<std::pair<Case, int64_t>> expected = {
      {{{6}, 0, false, false, false}, 1},
      {{{6}, 0, false, true, false}, 3},
      {{{6}, 0, true, false, false}, 1},
      {{{6}, 0, true, true, false}, 3},
  };
  for (const auto& [c, want] : expected) {
    std::vector<int64_t> y;
    uint32_t blocks = 0;
    ASSERT_TRUE(RunKernel(c, DType::kFloat32, testing::Device("ascend910b"), x, &y, &blocks).ok());
    ASSERT_EQ(y.size(), 1u);
    EXPECT_EQ(y[0], want) << Describe(c, DType::kFloat32, "ascend910b");
  }
}

}  // namespace
}  // namespace opsim
