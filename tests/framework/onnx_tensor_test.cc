// TensorProto payloads: every dtype opsim has, as raw_data and in the typed field ONNX packs it
// in, against bytes written here by hand; and every malformed payload as an error.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "onnx/onnx_pb.h"
#include "opsim/core/float16.h"
#include "opsim/framework/onnx_model.h"

namespace opsim {
namespace {

using Proto = onnx::TensorProto;

template <typename T>
std::vector<uint8_t> Bytes(const std::vector<T>& values) {
  std::vector<uint8_t> out(values.size() * sizeof(T));
  if (!values.empty()) std::memcpy(out.data(), values.data(), out.size());
  return out;
}

Proto Base(int32_t type, std::vector<int64_t> dims) {
  Proto p;
  p.set_name("t");
  p.set_data_type(type);
  for (int64_t d : dims) p.add_dims(d);
  return p;
}

Status Load(const Proto& p, OnnxTensor* out) {
  std::string bytes;
  EXPECT_TRUE(p.SerializeToString(&bytes));
  return LoadOnnxTensor(bytes, "t.pb", out);
}

struct DTypeCase {
  const char* name;
  int32_t onnx;
  DType dtype;
  std::vector<uint8_t> bytes;  // the host bytes of the six values [2,3]
  void (*fill_typed)(Proto*);  // the same values in the typed field
};

std::vector<DTypeCase> Cases() {
  const std::vector<uint16_t> f16 = {FloatToHalfBits(1.5f),  FloatToHalfBits(-2.0f),
                                     FloatToHalfBits(0.25f), FloatToHalfBits(65504.0f),
                                     FloatToHalfBits(-0.0f), FloatToHalfBits(3.0f)};
  const std::vector<uint16_t> bf16 = {FloatToBFloat16Bits(1.5f),  FloatToBFloat16Bits(-2.0f),
                                      FloatToBFloat16Bits(0.25f), FloatToBFloat16Bits(1e30f),
                                      FloatToBFloat16Bits(-0.0f), FloatToBFloat16Bits(3.0f)};
  return {
      {"float32", Proto::FLOAT, DType::kFloat32,
       Bytes<float>({1.5f, -2.f, 0.25f, 1e30f, -0.f, 3.f}),
       [](Proto* p) {
         for (float v : {1.5f, -2.f, 0.25f, 1e30f, -0.f, 3.f}) p->add_float_data(v);
       }},
      {"float64", Proto::DOUBLE, DType::kFloat64, Bytes<double>({1.5, -2., 0.25, 1e300, -0., 3.}),
       [](Proto* p) {
         for (double v : {1.5, -2., 0.25, 1e300, -0., 3.}) p->add_double_data(v);
       }},
      {"float16", Proto::FLOAT16, DType::kFloat16, Bytes(f16),
       [](Proto* p) {
         for (float v : {1.5f, -2.f, 0.25f, 65504.f, -0.f, 3.f}) {
           p->add_int32_data(FloatToHalfBits(v));
         }
       }},
      {"bfloat16", Proto::BFLOAT16, DType::kBFloat16, Bytes(bf16),
       [](Proto* p) {
         for (float v : {1.5f, -2.f, 0.25f, 1e30f, -0.f, 3.f}) {
           p->add_int32_data(FloatToBFloat16Bits(v));
         }
       }},
      {"int8", Proto::INT8, DType::kInt8, Bytes<int8_t>({-128, 127, 0, -1, 5, 7}),
       [](Proto* p) {
         for (int v : {-128, 127, 0, -1, 5, 7}) p->add_int32_data(v);
       }},
      {"uint8", Proto::UINT8, DType::kUInt8, Bytes<uint8_t>({0, 255, 1, 128, 5, 7}),
       [](Proto* p) {
         for (int v : {0, 255, 1, 128, 5, 7}) p->add_int32_data(v);
       }},
      {"bool", Proto::BOOL, DType::kBool, Bytes<uint8_t>({1, 0, 0, 1, 1, 0}),
       [](Proto* p) {
         for (int v : {1, 0, 0, 1, 1, 0}) p->add_int32_data(v);
       }},
      {"int32", Proto::INT32, DType::kInt32, Bytes<int32_t>({INT32_MIN, INT32_MAX, 0, -1, 5, 7}),
       [](Proto* p) {
         for (int32_t v : {INT32_MIN, INT32_MAX, 0, -1, 5, 7}) p->add_int32_data(v);
       }},
      {"uint32", Proto::UINT32, DType::kUInt32, Bytes<uint32_t>({0, UINT32_MAX, 1, 2, 5, 7}),
       [](Proto* p) {
         for (uint32_t v : {0u, UINT32_MAX, 1u, 2u, 5u, 7u}) p->add_uint64_data(v);
       }},
      {"int64", Proto::INT64, DType::kInt64, Bytes<int64_t>({INT64_MIN, INT64_MAX, 0, -1, 5, 7}),
       [](Proto* p) {
         for (int64_t v : {INT64_MIN, INT64_MAX, int64_t{0}, int64_t{-1}, int64_t{5}, int64_t{7}}) {
           p->add_int64_data(v);
         }
       }},
      {"uint64", Proto::UINT64, DType::kUInt64, Bytes<uint64_t>({0, UINT64_MAX, 1, 2, 5, 7}),
       [](Proto* p) {
         for (uint64_t v :
              {uint64_t{0}, UINT64_MAX, uint64_t{1}, uint64_t{2}, uint64_t{5}, uint64_t{7}}) {
           p->add_uint64_data(v);
         }
       }},
  };
}

TEST(OnnxTensorTest, EveryDTypeAsRawDataAndAsTypedField) {
  for (const DTypeCase& c : Cases()) {
    SCOPED_TRACE(c.name);
    Proto raw = Base(c.onnx, {2, 3});
    raw.set_raw_data(std::string(c.bytes.begin(), c.bytes.end()));
    Proto typed = Base(c.onnx, {2, 3});
    c.fill_typed(&typed);
    for (const Proto* p : {&raw, &typed}) {
      OnnxTensor t;
      ASSERT_TRUE(Load(*p, &t).ok()) << Load(*p, &t).ToString();
      EXPECT_EQ(t.dtype, c.dtype);
      EXPECT_EQ(t.dims, (std::vector<int64_t>{2, 3}));
      EXPECT_EQ(t.data, c.bytes);
      EXPECT_EQ(t.name, "t");
    }
  }
}

TEST(OnnxTensorTest, ScalarAndEmptyTensors) {
  Proto scalar = Base(Proto::FLOAT, {});
  scalar.add_float_data(4.f);
  OnnxTensor t;
  ASSERT_TRUE(Load(scalar, &t).ok());
  EXPECT_TRUE(t.dims.empty());
  EXPECT_EQ(t.data, Bytes<float>({4.f}));
  Proto empty = Base(Proto::INT64, {3, 0});
  ASSERT_TRUE(Load(empty, &t).ok());
  EXPECT_EQ(t.dims, (std::vector<int64_t>{3, 0}));
  EXPECT_TRUE(t.data.empty());
}

TEST(OnnxTensorTest, RawPayloadSizeMustMatchTheShape) {
  Proto p = Base(Proto::FLOAT, {2, 3});
  p.set_raw_data(std::string(20, '\0'));
  OnnxTensor t;
  const Status s = Load(p, &t);
  EXPECT_EQ(s.code(), ErrorCode::kInvalidTensorSize);
  EXPECT_NE(s.message().find("raw_data holds 20 bytes but float32 [2,3] needs 24"),
            std::string::npos)
      << s.message();
}

TEST(OnnxTensorTest, TypedPayloadCountMustMatchTheShape) {
  Proto p = Base(Proto::INT64, {4});
  p.add_int64_data(1);
  p.add_int64_data(2);
  OnnxTensor t;
  const Status s = Load(p, &t);
  EXPECT_EQ(s.code(), ErrorCode::kInvalidTensorSize);
  EXPECT_NE(s.message().find("int64_data holds 2 values but int64 [4] needs 4"), std::string::npos)
      << s.message();
  Proto none = Base(Proto::FLOAT, {1});
  EXPECT_EQ(Load(none, &t).code(), ErrorCode::kInvalidTensorSize);
}

TEST(OnnxTensorTest, PayloadInTheWrongFieldOrTwoPayloads) {
  OnnxTensor t;
  Proto wrong = Base(Proto::INT32, {1});
  wrong.add_float_data(1.f);
  Status s = Load(wrong, &t);
  EXPECT_EQ(s.code(), ErrorCode::kIoError);
  EXPECT_NE(s.message().find("float_data"), std::string::npos) << s.message();
  EXPECT_NE(s.message().find("int32_data"), std::string::npos) << s.message();

  Proto both = Base(Proto::FLOAT, {1});
  both.add_float_data(1.f);
  both.set_raw_data(std::string(4, '\0'));
  s = Load(both, &t);
  EXPECT_EQ(s.code(), ErrorCode::kIoError);
  EXPECT_NE(s.message().find("both raw_data and float_data"), std::string::npos) << s.message();
}

TEST(OnnxTensorTest, PackedValuesMustFitTheirDType) {
  struct Bad {
    int32_t onnx;
    int64_t value;
  };
  for (const Bad& b : {Bad{Proto::INT8, 128}, Bad{Proto::INT8, -129}, Bad{Proto::UINT8, 256},
                       Bad{Proto::UINT8, -1}, Bad{Proto::BOOL, 2}, Bad{Proto::FLOAT16, 70000},
                       Bad{Proto::BFLOAT16, -1}}) {
    SCOPED_TRACE(OnnxTypeName(b.onnx) + " " + std::to_string(b.value));
    Proto p = Base(b.onnx, {1});
    p.add_int32_data(static_cast<int32_t>(b.value));
    OnnxTensor t;
    const Status s = Load(p, &t);
    EXPECT_EQ(s.code(), ErrorCode::kIoError);
    EXPECT_NE(s.message().find("int32_data[0] = " + std::to_string(b.value)), std::string::npos)
        << s.message();
  }
  Proto u32 = Base(Proto::UINT32, {1});
  u32.add_uint64_data(uint64_t{1} << 32);
  OnnxTensor t;
  EXPECT_EQ(Load(u32, &t).code(), ErrorCode::kIoError);
  Proto raw_bool = Base(Proto::BOOL, {2});
  raw_bool.set_raw_data(std::string("\x01\x07", 2));
  EXPECT_EQ(Load(raw_bool, &t).code(), ErrorCode::kIoError);
}

TEST(OnnxTensorTest, UnsupportedDTypesAndLayouts) {
  OnnxTensor t;
  for (int32_t type : std::vector<int32_t>{Proto::UNDEFINED, Proto::STRING, Proto::INT16,
                                           Proto::UINT16, Proto::COMPLEX64, 1234}) {
    SCOPED_TRACE(type);
    const Status s = Load(Base(type, {0}), &t);
    EXPECT_EQ(s.code(), ErrorCode::kUnsupported);
    EXPECT_NE(s.message().find(OnnxTypeName(type)), std::string::npos) << s.message();
  }
  Proto external = Base(Proto::FLOAT, {1});
  external.set_data_location(Proto::EXTERNAL);
  EXPECT_EQ(Load(external, &t).code(), ErrorCode::kUnsupported);
}

TEST(OnnxTensorTest, BadDims) {
  OnnxTensor t;
  EXPECT_EQ(Load(Base(Proto::FLOAT, {2, -1}), &t).code(), ErrorCode::kInvalidTensorDim);
  EXPECT_EQ(Load(Base(Proto::FLOAT, {1, 1, 1, 1, 1, 1, 1, 1, 1}), &t).code(),
            ErrorCode::kInvalidTensorDimNum);
  EXPECT_EQ(Load(Base(Proto::FLOAT, {1LL << 40, 1LL << 40}), &t).code(),
            ErrorCode::kInvalidTensorDim);
}

// Every strict prefix of a serialised tensor is an error (a parse error, or a payload shorter
// than the shape), never a crash or a silently short tensor.
TEST(OnnxTensorTest, EveryTruncationIsAnError) {
  Proto p = Base(Proto::FLOAT, {2, 3});
  p.set_raw_data(std::string(24, '\x3f'));
  std::string bytes;
  ASSERT_TRUE(p.SerializeToString(&bytes));
  OnnxTensor t;
  ASSERT_TRUE(LoadOnnxTensor(bytes, "t.pb", &t).ok());
  for (size_t n = 0; n < bytes.size(); ++n) {
    SCOPED_TRACE(n);
    const Status s = LoadOnnxTensor(std::string_view(bytes).substr(0, n), "t.pb", &t);
    EXPECT_FALSE(s.ok());
  }
  EXPECT_EQ(LoadOnnxTensor("\xff\xff\xff", "junk.pb", &t).code(), ErrorCode::kIoError);
}

TEST(OnnxTensorTest, MissingFileIsAnIoError) {
  OnnxTensor t;
  const Status s = LoadOnnxTensorFile("/nonexistent/input_0.pb", &t);
  EXPECT_EQ(s.code(), ErrorCode::kIoError);
  EXPECT_NE(s.message().find("/nonexistent/input_0.pb"), std::string::npos);
}

TEST(OnnxTensorTest, DTypeMap) {
  EXPECT_EQ(DTypeFromOnnx(Proto::FLOAT), DType::kFloat32);
  EXPECT_EQ(DTypeFromOnnx(Proto::BFLOAT16), DType::kBFloat16);
  EXPECT_EQ(DTypeFromOnnx(Proto::UINT32), DType::kUInt32);
  EXPECT_EQ(DTypeFromOnnx(Proto::INT16), std::nullopt);
  EXPECT_EQ(OnnxTypeName(Proto::BOOL), "BOOL");
  EXPECT_EQ(OnnxTypeName(99), "DataType(99)");
}

}  // namespace
}  // namespace opsim
