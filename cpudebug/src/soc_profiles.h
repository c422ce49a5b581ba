// The SoC names Ascend's samples accept (SOC_VERSION) and the device profile each one runs on.
#pragma once

#include <string>
#include <vector>

#include "opsim/core/status.h"

namespace opsim::cpudebug {

struct SocProfile {
  const char* soc;      // "Ascend910B1"
  const char* profile;  // "ascend910b"; null when no honest profile can be written
  const char* note;     // why this profile, or why none
};

// Every SoC name the kernel-launch samples list, in their order.
const std::vector<SocProfile>& SocProfiles();
// The profile name of `soc`. kInvalidParam for a name the samples do not know, kConfigError for
// one without a profile; both messages list the names that work.
Status ProfileForSoc(const std::string& soc, std::string* profile);

}  // namespace opsim::cpudebug
