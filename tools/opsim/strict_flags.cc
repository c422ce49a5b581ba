#include "strict_flags.h"

#include <charconv>
#include <cstdlib>
#include <limits>

namespace opsim::cli {
namespace {

Status Refuse(std::string_view what, std::string_view text, const std::string& rule,
              const std::string& expected) {
  std::string message(what);
  message.append(" = '").append(text).append("': ").append(rule);
  message.append(" (expected ").append(expected).append(")");
  return {ErrorCode::kInvalidParam, std::move(message)};
}

std::string IntegerRange(int64_t min, int64_t max) {
  return "an integer from " + std::to_string(min) + " to " + std::to_string(max);
}

// Why `text` is not plain decimal digits with at most a leading '-' (when `sign_allowed`): the
// first offending character, or empty when it is.
std::string NotDecimal(std::string_view text, bool sign_allowed) {
  if (text.empty()) return "empty";
  size_t i = 0;
  if (text[0] == '-') {
    if (!sign_allowed) return "a sign where only numbers >= 0 are allowed";
    i = 1;
  }
  if (text[0] == '+') return "a '+' sign (write the number alone)";
  if (i == text.size()) return "a sign without digits";
  for (; i < text.size(); ++i) {
    if (text[i] < '0' || text[i] > '9') {
      return std::string("'") + text[i] + "' is not a decimal digit";
    }
  }
  return "";
}

template <typename T>
CLI::Option* AddChecked(CLI::App* app, const std::string& flag, T* target, const std::string& type,
                        const std::string& help,
                        std::function<Status(const std::string&, T*)> parse) {
  return app
      ->add_option_function<std::string>(
          flag,
          [target, parse](const std::string& text) {
            const Status st = parse(text, target);
            if (!st.ok()) throw CLI::ValidationError(st.message());
          },
          help)
      ->type_name(type);
}

}  // namespace

Status ParseInteger(std::string_view text, std::string_view what, int64_t min, int64_t max,
                    int64_t* out) {
  const std::string range = IntegerRange(min, max);
  if (const std::string why = NotDecimal(text, min < 0); !why.empty()) {
    return Refuse(what, text, why, range);
  }
  int64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < min || value > max) {
    return Refuse(what, text, "out of range", range);
  }
  *out = value;
  return Status::Ok();
}

Status ParseUnsigned(std::string_view text, std::string_view what, uint64_t max, uint64_t* out) {
  const std::string range = "an integer from 0 to " + std::to_string(max);
  if (const std::string why = NotDecimal(text, false); !why.empty()) {
    return Refuse(what, text, why, range);
  }
  uint64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value > max) {
    return Refuse(what, text, "out of range", range);
  }
  *out = value;
  return Status::Ok();
}

Status ParseReal(std::string_view text, std::string_view what, double* out) {
  constexpr const char* kExpected = "a decimal number such as 1.5 or -2e-3, inf, -inf or nan";
  if (text.empty()) return Refuse(what, text, "empty", kExpected);
  if (text[0] == '+') return Refuse(what, text, "a '+' sign (write the number alone)", kExpected);
  double value = 0;
  const auto [end, ec] =
      std::from_chars(text.data(), text.data() + text.size(), value, std::chars_format::general);
  if (ec == std::errc::result_out_of_range) {
    return Refuse(what, text, "beyond the range of a double (about 1.8e308, down to 4.9e-324)",
                  kExpected);
  }
  if (ec != std::errc() || end != text.data() + text.size()) {
    return Refuse(what, text, "not a number", kExpected);
  }
  *out = value;
  return Status::Ok();
}

Status ParseBool(std::string_view text, std::string_view what, bool* out) {
  if (text == "true" || text == "1") {
    *out = true;
  } else if (text == "false" || text == "0") {
    *out = false;
  } else {
    return Refuse(what, text, "not a bool", "true, false, 1 or 0");
  }
  return Status::Ok();
}

Status ParseOnOff(std::string_view text, std::string_view what, bool* out) {
  if (text == "on") {
    *out = true;
  } else if (text == "off") {
    *out = false;
  } else {
    return Refuse(what, text, "not a switch value", "on or off");
  }
  return Status::Ok();
}

CLI::Validator NonEmptyPath() {
  return CLI::Validator(
      [](std::string& path) { return path.empty() ? std::string("the path is empty") : ""; },
      "PATH");
}

CLI::Option* AddIntegerOption(CLI::App* app, const std::string& flag, int* target, int min, int max,
                              const std::string& help) {
  return AddChecked<int>(app, flag, target, "INT",
                         help + " [" + std::to_string(min) + ".." + std::to_string(max) + "]",
                         [flag, min, max](const std::string& text, int* out) {
                           int64_t value = 0;
                           OPSIM_RETURN_IF_ERROR(ParseInteger(text, flag, min, max, &value));
                           *out = static_cast<int>(value);
                           return Status::Ok();
                         });
}

CLI::Option* AddUnsignedOption(CLI::App* app, const std::string& flag,
                               std::optional<uint64_t>* target, const std::string& help) {
  return AddChecked<std::optional<uint64_t>>(
      app, flag, target, "UINT",
      help + " [0.." + std::to_string(std::numeric_limits<uint64_t>::max()) + "]",
      [flag](const std::string& text, std::optional<uint64_t>* out) {
        uint64_t value = 0;
        OPSIM_RETURN_IF_ERROR(
            ParseUnsigned(text, flag, std::numeric_limits<uint64_t>::max(), &value));
        *out = value;
        return Status::Ok();
      });
}

CLI::Option* AddFlag(CLI::App* app, const std::string& flag, bool* target,
                     const std::string& help) {
  return app->add_flag(flag, *target, help)->disable_flag_override();
}

std::string UsageMessage(const std::string& cli11_message) {
  const std::string override_text = " was given a disallowed flag override";
  const size_t at = cli11_message.find(override_text);
  if (at == std::string::npos || at + override_text.size() != cli11_message.size()) {
    return cli11_message;
  }
  return "--" + cli11_message.substr(0, at) + " takes no value (give it alone)";
}

CLI::Option* AddOnOffOption(CLI::App* app, const std::string& flag, bool* target,
                            const std::string& help) {
  return AddChecked<bool>(
      app, flag, target, "on|off", help + " [on|off]",
      [flag](const std::string& text, bool* out) { return ParseOnOff(text, flag, out); });
}

CLI::Option* AddAutoSyncOption(CLI::App* app, bool* target) {
  return AddOnOffOption(app, "--auto-sync", target,
                        "CANN's --cce-auto-sync: on (the default) orders the syncs the compiler "
                        "inserts (S with V/MTE2/MTE3, V with V); off leaves them to the kernel "
                        "and, with --checked, faults where one is missing");
}

CLI::Option* AddCopyElisionOption(CLI::App* app, bool* target) {
  return AddOnOffOption(app, "--copy-elision", target,
                        "Unchecked runs read a copied-in tile from GM in place when only the row "
                        "reductions read it: on (the default) or off, to compare; results and "
                        "simulated time are the same");
}

CLI::Option* AddLaunchTimeoutOption(CLI::App* app) {
  return app
      ->add_option_function<std::string>(
          "--launch-timeout",
          [](const std::string& text) {
            double seconds = 0;
            Status st = ParseReal(text, "--launch-timeout", &seconds);
            if (st.ok() && !(seconds >= 0 && seconds <= 1e6)) {
              st = Refuse("--launch-timeout", text, "out of range", "0 <= seconds <= 1e6");
            }
            if (!st.ok()) throw CLI::ValidationError(st.message());
            setenv("OPSIM_LAUNCH_TIMEOUT", text.c_str(), 1);
          },
          "Stop a launch whose kernel runs longer than this on the host (a spin in scalar "
          "code) with a timeout fault; 0 for none [0..1e6; default OPSIM_LAUNCH_TIMEOUT, else "
          "120]")
      ->type_name("SECONDS");
}

}  // namespace opsim::cli
