#include "opsim/framework/reduce_atb_operation.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <string>
#include <utility>

#include "reduce/reduce_request.h"
#include "reduce_front_door_operation.h"

namespace opsim {
namespace {

constexpr const char* kOp = kReduceOperationName;

Status Error(ErrorCode code, const std::string& what) {
  return {code, std::string(kOp) + ": " + what};
}

std::string Str(uint64_t v) { return std::to_string(v); }

std::optional<int64_t> ParseReduceType(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  if (text.rfind("REDUCE_", 0) == 0) text = text.substr(7);
  if (text == "MAX") return infer::ReduceParam::REDUCE_MAX;
  if (text == "MIN") return infer::ReduceParam::REDUCE_MIN;
  if (text == "SUM") return infer::ReduceParam::REDUCE_SUM;
  if (text == "PROD") return infer::ReduceParam::REDUCE_PROD;
  return std::nullopt;
}

}  // namespace

Status CreateReduceOperation(const infer::ReduceParam& param, std::unique_ptr<Operation>* out) {
  if (out == nullptr) return Error(ErrorCode::kInvalidParam, "operation is null");
  for (size_t i = 0; i < sizeof(param.rsv); ++i) {
    if (param.rsv[i] != 0) {
      return Error(ErrorCode::kInvalidParam, "rsv[" + Str(i) +
                                                 "] = " + std::to_string(param.rsv[i]) +
                                                 " is not 0 (reserved bytes must be all zero)");
    }
  }
  ReduceFrontDoor door;
  door.name = kOp;
  door.lower = [param](DType dtype, const Shape& input, bool strict, ReduceRequest* request) {
    return LowerAtb(param, dtype, input, strict, request);
  };
  *out = MakeReduceFrontDoorOperation(std::move(door));
  return Status::Ok();
}

Status CreateReduceOperationFromAttrs(const AttrMap& attrs, std::unique_ptr<Operation>* out) {
  constexpr std::string_view kName = "Reduce";
  OPSIM_RETURN_IF_ERROR(CheckAttrKeys(kName, attrs, {"reduceType", "axis"}));
  infer::ReduceParam param;
  const auto type = attrs.find("reduceType");
  if (type != attrs.end()) {
    int64_t value = 0;
    if (const auto* text = std::get_if<std::string>(&type->second)) {
      const std::optional<int64_t> parsed = ParseReduceType(*text);
      if (!parsed) {
        return {ErrorCode::kInvalidParam,
                "Reduce: attribute 'reduceType' = \"" + *text +
                    "\" is not a reducer (expected sum, max, min or prod)"};
      }
      value = *parsed;
    } else {
      OPSIM_RETURN_IF_ERROR(GetAttr(kName, attrs, "reduceType", &value));
    }
    if (value < 0 || value > 255) {
      return {ErrorCode::kInvalidParam,
              "Reduce: attribute 'reduceType' = " + std::to_string(value) +
                  " is not a reducer (expected 1..4)"};
    }
    param.reduceType = static_cast<infer::ReduceParam::ReduceType>(value);
  }
  std::vector<int64_t> axis;
  OPSIM_RETURN_IF_ERROR(GetAttr(kName, attrs, "axis", &axis));
  for (int64_t a : axis) param.axis.push_back(a);  // overflow is reported by the operation
  return CreateReduceOperation(param, out);
}

}  // namespace opsim
