// One strict reading of the numbers and switches a user types on the command line, for every flag
// of every command and for attribute values (--attr k=v, --keepdims 0): decimal digits only (no
// hex, octal, exponent, spaces or trailing text), a '-' only where negatives are allowed, and the
// allowed range named in every message. CLI11 alone reads "0x2" as 2 and "-1" into a uint64_t as
// 18446744073709551615.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "CLI/CLI.hpp"
#include "opsim/core/status.h"

namespace opsim::cli {

// kInvalidParam "<what> = '<text>': <rule> (expected an integer from <min> to <max>)".
Status ParseInteger(std::string_view text, std::string_view what, int64_t min, int64_t max,
                    int64_t* out);
Status ParseUnsigned(std::string_view text, std::string_view what, uint64_t max, uint64_t* out);
// A decimal number ("1.5", "-2e-3"), "inf", "-inf" or "nan": no hex, no trailing text, and a
// finite number beyond a double's range ("1e400") is refused rather than read as infinity.
Status ParseReal(std::string_view text, std::string_view what, double* out);
// "true"/"false"/"1"/"0" only: "yes", "on", "2", "0x1" are refused.
Status ParseBool(std::string_view text, std::string_view what, bool* out);
// "on"/"off" only, for switches such as --auto-sync on|off.
Status ParseOnOff(std::string_view text, std::string_view what, bool* out);

// A check for options naming a file to write: an empty path ("--report ''") is a usage error
// instead of a silently skipped report.
CLI::Validator NonEmptyPath();

// Options read through the parsers above; a bad value is a usage error naming the flag, the text
// and the range. `help` gets the range appended.
CLI::Option* AddIntegerOption(CLI::App* app, const std::string& flag, int* target, int min, int max,
                              const std::string& help);
CLI::Option* AddUnsignedOption(CLI::App* app, const std::string& flag,
                               std::optional<uint64_t>* target, const std::string& help);
// A flag that takes no value: "--checked" alone (CLI11 would read "--checked=yes" or
// "--checked=2" as true); such a value is a usage error ("--checked takes no value").
CLI::Option* AddFlag(CLI::App* app, const std::string& flag, bool* target, const std::string& help);
// CLI11's own message, reworded where it does not say the rule ("checked was given a disallowed
// flag override" -> "--checked takes no value (give it alone)").
std::string UsageMessage(const std::string& cli11_message);
CLI::Option* AddOnOffOption(CLI::App* app, const std::string& flag, bool* target,
                            const std::string& help);
// `--auto-sync on|off` of the commands that run kernels: CANN's --cce-auto-sync for every launch
// (ContextOptions::auto_sync; docs/CHECKS.md, "Synchronisation").
CLI::Option* AddAutoSyncOption(CLI::App* app, bool* target);
// `--copy-elision on|off` of the commands that run kernels (ContextOptions::copy_elision).
CLI::Option* AddCopyElisionOption(CLI::App* app, bool* target);
// --launch-timeout SECONDS: every launch's host wall-clock limit (0: none), for kernels that spin
// in scalar code. It sets OPSIM_LAUNCH_TIMEOUT for this process, which every launch reads
// (docs/CHECKS.md); a value outside [0, 1e6] is a usage error naming it.
CLI::Option* AddLaunchTimeoutOption(CLI::App* app);

}  // namespace opsim::cli
