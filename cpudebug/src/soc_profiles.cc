#include "soc_profiles.h"

namespace opsim::cpudebug {

const std::vector<SocProfile>& SocProfiles() {
  static const std::vector<SocProfile> kTable = {
      {"Ascend910A", "ascend910a", "first-generation Ascend 910, 32 AI cores (dav-1001)"},
      {"Ascend910B", nullptr,
       "a first-generation Atlas training part (the samples' 'AscendxxxB'); no public source gives "
       "its core count, so no profile is written for it"},
      {"Ascend910B1", "ascend910b", "Atlas A2: 24 AI cores, 48 vector cores (Ascend910B1.ini)"},
      {"Ascend910B2", "ascend910b", "Atlas A2: 24 AI cores, 48 vector cores (Ascend910B2.ini)"},
      {"Ascend910B3", "variants/ascend910b3",
       "Atlas A2: 20 AI cores, 40 vector cores (Ascend910B3.ini)"},
      {"Ascend910B4", "variants/ascend910b4",
       "Atlas A2: 20 AI cores, 40 vector cores, 32 GiB (Ascend910B4.ini)"},
      {"Ascend310P1", "variants/ascend310p1", "Atlas inference: 10 AI cores (Ascend310P1.ini)"},
      {"Ascend310P3", "ascend310p", "Atlas 300I Pro / Duo: 8 AI cores"},
      // Atlas 200I/500 A2 (dav-3002, CCE dav-m300): the profile is Ascend310B1.ini's (1 AI
      // core, 248 KiB UB). Ascend310B2.ini has the same figures; Ascend310B4.ini the same cores
      // and UB but a 500 MHz clock and ddr_rate 8 (B1: 1224 MHz, 17), so on B4 the cost model's
      // times are B1's (the results and checks do not depend on them); B3's was not compared.
      {"Ascend310B1", "variants/ascend310b", "Atlas 200I/500 A2: 1 AI core (Ascend310B1.ini)"},
      {"Ascend310B2", "variants/ascend310b",
       "Atlas 200I/500 A2: 1 AI core; Ascend310B1's profile (times are B1's)"},
      {"Ascend310B3", "variants/ascend310b",
       "Atlas 200I/500 A2: 1 AI core; Ascend310B1's profile (times are B1's)"},
      {"Ascend310B4", "variants/ascend310b",
       "Atlas 200I/500 A2: 1 AI core; Ascend310B1's profile (times are B1's: B4 runs at 500 MHz)"},
  };
  return kTable;
}

namespace {

std::string SupportedList() {
  std::string out;
  for (const SocProfile& s : SocProfiles()) {
    if (s.profile == nullptr) continue;
    out += out.empty() ? "" : ", ";
    out += s.soc;
  }
  return out;
}

}  // namespace

Status ProfileForSoc(const std::string& soc, std::string* profile) {
  for (const SocProfile& s : SocProfiles()) {
    if (soc != s.soc) continue;
    if (s.profile == nullptr) {
      return Status(ErrorCode::kConfigError, "SoC '" + soc + "' has no simulated device: " +
                                                 s.note + " (supported: " + SupportedList() + ")");
    }
    *profile = s.profile;
    return Status::Ok();
  }
  return Status(ErrorCode::kInvalidParam,
                "unknown SoC '" + soc + "' (expected one of: " + SupportedList() + ")");
}

}  // namespace opsim::cpudebug
