// LoadDeviceProfile on malformed fixtures: every one fails with kConfigError and a message that
// names the file, the line:column and the field.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "opsim/sim/device_profile.h"

namespace opsim::sim {
namespace {

const std::string kLoaderFixtures = OPSIM_SOURCE_DIR "/tests/simulator/testdata/profiles";

std::string Fixture(const std::string& stem) { return kLoaderFixtures + "/" + stem + ".yaml"; }

struct MalformedCase {
  const char* stem;
  const char* location;  // "line:column" the message must point at
  const char* field;     // empty for errors about the document as a whole
  const char* phrase;    // a piece of the rule the message must state
};

void PrintTo(const MalformedCase& c, std::ostream* os) { *os << c.stem; }

class MalformedProfileTest : public ::testing::TestWithParam<MalformedCase> {};

TEST_P(MalformedProfileTest, FailsWithFileLineFieldAndRule) {
  const MalformedCase& c = GetParam();
  DeviceProfile profile;
  profile.name = "untouched";
  const Status status = LoadDeviceProfile(Fixture(c.stem), &profile);
  ASSERT_FALSE(status.ok()) << c.stem;
  EXPECT_EQ(status.code(), ErrorCode::kConfigError) << status.ToString();
  const std::string& message = status.message();
  EXPECT_NE(message.find(Fixture(c.stem) + ":" + c.location + ":"), std::string::npos) << message;
  if (*c.field != '\0') {
    EXPECT_NE(message.find(std::string("field '") + c.field + "'"), std::string::npos) << message;
  }
  EXPECT_NE(message.find(c.phrase), std::string::npos) << message;
  // A failed load leaves the output alone.
  EXPECT_EQ(profile.name, "untouched");
}

INSTANTIATE_TEST_SUITE_P(
    Fixtures, MalformedProfileTest,
    ::testing::Values(
        MalformedCase{"syntax_error", "6:1", "", "YAML syntax error"},
        MalformedCase{"top_level_list", "1:1", "", "top level must be a mapping"},
        MalformedCase{"empty_file", "1:1", "", "no YAML document"},
        MalformedCase{"two_documents", "20:1", "", "2 YAML documents"},
        MalformedCase{"stray_comma", "2:1", "", "YAML syntax error: unexpected ','"},
        MalformedCase{"missing_field", "1:1", "clock_ghz", "'clock_ghz', 'sync_all_ns'"},
        MalformedCase{"unknown_field", "3:1", "vector_core", "did you mean 'vector_cores'"},
        MalformedCase{"l0a_bytes_not_fractals", "21:20", "l0a_bytes",
                      "not a multiple of 512 (l0a_bytes is a whole number of 512-byte fractals)"},
        MalformedCase{"duplicate_field", "18:1", "ub_bytes", "appears twice"},
        MalformedCase{"vector_cores_string", "3:23", "vector_cores", "got 'abc'"},
        MalformedCase{"vector_cores_quoted", "3:23", "vector_cores", "quoted string \"48\""},
        MalformedCase{"vector_cores_fraction", "3:23", "vector_cores", "whole number"},
        MalformedCase{"ub_bytes_list", "4:11", "ub_bytes", "got a list"},
        MalformedCase{"ub_bytes_plain_number", "4:11", "ub_bytes", "expected a mapping"},
        MalformedCase{"clock_ghz_bool", "9:20", "clock_ghz", "got the boolean 'true'"},
        MalformedCase{"has_data_copy_pad_number", "8:28", "has_data_copy_pad",
                      "expected a boolean"},
        MalformedCase{"name_mapping", "1:7", "name", "expected a non-empty text"},
        MalformedCase{"vector_cores_zero", "3:23", "vector_cores", "1 <= vector_cores <= 65535"},
        MalformedCase{"vector_cores_too_many", "3:23", "vector_cores", "65536 is out of range"},
        MalformedCase{"vector_cores_negative", "3:23", "vector_cores", "-48 is out of range"},
        MalformedCase{"ub_bytes_unaligned", "4:19", "ub_bytes", "not a multiple of 32"},
        MalformedCase{"ub_bytes_zero", "4:19", "ub_bytes", "0 is out of range"},
        MalformedCase{"ub_bytes_too_big", "4:19", "ub_bytes", "ub_bytes <= 16777216"},
        MalformedCase{"copy_align_not_power_of_two", "5:27", "copy_align_bytes",
                      "not a power of two"},
        MalformedCase{"max_repeat_zero", "7:21", "max_repeat", "1 <= max_repeat <= 255"},
        MalformedCase{"max_repeat_too_big", "7:21", "max_repeat", "256 is out of range"},
        MalformedCase{"clock_ghz_zero", "9:20", "clock_ghz", "0 < clock_ghz"},
        MalformedCase{"hbm_gbps_negative", "10:19", "hbm_gbps", "-1600 is out of range"},
        MalformedCase{"dma_gbps_zero", "11:28", "dma_gbps_per_core", "0 < dma_gbps_per_core"},
        MalformedCase{"launch_us_negative", "14:20", "launch_us", "0 <= launch_us"},
        MalformedCase{"scalar_cycles_infinite", "13:24", "scalar_cycles", "finite number"},
        MalformedCase{"dma_cannot_saturate_hbm", "11:20", "dma_gbps_per_core",
                      "cannot saturate hbm_gbps = 1600"},
        MalformedCase{"l2_slower_than_hbm", "33:19", "l2_gbps_per_core",
                      "40 GB/s is below dma_gbps_per_core = 50"},
        MalformedCase{"dma_issue_above_setup", "37:15", "dma_issue_ns",
                      "600 ns is above dma_setup_ns = 500"},
        MalformedCase{"figure_without_provenance", "3:15", "vector_cores", "no provenance"},
        MalformedCase{"figure_with_both_provenances", "3:40", "vector_cores",
                      "both 'source' and 'assumption'"},
        MalformedCase{"figure_empty_source", "3:35", "vector_cores", "non-empty text"},
        MalformedCase{"figure_misspelt_key", "3:27", "vector_cores", "did you mean 'source'"},
        MalformedCase{"figure_without_value", "3:15", "vector_cores", "no 'value'"},
        MalformedCase{"figure_null", "3:1", "vector_cores", "got nothing (null)"},
        MalformedCase{"name_mismatch", "1:7", "name", "must equal the file name stem"}),
    [](const ::testing::TestParamInfo<MalformedCase>& info) {
      return std::string(info.param.stem);
    });

TEST(LoadDeviceProfileTest, EveryFixtureIsCovered) {
  // A fixture without a table row would never be checked: count them against the table.
  size_t yaml_files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(kLoaderFixtures)) {
    if (entry.path().extension() == ".yaml") ++yaml_files;
  }
  // 41 malformed cases plus valid_minimal.
  EXPECT_EQ(yaml_files, 42u);
}

TEST(LoadDeviceProfileTest, MinimalFlowStyleProfileLoads) {
  DeviceProfile profile;
  const Status status = LoadDeviceProfile(Fixture("valid_minimal"), &profile);
  ASSERT_TRUE(status.ok()) << status.ToString();
  EXPECT_EQ(profile.name, "valid_minimal");
  EXPECT_EQ(profile.architecture, "dav-2201");
  EXPECT_EQ(profile.file, Fixture("valid_minimal"));
  EXPECT_EQ(profile.vector_cores, 48u);
  EXPECT_EQ(profile.ub_bytes, 196608u);
  EXPECT_TRUE(profile.has_data_copy_pad);
  EXPECT_DOUBLE_EQ(profile.clock_ghz, 1.8);
  EXPECT_DOUBLE_EQ(profile.sync_all_ns, 2000);
  EXPECT_DOUBLE_EQ(profile.flag_sync_cycles, 20);
  EXPECT_EQ(profile.provenance.size(), 33u);
  EXPECT_EQ(profile.cube_cores, 24u);
  EXPECT_EQ(profile.l0c_bytes, 131072u);
  EXPECT_DOUBLE_EQ(profile.cube_int8_macs_per_cycle, 8192);
  EXPECT_EQ(profile.provenance.at("vector_cores"), "source: test fixture");
  EXPECT_EQ(profile.provenance.at("clock_ghz"), "assumption: test fixture");
  EXPECT_EQ(profile.provenance.count("name"), 0u);
}

TEST(LoadDeviceProfileTest, MissingFileIsAConfigErrorNamingThePath) {
  DeviceProfile profile;
  const std::string path = kLoaderFixtures + "/no_such_profile.yaml";
  const Status status = LoadDeviceProfile(path, &profile);
  EXPECT_EQ(status.code(), ErrorCode::kConfigError);
  EXPECT_NE(status.message().find(path), std::string::npos) << status.message();
  EXPECT_NE(status.message().find("does not exist"), std::string::npos) << status.message();
}

TEST(LoadDeviceProfileTest, DirectoryIsNotAProfile) {
  DeviceProfile profile;
  const Status status = LoadDeviceProfile(kLoaderFixtures, &profile);
  EXPECT_EQ(status.code(), ErrorCode::kConfigError);
  EXPECT_NE(status.message().find("not a regular file"), std::string::npos) << status.message();
}

// Loads reuse a parsed profile only while the file's text is the same: an edit, even to a broken
// file and back, is seen by the next load.
TEST(LoadDeviceProfileTest, AnEditedFileIsLoadedAfresh) {
  std::ifstream in(Fixture("valid_minimal"));
  std::stringstream original;
  original << in.rdbuf();
  const std::filesystem::path dir =
      std::filesystem::path(::testing::TempDir()) / "opsim_profile_edit";
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "valid_minimal.yaml").string();
  const auto write = [&](const std::string& text) { std::ofstream(path) << text; };
  std::string edited = original.str();
  const size_t at = edited.find("48");
  ASSERT_NE(at, std::string::npos) << "the fixture's vector_cores figure";
  edited.replace(at, 2, "96");

  DeviceProfile first, again, changed, broken, restored;
  write(original.str());
  ASSERT_TRUE(LoadDeviceProfile(path, &first).ok());
  ASSERT_TRUE(LoadDeviceProfile(path, &again).ok());
  EXPECT_EQ(again.vector_cores, 48u);
  EXPECT_EQ(again.provenance, first.provenance);
  write(edited);
  ASSERT_TRUE(LoadDeviceProfile(path, &changed).ok());
  EXPECT_EQ(changed.vector_cores, 96u);
  write("name: [");
  EXPECT_EQ(LoadDeviceProfile(path, &broken).code(), ErrorCode::kConfigError);
  write(original.str());
  ASSERT_TRUE(LoadDeviceProfile(path, &restored).ok());
  EXPECT_EQ(restored.vector_cores, 48u);
  std::filesystem::remove_all(dir);
}

TEST(LoadDeviceProfileTest, NullOutputIsRejected) {
  const Status status = LoadDeviceProfile(Fixture("valid_minimal"), nullptr);
  EXPECT_EQ(status.code(), ErrorCode::kInvalidParam);
  EXPECT_NE(status.message().find("out is null"), std::string::npos) << status.message();
}

}  // namespace
}  // namespace opsim::sim
