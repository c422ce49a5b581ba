// LocalTensors made from a raw address (CANN's static tensor programming: LocalTensor(pos, addr,
// tileSize), the TensorTrait forms, LocalTensor(TBuffAddr&)) and the LocalTensor members that
// move or resize a view (SetSize, SetBufferLen, SetAddrWithOffset), its buffer's user tag, and the
// CPU-debug Print and ToFile.
#include <cstdio>
#include <cstring>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "cube/cube_buffers.h"
#include "opsim/sim/ascendc/pipe.h"
#include "opsim/sim/fault.h"
#include "runtime/describe_buffer.h"
#include "runtime/extra_registers.h"

namespace opsim::sim::detail {

std::string TPositionName(uint8_t pos) {
  constexpr const char* kTPositionNames[] = {
      "GM",    "A1",     "A2",      "B1",  "B2",  "C1",   "C2",        "CO1",          "CO2",
      "VECIN", "VECOUT", "VECCALC", "SPM", "SHM", "TSCM", "C2PIPE2GM", "C2PIPE2LOCAL", "MAX"};
  return pos < sizeof(kTPositionNames) / sizeof(kTPositionNames[0])
             ? kTPositionNames[pos]
             : "TPosition(" + std::to_string(pos) + ")";
}

namespace {

// The record spanning the memory at `base`, created on first use. It is never
// freed (a TPipe's end leaves it), and making it clears nothing: raw tensors alias whatever the
// kernel wrote there, as on the chip.
int16_t RawRecord(Core& core, uint32_t base, uint32_t size) {
  for (size_t b = 0; b < core.bufs.size(); ++b) {
    const BufferRecord& r = core.bufs[b];
    if (r.owner == kRawOwner && r.offset == base && r.state != BufState::kDead) {
      return static_cast<int16_t>(b);
    }
  }
  BufferRecord r;
  r.offset = base;
  r.bytes = size;
  r.owner = kRawOwner;
  r.state = BufState::kScratch;
  core.bufs.push_back(r);
  return static_cast<int16_t>(core.bufs.size() - 1);
}

}  // namespace

UbRef RawLocal(uint8_t pos, uint64_t addr, const uint8_t* abs, uint64_t bytes, bool aligned,
               const char* instr) {
  Core& core = Cur();
  const auto tpos = static_cast<AscendC::TPosition>(pos);
  if (tpos == AscendC::TPosition::GM || pos >= static_cast<uint8_t>(AscendC::TPosition::MAX)) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               "position " + TPositionName(pos) +
                   ": a LocalTensor lies in a local memory (not GM or MAX)");
  }
  const Position p = ToPosition(tpos);
  if (p == Position::kOther) {
    RaiseFault(FaultKind::kUnsupported, instr,
               "position " + TPositionName(pos) + " has no local memory on the simulated core");
  }
  bool other_core = false;
  const int mem = CubeMemoryOf(core, p, instr, &other_core);
  const uint32_t base = mem == kUbMemory ? 0 : core.cube_base[static_cast<size_t>(mem)];
  const uint32_t size =
      mem == kUbMemory ? core.ub_bytes : core.cube_bytes[static_cast<size_t>(mem)];
  const char* mem_name = LocalMemoryName(core, base);
  if (abs != nullptr) {
    // A CPU-debug TBuffAddr's host address: it must point into that memory.
    const uint8_t* lo = core.ub + base;
    if (abs < lo || abs >= lo + size) {
      RaiseFault(FaultKind::kOutOfBoundsUb, instr,
                 "absAddr does not point into the " + std::string(mem_name) + " of position " +
                     TPositionName(pos) + " (" + std::to_string(size) + " B)");
    }
    addr = static_cast<uint64_t>(abs - lo);
  }
  if (aligned && addr % 32 != 0) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               "addr " + Hex(addr) + " in " + mem_name + " (position " + TPositionName(pos) +
                   ") is not 32 B aligned (the LocalTensor constructor's rule)");
  }
  if (bytes == 0) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               "a LocalTensor of 0 B at " + TPositionName(pos) + " " + Hex(addr) +
                   ": the size must be at least one element");
  }
  if (addr + bytes > size) {
    RaiseFault(FaultKind::kOutOfBoundsUb, instr,
               "position " + TPositionName(pos) + ", addr " + Hex(addr) + ", " +
                   std::to_string(bytes) + " B: [" + Hex(addr) + ", " + Hex(addr + bytes) +
                   ") is past the end of the " + mem_name + " (" + std::to_string(size) + " B on " +
                   core.device->name + ")");
  }
  if (other_core)
    return UbRef{nullptr, static_cast<uint32_t>(bytes), kOtherCoreBuf, static_cast<uint32_t>(mem)};
  const int16_t id = RawRecord(core, base, size);
  return UbRef{core.ub + base + addr, static_cast<uint32_t>(bytes), id,
               core.bufs[static_cast<size_t>(id)].gen};
}

UbRef RawLocalQuiet(uint8_t pos, uint64_t addr, const uint8_t* abs, uint64_t bytes) {
  Core& core = Cur();
  const auto tpos = static_cast<AscendC::TPosition>(pos);
  if (tpos == AscendC::TPosition::GM || pos >= static_cast<uint8_t>(AscendC::TPosition::MAX) ||
      ToPosition(tpos) == Position::kOther || bytes == 0) {
    return UbRef{};
  }
  bool other_core = false;
  const int mem = CubeMemoryOf(core, ToPosition(tpos), "LocalTensor::SetAddr", &other_core);
  const uint32_t base = mem == kUbMemory ? 0 : core.cube_base[static_cast<size_t>(mem)];
  const uint32_t size =
      mem == kUbMemory ? core.ub_bytes : core.cube_bytes[static_cast<size_t>(mem)];
  const uint8_t* lo = core.ub + base;
  if (abs != nullptr && abs >= lo && abs < lo + size) addr = static_cast<uint64_t>(abs - lo);
  if (addr + bytes > size) return UbRef{};
  return RawLocal(pos, addr, nullptr, bytes, false, "LocalTensor::SetAddr");
}

UbRef MoveLocal(const UbRef& ref, const uint8_t* ptr, uint64_t bytes, const char* instr) {
  Core& core = Cur();
  CheckUbInPlace(core, ref, 0, instr, "tensor");  // a live buffer
  const BufferRecord& r = core.bufs[static_cast<size_t>(ref.buf)];
  const uint8_t* end = core.ub + r.offset + r.bytes;
  if (ptr > end || bytes > static_cast<uint64_t>(end - ptr)) {
    const auto at = static_cast<uint64_t>(ptr - core.ub);
    const uint64_t off = LocalMemoryOffset(core, at);
    RaiseFault(FaultKind::kOutOfBoundsUb, instr,
               "[" + Hex(off) + ", " + Hex(off + bytes) + ") of the " + LocalMemoryName(core, at) +
                   " leaves " + DescribeBuffer(core, ref.buf));
  }
  UbRef out = ref;
  out.ptr = const_cast<uint8_t*>(ptr);
  out.bytes = static_cast<uint32_t>(bytes);
  return out;
}

int32_t LocalUserTag(const UbRef& ref, const int32_t* set) {
  Core& core = Cur();
  const char* instr = set != nullptr ? "LocalTensor::SetUserTag" : "LocalTensor::GetUserTag";
  CheckUbInPlace(core, ref, 0, instr, "tensor");
  if (core.bufs[static_cast<size_t>(ref.buf)].owner == kRawOwner) {
    RaiseFault(FaultKind::kInvalidArgument, instr,
               "the tensor was made from a raw address: it has no buffer to hold a tag (CANN's "
               "bufferHandle is null)");
  }
  std::vector<int32_t>& tags = ExtraRegistersOf(core).user_tags;
  const auto b = static_cast<size_t>(ref.buf);
  if (tags.size() <= b) tags.resize(b + 1, 0);
  if (set != nullptr) tags[b] = *set;
  return tags[b];
}

void PrintLocal(const UbRef& ref, uint32_t count, uint32_t elem_bytes, char kind) {
  Core& core = Cur();
  CheckUb(core, ref, uint64_t{count} * elem_bytes, "LocalTensor::Print", "tensor");
  const uint32_t per_line = 32 / elem_bytes;
  std::ostringstream os;
  for (uint32_t i = 0; i < count; ++i) {
    if (i % per_line == 0) os << std::setw(4) << std::setfill('0') << i << " : ";
    const uint8_t* p = ref.ptr + uint64_t{i} * elem_bytes;
    uint64_t bits = 0;
    std::memcpy(&bits, p, elem_bytes);
    if (kind == 'h') {
      os << HalfBitsToFloat(static_cast<uint16_t>(bits));
    } else if (kind == 'b') {
      os << BFloat16BitsToFloat(static_cast<uint16_t>(bits));
    } else if (kind == 'f' && elem_bytes == 4) {
      float f;
      std::memcpy(&f, p, 4);
      os << f;
    } else if (kind == 'f') {
      double d;
      std::memcpy(&d, p, 8);
      os << d;
    } else if (kind == 'i') {
      const unsigned shift = 64 - 8 * elem_bytes;
      os << (static_cast<int64_t>(bits << shift) >> shift);  // sign-extended
    } else {
      os << bits;
    }
    os << ' ';
    if (i % per_line == per_line - 1 || i + 1 == count) os << '\n';
  }
  std::cout << os.str();
}

int32_t LocalToFile(const UbRef& ref, const char* name) {
  Core& core = Cur();
  CheckUb(core, ref, ref.bytes, "LocalTensor::ToFile", "tensor");
  std::FILE* f = std::fopen(name, "wb");
  if (f == nullptr) return -1;
  const size_t put = std::fwrite(ref.ptr, 1, ref.bytes, f);
  const bool closed = std::fclose(f) == 0;
  return put == ref.bytes && closed ? 0 : -1;
}

}  // namespace opsim::sim::detail
