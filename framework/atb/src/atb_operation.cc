// atb::Operation over opsim's operations: CreateOperation for ReduceParam, DestroyOperation,
// Clone/UpdateOperationParam, stream ids, and the operation extensions of atb/opsim_ext.h.
#include <exception>
#include <string>
#include <utility>

#include "atb/opsim_ext.h"
#include "atb_convert.h"
#include "atb_log.h"
#include "atb_objects.h"
#include "atb_reduce_operation.h"

namespace opsim::atb_facade {
namespace {

Status Refused(const std::string& what) { return {ErrorCode::kInvalidParam, what}; }

// Runs a call, turning an exception (ATB's SVector throws) into ATB's answer to one:
// ERROR_OUT_OF_HOST_MEMORY, with what it said.
template <typename Call>
Status Guarded(const std::string& call, Call&& body) {
  try {
    return body();
  } catch (const std::exception& e) {
    return {ErrorCode::kOutOfHostMemory, call + " threw: " + e.what()};
  }
}

infer::ReduceParam ToOpsim(const atb::infer::ReduceParam& param) {
  infer::ReduceParam out;
  out.reduceType = static_cast<infer::ReduceParam::ReduceType>(static_cast<int>(param.reduceType));
  // More than 64 axes overflows opsim's vector; the operation reports it (ERROR_INVALID_PARAM).
  for (int64_t axis : param.axis) out.axis.push_back(axis);
  for (size_t i = 0; i < sizeof(param.rsv); ++i) out.rsv[i] = param.rsv[i];
  return out;
}

Status MakeReduce(const atb::infer::ReduceParam& param, bool extensions,
                  std::unique_ptr<opsim::Operation>* out) {
  return CreateReduceOperation(ToOpsim(param), out,
                               extensions ? AtbRules::kExtended : AtbRules::kStrict);
}

}  // namespace

OperationObject* AsOperationObject(atb::Operation* operation) {
  return dynamic_cast<OperationObject*>(operation);
}

const OperationObject* AsOperationObject(const atb::Operation* operation) {
  return dynamic_cast<const OperationObject*>(operation);
}

atb::Status OperationObject::Record(std::string_view call, Status status) const {
  LogError(call, status);
  last_error_ = std::move(status);
  return ToAtbStatus(last_error_);
}

atb::Status OperationObject::InferShape(const atb::SVector<atb::TensorDesc>& inTensorDescs,
                                        atb::SVector<atb::TensorDesc>& outTensorDescs) const {
  const std::string call = GetName() + " InferShape";
  return Record(call, Guarded(call, [&]() -> Status {
                  if (infer_shape_func_) {
                    const atb::Status st = infer_shape_func_(inTensorDescs, outTensorDescs);
                    if (st == atb::NO_ERROR) return Status::Ok();
                    return {static_cast<ErrorCode>(st),
                            "GraphParam inferShapeFunc returned " + std::to_string(st)};
                  }
                  opsim::SVector<opsim::TensorDesc> in;
                  opsim::SVector<opsim::TensorDesc> out;
                  OPSIM_RETURN_IF_ERROR(
                      ToOpsim(inTensorDescs, &in, "inTensorDescs", ErrorCode::kInvalidInTensorNum));
                  OPSIM_RETURN_IF_ERROR(impl_->InferShape(in, out));
                  ToAtb(out, &outTensorDescs);
                  return Status::Ok();
                }));
}

atb::Status OperationObject::Setup(const atb::VariantPack& variantPack, uint64_t& workspaceSize,
                                   atb::Context* context) {
  const std::string call = GetName() + " Setup";
  ContextObject* ctx = AsContextObject(context);
  Status status = Guarded(call, [&]() -> Status {
    if (context != nullptr && ctx == nullptr) {
      return Refused(GetName() + ": Setup: context was not created by atb::CreateContext");
    }
    OPSIM_RETURN_IF_ERROR(ToOpsim(variantPack, &pack_));
    return impl_->Setup(pack_, workspaceSize, ctx ? &ctx->inner() : nullptr);
  });
  if (ctx != nullptr) ctx->Record(call, status);
  return Record(call, std::move(status));
}

atb::Status OperationObject::Execute(const atb::VariantPack& variantPack, uint8_t* workspace,
                                     uint64_t workspaceSize, atb::Context* context) {
  const std::string call = GetName() + " Execute";
  ContextObject* ctx = AsContextObject(context);
  Status status = Guarded(call, [&]() -> Status {
    if (context != nullptr && ctx == nullptr) {
      return Refused(GetName() + ": Execute: context was not created by atb::CreateContext");
    }
    OPSIM_RETURN_IF_ERROR(ToOpsim(variantPack, &pack_));
    return impl_->Execute(pack_, workspace, workspaceSize, ctx ? &ctx->inner() : nullptr);
  });
  if (ctx != nullptr) ctx->Record(call, status);
  return Record(call, std::move(status));
}

}  // namespace opsim::atb_facade

namespace atb {

using opsim::atb_facade::AsOperationObject;
using opsim::atb_facade::LogError;
using opsim::atb_facade::OperationObject;
using opsim::atb_facade::ToAtbStatus;

namespace {

Status Fail(const char* call, opsim::Status status) {
  LogError(call, status);
  return ToAtbStatus(status);
}

}  // namespace

template <>
Status CreateOperation(const infer::ReduceParam& opParam, Operation** operation) {
  if (operation == nullptr) {
    return Fail("CreateOperation", {opsim::ErrorCode::kInvalidParam,
                                    "CreateOperation(ReduceParam): operation is null"});
  }
  std::unique_ptr<opsim::Operation> created;
  opsim::Status st = opsim::atb_facade::MakeReduce(opParam, false, &created);
  if (!st.ok()) return Fail("CreateOperation", std::move(st));
  auto object = std::make_unique<OperationObject>(std::move(created));
  object->set_reduce_param(opParam);
  *operation = object.release();
  return NO_ERROR;
}

Status DestroyOperation(Operation* operation) {
  if (const OperationObject* object = AsOperationObject(operation);
      object != nullptr && object->in_graph()) {
    return Fail("DestroyOperation",
                {opsim::ErrorCode::kInvalidParam,
                 "DestroyOperation: " + object->GetName() +
                     " is a node of a graph operation, which owns and destroys it"});
  }
  delete operation;
  return NO_ERROR;
}

template <>
Status CloneOperationParam(const Operation* operation, infer::ReduceParam& opParam) {
  const OperationObject* object = AsOperationObject(operation);
  if (object == nullptr || !object->reduce_param()) {
    return Fail("CloneOperationParam",
                {opsim::ErrorCode::kInvalidParam,
                 "CloneOperationParam(ReduceParam): the operation is null or not a Reduce "
                 "operation created by atb::CreateOperation"});
  }
  opParam = *object->reduce_param();
  return NO_ERROR;
}

template <>
Status UpdateOperationParam(Operation* operation, const infer::ReduceParam& opParam) {
  OperationObject* object = AsOperationObject(operation);
  if (object == nullptr || !object->reduce_param() || object->in_graph()) {
    return Fail("UpdateOperationParam",
                {opsim::ErrorCode::kInvalidParam,
                 "UpdateOperationParam(ReduceParam): the operation is null, not a Reduce "
                 "operation created by atb::CreateOperation, or a node of a graph"});
  }
  std::unique_ptr<opsim::Operation> created;
  opsim::Status st = opsim::atb_facade::MakeReduce(opParam, object->extensions(), &created);
  if (!st.ok()) return object->Record("UpdateOperationParam", std::move(st));
  object->Replace(std::move(created), opParam);
  return object->Record("UpdateOperationParam", opsim::Status::Ok());
}

Status SetExecuteStreamId(Operation* operation, uint32_t streamId) {
  OperationObject* object = AsOperationObject(operation);
  if (object == nullptr) {
    return Fail(
        "SetExecuteStreamId",
        {opsim::ErrorCode::kInvalidParam,
         "SetExecuteStreamId: the operation is null or not created by atb::CreateOperation"});
  }
  object->stream_id = streamId;
  return NO_ERROR;
}

uint32_t GetExecuteStreamId(Operation* operation) {
  const OperationObject* object = AsOperationObject(operation);
  return object == nullptr ? 0 : object->stream_id;
}

Status OpsimSetExtensions(Operation* operation, bool enable) {
  OperationObject* object = AsOperationObject(operation);
  if (object == nullptr || !object->reduce_param() || object->in_graph()) {
    return Fail("OpsimSetExtensions",
                {opsim::ErrorCode::kInvalidParam,
                 "OpsimSetExtensions: the operation is null, not created by "
                 "atb::CreateOperation, a graph, or a node of one (set it on the nodes before "
                 "building the graph)"});
  }
  std::unique_ptr<opsim::Operation> created;
  opsim::Status st = opsim::atb_facade::MakeReduce(*object->reduce_param(), enable, &created);
  if (!st.ok()) return object->Record("OpsimSetExtensions", std::move(st));
  object->Replace(std::move(created), object->reduce_param());
  object->set_extensions(enable);
  return object->Record("OpsimSetExtensions", opsim::Status::Ok());
}

std::string OpsimLastError(const Operation* operation) {
  const OperationObject* object = AsOperationObject(operation);
  if (object == nullptr || object->last_error().ok()) return "";
  return object->last_error().ToString();
}

std::string OpsimErrorName(Status status) {
  return std::string(opsim::ErrorCodeName(static_cast<opsim::ErrorCode>(status)));
}

}  // namespace atb
