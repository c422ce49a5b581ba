// GlobalTensor (global memory) and LocalTensor (Unified Buffer) views.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <utility>

#include "opsim/sim/ascendc/shape_info.h"
#include "opsim/sim/ascendc/types.h"
#include "opsim/sim/detail/core.h"

namespace opsim::sim::detail {
// Resolves a GM pointer to its registered region (none: region -1, limit 0); never faults.
GmRef BindGm(const void* ptr, uint64_t bytes, bool whole_region);
// Scalar access to one element (checked mode bounds; S-pipe cost).
void ScalarUbAccess(const UbRef& ref, uint64_t offset_bytes, uint32_t elem_bytes, bool write);
// How ScalarGmAccess touches the element: GetValue reads it, SetValue writes it, and
// operator() hands out a reference that may be read or written through; an int4b_t SetValue
// reads its byte and stores it back with one nibble changed. `stored`: the bytes a SetValue
// stores, for the race check's same-value rule (docs/CHECKS.md); for int4b_t a key of the
// nibble and its value (Int4StoreKey).
enum class ScalarGm : uint8_t { kGet, kSet, kRef, kSetInt4 };
void ScalarGmAccess(const GmRef& ref, uint64_t offset_bytes, uint32_t elem_bytes, ScalarGm how,
                    const void* stored = nullptr);
[[noreturn]] void RaiseSubviewOutOfRange(uint64_t offset, uint64_t size, const char* what);
// The address a LocalTensor reports: its byte offset in its own memory (UB, L1, L0A, ...).
uint64_t LocalPhyAddr(const uint8_t* ptr);
// CANN's static tensor programming (local_tensor_raw.cc): `bytes` at byte `addr` of the local
// memory of position `pos` (`abs`, when not null, is the host address instead: a CPU-debug
// TBuffAddr's absAddr). Faults outside that memory; `aligned` asks for CANN's 32 B start.
UbRef RawLocal(uint8_t pos, uint64_t addr, const uint8_t* abs, uint64_t bytes, bool aligned,
               const char* instr);
// SetAddr(TBuffAddr): RawLocal's view when the fields describe one, else an unbound view (no
// fault: kernels set only logicPos and call InitBuffer next, leaving the rest uninitialised).
UbRef RawLocalQuiet(uint8_t pos, uint64_t addr, const uint8_t* abs, uint64_t bytes);
// SetSize / SetBufferLen / SetAddrWithOffset: a view of `bytes` from `ptr`, inside ref's buffer.
UbRef MoveLocal(const UbRef& ref, const uint8_t* ptr, uint64_t bytes, const char* instr);
// SetUserTag / GetUserTag: the tag of ref's buffer.
int32_t LocalUserTag(const UbRef& ref, const int32_t* set);
// Print(len) and ToFile(name), CPU-debug only in CANN: `kind` is the element's format
// ('i' signed, 'u' unsigned, 'f' float, 'h' half, 'b' bfloat16).
void PrintLocal(const UbRef& ref, uint32_t count, uint32_t elem_bytes, char kind);
// GlobalTensor::SetL2CacheHint's checks (sys_ctrl.cc): a mode or rwMode outside CANN's enums is
// a fault; a hint other than NORMAL warns once that the L2 model does not follow it.
void NoteL2CacheHint(int mode, int rw_mode);
int32_t LocalToFile(const UbRef& ref, const char* name);
template <typename T>
constexpr char PrintKindOf() {
  if constexpr (std::is_same_v<T, half>) return 'h';
  if constexpr (std::is_same_v<T, bfloat16_t>) return 'b';
  if constexpr (std::is_floating_point_v<T>) return 'f';
  if constexpr (std::is_signed_v<T>) return 'i';
  return 'u';
}
}  // namespace opsim::sim::detail

namespace AscendC {

enum class Hardware : uint8_t;

// CANN's kernel_utils_macros.h: the L2 policy of a GlobalTensor's accesses and the accesses a
// hint applies to.
enum class CacheMode {
  CACHE_MODE_DISABLE = 0,
  CACHE_MODE_NORMAL = 1,
  CACHE_MODE_LAST = 2,
  CACHE_MODE_PERSISTENT = 4
};
enum class CacheRwMode { READ = 1, WRITE = 2, RW = 3 };

// A tensor's element type: T, or a TensorTrait's LiteType (CANN's PrimT).
template <typename T>
auto OpsimLiteOf(int) -> typename T::LiteType;
template <typename T>
auto OpsimLiteOf(void*) -> T;
template <typename T>
using PrimT = decltype(OpsimLiteOf<T>(0));
// CANN's instruction templates take a TensorTrait as their explicit T (`Add<TensorTrait<float>,
// false>(...)`) and read PrimT<T>; opsim's use T as the element, so such a call runs the form of
// PrimT<T> (a trait tensor is a LocalTensor<PrimT<T>>). Opens the body: `OPSIM_TRAIT_AS_PRIM(
// call) { plain body }`.
#define OPSIM_TRAIT_AS_PRIM(...)                \
  if constexpr (!std::is_same_v<PrimT<T>, T>) { \
    __VA_ARGS__;                                \
  } else
// The same for a template of two tensor types (Cast<D, S>, the fused casts' <T, U>).
#define OPSIM_TRAITS_AS_PRIM(A, B, ...)                                         \
  if constexpr (!std::is_same_v<PrimT<A>, A> || !std::is_same_v<PrimT<B>, B>) { \
    __VA_ARGS__;                                                                \
  } else
// Whether a call's tensors are all TensorTrait tensors or all plain ones: CANN's TensorTrait page
// rules out a mix (the cube forms, which take the trait through PrimT as CANN's do, check it).
template <typename... T>
constexpr bool kOpsimOneTensorKind = ((!std::is_same_v<PrimT<T>, T>)&&...) ||
                                     (std::is_same_v<PrimT<T>, T> && ...);

// LocalTensor<TensorTrait<T>> and GlobalTensor<TensorTrait<T>> (tensor_trait.h) are a
// LocalTensor<T> / GlobalTensor<T> without the ShapeInfo; CANN has no conversion between the two,
// so the slicing copies are deleted here.
template <typename T, TPosition pos, typename LayoutType>
struct TensorTrait;

using TTagType = int32_t;
using TBufHandle = uint8_t*;
// A local buffer's address as CANN's CPU-debug build declares it (kernel_tensor_base.h):
// dataLen bytes at byte bufferAddr of logicPos's memory, or at the host address absAddr.
struct TBuffAddr {
  uint32_t dataLen;
  uint32_t bufferAddr;
  TBufHandle bufferHandle;
  uint8_t logicPos;
  uint8_t* absAddr;
};

template <typename T>
class GlobalTensor {
 public:
  using PrimType = T;
  GlobalTensor() = default;
  GlobalTensor(const GlobalTensor&) = default;
  GlobalTensor& operator=(const GlobalTensor&) = default;
  template <TPosition P, typename L>
  GlobalTensor(const GlobalTensor<TensorTrait<T, P, L>>&) = delete;
  template <TPosition P, typename L>
  GlobalTensor& operator=(const GlobalTensor<TensorTrait<T, P, L>>&) = delete;
  // Binds `buffer` with `size` elements. Never faults: accesses are checked against the GM
  // region `buffer` lies in (none: every access faults).
  void SetGlobalBuffer(__gm__ T* buffer, uint64_t size) {
    ref_ = opsim::sim::detail::BindGm(buffer, opsim::sim::detail::TensorBytes<T>(size), false);
    address_ = GetPhyAddr();
  }
  // Binds `buffer` up to the end of its registered region.
  void SetGlobalBuffer(__gm__ T* buffer) {
    ref_ = opsim::sim::detail::BindGm(buffer, 0, true);
    address_ = GetPhyAddr();
  }
  // Pointer arithmetic, not an access: a view past the declared size (or the region) is legal
  // until something reads or writes through it, which is checked against the region.
  GlobalTensor operator[](uint64_t offset) const {
    GlobalTensor sub = *this;
    if (sub.ref_.ptr == nullptr) return sub;  // unbound: any access through it faults
    const uint64_t off = opsim::sim::detail::ViewOffsetBytes<T>(offset, "GlobalTensor::operator[]");
    sub.ref_.ptr += off;
    sub.ref_.bytes = off < ref_.bytes ? ref_.bytes - off : 0;
    sub.ref_.limit = off < ref_.limit ? ref_.limit - off : 0;
    sub.address_ = sub.GetPhyAddr();
    return sub;
  }
  // Ascend C's scalar element access, tensor(i): bounds-checked as a scalar GM access. The
  // checks cannot tell a read through the reference from a store: the race check counts it as a
  // read (a conflict with another block's write), the initialisation check as a write.
  // int4b_t: byte `offset`, as CANN's code indexes its int4b_t pointer (docs/ASCENDC.md).
  T& operator()(uint64_t offset) const {
    opsim::sim::detail::ScalarGmAccess(ref_, offset * sizeof(T), sizeof(T),
                                       opsim::sim::detail::ScalarGm::kRef);
    return *reinterpret_cast<T*>(ref_.ptr + offset * sizeof(T));
  }
  T GetValue(uint64_t offset) const {
    if constexpr (IsHalfByteDataType<T>()) {
      opsim::sim::detail::ScalarGmAccess(ref_, offset / 2, 1, opsim::sim::detail::ScalarGm::kGet);
      return opsim::sim::detail::Int4Nibble(ref_.ptr[offset / 2], offset);
    } else {
      opsim::sim::detail::ScalarGmAccess(ref_, offset * sizeof(T), sizeof(T),
                                         opsim::sim::detail::ScalarGm::kGet);
      T v;
      std::memcpy(&v, ref_.ptr + offset * sizeof(T), sizeof(T));
      return v;
    }
  }
  void SetValue(uint64_t offset, T value) const {
    if constexpr (IsHalfByteDataType<T>()) {  // the byte's other element is read and kept
      const uint8_t key = opsim::sim::detail::Int4StoreKey(offset, value);
      opsim::sim::detail::ScalarGmAccess(ref_, offset / 2, 1,
                                         opsim::sim::detail::ScalarGm::kSetInt4, &key);
      uint8_t& byte = ref_.ptr[offset / 2];
      byte = opsim::sim::detail::Int4WithNibble(byte, offset, value);
    } else {
      opsim::sim::detail::ScalarGmAccess(ref_, offset * sizeof(T), sizeof(T),
                                         opsim::sim::detail::ScalarGm::kSet, &value);
      std::memcpy(ref_.ptr + offset * sizeof(T), &value, sizeof(T));
    }
  }
  // int4b_t: the bound bytes x 2 (an odd SetGlobalBuffer size counts its last byte whole).
  uint64_t GetSize() const {
    return IsHalfByteDataType<T>() ? ref_.bytes * 2 : ref_.bytes / sizeof(T);
  }
  __gm__ T* GetPhyAddr() const { return reinterpret_cast<T*>(ref_.ptr); }
  __gm__ T* GetPhyAddr(uint64_t offset) const {
    return reinterpret_cast<T*>(
        ref_.ptr + opsim::sim::detail::ViewOffsetBytes<T>(offset, "GlobalTensor::GetPhyAddr"));
  }

  void SetShapeInfo(const ShapeInfo& shapeInfo) { shapeInfo_ = shapeInfo; }
  ShapeInfo GetShapeInfo() const { return shapeInfo_; }
  // The chip marks the address's upper bits with the policy; here the results are the same
  // under every policy and the cost model's L2 ignores it (NoteL2CacheHint warns once).
  template <CacheRwMode rwMode = CacheRwMode::RW>
  void SetL2CacheHint(CacheMode mode) {
    opsim::sim::detail::NoteL2CacheHint(static_cast<int>(mode), static_cast<int>(rwMode));
    cacheMode_ = mode;
  }

  const opsim::sim::detail::GmRef& ref() const { return ref_; }

  // Public in Ascend C, and read by some public kernels: the bound address.
  __gm__ T* address_ = nullptr;
  ShapeInfo shapeInfo_;
  CacheMode cacheMode_ = CacheMode::CACHE_MODE_NORMAL;

 private:
  opsim::sim::detail::GmRef ref_;
};

template <typename T>
class LocalTensor {
 public:
  using PrimType = T;
  LocalTensor() = default;
  LocalTensor(const LocalTensor&) = default;
  LocalTensor& operator=(const LocalTensor&) = default;
  template <TPosition P, typename L>
  LocalTensor(const LocalTensor<TensorTrait<T, P, L>>&) = delete;
  template <TPosition P, typename L>
  LocalTensor& operator=(const LocalTensor<TensorTrait<T, P, L>>&) = delete;
  // Static tensor programming: tileSize elements at byte addr (32 B aligned) of pos's memory.
  LocalTensor(TPosition pos, uint32_t addr, uint32_t tileSize)
      : ref_(opsim::sim::detail::RawLocal(static_cast<uint8_t>(pos), addr, nullptr,
                                          opsim::sim::detail::TensorBytes<PrimT<T>>(tileSize), true,
                                          "LocalTensor(pos, addr, tileSize)")),
        pos_(pos) {}
  explicit LocalTensor(TBuffAddr& address)
      : ref_(opsim::sim::detail::RawLocal(address.logicPos, address.bufferAddr, address.absAddr,
                                          address.dataLen, false, "LocalTensor(TBuffAddr)")),
        pos_(static_cast<TPosition>(address.logicPos)) {}

  // BaseLocalTensor's CPU-debug members: SetAddr takes the address's position (and its range,
  // when it describes one); InitBuffer places bufferSize elements at byte bufferOffset (32 B
  // aligned) of that position's memory.
  void SetAddr(const TBuffAddr& address) {
    pos_ = static_cast<TPosition>(address.logicPos);
    ref_ = opsim::sim::detail::RawLocalQuiet(address.logicPos, address.bufferAddr, address.absAddr,
                                             address.dataLen);
  }
  [[deprecated(
      "NOTICE: InitBuffer has been deprecated and will be removed in the next version. "
      "Please do not use it!")]] void
  InitBuffer(const uint32_t bufferOffset, const uint32_t bufferSize) {
    ref_ = opsim::sim::detail::RawLocal(static_cast<uint8_t>(pos_), bufferOffset, nullptr,
                                        opsim::sim::detail::TensorBytes<PrimT<T>>(bufferSize), true,
                                        "LocalTensor::InitBuffer");
  }

  // A view starting `offset` elements in (Ascend C's tensor[offset]).
  LocalTensor operator[](uint32_t offset) const {
    const uint64_t off = opsim::sim::detail::ViewOffsetBytes<T>(offset, "LocalTensor::operator[]");
    if (off > ref_.bytes) {
      opsim::sim::detail::RaiseSubviewOutOfRange(offset, GetSize(), "LocalTensor::operator[]");
    }
    LocalTensor sub = *this;
    sub.ref_.ptr += off;
    sub.ref_.bytes -= static_cast<uint32_t>(off);
    return sub;
  }
  T GetValue(uint32_t index) const {
    if constexpr (IsHalfByteDataType<T>()) {
      opsim::sim::detail::ScalarUbAccess(ref_, index / 2, 1, false);
      return opsim::sim::detail::Int4Nibble(ref_.ptr[index / 2], index);
    } else {
      opsim::sim::detail::ScalarUbAccess(ref_, static_cast<uint64_t>(index) * sizeof(T), sizeof(T),
                                         false);
      T v;
      std::memcpy(&v, ref_.ptr + static_cast<size_t>(index) * sizeof(T), sizeof(T));
      return v;
    }
  }
  void SetValue(uint32_t index, T value) const {
    if constexpr (IsHalfByteDataType<T>()) {  // the byte's other element is kept
      opsim::sim::detail::ScalarUbAccess(ref_, index / 2, 1, true);
      ref_.ptr[index / 2] = opsim::sim::detail::Int4WithNibble(ref_.ptr[index / 2], index, value);
    } else {
      opsim::sim::detail::ScalarUbAccess(ref_, static_cast<uint64_t>(index) * sizeof(T), sizeof(T),
                                         true);
      std::memcpy(ref_.ptr + static_cast<size_t>(index) * sizeof(T), &value, sizeof(T));
    }
  }
  // int4b_t: the byte holding elements index and index + 1 (index even).
  T& operator()(uint32_t index) const {
    const uint64_t at = opsim::sim::detail::ViewOffsetBytes<T>(index, "LocalTensor::operator()");
    opsim::sim::detail::ScalarUbAccess(ref_, at, sizeof(T), true);
    return *reinterpret_cast<T*>(ref_.ptr + at);
  }
  // int4b_t: two elements a byte.
  uint32_t GetSize() const {
    return IsHalfByteDataType<T>() ? ref_.bytes * 2 : ref_.bytes / static_cast<uint32_t>(sizeof(T));
  }
  [[deprecated(
      "NOTICE: GetLength has been deprecated and will be removed in the next version. "
      "Please do not use it!")]] uint32_t
  GetLength() const {
    return ref_.bytes;
  }
  // The byte address in the Unified Buffer (as the chip reports it).
  uint64_t GetPhyAddr() const;
  uint64_t GetPhyAddr(uint32_t offset) const {
    return GetPhyAddr() + opsim::sim::detail::ViewOffsetBytes<T>(offset, "LocalTensor::GetPhyAddr");
  }
  int32_t GetPosition() const { return static_cast<int32_t>(pos_); }
  // Elements (SetSize) or bytes (SetBufferLen, as CANN's implementation: its page says elements)
  // from the tensor's start; the view must stay inside its buffer.
  void SetSize(uint32_t size) {
    ref_ = opsim::sim::detail::MoveLocal(ref_, ref_.ptr, opsim::sim::detail::TensorBytes<T>(size),
                                         "LocalTensor::SetSize");
  }
  void SetBufferLen(uint32_t dataLen) {
    ref_ = opsim::sim::detail::MoveLocal(ref_, ref_.ptr, dataLen, "LocalTensor::SetBufferLen");
  }
  // This tensor becomes src's buffer from element `offset` of src on, with this tensor's size
  // if it has one, else to the end of src.
  template <typename S>
  [[deprecated(
      "NOTICE: SetAddrWithOffset has been deprecated and will be removed in the next "
      "version. Please do not use it!")]] void
  SetAddrWithOffset(LocalTensor<S>& src, uint32_t offset) {
    const uint64_t at =
        opsim::sim::detail::ViewOffsetBytes<PrimT<S>>(offset, "LocalTensor::SetAddrWithOffset");
    ref_ = opsim::sim::detail::MoveLocal(src.ref_, src.ref_.ptr + at,
                                         src.ref_.bytes > at ? src.ref_.bytes - at : 0,
                                         "LocalTensor::SetAddrWithOffset");
    pos_ = src.pos_;
  }
  void SetUserTag(const TTagType tag) { opsim::sim::detail::LocalUserTag(ref_, &tag); }
  TTagType GetUserTag() const { return opsim::sim::detail::LocalUserTag(ref_, nullptr); }
  // CPU debugging: one 32 B block of elements a line ("0000 : 0 1 2 ...").
  void Print() { Print(GetSize()); }
  void Print(uint32_t len) {
    opsim::sim::detail::PrintLocal(ref_, len < GetSize() ? len : GetSize(), sizeof(T),
                                   opsim::sim::detail::PrintKindOf<T>());
  }
  // The tensor's bytes to `fileName`: 0, or -1 when the file cannot be written.
  int32_t ToFile(const std::string& fileName) const {
    return opsim::sim::detail::LocalToFile(ref_, fileName.c_str());
  }
  template <typename U>
  LocalTensor<U> ReinterpretCast() const {
    LocalTensor<U> out;
    out.ref_ = ref_;
    out.pos_ = pos_;
    out.ref_.bytes = ref_.bytes - ref_.bytes % static_cast<uint32_t>(sizeof(PrimT<U>));
    return out;
  }

  // Ascend C's operator forms, `dst = a + b` and `mask = a < b` (vector_operators.h): the
  // pending instruction runs on this tensor.
  template <typename Expr,
            typename = decltype(std::declval<const Expr&>().Process(std::declval<LocalTensor&>()))>
  void operator=(const Expr& pending) {
    pending.Process(*this);
  }

  void SetShapeInfo(const ShapeInfo& shapeInfo) { shapeInfo_ = shapeInfo; }
  ShapeInfo GetShapeInfo() const { return shapeInfo_; }

  const opsim::sim::detail::UbRef& ref() const { return ref_; }
  // Raw element pointer for the simulator's own extensions (never for kernels).
  T* data() const { return reinterpret_cast<T*>(ref_.ptr); }

 private:
  template <typename U>
  friend class LocalTensor;
  template <TPosition, TPosition, int32_t, auto>
  friend class TQueBind;
  template <TPosition>
  friend class TBuf;
  template <Hardware>
  friend class LocalMemAllocator;
  explicit LocalTensor(const opsim::sim::detail::UbRef& ref, TPosition pos = TPosition::VECCALC)
      : ref_(ref), pos_(pos) {}

  opsim::sim::detail::UbRef ref_;
  TPosition pos_ = TPosition::GM;  // CANN's default tensor leaves it uninitialised

 public:
  ShapeInfo shapeInfo_;
};

template <typename T>
uint64_t LocalTensor<T>::GetPhyAddr() const {
  return opsim::sim::detail::LocalPhyAddr(ref_.ptr);
}

}  // namespace AscendC
