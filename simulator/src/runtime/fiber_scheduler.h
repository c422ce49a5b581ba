// Runs a launch's core slots on one host thread, parking blocks that wait in SyncAll in user
// space.
//
// A SyncAll needs every block resident at once, but only `host_threads` OS threads run a launch.
// A thread runs its first slot on its own stack; nothing else happens unless a block must wait.
// Then the thread saves that block's context and starts the next unstarted slot on a fiber; when
// no slot is left and all of its blocks wait, it waits (OS level) for the barrier, and after the
// release resumes its parked blocks one after another. A fiber whose slots are done goes back to
// a pool shared by the host threads: stacks and Unified Buffers are kept across launches.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "opsim/sim/detail/core.h"
#include "runtime/fiber.h"

namespace opsim::sim::detail {

// Where a thread gets the slots of a launch.
class SlotSource {
 public:
  // The next unstarted slot; false once none is left (and from then on for this launch).
  virtual bool TakeSlot(uint32_t* slot) = 0;
  virtual void RunSlot(uint32_t slot) = 0;

 protected:
  ~SlotSource() = default;
};

// What parked blocks wait for: a barrier generation `ticket` to pass.
class ParkBarrier {
 public:
  virtual bool Released(uint64_t ticket) const = 0;  // cheap, no lock
  // Blocks the OS thread until one of `tickets` is released.
  virtual void WaitReleased(const std::vector<uint64_t>& tickets) = 0;

 protected:
  ~ParkBarrier() = default;
};

class FiberScheduler {
 public:
  static FiberScheduler& ThisThread();

  // Runs slots from `source` until none is left and every block started here has finished.
  void Run(SlotSource& source);
  // Called by a block that must wait until `barrier` releases `ticket`. Runs other blocks of this
  // thread meanwhile; returns in the caller's context once the ticket is released.
  void Park(ParkBarrier& barrier, uint64_t ticket);
  // The running context's Unified Buffer of at least `bytes`, 4 KiB aligned and kept, and what
  // is known of its contents (`*fill`, valid while the context lives).
  uint8_t* Ub(uint32_t bytes, LocalFill** fill);

 private:
  // The storage and its fill record, which lives after the storage in the same allocation (from
  // when every thread's scheduler lived in the static TLS block; it is on the heap since).
  struct UbBuffer {
    uint8_t* ptr = nullptr;
    LocalFill* fill = nullptr;
    ~UbBuffer();
  };
  struct Context {
    ExecContext exec;
    UbBuffer ub;
    uint32_t first_slot = 0;
  };
  struct Parked {
    Context* context;
    uint64_t ticket;
  };

  static void Entry();
  [[noreturn]] void FiberMain();
  // Picks what runs next (possibly the caller) and switches to it; returns when resumed.
  void SwitchAway();
  Context* PickNext();
  Context* StartFiber(uint32_t slot);
  void Switch(Context* from, Context* to, bool finished);
  void RecycleFinished();

  // Fibers not running a slot, shared by all host threads: a launch never needs more than
  // cores - host_threads at once, however its blocks fall on threads.
  struct Pool {
    std::mutex mu;
    std::vector<std::unique_ptr<Context>> all;
    std::vector<Context*> idle;
  };
  static Pool& SharedPool();

  Context main_;  // the thread's own stack
  Context* current_ = &main_;
  std::vector<Parked> parked_;     // in parking order
  std::vector<uint64_t> tickets_;  // the parked blocks' (PickNext's scratch)
  Context* finished_ = nullptr;    // a fiber that switched away for good, still to be pooled
  SlotSource* source_ = nullptr;   // set during Run
  ParkBarrier* barrier_ = nullptr;
  uint32_t live_ = 0;      // fibers running a slot (parked or not)
  bool draining_ = false;  // the thread's own stack waits in Run for live fibers to finish
};

}  // namespace opsim::sim::detail
