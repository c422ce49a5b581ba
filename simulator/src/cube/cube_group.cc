// Cube groups (cube_group.h; docs/CUBE.md, "Cube groups"): the launch's record of its groups,
// the pages' rules as faults, and the message slots' state written and waited for as GM flags
// between cores (a waiting core parks through MixRun::WaitGm; a queue nothing will write is the
// launch's deadlock, naming it).
#include "opsim/sim/ascendc/cube_group.h"

#include <algorithm>
#include <cstring>
#include <deque>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>

#include "cube/cube_group_sync.h"
#include "cube/cube_matmul_detail.h"
#include "cube/mix_run.h"
#include "opsim/sim/ascendc/tensor.h"
#include "opsim/sim/fault.h"
#include "runtime/describe_buffer.h"
#include "runtime/dma_setup.h"
#include "runtime/gm_bounds.h"

namespace opsim::sim::detail {

struct CubeGroups {
  struct Group {
    int id;
    const uint8_t* area;
    uint8_t start, size, queues, per_aic;
    uint32_t msg_bytes;
    std::vector<int32_t> bound;  // per queue: the AIV (GetBlockIdx) that took it, or -1
    uint32_t Slots() const { return static_cast<uint32_t>(size / 2) * per_aic * kCubeGroupRows; }
  };
  std::deque<Group> groups;  // a deque: the deadlock texts keep pointers to them
  // Per protocol word (a slot's state, a barrier's counter): each block's last write to it,
  // when it landed and where it was in the writer's program.
  struct Landed {
    int32_t block;
    double land;
    FlagMark mark;
  };
  std::unordered_map<const uint8_t*, std::vector<Landed>> landed;

  Group* Find(const uint8_t* area) {
    for (Group& g : groups) {
      if (g.area == area) return &g;
    }
    return nullptr;
  }
  const Group* Holding(const uint8_t* msg) const {
    for (const Group& g : groups) {
      if (msg >= g.area && msg < g.area + static_cast<size_t>(g.Slots()) * g.msg_bytes) return &g;
    }
    return nullptr;
  }
};

namespace {

const char* MsgStateName(uint8_t s) {
  static const char* const kNames[] = {"FREE", "VALID", "QUIT", "FAKE"};
  return s < 4 ? kNames[s] : "not a CubeMsgState";
}

std::string GroupNum(int v) { return std::to_string(v); }

[[noreturn]] void GroupInvalid(const char* api, const std::string& message) {
  RaiseFault(FaultKind::kInvalidArgument, api, message);
}

CubeGroups& Groups(LaunchState& launch) {
  if (launch.cube_groups == nullptr) launch.cube_groups = std::make_shared<CubeGroups>();
  return *launch.cube_groups;
}

// The running core as a member of a MIX block whose AIC runs the kernel.
MixMember& GroupMember(const char* api) {
  const Core& core = Cur();
  if (core.device->cube_cores == 0 || core.device->cube_cores >= core.device->vector_cores) {
    RaiseFault(FaultKind::kUnsupported, api,
               std::string(api) + ": " + core.device->name +
                   "'s AI core holds the cube and vector units in one core; cube groups are for "
                   "chips whose AIC and AIV are separate cores (the 910B)");
  }
  if (tls_mix == nullptr || tls_mix->run == nullptr || tls_mix->member == nullptr) {
    RaiseFault(FaultKind::kUnsupported, api,
               "cube groups run the group's AIC as servers of the AIV, and this launch is "
               "not MIX (declare it: KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2))");
  }
  return *tls_mix->member;
}

// "queue 3's slot 1 (group 2)": where msg is, for the deadlock texts.
std::string SlotText(const CubeGroups::Group& g, const uint8_t* msg) {
  const auto index = static_cast<uint32_t>((msg - g.area) / g.msg_bytes);
  const uint32_t table = g.per_aic * kCubeGroupRows;
  const uint32_t queue = index / table * g.per_aic + index % g.per_aic;
  return "queue " + GroupNum(static_cast<int>(queue)) + "'s slot " +
         GroupNum(static_cast<int>(index % table / g.per_aic)) + " (group " + GroupNum(g.id) +
         ", served by the AIC of block " + GroupNum(g.start / 2 + static_cast<int>(index / table)) +
         ")";
}

uint32_t SlotQueue(const CubeGroups::Group& g, const uint8_t* msg) {
  const auto index = static_cast<uint32_t>((msg - g.area) / g.msg_bytes);
  const uint32_t table = g.per_aic * kCubeGroupRows;
  return index / table * g.per_aic + index % g.per_aic;
}

std::string WaitText(const char* api, const CubeGroups::Group* g, const uint8_t* msg, uint8_t state,
                     bool equal) {
  const std::string now = MsgStateName(msg[0]);
  if (g == nullptr) {
    return std::string("waits in ") + api + " for a message's state to " +
           (equal ? "be " : "leave ") + MsgStateName(state) + "; it holds " + now;
  }
  if (!equal) {  // the AIC's server
    const uint32_t q = SlotQueue(*g, msg);
    const int32_t aiv = q < g->bound.size() ? g->bound[q] : -1;
    return "serves group " + GroupNum(g->id) + " and waits for a message in " + SlotText(*g, msg) +
           (aiv < 0 ? ": the queue was never bound (AssignQueue binds every queue of a group)"
                    : ": AIV " + GroupNum(aiv) +
                          " bound it and neither posted to it nor quit it (SetQuit)");
  }
  std::string why = std::string("waits in ") + api + " for " + SlotText(*g, msg) + " to be " +
                    MsgStateName(state) + "; it holds " + now;
  if (state == 0 && msg[0] != 0) why += ": the AIC's callback has not freed it (FreeMessage)";
  return why;
}

}  // namespace

void WaitGmUntil(Core& core, const char* api, const std::function<bool()>& ready,
                 const std::function<std::string()>& describe) {
  LaunchState& launch = *core.launch;
  core.last_instruction = api;
  {
    std::lock_guard<std::mutex> lock(launch.FlagMutex());
    if (ready()) return;
  }
  // A parked block keeps its core: with more blocks than cores, the writer may never start.
  if (launch.block_dim > launch.cores) {
    RaiseFault(FaultKind::kUnsupported, api,
               std::string(api) + " must wait with blockDim " +
                   GroupNum(static_cast<int>(launch.block_dim)) + " above the " +
                   GroupNum(static_cast<int>(launch.cores)) +
                   " cores: opsim parks a waiting block only when every block is resident");
  }
  if (tls_mix != nullptr && tls_mix->run != nullptr && tls_mix->member != nullptr) {
    tls_mix->run->WaitGm(*tls_mix->member, api, ready, describe);
    return;
  }
  std::unique_lock<std::mutex> lock(launch.FlagMutex());
  launch.WaitFlagGm(core, api, lock, ready, [&core, describe] {
    return "block " + std::to_string(core.block_idx) + " " + describe();
  });
}

void NoteGmWrite(Core& core, const uint8_t* at, double land) {
  auto& writes = Groups(*core.launch).landed[at];
  const int32_t block = RaceBlock(core);
  // Wakes the blocks parked for it (they run once the caller lets FlagMutex go).
  const FlagMark mark = core.launch->WroteFlagGm(core, nullptr, 0, land);
  auto it = std::find_if(writes.begin(), writes.end(),
                         [block](const auto& w) { return w.block == block; });
  if (it == writes.end()) {
    writes.push_back({block, land, mark});
  } else {
    it->land = std::max(it->land, land);
    it->mark = mark;  // the latest: it orders everything the earlier ones did
  }
}

void TakeGmHandOver(Core& core, const char* api, const uint8_t* at) {
  const double now = core.AllDone();
  double t = now;
  const CubeGroups& groups = Groups(*core.launch);
  const auto it = groups.landed.find(at);
  const FlagMark take = core.launch->MarkFlagSync(core);
  if (it != groups.landed.end()) {
    for (const auto& w : it->second) {
      t = std::max(t, w.land);
      core.launch->AddFlagEdge(w.block, w.land, RaceBlock(core), std::max(now, w.land), w.mark,
                               take);
    }
  }
  const double start = core.Issue(Pipe::kS, api, core.scalar_ns, 0, t);
  for (double& c : core.clock) c = std::max(c, start + core.scalar_ns);
}

void CheckUbTail(const Core& core, const char* api, uint32_t tail_bytes, const std::string& what) {
  if (core.ub_bytes < tail_bytes) return;
  const uint32_t lo = core.ub_bytes - tail_bytes;
  for (size_t i = 0; i < core.bufs.size(); ++i) {
    const BufferRecord& r = core.bufs[i];
    if (r.state == BufState::kDead || r.bytes == 0 || r.offset + r.bytes <= lo) continue;
    RaiseFault(FaultKind::kUbOverflow, api,
               what + " uses the last " + GroupNum(static_cast<int>(tail_bytes)) +
                   " B of the UB [" + Hex(lo) + ", " + Hex(core.ub_bytes) + "), and " +
                   DescribeBuffer(core, static_cast<int16_t>(i)) +
                   " reaches into them: keep the kernel's buffers below (the page: UB空间末尾的"
                   "1600B被占用)");
  }
}

CubeGroupLayout CubeGroupLayoutFor(uint8_t block_start, uint8_t block_size, uint8_t queues) {
  const char* api = "CubeResGroupHandle";
  const Core& core = Cur();
  if (block_start % 2 != 0 || block_size % 2 != 0) {
    GroupInvalid(api,
                 "blockStart " + GroupNum(block_start) + ", blockSize " + GroupNum(block_size) +
                     ": both must be even (a group's AIC are blocks blockStart / 2 .. (blockStart "
                     "+ blockSize) / 2 - 1)");
  }
  if (block_size == 0) GroupInvalid(api, "blockSize 0: a group holds at least one AIC");
  CubeGroupLayout l;
  l.aics = static_cast<uint8_t>(block_size / 2);
  l.per_aic = static_cast<uint8_t>((queues + l.aics - 1) / l.aics);
  const int last = queues - (l.aics - 1) * l.per_aic;
  if (queues == 0 || last <= 0) {
    GroupInvalid(api, "msgQueueSize " + GroupNum(queues) + " over " + GroupNum(l.aics) + " AIC (" +
                          GroupNum(l.per_aic) + " queues each, the last one's " + GroupNum(last) +
                          "): every AIC of a group is given at least one queue");
  }
  const int aic = core.block_idx - block_start / 2;
  if (core.core_type == CoreType::kAic && aic >= 0 && aic < l.aics) {
    l.my_aic = aic;
    l.columns = static_cast<uint8_t>(aic == l.aics - 1 ? last : l.per_aic);
  }
  return l;
}

void CubeGroupCreate(int group_id, uint8_t* area, uint8_t block_start, uint8_t block_size,
                     uint8_t queues, size_t msg_bytes, size_t head_offset) {
  const char* api = "CreateCubeResGroup";
  MixMember& self = GroupMember(api);
  Core& core = *self.core;
  LaunchState& launch = *core.launch;
  if (!tls_mix->run->AicRunsKernel()) {
    RaiseFault(FaultKind::kUnsupported, api,
               "CreateCubeResGroup in a kernel with REGIST_MATMUL_OBJ: the Matmul's framework "
               "owns the AIC's messages, and the page forbids using both");
  }
  if (launch.block_dim > launch.cores) {
    RaiseFault(FaultKind::kUnsupported, api,
               "blockDim " + GroupNum(static_cast<int>(launch.block_dim)) + " exceeds the " +
                   GroupNum(static_cast<int>(launch.cores)) +
                   " AI cores: a group's AIC serve AIV of other blocks, so every block must be "
                   "resident at once");
  }
  if (msg_bytes % 64 != 0) {
    GroupInvalid(api, "sizeof(CubeMsgType) is " + GroupNum(static_cast<int>(msg_bytes)) +
                          " B: a message struct must be 64 B aligned");
  }
  if (head_offset != 0) {
    GroupInvalid(api, "CubeMsgType's head is at byte " + GroupNum(static_cast<int>(head_offset)) +
                          ": the CubeGroupMsgHead must be the struct's first member");
  }
  const int aivs = static_cast<int>(launch.device.vector_cores);
  if (block_start + block_size > aivs - 1 || queues > aivs) {
    GroupInvalid(api, "blockStart " + GroupNum(block_start) + " + blockSize " +
                          GroupNum(block_size) + ", msgQueueSize " + GroupNum(queues) + " on " +
                          GroupNum(aivs) + " AIV: the page requires blockStart + blockSize <= " +
                          GroupNum(aivs - 1) + " and msgQueueSize <= " + GroupNum(aivs));
  }
  const CubeGroupLayout l = CubeGroupLayoutFor(block_start, block_size, queues);
  // The slots are GM the chip's MMU checks: the whole table inside one allocation.
  const uint64_t area_bytes = uint64_t{l.aics} * l.per_aic * kCubeGroupRows * msg_bytes;
  CheckGmAccess(core, BindGm(area, area_bytes, false), 0, area_bytes, api, "the group's messages");
  std::lock_guard<std::mutex> lock(launch.FlagMutex());
  CubeGroups& groups = Groups(launch);
  if (const CubeGroups::Group* g = groups.Find(area)) {
    if (g->id != group_id || g->start != block_start || g->size != block_size ||
        g->queues != queues || g->msg_bytes != msg_bytes) {
      GroupInvalid(api, "group " + GroupNum(group_id) + " (blockStart " + GroupNum(block_start) +
                            ", blockSize " + GroupNum(block_size) + ", msgQueueSize " +
                            GroupNum(queues) + ") at the workspace of group " + GroupNum(g->id) +
                            " (blockStart " + GroupNum(g->start) + ", blockSize " +
                            GroupNum(g->size) + ", msgQueueSize " + GroupNum(g->queues) +
                            "): every core creates the groups alike");
    }
    return;
  }
  for (const CubeGroups::Group& g : groups.groups) {
    if (block_start < g.start + g.size && g.start < block_start + block_size) {
      GroupInvalid(api,
                   "group " + GroupNum(group_id) + "'s AIC (blocks " + GroupNum(block_start / 2) +
                       ".." + GroupNum((block_start + block_size) / 2 - 1) + ") overlap group " +
                       GroupNum(g.id) + "'s (blocks " + GroupNum(g.start / 2) + ".." +
                       GroupNum((g.start + g.size) / 2 - 1) + "): an AIC belongs to one group");
    }
  }
  groups.groups.push_back({group_id, area, block_start, block_size, queues, l.per_aic,
                           static_cast<uint32_t>(msg_bytes), std::vector<int32_t>(queues, -1)});
}

void CubeGroupAssign(const uint8_t* area, uint8_t queue, uint8_t queues) {
  const char* api = "AssignQueue";
  MixMember& self = GroupMember(api);
  if (queue >= queues) {
    GroupInvalid(api, "queueIdIn " + GroupNum(queue) + " is out of range [0, " +
                          GroupNum(queues - 1) + "] (msgQueueSize " + GroupNum(queues) + ")");
  }
  if (self.aic) return;
  Core& core = *self.core;
  std::lock_guard<std::mutex> lock(core.launch->FlagMutex());
  CubeGroups::Group* g = Groups(*core.launch).Find(area);
  if (g == nullptr) return;  // a handle made without CreateCubeResGroup: nothing recorded
  int32_t& owner = g->bound[queue];
  if (owner >= 0 && owner != core.block_idx) {
    GroupInvalid(api, "queue " + GroupNum(queue) + " of group " + GroupNum(g->id) +
                          " is bound twice, by AIV " + GroupNum(owner) + " and AIV " +
                          GroupNum(core.block_idx) + ": every queue is bound to one AIV");
  }
  owner = core.block_idx;
}

void CubeGroupWait(const char* api, const uint8_t* area, const uint8_t* msg, uint8_t state,
                   bool equal) {
  (void)area;
  MixMember& self = GroupMember(api);
  Core& core = *self.core;
  core.last_instruction = api;
  LaunchState& launch = *core.launch;
  CubeGroups* groups;
  {
    std::lock_guard<std::mutex> lock(launch.FlagMutex());
    groups = &Groups(launch);
  }
  WaitGmUntil(
      core, api, [msg, state, equal] { return (msg[0] == state) == equal; },
      [=] { return WaitText(api, groups->Holding(msg), msg, state, equal); });
  std::lock_guard<std::mutex> lock(launch.FlagMutex());
  TakeGmHandOver(core, api, msg);
}

bool CubeGroupPoll(const uint8_t* area, const uint8_t* msg) {
  (void)area;
  MixMember& self = GroupMember("Wait");
  Core& core = *self.core;
  core.last_instruction = "Wait";
  std::lock_guard<std::mutex> lock(core.launch->FlagMutex());
  if (msg[0] != 0) {
    core.Issue(Pipe::kS, "Wait", core.scalar_ns, 0);
    return false;
  }
  TakeGmHandOver(core, "Wait", msg);
  return true;
}

void CubeGroupWrite(const char* api, const uint8_t* area, uint8_t* msg, const void* body,
                    size_t bytes, uint8_t state, bool mte3) {
  (void)area;
  MixMember& self = GroupMember(api);
  Core& core = *self.core;
  if (mte3) {
    CheckUbTail(core, api, kCubeGroupUbTail + static_cast<uint32_t>(bytes),
                "PostMessage<MTE3_MODE> stages the message in the UB: it");
  }
  // The scalar unit stores the message 8 B at a time, or MTE3 copies it from the UB; the state
  // byte goes last, so the other core never sees a half-written message.
  const double scalar_at = core.clock[static_cast<int>(Pipe::kS)];
  double land = 0;
  if (mte3) {  // a DMA: it lands after its set-up and transfer (runtime/dma_setup.h)
    const double transfer = DmaTransferNs(core, bytes);
    const double start = IssueDma(core, Pipe::kMte3, api, transfer, bytes, scalar_at);
    land = start + DmaLatencyNs(core, transfer) + core.flag_ns;
  } else {
    const double cost = core.scalar_ns * static_cast<double>(1 + bytes / 8);
    land = core.Issue(Pipe::kS, api, cost, bytes, scalar_at) + cost + core.flag_ns;
  }
  LaunchState& launch = *core.launch;
  std::lock_guard<std::mutex> lock(launch.FlagMutex());
  if (body != nullptr && bytes > 1) {
    std::memcpy(msg + 1, static_cast<const uint8_t*>(body) + 1, bytes - 1);
  }
  msg[0] = state;
  NoteGmWrite(core, msg, land);
}

void CubeGroupFault(const char* api, CubeGroupMisuse what, int a, int b) {
  static const char* const kModes[] = {"SCALAR_MODE", "MTE3_MODE", "MAX"};
  const auto mode = [](int m) { return kModes[std::clamp(m, 0, 2)]; };
  switch (what) {
    case CubeGroupMisuse::kNotAssigned:
      GroupInvalid(api,
                   std::string(api) +
                       " on an AIV before AssignQueue: the AIV binds a queue of the group first");
    case CubeGroupMisuse::kPipeModeMax:
      GroupInvalid(
          api, "PostMessage<PipeMode::MAX>: the message is written by SCALAR_MODE or MTE3_MODE");
    case CubeGroupMisuse::kPipeModeDiffers:
      GroupInvalid(api, std::string("PostMessage<") + mode(b) + "> of a message AllocMessage<" +
                            mode(a) + "> took: the two calls' pipeMode must be the same");
    case CubeGroupMisuse::kMte3NotPosted:
      GroupInvalid(api, std::string(a == 0 ? "PostFakeMsg" : "SetQuit") +
                            " on a message AllocMessage<MTE3_MODE> took: after MTE3_MODE only "
                            "PostMessage may send it");
    case CubeGroupMisuse::kSkipPastRow:
      GroupInvalid(api, "SetSkipMsg reaches column " + GroupNum(a) + " of the AIC's " +
                            GroupNum(b) +
                            " queues: a skip stays within the row of the message being served");
    case CubeGroupMisuse::kFreeWaitState:
      GroupInvalid(api, std::string("FreeMessage(msg, CubeMsgState::") +
                            MsgStateName(static_cast<uint8_t>(a)) +
                            "): waitState may not be QUIT or FREE");
    case CubeGroupMisuse::kQuitId:
      GroupInvalid(api, "a QUIT message's aivID " + GroupNum(a) + " is not one of the AIC's " +
                            GroupNum(b) + " queues (SetQuit writes it)");
  }
  GroupInvalid(api, "cube group misuse");
}

}  // namespace opsim::sim::detail
