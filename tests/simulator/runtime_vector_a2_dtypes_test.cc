// The 910B's per-instruction element types (opsim/sim/ascendc/a2_dtypes.h), one case per row:
// a type on the row runs, one off it is an `unsupported` fault naming the instruction, the type,
// the rule and the CANN file; other chips' profiles are not held to the 910B's lists; and
// docs/OPERATORS.md's table is the one rendered from the header.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>

#include "kernel_operator.h"
#include "simulator/sim_test_util.h"

namespace opsim::sim {
namespace {

using namespace AscendC;

// Three 8 KiB UB tiles for one case.
struct A2Tiles {
  TPipe pipe;
  TBuf<TPosition::VECCALC> a, b, c;
  A2Tiles() {
    pipe.InitBuffer(a, 8192);
    pipe.InitBuffer(b, 8192);
    pipe.InitBuffer(c, 8192);
  }
  template <typename T>
  LocalTensor<T> X() {
    return a.Get<T>();
  }
  template <typename T>
  LocalTensor<T> Y() {
    return b.Get<T>();
  }
  template <typename T>
  LocalTensor<T> Z() {
    return c.Get<T>();
  }
};

struct A2Case {
  const char* instruction;
  const char* off;                   // the off-list type (or pair), as the message spells it
  std::function<void(bool)> kernel;  // true: a type on the list; false: the off-list one
};

template <typename T>
void A2Add(A2Tiles& t) {
  Add(t.Z<T>(), t.X<T>(), t.Y<T>(), 64);
}
template <typename T>
void A2MulsRepeat(A2Tiles& t) {
  Muls(t.Z<T>(), t.X<T>(), T(2), uint64_t{64}, 1, UnaryRepeatParams{});
}
template <typename T>
void A2Div(A2Tiles& t) {
  Div(t.Z<T>(), t.X<T>(), t.Y<T>(), 64);
}
template <typename T>
void A2Exp(A2Tiles& t) {
  Exp(t.Z<T>(), t.X<T>(), 64);
}
template <typename T>
void A2Abs(A2Tiles& t) {
  Abs(t.Z<T>(), t.X<T>(), 64);
}
template <typename T>
void A2Relu(A2Tiles& t) {
  Relu(t.Z<T>(), t.X<T>(), 64);
}
template <typename T>
void A2LeakyRelu(A2Tiles& t) {
  LeakyRelu(t.Z<T>(), t.X<T>(), 0.5f, 64);
}
template <typename T>
void A2AddRelu(A2Tiles& t) {
  AddRelu(t.Z<T>(), t.X<T>(), t.Y<T>(), 64);
}
template <typename T>
void A2FusedMulAdd(A2Tiles& t) {
  FusedMulAdd(t.Z<T>(), t.X<T>(), t.Y<T>(), 64);
}
template <typename T>
void A2Axpy(A2Tiles& t) {
  Axpy(t.Z<T>(), t.X<T>(), 0.5f, 64);
}
template <typename T>
void A2AndCount(A2Tiles& t) {
  And(t.Z<T>(), t.X<T>(), t.Y<T>(), 64);
}
template <typename T>
void A2OrRepeat(A2Tiles& t) {
  Or(t.Z<T>(), t.X<T>(), t.Y<T>(), uint64_t{64}, 1, BinaryRepeatParams{});
}
template <typename T>
void A2Not(A2Tiles& t) {
  Not(t.Z<T>(), t.X<T>(), 64);
}
template <typename T>
void A2ShiftLeft(A2Tiles& t) {
  ShiftLeft(t.Z<T>(), t.X<T>(), T(1), 64);
}
template <typename T>
void A2Duplicate(A2Tiles& t) {
  Duplicate(t.Z<T>(), T(1), 64);
}
template <typename T>
void A2DuplicateRepeat(A2Tiles& t) {
  Duplicate(t.Z<T>(), T(1), uint64_t{8}, 1, 1, 8);
}
template <typename T>
void A2ReduceSum(A2Tiles& t) {
  ReduceSum(t.Z<T>(), t.X<T>(), t.Y<T>(), 64);
}
template <typename T>
void A2WholeReduceMax(A2Tiles& t) {
  WholeReduceMax(t.Z<T>(), t.X<T>(), 8, 1, 1, 1, 8);
}
template <typename T>
void A2BlockReduceSum(A2Tiles& t) {
  BlockReduceSum(t.Z<T>(), t.X<T>(), 1, 8, 1, 1, 8);
}
template <typename T>
void A2Transpose(A2Tiles& t) {
  Transpose(t.Z<T>(), t.X<T>());
}
template <typename D, typename S>
void A2Cast(A2Tiles& t) {
  Cast(t.Z<D>(), t.X<S>(), RoundMode::CAST_NONE, 64);
}
template <typename D, typename S>
void A2CastRepeat(A2Tiles& t) {
  Cast(t.Z<D>(), t.X<S>(), RoundMode::CAST_NONE, uint64_t{64}, 1, UnaryRepeatParams{});
}
template <typename D, typename S>
void A2MulAddDst(A2Tiles& t) {
  MulAddDst(t.Z<D>(), t.X<S>(), t.Y<S>(), 64);
}
template <typename D, typename S>
void A2MulAddDstRepeat(A2Tiles& t) {
  MulAddDst(t.Z<D>(), t.X<S>(), t.Y<S>(), uint64_t{64}, 1, BinaryRepeatParams(1, 1, 1, 8, 4, 4));
}

template <typename On, typename Off>
std::function<void(bool)> A2Pick(void (*on)(A2Tiles&), void (*off)(A2Tiles&)) {
  return [on, off](bool use_on) {
    A2Tiles t;
    (use_on ? on : off)(t);
  };
}
#define OPSIM_A2_CASE(Instr, Fn, On, Off, OffName) \
  A2Case { Instr, OffName, A2Pick<On, Off>(&Fn<On>, &Fn<Off>) }
#define OPSIM_A2_PAIR_CASE(Instr, Fn, OnD, OnS, OffD, OffS, OffName) \
  A2Case { Instr, OffName, A2Pick<OnD, OffD>(&Fn<OnD, OnS>, &Fn<OffD, OffS>) }

std::vector<A2Case> A2Cases() {
  return {
      OPSIM_A2_CASE("Add", A2Add, float, int8_t, "int8_t"),
      OPSIM_A2_CASE("Muls", A2MulsRepeat, int16_t, uint16_t, "uint16_t"),
      OPSIM_A2_CASE("Div", A2Div, half, int32_t, "int32_t"),
      OPSIM_A2_CASE("Exp", A2Exp, float, bfloat16_t, "bfloat16_t"),
      OPSIM_A2_CASE("Abs", A2Abs, half, int16_t, "int16_t"),
      OPSIM_A2_CASE("Relu", A2Relu, int32_t, int8_t, "int8_t"),
      OPSIM_A2_CASE("LeakyRelu", A2LeakyRelu, half, double, "double"),
      OPSIM_A2_CASE("AddRelu", A2AddRelu, float, bfloat16_t, "bfloat16_t"),
      OPSIM_A2_CASE("FusedMulAdd", A2FusedMulAdd, half, double, "double"),
      OPSIM_A2_CASE("Axpy", A2Axpy, float, bfloat16_t, "bfloat16_t"),
      OPSIM_A2_CASE("And", A2AndCount, int32_t, int8_t, "int8_t"),
      OPSIM_A2_CASE("Or", A2OrRepeat, uint16_t, int32_t, "int32_t"),
      OPSIM_A2_CASE("Not", A2Not, int16_t, uint32_t, "uint32_t"),
      OPSIM_A2_CASE("ShiftLeft", A2ShiftLeft, uint32_t, int64_t, "int64_t"),
      OPSIM_A2_CASE("Duplicate", A2Duplicate, bfloat16_t, uint8_t, "uint8_t"),
      OPSIM_A2_CASE("Duplicate", A2DuplicateRepeat, uint32_t, double, "double"),
      OPSIM_A2_CASE("ReduceSum", A2ReduceSum, half, int32_t, "int32_t"),
      OPSIM_A2_CASE("WholeReduceMax", A2WholeReduceMax, float, int16_t, "int16_t"),
      OPSIM_A2_CASE("BlockReduceSum", A2BlockReduceSum, half, uint16_t, "uint16_t"),
      OPSIM_A2_CASE("Transpose", A2Transpose, half, bfloat16_t, "bfloat16_t"),
      OPSIM_A2_PAIR_CASE("Cast", A2Cast, float, half, bfloat16_t, half, "half -> bfloat16_t"),
      OPSIM_A2_PAIR_CASE("Cast", A2CastRepeat, int16_t, int32_t, float, uint8_t,
                         "uint8_t -> float"),
      OPSIM_A2_PAIR_CASE("MulAddDst", A2MulAddDst, float, half, bfloat16_t, bfloat16_t,
                         "bfloat16_t -> bfloat16_t"),
      OPSIM_A2_PAIR_CASE("MulAddDst", A2MulAddDstRepeat, half, half, double, double,
                         "double -> double"),
  };
}
#undef OPSIM_A2_CASE
#undef OPSIM_A2_PAIR_CASE

LaunchResult RunOnArch(const std::string& arch, const std::function<void()>& kernel) {
  DeviceProfile d = testing::TestDevice();
  d.architecture = arch;
  LaunchOptions options;
  options.checked = false;  // the tiles' values do not matter here
  return Launch(d, 1, options, kernel);
}

TEST(VectorA2Dtypes, EveryRowTakesItsTypesAndFaultsOnAnother) {
  for (const A2Case& c : A2Cases()) {
    const LaunchResult on = RunOnArch("dav-2201", [&] { c.kernel(true); });
    EXPECT_FALSE(on.fault) << c.instruction << ": " << on.fault->message;
    const LaunchResult off = RunOnArch("dav-2201", [&] { c.kernel(false); });
    ASSERT_TRUE(off.fault.has_value()) << c.instruction << " on " << c.off;
    EXPECT_EQ(off.fault->kind, FaultKind::kUnsupported);
    EXPECT_EQ(off.fault->instruction, c.instruction);
    const std::string& m = off.fault->message;
    EXPECT_NE(m.find(std::string(c.instruction) +
                     (std::string(c.off).find("->") == std::string::npos ? " on " : " ") + c.off +
                     ": the 910B (dav-2201)"),
              std::string::npos)
        << m;
    EXPECT_NE(m.find("dav_c220"), std::string::npos) << m;
    EXPECT_NE(m.find("impl/basic_api/"), std::string::npos) << m;
  }
}

// The 910A (dav-1001), 310P (dav-2002) and 310B (dav-3002) are not held to the 910B's lists; a
// profile with no chip's architecture is (its other defaults are the 910B's).
TEST(VectorA2Dtypes, OnlyThe910BAndArchitectureFreeProfilesAreChecked) {
  const auto kernel = [] {
    A2Tiles t;
    A2Add<int8_t>(t);
  };
  for (const char* arch : {"dav-1001", "dav-2002", "dav-3002"}) {
    const LaunchResult r = RunOnArch(arch, kernel);
    EXPECT_FALSE(r.fault) << arch << ": " << r.fault->message;
  }
  for (const char* arch : {"dav-2201", "", "test"}) {
    const LaunchResult r = RunOnArch(arch, kernel);
    ASSERT_TRUE(r.fault.has_value()) << arch;
    EXPECT_EQ(r.fault->kind, FaultKind::kUnsupported) << arch;
  }
}

TEST(VectorA2Dtypes, OperatorsDocTableIsTheHeaders) {
  const std::filesystem::path path =
      std::filesystem::path(OPSIM_SOURCE_DIR) / "docs" / "OPERATORS.md";
  std::ifstream in(path);
  ASSERT_TRUE(in) << path;
  std::stringstream doc;
  doc << in.rdbuf();
  const std::string table = a2::A2DtypeTableMarkdown();
  EXPECT_NE(doc.str().find(table), std::string::npos)
      << "docs/OPERATORS.md's 910B dtype table differs from a2_dtypes.h; it should read:\n"
      << table;
}

}  // namespace
}  // namespace opsim::sim
