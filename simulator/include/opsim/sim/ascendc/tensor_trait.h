// Ascend C's TensorTrait (CANN's kernel_operator_tensor_trait.h, as its reference declares it):
// an element type with a logical position and a Layout, and LocalTensor<TensorTrait<T>> /
// GlobalTensor<TensorTrait<T>>, the tensors of element T without a ShapeInfo. Here such a tensor
// is a LocalTensor<T> / GlobalTensor<T> underneath (a derived class) carrying the trait, so that
// the queues, TBuf and the instructions (tensor_trait_ops.h) work on T.
#pragma once

#include "opsim/sim/ascendc/layout.h"
#include "opsim/sim/ascendc/tensor.h"

namespace AscendC {

template <typename T, TPosition pos = TPosition::GM,
          typename LayoutType = Layout<Shape<>, Stride<>>>
struct TensorTrait {
  using LiteType = T;
  using LiteLayoutType = LayoutType;
  static constexpr const TPosition tPos = pos;

 public:
  TensorTrait(const LayoutType& t = {}) {
    static_assert(is_layout_v<LayoutType>, "TensorTrait without layout instantiation!");
    layout_ = t;
  }
  LayoutType& GetLayout() { return layout_; }
  const LayoutType& GetLayout() const { return layout_; }
  void SetLayout(const LayoutType& t) { layout_ = t; }
  decltype(auto) GetShape() const { return layout_.GetShape(); }
  decltype(auto) GetStride() const { return layout_.GetStride(); }

 private:
  LayoutType layout_ = {};
};

template <typename T, TPosition pos, typename LayoutType>
constexpr auto MakeTensorTrait(const LayoutType& t) {
  static_assert(is_layout_v<LayoutType>, "Input parameters does not contain the layout type!");
  return TensorTrait<T, pos, LayoutType>(t);
}

template <typename T>
struct is_tensorTrait : Std::false_type {};
template <typename T, TPosition pos, typename ShapeType, typename StrideType>
struct is_tensorTrait<TensorTrait<T, pos, Layout<ShapeType, StrideType>>> : Std::true_type {};
template <typename T>
constexpr bool is_tensorTrait_v = is_tensorTrait<T>::value;

// GetTensorTrait / SetTensorTrait and the layout accessors of a TensorTrait tensor (CANN's
// BaseTensorTraitTensor).
template <typename Trait>
class OpsimTraitHolder {
 public:
  Trait& GetTensorTrait() { return trait_; }
  const Trait& GetTensorTrait() const { return trait_; }
  void SetTensorTrait(const Trait& newTrait) { trait_ = newTrait; }
  decltype(auto) GetLayout() const { return trait_.GetLayout(); }
  decltype(auto) GetShape() const { return trait_.GetShape(); }
  decltype(auto) GetStride() const { return trait_.GetStride(); }

 private:
  Trait trait_ = {};
};

template <typename T, TPosition pos, typename LayoutType>
class LocalTensor<TensorTrait<T, pos, LayoutType>>
    : public LocalTensor<T>, public OpsimTraitHolder<TensorTrait<T, pos, LayoutType>> {
  static_assert(!is_tensorTrait_v<T>, "a TensorTrait's element is a plain type");

 public:
  using PrimType = T;
  LocalTensor() = default;
  // Static tensor programming: the trait's position, at byte addr (32 B aligned), of the layout's
  // compile-time size (this form) or of layout.GetSize() elements. As in CANN, the tensor's own
  // trait keeps its default layout.
  LocalTensor(uint32_t addr) : LocalTensor(addr, LayoutType{}, LayoutType::size) {  // NOLINT
    static_assert(pos != TPosition::GM && pos != TPosition::MAX,
                  "TensorTrait position should not be GM or MAX!");
    static_assert(LayoutType::size * sizeof(T) % 32 == 0,
                  "The size of localTensor must be align to 32Bytes");
  }
  template <typename U>
  LocalTensor(uint32_t addr, const U& layout)
      : LocalTensor(addr, layout, static_cast<uint32_t>(layout.GetSize())) {
    static_assert(pos != TPosition::GM && pos != TPosition::MAX,
                  "TensorTrait position should not be GM or MAX!");
  }
  LocalTensor(TPosition, uint32_t, uint32_t) = delete;  // CANN: plain element types only

  LocalTensor operator[](uint32_t offset) const {
    LocalTensor sub = *this;
    static_cast<LocalTensor<T>&>(sub) = LocalTensor<T>::operator[](offset);
    return sub;
  }
  // The operator forms `dst = a + b` (- * / & |) and `mask = a < b` (vector_operators.h) on
  // trait tensors: the pending instruction runs its trait form on this tensor. (The copy
  // assignment declared implicitly here hides LocalTensor<T>'s.)
  template <typename Expr,
            typename = decltype(std::declval<const Expr&>().Process(std::declval<LocalTensor&>()))>
  void operator=(const Expr& pending) {
    pending.Process(*this);
  }
  // A TensorTrait tensor has no ShapeInfo (CANN's is an int8_t placeholder).
  void SetShapeInfo(const ShapeInfo&) = delete;
  ShapeInfo GetShapeInfo() const = delete;

 private:
  template <typename U>
  friend class LocalTensor;
  template <TPosition, TPosition, int32_t, auto>
  friend class TQueBind;
  template <TPosition>
  friend class TBuf;
  template <Hardware>
  friend class LocalMemAllocator;
  explicit LocalTensor(const opsim::sim::detail::UbRef& ref) : LocalTensor<T>(ref) {}
  template <typename U>
  LocalTensor(uint32_t addr, const U&, uint32_t size) : LocalTensor<T>(pos, addr, size) {}
};

template <typename T, TPosition pos, typename LayoutType>
class GlobalTensor<TensorTrait<T, pos, LayoutType>>
    : public GlobalTensor<T>, public OpsimTraitHolder<TensorTrait<T, pos, LayoutType>> {
  static_assert(!is_tensorTrait_v<T>, "a TensorTrait's element is a plain type");

 public:
  using PrimType = T;
  GlobalTensor() = default;

  GlobalTensor operator[](uint64_t offset) const {
    GlobalTensor sub = *this;
    static_cast<GlobalTensor<T>&>(sub) = GlobalTensor<T>::operator[](offset);
    return sub;
  }
  void SetShapeInfo(const ShapeInfo&) = delete;
  ShapeInfo GetShapeInfo() const = delete;
};

}  // namespace AscendC
