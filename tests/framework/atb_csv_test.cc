// ATB's own ReduceOperation CSV tests, row by row, through the atb:: facade as ATB's CSV runner
// drives the real library: CreateOperation (C:), InferShape (I:), then Setup (S:) on the output
// the row describes, then Execute. Each row must fail at the stage and with the code ATB's row
// expects, or pass all stages; passing rows are compared with a plain reference. Inputs above
// kMaxRunElements (64 MiB of int32: six Smoke rows, up to 1.3 GB) are checked through Setup
// only.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "atb/atb_infer.h"
#include "atb/opsim_ext.h"
#include "atb_reduce_csv_rows.h"
#include "opsim/core/float16.h"
#include "test_random.h"

namespace atb_csv {
namespace {

constexpr int64_t kMaxRunElements = int64_t{1} << 24;

atb::TensorDesc Desc(aclDataType dtype, aclFormat format, const Dims& dims) {
  atb::TensorDesc desc;
  desc.dtype = dtype;
  desc.format = format;
  desc.shape.dimNum = dims.size();
  for (size_t i = 0; i < dims.size() && i < atb::MAX_DIM; ++i) desc.shape.dims[i] = dims[i];
  return desc;
}

int64_t Elements(const Dims& dims) {
  int64_t n = 1;
  for (int64_t d : dims) n *= d;
  return n;
}

bool IsHalf(aclDataType d) { return d == ACL_FLOAT16 || d == ACL_BF16; }

double ToDouble(aclDataType dtype, const uint8_t* p) {
  if (dtype == ACL_INT32) {
    int32_t v;
    std::memcpy(&v, p, 4);
    return v;
  }
  uint16_t bits;
  std::memcpy(&bits, p, 2);
  return dtype == ACL_FLOAT16 ? opsim::HalfBitsToFloat(bits) : opsim::BFloat16BitsToFloat(bits);
}

// Values in the row's DataGenRange; "nan" puts a NaN in every fourth float (ints have none, so
// they take the full range, as "-INF,INF" does). One SplitMix64 draw each (test_random.h): the
// sanitizer preset runs this at -O0 over up to kMaxRunElements elements, where a standard engine
// and distribution per element were half of the suite's 9 s.
std::vector<uint8_t> Generate(const CsvRow& row, int64_t n) {
  const size_t item = row.in_dtype == ACL_INT32 ? 4 : 2;
  std::vector<uint8_t> data(static_cast<size_t>(n) * item);
  uint64_t state = static_cast<uint64_t>(n) * 31 + std::strlen(row.source);
  const std::string range = row.data_range;
  double lo = 0, hi = 1;
  if (range == "-100,100") lo = -100, hi = 100;
  if (range == "-5,5") lo = -5, hi = 5;
  const bool wide = range == "nan" || range == "-INF,INF";
  const uint64_t int_span = static_cast<uint64_t>(hi - lo) + 1;
  uint8_t* p = data.data();
  for (int64_t i = 0; i < n; ++i, p += item) {
    const uint64_t z = opsim::testing::NextRandom(&state);
    if (row.in_dtype == ACL_INT32) {
      const int32_t v = wide ? static_cast<int32_t>(static_cast<uint32_t>(z))
                             : static_cast<int32_t>(lo + static_cast<double>(z % int_span));
      std::memcpy(p, &v, 4);
    } else {
      const double unit = static_cast<double>(z >> 11) * 0x1.0p-53;  // [0, 1)
      float v = static_cast<float>(lo + (hi - lo) * unit);
      if (range == "nan" && i % 4 == 3) v = std::numeric_limits<float>::quiet_NaN();
      const uint16_t bits =
          row.in_dtype == ACL_FLOAT16 ? opsim::FloatToHalfBits(v) : opsim::FloatToBFloat16Bits(v);
      std::memcpy(p, &bits, 2);
    }
  }
  return data;
}

// "" when `out` is the row's reduce of `in` (MAX/MIN exact; SUM within the rounding of a 16-bit
// result of a float32 accumulation).
std::string Compare(const CsvRow& row, const std::vector<uint8_t>& in,
                    const std::vector<uint8_t>& out) {
  const Dims& shape = row.in_shape;
  const size_t item = row.in_dtype == ACL_INT32 ? 4 : 2;
  const size_t out_n = out.size() / item;
  std::vector<double> ref(out_n, row.reduce_type == 3   ? 0.0
                                 : row.reduce_type == 1 ? -std::numeric_limits<double>::infinity()
                                                        : std::numeric_limits<double>::infinity());
  std::vector<double> abs_sum(out_n, 0.0);
  // Each input element's output index, carried along by an odometer over the input's dims (a
  // reduced dim moves none). Raw pointers: the sanitizer preset runs this at -O0, where every
  // container access is a call, over up to kMaxRunElements elements.
  const size_t rank = shape.size();
  std::vector<int64_t> out_stride(rank, 0);
  int64_t stride = 1;
  for (size_t d = rank; d-- > 0;) {
    if (std::find(row.axis.begin(), row.axis.end(), static_cast<int64_t>(d)) != row.axis.end()) {
      continue;
    }
    out_stride[d] = stride;
    stride *= shape[d];
  }
  std::vector<int64_t> index(rank, 0);
  const int64_t* dims = shape.data();
  const int64_t* step = out_stride.data();
  int64_t* at = index.data();
  double* sums = ref.data();
  double* magnitudes = abs_sum.data();
  const uint8_t* x = in.data();
  const int64_t n = Elements(shape);
  int64_t o = 0;
  for (int64_t i = 0; i < n; ++i, x += item) {
    const double v = ToDouble(row.in_dtype, x);
    if (row.reduce_type == 3) {
      sums[o] += v;
      magnitudes[o] += std::fabs(v);
    } else if (std::isnan(v) || std::isnan(sums[o])) {
      sums[o] = std::numeric_limits<double>::quiet_NaN();
    } else {
      sums[o] = row.reduce_type == 1 ? std::max(sums[o], v) : std::min(sums[o], v);
    }
    for (size_t d = rank; d-- > 0;) {
      o += step[d];
      if (++at[d] < dims[d]) break;
      o -= step[d] * dims[d];
      at[d] = 0;
    }
  }
  for (size_t o = 0; o < out_n; ++o) {
    const double got = ToDouble(row.in_dtype, out.data() + o * item);
    if (std::isnan(ref[o]) && std::isnan(got)) continue;
    // A 16-bit result is rounded once: half an ulp of the result (2^-11 f16, 2^-8 bf16
    // relative), plus float32 accumulation error over the row.
    const double rel = !IsHalf(row.in_dtype)         ? 0.0
                       : row.in_dtype == ACL_FLOAT16 ? 1.0 / 1024
                                                     : 1.0 / 128;
    const double tol =
        rel * std::fabs(ref[o]) + 1e-6 * abs_sum[o] + (IsHalf(row.in_dtype) ? 1e-7 : 0);
    if (!(std::fabs(got - ref[o]) <= tol)) {
      return "output[" + std::to_string(o) + "] = " + std::to_string(got) + ", expected " +
             std::to_string(ref[o]);
    }
  }
  return "";
}

std::string Where(const char* stage, atb::Status got, const CsvRow& row, atb::Operation* op) {
  return std::string(row.source) + ": " + stage + " returned " + atb::OpsimErrorName(got) + " (" +
         std::to_string(got) + "), ATB expects " + std::string(1, row.stage) + ":" +
         atb::OpsimErrorName(row.expected) + "; " + atb::OpsimLastError(op);
}

class ReduceCsv : public ::testing::TestWithParam<size_t> {};

TEST_P(ReduceCsv, StageAndCodeAsAtbExpects) {
  const CsvRow& row = ReduceCsvRows()[GetParam()];
  SCOPED_TRACE(row.source);
  atb::infer::ReduceParam param;
  param.reduceType = static_cast<atb::infer::ReduceParam::ReduceType>(row.reduce_type);
  for (int64_t a : row.axis) param.axis.push_back(a);
  param.rsv[0] = static_cast<uint8_t>(row.rsv0);
  atb::Operation* op = nullptr;
  atb::Status st = atb::CreateOperation(param, &op);
  if (row.stage == 'C') {
    EXPECT_EQ(st, row.expected) << Where("CreateOperation", st, row, op);
    EXPECT_EQ(op, nullptr);
    return;
  }
  ASSERT_EQ(st, atb::NO_ERROR) << Where("CreateOperation", st, row, op);

  atb::Context* context = nullptr;
  ASSERT_EQ(atb::CreateContext(&context), atb::NO_ERROR);
  const atb::TensorDesc in_desc = Desc(row.in_dtype, row.in_format, row.in_shape);
  atb::SVector<atb::TensorDesc> in_descs = {in_desc};
  atb::SVector<atb::TensorDesc> out_descs;
  st = op->InferShape(in_descs, out_descs);
  if (row.stage == 'I') {
    EXPECT_EQ(st, row.expected) << Where("InferShape", st, row, op);
    EXPECT_NE(atb::OpsimLastError(op), "");
  } else {
    ASSERT_EQ(st, atb::NO_ERROR) << Where("InferShape", st, row, op);
    ASSERT_EQ(out_descs.size(), 1u);
    const atb::TensorDesc out_desc =
        row.out_shape ? Desc(row.out_dtype, row.out_format, *row.out_shape) : out_descs.at(0);
    if (row.out_shape && row.stage == '-') {
      // The row's own output is the inferred one.
      ASSERT_EQ(out_descs.at(0).shape.dimNum, out_desc.shape.dimNum);
      for (size_t i = 0; i < out_desc.shape.dimNum; ++i) {
        EXPECT_EQ(out_descs.at(0).shape.dims[i], out_desc.shape.dims[i]);
      }
    }
    const int64_t in_n = Elements(row.in_shape);
    const bool run = row.stage == '-' && in_n <= kMaxRunElements;
    std::vector<uint8_t> x = run ? Generate(row, in_n) : std::vector<uint8_t>(8);
    std::vector<uint8_t> y(run ? atb::Utils::GetTensorSize(out_desc) : 8);
    atb::VariantPack pack;
    atb::Tensor in;
    in.desc = in_desc;
    in.deviceData = x.data();
    in.dataSize = atb::Utils::GetTensorSize(in_desc);
    atb::Tensor out;
    out.desc = out_desc;
    out.deviceData = y.data();
    out.dataSize = atb::Utils::GetTensorSize(out_desc);
    pack.inTensors.push_back(in);
    pack.outTensors.push_back(out);
    uint64_t workspace_size = 0;
    st = op->Setup(pack, workspace_size, context);
    if (row.stage == 'S') {
      EXPECT_EQ(st, row.expected) << Where("Setup", st, row, op);
    } else {
      ASSERT_EQ(st, atb::NO_ERROR) << Where("Setup", st, row, op);
      if (run) {
        std::vector<uint8_t> workspace(workspace_size);
        st = op->Execute(pack, workspace.data(), workspace_size, context);
        ASSERT_EQ(st, atb::NO_ERROR) << Where("Execute", st, row, op);
        EXPECT_EQ(Compare(row, x, y), "");
      }
    }
  }
  EXPECT_EQ(atb::DestroyOperation(op), atb::NO_ERROR);
  EXPECT_EQ(atb::DestroyContext(context), atb::NO_ERROR);
}

std::string RowName(const ::testing::TestParamInfo<size_t>& info) {
  std::string name = ReduceCsvRows()[info.param].source;
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

INSTANTIATE_TEST_SUITE_P(AtbReduceCsv, ReduceCsv,
                         ::testing::Range<size_t>(0, ReduceCsvRows().size()), RowName);

// Every row's expectation, counted: the suite covers every stage ATB's tests name.
TEST(ReduceCsvRows, CoverEveryStageAtbsTestsName) {
  int create = 0, infer = 0, setup = 0, pass = 0;
  for (const CsvRow& row : ReduceCsvRows()) {
    create += row.stage == 'C';
    infer += row.stage == 'I';
    setup += row.stage == 'S';
    pass += row.stage == '-';
  }
  EXPECT_EQ(create, 1);
  EXPECT_EQ(infer, 27);
  EXPECT_EQ(setup, 7);
  EXPECT_EQ(create + infer + setup + pass, 148);
}

}  // namespace
}  // namespace atb_csv
