// What cube groups and GroupBarrier share (cube_group.cc): a core waiting for GM another core's
// protocol call writes, and the hand-overs those writes make.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "runtime/launch_state.h"

namespace opsim::sim::detail {

// Parks the running core until ready() (read under FlagMutex, not held on entry) holds: in a
// MIX block it yields to the block's other cores (MixRun::WaitGm), elsewhere it parks as a GM
// flag waiter. When nothing is left to write it: the launch's deadlock, naming describe().
void WaitGmUntil(Core& core, const char* api, const std::function<bool()>& ready,
                 const std::function<std::string()>& describe);
// With FlagMutex held: `core` wrote the protocol word at `at`, landing at `land`; wakes the
// cores parked for it.
void NoteGmWrite(Core& core, const uint8_t* at, double land);
// With FlagMutex held: the core saw the word at `at`: it goes on no earlier than the writes
// there landed, and they order the writers' earlier GM accesses before its later ones.
void TakeGmHandOver(Core& core, const char* api, const uint8_t* at);

// The UB tail CANN's implementation writes (the pages: "UB空间末尾的1600B被占用"): a kernel
// buffer there (InitBuffer, not destroyed) is a kUbOverflow fault naming it.
inline constexpr uint32_t kCubeGroupUbTail = 1600;
void CheckUbTail(const Core& core, const char* api, uint32_t tail_bytes, const std::string& what);

}  // namespace opsim::sim::detail
