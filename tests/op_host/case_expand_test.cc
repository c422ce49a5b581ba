// The case suites once loaded: expansion order and names, attribute typing, data generation,
// value encoding, .npy inputs and expected outputs, and the runner's verdicts and digests
// (case_loader_test.cc holds the loader's errors).
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "opsim/cases/case_data.h"
#include "opsim/cases/case_loader.h"
#include "opsim/cases/case_run.h"
#include "opsim/cases/output_digest.h"
#include "opsim/core/float16.h"
#include "opsim/reference/op_reference.h"

namespace opsim::cases::expand_test {
namespace {

std::string Fixture(const std::string& name) {
  return std::string(OPSIM_SOURCE_DIR) + "/tests/op_host/testdata/cases/" + name;
}

class ValidSuite : public ::testing::Test {
 protected:
  void SetUp() override {
    const Status st = LoadCaseFile(Fixture("valid_suite.yaml"), &cases_);
    ASSERT_TRUE(st.ok()) << st.ToString();
  }
  const Case& Named(const std::string& name) {
    for (const Case& c : cases_) {
      if (c.name == name) return c;
    }
    ADD_FAILURE() << "no case " << name;
    return cases_.front();
  }
  std::vector<Case> cases_;
};

TEST_F(ValidSuite, ExpandsOpsVariedAttributesDtypesDevicesInOrder) {
  // pattern 2 ops x 2 keepdims x 2 dtypes x 2 devices, atb_case 2 x 2 x 1, specials 2,
  // expected_min 1, all_dtypes: every dtype the ReduceMax reference covers, 1 device;
  // axes_input 1.
  ASSERT_EQ(cases_.size(), 16u + 4u + 2u + 1u + 10u + 1u);
  std::vector<std::string> first;
  for (size_t i = 0; i < 4; ++i) first.push_back(cases_[i].name);
  EXPECT_EQ(first, (std::vector<std::string>{"pattern/ReduceSum/keepdims=0/float32/ascend910b",
                                             "pattern/ReduceSum/keepdims=0/float32/ascend310p",
                                             "pattern/ReduceSum/keepdims=0/int32/ascend910b",
                                             "pattern/ReduceSum/keepdims=0/int32/ascend310p"}));
  EXPECT_EQ(cases_[4].name, "pattern/ReduceSum/keepdims=1/float32/ascend910b");
  EXPECT_EQ(cases_[8].name, "pattern/ReduceMax/keepdims=0/float32/ascend910b");
  const Case& p = cases_[0];
  EXPECT_EQ(p.suite, "fixture");
  EXPECT_EQ(p.FullName(), "fixture/pattern/ReduceSum/keepdims=0/float32/ascend910b");
  EXPECT_EQ(p.base_name, "pattern");
  EXPECT_EQ(p.skip, "not run: only expanded");
  EXPECT_EQ(p.op, "ReduceSum");
  EXPECT_EQ(p.mark.line, 6);
  EXPECT_EQ(cases_[16].name, "atb_case/Reduce/reduceType=min/int32/ascend910a");
  EXPECT_EQ(cases_[17].name, "atb_case/Reduce/reduceType=min/bfloat16/ascend910a");
  EXPECT_EQ(cases_[18].name, "atb_case/Reduce/reduceType=max/int32/ascend910a");
  EXPECT_EQ(Named("specials/OpenVINO.ReduceSum/float16/ascend310p").inputs.at(0).shape,
            (std::vector<int64_t>{4, 50}));
  // `dtypes: all`: the reference's list for ReduceMax, in docs/SPEC.md §2 order.
  const std::shared_ptr<const ref::OpReference> max =
      ref::ReferenceRegistry::Global().Find("ReduceMax");
  ASSERT_NE(max, nullptr);
  std::vector<DType> all;
  for (const Case& c : cases_) {
    if (c.base_name == "all_dtypes") all.push_back(c.inputs.at(0).dtype);
  }
  EXPECT_EQ(all, max->DTypes({}));
}

TEST_F(ValidSuite, AttributesAreTypedFromYaml) {
  const Case& p = Named("pattern/ReduceSum/keepdims=1/int32/ascend910b");
  EXPECT_EQ(std::get<std::vector<int64_t>>(p.attrs.at("axes")), (std::vector<int64_t>{1}));
  EXPECT_EQ(std::get<int64_t>(p.attrs.at("keepdims")), 1);
  const Case& a = Named("atb_case/Reduce/reduceType=max/bfloat16/ascend910a");
  EXPECT_EQ(std::get<std::string>(a.attrs.at("reduceType")), "max");
  EXPECT_EQ(std::get<std::vector<int64_t>>(a.attrs.at("axis")), (std::vector<int64_t>{0}));
}

TEST_F(ValidSuite, AutoDataIsTheReferencesChoice) {
  const DataSpec& sum = Named("pattern/ReduceSum/keepdims=0/float32/ascend910b").inputs[0].data;
  EXPECT_EQ(sum.kind, DataKind::kUniform);
  EXPECT_EQ(sum.low, -1.0);
  EXPECT_EQ(sum.high, 1.0);
  EXPECT_EQ(Named("pattern/ReduceSum/keepdims=0/int32/ascend910b").inputs[0].data.kind,
            DataKind::kIntRange);
  EXPECT_EQ(Named("pattern/ReduceMax/keepdims=0/int32/ascend910b").inputs[0].data.kind,
            DataKind::kBits);
  // An op without a reference gets uniform / int_range data.
  DataSpec d;
  ASSERT_TRUE(AutoDataSpec("NoSuchOp", {}, 0, DType::kFloat16, &d).ok());
  EXPECT_EQ(d.kind, DataKind::kUniform);
  ASSERT_TRUE(AutoDataSpec("NoSuchOp", {}, 1, DType::kInt64, &d).ok());
  EXPECT_EQ(d.kind, DataKind::kIntRange);
  EXPECT_EQ(AutoDataSpec("ReduceSum", {}, 1, DType::kInt64, &d).code(), ErrorCode::kConfigError);
}

TEST_F(ValidSuite, SeedsDependOnNameOpDtypeButNotDeviceOrVariedAttributes) {
  const Case& a = Named("pattern/ReduceSum/keepdims=0/float32/ascend910b");
  const uint64_t seed = a.inputs[0].seed;
  EXPECT_EQ(seed, Named("pattern/ReduceSum/keepdims=0/float32/ascend310p").inputs[0].seed);
  EXPECT_EQ(seed, Named("pattern/ReduceSum/keepdims=1/float32/ascend310p").inputs[0].seed);
  EXPECT_NE(seed, Named("pattern/ReduceSum/keepdims=0/int32/ascend910b").inputs[0].seed);
  EXPECT_NE(seed, Named("pattern/ReduceMax/keepdims=0/float32/ascend910b").inputs[0].seed);
  std::vector<uint8_t> x, y;
  ASSERT_TRUE(GenerateInput(a.inputs[0], &x).ok());
  ASSERT_TRUE(
      GenerateInput(Named("pattern/ReduceSum/keepdims=1/float32/ascend310p").inputs[0], &y).ok());
  EXPECT_EQ(x, y);
  ASSERT_EQ(x.size(), 6 * sizeof(float));
  for (size_t i = 0; i < 6; ++i) {
    float v;
    std::memcpy(&v, x.data() + i * 4, 4);
    EXPECT_GE(v, -1.0f);
    EXPECT_LT(v, 1.0f);
  }
  CaseInput unresolved = a.inputs[0];
  unresolved.data.kind = DataKind::kAuto;
  EXPECT_EQ(GenerateInput(unresolved, &x).code(), ErrorCode::kConfigError);
}

// The generator is std::mt19937_64's sequence (case data must not change with the library or
// with opsim's own engine): `bits` data over several regenerations of its 312-word state, for
// seeds at both ends.
TEST(CaseData, BitsDataIsTheMt19937_64SequenceOfTheSeed) {
  for (const uint64_t seed :
       {uint64_t{0}, uint64_t{5489}, uint64_t{0x9E3779B97F4A7C15}, ~uint64_t{0}}) {
    CaseInput in;
    in.dtype = DType::kUInt64;
    in.shape = {3, 700};
    in.data.kind = DataKind::kBits;
    in.seed = seed;
    std::vector<uint8_t> bytes;
    ASSERT_TRUE(GenerateInput(in, &bytes).ok());
    ASSERT_EQ(bytes.size(), 2100u * 8);
    std::mt19937_64 engine(seed);
    for (size_t i = 0; i < 2100; ++i) {
      uint64_t v;
      std::memcpy(&v, bytes.data() + 8 * i, 8);
      ASSERT_EQ(v, engine()) << "seed " << seed << ", element " << i;
    }
  }
}

TEST_F(ValidSuite, ExplicitValuesAndExpectedAreEncodedInTheDtype) {
  const Case& c = Named("expected_min/Reduce/int32/ascend910a");
  std::vector<uint8_t> bytes;
  ASSERT_TRUE(GenerateInput(c.inputs[0], &bytes).ok());
  std::vector<int32_t> values(6);
  ASSERT_EQ(bytes.size(), 24u);
  std::memcpy(values.data(), bytes.data(), 24);
  EXPECT_EQ(values, (std::vector<int32_t>{1, 2, 3, 4, -5, 6}));
  ASSERT_EQ(c.expected.size(), 1u);
  ASSERT_TRUE(c.expected[0].has_value());
  EXPECT_EQ(c.expected[0]->dtype, DType::kInt32);
  EXPECT_EQ(c.expected[0]->shape, (std::vector<int64_t>{3}));
  std::vector<int32_t> expected(3);
  ASSERT_EQ(c.expected[0]->bytes.size(), 12u);
  std::memcpy(expected.data(), c.expected[0]->bytes.data(), 12);
  EXPECT_EQ(expected, (std::vector<int32_t>{1, -5, 3}));
  ASSERT_EQ(c.expected_shapes.size(), 1u);
  EXPECT_EQ(c.expected_shapes[0], (std::vector<int64_t>{3}));
}

TEST_F(ValidSuite, SpecialDataMixesTheListedSpecialsIntoUniformData) {
  const Case& c = Named("specials/OpenVINO.ReduceSum/float16/ascend910b");
  std::vector<uint8_t> bytes;
  ASSERT_TRUE(GenerateInput(c.inputs[0], &bytes).ok());
  ASSERT_EQ(bytes.size(), 200u * 2);
  int specials = 0;
  int ordinary = 0;
  for (size_t i = 0; i < 200; ++i) {
    uint16_t h;
    std::memcpy(&h, bytes.data() + 2 * i, 2);
    const float v = HalfBitsToFloat(h);
    if (std::isnan(v) || h == 0x8000 || h == 0x0001) {
      ++specials;
    } else {
      EXPECT_GE(v, 2.0f) << i;
      EXPECT_LE(v, 3.0f) << i;
      ++ordinary;
    }
  }
  EXPECT_GT(specials, 50);
  EXPECT_GT(ordinary, 50);
}

// The runner: a pass, a wrong expected value, a wrong expected shape, a skip.
TEST_F(ValidSuite, RunnerJudgesAgainstReferenceExpectedAndShape) {
  Case c = Named("expected_min/Reduce/int32/ascend910a");
  CaseResult r = RunCase(c);
  EXPECT_EQ(r.verdict, Verdict::kPass) << r.message;
  ASSERT_EQ(r.output_shapes.size(), 1u);
  EXPECT_EQ(r.output_shapes[0], (std::vector<int64_t>{3}));
  EXPECT_EQ(r.device_ns, 0);  // int32 ran on the AI CPU kernel, which opsim does not time
  const CaseResult on_core = RunCase(Named("specials/OpenVINO.ReduceSum/float16/ascend310p"));
  EXPECT_EQ(on_core.verdict, Verdict::kPass) << on_core.message;
  EXPECT_GT(on_core.device_ns, 0);

  Case wrong = c;
  wrong.expected[0]->bytes[8] ^= 1;  // 3 -> 2
  r = RunCase(wrong);
  EXPECT_EQ(r.verdict, Verdict::kFail);
  EXPECT_NE(r.message.find("differs from 'expected' at"), std::string::npos) << r.message;
  EXPECT_NE(r.message.find("index 2: expected 2, actual 3"), std::string::npos) << r.message;

  Case shape = c;
  shape.expected_shapes[0] = std::vector<int64_t>{1, 3};
  r = RunCase(shape);
  EXPECT_EQ(r.verdict, Verdict::kFail);
  EXPECT_NE(r.message.find("expected_shape is [1,3]"), std::string::npos) << r.message;

  r = RunCase(Named("pattern/ReduceSum/keepdims=0/float32/ascend910b"));
  EXPECT_EQ(r.verdict, Verdict::kSkip);
  EXPECT_EQ(r.message, "not run: only expanded");
  EXPECT_TRUE(r.output_shapes.empty());

  for (const char* name : {"specials/OpenVINO.ReduceSum/float16/ascend910b",
                           "atb_case/Reduce/reduceType=max/bfloat16/ascend910a"}) {
    r = RunCase(Named(name));
    EXPECT_EQ(r.verdict, Verdict::kPass) << name << ": " << r.message;
  }
}

// Output digests: FNV-1a 64 of each output's dataSize bytes (the published vectors), kept
// whatever the verdict, none for a skip; unchecked runs and copy elision give the same bits.
TEST(OutputDigest, IsFnv1a64AsPublishedInSixteenHexDigits) {
  const std::string foobar = "foobar";
  EXPECT_EQ(Fnv1a64(nullptr, 0), 0xcbf29ce484222325ull);
  EXPECT_EQ(Fnv1a64(reinterpret_cast<const uint8_t*>("a"), 1), 0xaf63dc4c8601ec8cull);
  EXPECT_EQ(Fnv1a64(reinterpret_cast<const uint8_t*>(foobar.data()), foobar.size()),
            0x85944171f73967e8ull);
  EXPECT_EQ(DigestHex(0x85944171f73967e8ull), "85944171f73967e8");
  EXPECT_EQ(DigestHex(1), "0000000000000001");
}

TEST_F(ValidSuite, RunnerDigestsEveryOutputCheckedOrNot) {
  const Case& c = Named("expected_min/Reduce/int32/ascend910a");
  const std::vector<uint8_t>& want = c.expected.at(0)->bytes;  // int32, judged exactly
  const uint64_t digest = Fnv1a64(want.data(), want.size());
  for (const bool checked : {true, false}) {
    for (const bool elision : {true, false}) {
      CaseRunOptions o;
      o.checked = checked;
      o.copy_elision = elision;
      const CaseResult r = RunCase(c, o);
      EXPECT_EQ(r.verdict, Verdict::kPass) << r.message;
      EXPECT_EQ(r.output_digests, std::vector<uint64_t>{digest}) << checked << elision;
    }
  }
  Case wrong = c;
  wrong.expected[0]->bytes[8] ^= 1;
  const CaseResult failed = RunCase(wrong);
  EXPECT_EQ(failed.verdict, Verdict::kFail);
  EXPECT_EQ(failed.output_digests, std::vector<uint64_t>{digest}) << "what it gave, still";
  const CaseResult skipped = RunCase(Named("pattern/ReduceSum/keepdims=0/float32/ascend910b"));
  EXPECT_EQ(skipped.verdict, Verdict::kSkip);
  EXPECT_TRUE(skipped.output_digests.empty());
}

// An OpDef input read on the host (ReduceSum's axes) with written values is the operation's
// constant, as CANN passes a Const node; the reference still sees it as input 1.
TEST_F(ValidSuite, ValueDependInputWithValuesIsTheOperationsConstant) {
  const Case& c = Named("axes_input/ReduceSum/float32/ascend910b");
  ASSERT_EQ(c.inputs.size(), 2u);
  EXPECT_FALSE(c.inputs[0].constant);
  EXPECT_TRUE(c.inputs[1].constant);
  EXPECT_EQ(c.inputs[1].dtype, DType::kInt64);
  EXPECT_EQ(std::get<std::vector<int64_t>>(c.attrs.at("=axes")), (std::vector<int64_t>{-1}));
  const CaseResult r = RunCase(c);
  EXPECT_EQ(r.verdict, Verdict::kPass) << r.message;
  ASSERT_EQ(r.output_shapes.size(), 1u);
  EXPECT_EQ(r.output_shapes[0], (std::vector<int64_t>{2}));
}

// Another operator through the same format: ArgMax/ArgMin by their reference (int64 outputs)
// and by written values.
TEST(CaseArgMax, RunsThroughItsReferenceAndExpectedValues) {
  std::vector<Case> cases;
  const Status st = LoadCaseFile(Fixture("argmax_suite.yaml"), &cases);
  ASSERT_TRUE(st.ok()) << st.ToString();
  ASSERT_EQ(cases.size(), 2u * 4u * 2u + 1u);
  EXPECT_EQ(cases[0].FullName(), "argmax/random/ArgMax/keepdims=0/float32/ascend910b");
  for (const Case& c : cases) {
    const CaseResult r = RunCase(c);
    EXPECT_EQ(r.verdict, Verdict::kPass) << c.FullName() << ": " << r.message;
  }
}

// Inputs and expected outputs from .npy files, resolved against the suite's folder.
TEST(CaseNpy, InputsAndExpectedFromFiles) {
  std::vector<Case> cases;
  ASSERT_TRUE(LoadCaseFile(Fixture("npy_suite/suite.yaml"), &cases).ok());
  ASSERT_EQ(cases.size(), 1u);
  const Case& c = cases[0];
  EXPECT_EQ(c.name, "sums/ReduceSum/float32/ascend910b");
  ASSERT_EQ(c.inputs.size(), 1u);
  EXPECT_EQ(c.inputs[0].data.kind, DataKind::kNpy);
  EXPECT_EQ(c.inputs[0].shape, (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(c.inputs[0].dtype, DType::kFloat32);
  ASSERT_TRUE(c.expected[0].has_value());
  EXPECT_EQ(c.expected[0]->source, Fixture("npy_suite/row_sums.npy"));
  const CaseResult r = RunCase(c);
  EXPECT_EQ(r.verdict, Verdict::kPass) << r.message;

  cases.clear();
  ASSERT_TRUE(LoadCaseFile(Fixture("npy_suite/wrong_expected.yaml"), &cases).ok());
  const CaseResult wrong = RunCase(cases.at(0));
  EXPECT_EQ(wrong.verdict, Verdict::kFail);
  EXPECT_NE(wrong.message.find("wrong_sums.npy"), std::string::npos) << wrong.message;
  EXPECT_NE(wrong.message.find("index 1: expected 16"), std::string::npos) << wrong.message;
}

TEST(CaseValues, EncodesSpecialsFromBitPatterns) {
  auto enc = [](const char* text, DType dtype) {
    std::vector<uint8_t> b;
    const Status st = EncodeValue(CaseValue{text, {}}, dtype, &b);
    EXPECT_TRUE(st.ok()) << st.ToString();
    uint64_t bits = 0;
    std::memcpy(&bits, b.data(), std::min<size_t>(b.size(), 8));
    return bits;
  };
  EXPECT_EQ(enc("subnormal", DType::kFloat16), 0x0001u);
  EXPECT_EQ(enc("-subnormal", DType::kBFloat16), 0x8001u);
  EXPECT_EQ(enc("max", DType::kFloat16), 0x7BFFu);
  EXPECT_EQ(enc("lowest", DType::kBFloat16), 0xFF7Fu);
  EXPECT_EQ(enc("min_normal", DType::kFloat16), 0x0400u);
  EXPECT_EQ(enc("-inf", DType::kFloat16), 0xFC00u);
  EXPECT_EQ(enc(".inf", DType::kFloat32), 0x7F800000u);
  EXPECT_EQ(enc("-0.0", DType::kFloat32), 0x80000000u);
  EXPECT_EQ(enc("subnormal", DType::kFloat64), 1u);
  EXPECT_EQ(enc("1.5", DType::kBFloat16), 0x3FC0u);
  EXPECT_EQ(enc("lowest", DType::kInt64), 0x8000000000000000u);
  EXPECT_EQ(enc("18446744073709551615", DType::kUInt64), ~uint64_t{0});
  EXPECT_EQ(enc("-128", DType::kInt8), 0x80u);
  EXPECT_EQ(enc("max", DType::kUInt32), 0xFFFFFFFFu);
  std::vector<uint8_t> b;
  EXPECT_EQ(EncodeValue(CaseValue{"1e5", {}}, DType::kFloat16, &b).code(),
            ErrorCode::kConfigError);  // overflows float16: write inf if meant
  EXPECT_EQ(EncodeValue(CaseValue{"-1", {}}, DType::kUInt8, &b).code(), ErrorCode::kConfigError);
  EXPECT_EQ(EncodeValue(CaseValue{"1.5", {}}, DType::kInt32, &b).code(), ErrorCode::kConfigError);
  EXPECT_EQ(EncodeValue(CaseValue{"128", {}}, DType::kInt8, &b).code(), ErrorCode::kConfigError);
  EXPECT_TRUE(b.empty());
}

// Complex tensors are bytes to opsim: a case gives them as an npy file, never as values or as
// generated data, and each refusal names the dtype.
TEST(CaseValues, ComplexHasNoValuesAndNoGeneratedData) {
  std::vector<uint8_t> b;
  const Status value = EncodeValue(CaseValue{"1.5", {}}, DType::kComplex64, &b);
  EXPECT_EQ(value.code(), ErrorCode::kConfigError);
  EXPECT_NE(value.message().find("dtype complex64 has no value encoding"), std::string::npos)
      << value.message();
  CaseInput in;
  in.dtype = DType::kComplex32;
  in.shape = {4};
  in.data.kind = DataKind::kUniform;
  const Status generated = GenerateInput(in, &b);
  EXPECT_EQ(generated.code(), ErrorCode::kConfigError);
  EXPECT_NE(generated.message().find("dtype complex32: opsim generates no complex data"),
            std::string::npos)
      << generated.message();
  const std::vector<uint8_t> pairs(32, 0x3F);
  in.dtype = DType::kComplex64;
  in.data.kind = DataKind::kNpy;
  in.data.npy_bytes = std::make_shared<const std::vector<uint8_t>>(pairs);
  ASSERT_TRUE(GenerateInput(in, &b).ok());
  EXPECT_EQ(b, pairs);
}

// Expected values: the tolerance when given, else the reference's rules, else exact.
TEST(CaseExpected, ToleranceThenReferenceThenExact) {
  ExpectedOutput e;
  e.dtype = DType::kFloat32;
  e.shape = {2};
  e.source = "'expected'";
  const float want[] = {1.0f, NAN};
  e.bytes.assign(reinterpret_cast<const uint8_t*>(want),
                 reinterpret_cast<const uint8_t*>(want) + 8);
  auto actual = [](float a, float b) {
    ref::HostTensor t;
    t.dtype = DType::kFloat32;
    t.shape = {2};
    const float v[] = {a, b};
    t.bytes.assign(reinterpret_cast<const uint8_t*>(v), reinterpret_cast<const uint8_t*>(v) + 8);
    return t;
  };
  // The ReduceSum reference over a [2, 2] input, axis 0: its Compare rules.
  const std::shared_ptr<const ref::OpReference> sum =
      ref::ReferenceRegistry::Global().Find("ReduceSum");
  ASSERT_NE(sum, nullptr);
  const AttrMap attrs = {{"axes", std::vector<int64_t>{0}}, {"keepdims", int64_t{0}}};
  ref::HostTensor x;
  x.dtype = DType::kFloat32;
  x.shape = {2, 2};
  x.bytes.assign(16, 0);
  const std::vector<ref::HostTensor> inputs = {x};
  const std::optional<ToleranceOverride> none;
  EXPECT_EQ(CheckExpected(e, actual(1.0f + 1e-7f, NAN), none, sum.get(), attrs, inputs, 0), "");
  EXPECT_NE(CheckExpected(e, actual(1.01f, NAN), none, sum.get(), attrs, inputs, 0), "");
  EXPECT_NE(CheckExpected(e, actual(1.0f, 0.0f), none, sum.get(), attrs, inputs, 0), "");
  const std::optional<ToleranceOverride> loose = ToleranceOverride{0.02, 0};
  EXPECT_EQ(CheckExpected(e, actual(1.01f, NAN), loose, sum.get(), attrs, inputs, 0), "");
  EXPECT_NE(CheckExpected(e, actual(1.0f, 0.0f), loose, sum.get(), attrs, inputs, 0), "");
  // No reference, no tolerance: exact (NaN matches NaN).
  EXPECT_EQ(CheckExpected(e, actual(1.0f, NAN), none, nullptr, {}, {}, 0), "");
  EXPECT_NE(CheckExpected(e, actual(1.0f + 1e-7f, NAN), none, nullptr, {}, {}, 0).find("output[0]"),
            std::string::npos);
  // Dtype and shape come first.
  ref::HostTensor wide = actual(1.0f, NAN);
  wide.shape = {1, 2};
  EXPECT_NE(CheckExpected(e, wide, none, nullptr, {}, {}, 0).find("shape [1,2]"),
            std::string::npos);
  ref::HostTensor other = actual(1.0f, NAN);
  other.dtype = DType::kInt32;
  EXPECT_NE(CheckExpected(e, other, none, nullptr, {}, {}, 0).find("int32"), std::string::npos);
}

}  // namespace
}  // namespace opsim::cases::expand_test
