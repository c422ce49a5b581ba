// `--auto-sync on|off` of the commands that run kernels (exec, bench): CANN's --cce-auto-sync for
// every launch (ContextOptions::auto_sync; docs/CHECKS.md, "Synchronisation").
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace opsim::cli {

// Adds the option to `app`; any value but "on" or "off" is a usage error naming it.
inline void AddAutoSyncOption(CLI::App& app, std::string* value) {
  app.add_option("--auto-sync", *value,
                 "CANN's --cce-auto-sync: on (the default) orders the syncs the compiler "
                 "inserts (S with V/MTE2/MTE3, V with V); off leaves them to the kernel and, with "
                 "--checked, faults where one is missing")
      ->check(CLI::IsMember({"on", "off"}))
      ->capture_default_str();
}

}  // namespace opsim::cli
