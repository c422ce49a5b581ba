// CANN's OP_LOGE_WITH_INVALID_* and OP_LOGE_FOR_* macros (part of log/log.h there): a fixed
// English sentence about an operator's input, attribute, parameter, file or configuration,
// logged at ERROR and recorded as the thread's operator error ("<entity>: <sentence>"). CANN
// also reports them to its error manager as the predefined errors EZ0001..EZ0038 with named
// fields; opsim keeps the sentence only. The arguments are strings (const char* or std::string)
// except `index` and OP_LOGE_FOR_INVALID_TENSORNUM's `incorrectNum`, integers.
#pragma once

#include <cstdint>
#include <string>

#include "op_common/log/log.h"

// Logs and records `sentence` (a std::string expression) for `entity`.
#define OPSIM_OPBASE_LOG_SENTENCE(entity, sentence)                               \
  do {                                                                            \
    const std::string opsim_entity_(entity);                                      \
    const std::string opsim_sentence_(sentence);                                  \
    ::opsim::opbase::OpLog(DLOG_ERROR, true, __FILE__, __LINE__, __FUNCTION__,    \
                           opsim_entity_.c_str(), "%s", opsim_sentence_.c_str()); \
  } while (0)

#define OP_LOGE_WITH_INVALID_INPUT_SHAPE(entityName, index, incorrectShape, correctShape)        \
  OPSIM_OPBASE_LOG_SENTENCE(entityName, "The " + std::to_string(index) + "th input of " +        \
                                            std::string(entityName) + " has incorrect shape [" + \
                                            std::string(incorrectShape) + "]. It should be [" +  \
                                            std::string(correctShape) + "].")

#define OP_LOGE_WITH_INVALID_ATTR(entityName, attrName, incorrectVal, correctVal)               \
  OPSIM_OPBASE_LOG_SENTENCE(entityName, "Attribute " + std::string(attrName) + " of " +         \
                                            std::string(entityName) + " has incorrect value " + \
                                            std::string(incorrectVal) + ". It should be " +     \
                                            std::string(correctVal) + ".")

#define OP_LOGE_WITH_INVALID_ATTR_SIZE(entityName, attrName, incorrectSize, correctSize)       \
  OPSIM_OPBASE_LOG_SENTENCE(entityName, "Attribute " + std::string(attrName) + " of " +        \
                                            std::string(entityName) + " has incorrect size " + \
                                            std::string(incorrectSize) + ". It should be " +   \
                                            std::string(correctSize) + ".")

#define OP_LOGE_WITH_INVALID_INPUT(entityName, paramName)                                \
  OPSIM_OPBASE_LOG_SENTENCE(entityName, "Parameter " + std::string(paramName) + " of " + \
                                            std::string(entityName) +                    \
                                            " is required, but it is empty.")

#define OP_LOGE_WITH_INVALID_INPUT_SHAPESIZE(entityName, index, incorrectSize, correctSize)   \
  OPSIM_OPBASE_LOG_SENTENCE(                                                                  \
      entityName, "The " + std::to_string(index) + "th input of " + std::string(entityName) + \
                      " has incorrect shape size " + std::string(incorrectSize) +             \
                      ". It should be " + std::string(correctSize) + ".")

#define OP_LOGE_WITH_INVALID_INPUT_FORMAT(entityName, paramName, dataFormat, expectedFormatList) \
  OPSIM_OPBASE_LOG_SENTENCE(entityName, "Input parameter " + std::string(paramName) + " of " +   \
                                            std::string(entityName) + " has incorrect format " + \
                                            std::string(dataFormat) + ". It should be " +        \
                                            std::string(expectedFormatList) + ".")

#define OP_LOGE_WITH_INVALID_INPUT_DTYPE(entityName, paramName, dataDtype, expectedDtypeList)   \
  OPSIM_OPBASE_LOG_SENTENCE(entityName, "Input parameter " + std::string(paramName) + " of " +  \
                                            std::string(entityName) + " has incorrect dtype " + \
                                            std::string(dataDtype) + ". It should be " +        \
                                            std::string(expectedDtypeList) + ".")

// Parameter <param> of <entity> has incorrect <what> <value>. It should be <correct>.
#define OPSIM_OPBASE_PARAM_SHOULD(entity, param, what, value, correct)                     \
  OPSIM_OPBASE_LOG_SENTENCE(entity, "Parameter " + std::string(param) + " of " +           \
                                        std::string(entity) + " has incorrect " what " " + \
                                        std::string(value) + ". It should be " +           \
                                        std::string(correct) + ".")
// Parameter <param> of <entity> has incorrect <what> <value>. Reason: <reason>.
#define OPSIM_OPBASE_PARAM_REASON(entity, param, what, value, reason)                             \
  OPSIM_OPBASE_LOG_SENTENCE(entity, "Parameter " + std::string(param) + " of " +                  \
                                        std::string(entity) + " has incorrect " what " " +        \
                                        std::string(value) + ". Reason: " + std::string(reason) + \
                                        ".")
// Parameters <params> of <entity> have <what> <values>. Reason: <reason>.
#define OPSIM_OPBASE_PARAMS_REASON(entity, params, what, values, reason)                           \
  OPSIM_OPBASE_LOG_SENTENCE(entity, "Parameters " + std::string(params) + " of " +                 \
                                        std::string(entity) + " have " what " " +                  \
                                        std::string(values) + ". Reason: " + std::string(reason) + \
                                        ".")

#define OP_LOGE_FOR_INVALID_SHAPE(entityName, paramName, incorrectShape, correctShape) \
  OPSIM_OPBASE_PARAM_SHOULD(entityName, paramName, "shape", incorrectShape, correctShape)
#define OP_LOGE_FOR_INVALID_SHAPE_WITH_REASON(entityName, paramName, incorrectShape, reason) \
  OPSIM_OPBASE_PARAM_REASON(entityName, paramName, "shape", incorrectShape, reason)
#define OP_LOGE_FOR_INVALID_SHAPES_WITH_REASON(entityName, paramNames, incorrectShapes, reason) \
  OPSIM_OPBASE_PARAMS_REASON(entityName, paramNames, "incorrect shapes", incorrectShapes, reason)
#define OP_LOGE_FOR_INVALID_SHAPEDIM(entityName, paramName, incorrectDim, correctDim) \
  OPSIM_OPBASE_PARAM_SHOULD(entityName, paramName, "shape dim", incorrectDim, correctDim)
#define OP_LOGE_FOR_INVALID_SHAPEDIM_WITH_REASON(entityName, paramName, incorrectDim, reason) \
  OPSIM_OPBASE_PARAM_REASON(entityName, paramName, "shape dim", incorrectDim, reason)
#define OP_LOGE_FOR_INVALID_SHAPEDIMS_WITH_REASON(entityName, paramNames, incorrectDims, reason) \
  OPSIM_OPBASE_PARAMS_REASON(entityName, paramNames, "incorrect shape dims", incorrectDims, reason)
#define OP_LOGE_FOR_INVALID_SHAPESIZE(entityName, paramName, incorrectSize, correctSize) \
  OPSIM_OPBASE_PARAM_SHOULD(entityName, paramName, "shape size", incorrectSize, correctSize)
#define OP_LOGE_FOR_INVALID_SHAPESIZE_WITH_REASON(entityName, paramName, incorrectSize, reason) \
  OPSIM_OPBASE_PARAM_REASON(entityName, paramName, "shape size", incorrectSize, reason)
#define OP_LOGE_FOR_INVALID_SHAPESIZES_WITH_REASON(entityName, paramNames, incorrectSizes, reason) \
  OPSIM_OPBASE_PARAMS_REASON(entityName, paramNames, "incorrect shape sizes", incorrectSizes,      \
                             reason)
#define OP_LOGE_FOR_INVALID_FORMAT(entityName, paramName, incorrectFormat, correctFormat) \
  OPSIM_OPBASE_PARAM_SHOULD(entityName, paramName, "format", incorrectFormat, correctFormat)
#define OP_LOGE_FOR_INVALID_FORMAT_WITH_REASON(entityName, paramName, incorrectFormat, reason) \
  OPSIM_OPBASE_PARAM_REASON(entityName, paramName, "format", incorrectFormat, reason)
#define OP_LOGE_FOR_INVALID_FORMATS_WITH_REASON(entityName, paramNames, incorrectFormats, reason) \
  OPSIM_OPBASE_PARAMS_REASON(entityName, paramNames, "incorrect formats", incorrectFormats, reason)
#define OP_LOGE_FOR_INVALID_DTYPE(entityName, paramName, incorrectDtype, correctDtype) \
  OPSIM_OPBASE_PARAM_SHOULD(entityName, paramName, "dtype", incorrectDtype, correctDtype)
#define OP_LOGE_FOR_INVALID_DTYPE_WITH_REASON(entityName, paramName, incorrectDtype, reason) \
  OPSIM_OPBASE_PARAM_REASON(entityName, paramName, "dtype", incorrectDtype, reason)
#define OP_LOGE_FOR_INVALID_DTYPES_WITH_REASON(entityName, paramNames, incorrectDtypes, reason) \
  OPSIM_OPBASE_PARAMS_REASON(entityName, paramNames, "incorrect dtypes", incorrectDtypes, reason)
#define OP_LOGE_FOR_INVALID_VALUE(entityName, paramName, incorrectValue, correctValue) \
  OPSIM_OPBASE_PARAM_SHOULD(entityName, paramName, "value", incorrectValue, correctValue)
#define OP_LOGE_FOR_INVALID_VALUE_WITH_REASON(entityName, paramName, incorrectValue, reason) \
  OPSIM_OPBASE_PARAM_REASON(entityName, paramName, "value", incorrectValue, reason)
#define OP_LOGE_FOR_INVALID_VALUES_WITH_REASON(entityName, paramNames, incorrectValues, reason) \
  OPSIM_OPBASE_PARAMS_REASON(entityName, paramNames, "incorrect values", incorrectValues, reason)
#define OP_LOGE_FOR_INVALID_LISTSIZE(entityName, paramName, incorrectSize, correctSize) \
  OPSIM_OPBASE_PARAM_SHOULD(entityName, paramName, "element nums", incorrectSize, correctSize)
// CANN's own definition names an undeclared `paramNames`; this one takes its parameter.
#define OP_LOGE_FOR_INVALID_LISTSIZE_WITH_REASON(entityName, paramName, incorrectSize, reason) \
  OPSIM_OPBASE_PARAM_REASON(entityName, paramName, "element nums", incorrectSize, reason)
#define OP_LOGE_FOR_INVALID_TENSORNUMS_WITH_REASON(entityName, paramNames, incorrectNums, reason) \
  OPSIM_OPBASE_PARAMS_REASON(entityName, paramNames, "invalid tensor nums", incorrectNums, reason)

#define OP_LOGE_FOR_INVALID_TENSORNUM(entityName, paramName, incorrectNum, correctNum)             \
  OPSIM_OPBASE_LOG_SENTENCE(entityName, "Parameter " + std::string(paramName) + " of " +           \
                                            std::string(entityName) + " has invalid tensor num " + \
                                            std::to_string(static_cast<int64_t>(incorrectNum)) +   \
                                            ". It should be " + std::string(correctNum) + ".")
#define OP_LOGE_FOR_INVALID_STRIDE(entityName, paramName, incorrectStride, correctStride)        \
  OPSIM_OPBASE_LOG_SENTENCE(entityName, "Parameter " + std::string(paramName) + " of " +         \
                                            std::string(entityName) + " has incorrect stride " + \
                                            std::string(incorrectStride) + ", it should be " +   \
                                            std::string(correctStride) + ".")
#define OP_LOGE_FOR_INVALID_ARGUMENT_WITH_REASON(entityName, paramName, reason)          \
  OPSIM_OPBASE_LOG_SENTENCE(entityName, "Parameter " + std::string(paramName) + " of " + \
                                            std::string(entityName) +                    \
                                            " is invalid. Reason: " + std::string(reason) + ".")
#define OP_LOGE_FOR_INVALID_GRAPH_NODE(nodeName, reason)                            \
  OPSIM_OPBASE_LOG_SENTENCE(nodeName, "The input graph contains an invalid node " + \
                                          std::string(nodeName) +                   \
                                          ". Reason: " + std::string(reason) + ".")
#define OP_LOGE_FOR_FILE_PATH(opName, filePath, reason)                     \
  OPSIM_OPBASE_LOG_SENTENCE(opName, "Input path " + std::string(filePath) + \
                                        " is invalid. Reason: " + std::string(reason) + ".")
#define OP_LOGE_FOR_FILE_OPEN(opName, filePath, reason)                              \
  OPSIM_OPBASE_LOG_SENTENCE(opName, "Failed to open file " + std::string(filePath) + \
                                        ". Reason: " + std::string(reason) + ".")
#define OP_LOGE_FOR_FILE_PARSE(opName, fileName, reason)                              \
  OPSIM_OPBASE_LOG_SENTENCE(opName, "Failed to parse file " + std::string(fileName) + \
                                        ". Reason: " + std::string(reason) + ".")
#define OP_LOGE_FOR_INVALID_CONFIG(opName, configFile, item, value, expect)                      \
  OPSIM_OPBASE_LOG_SENTENCE(opName, "Value " + std::string(value) + " of configuration item " +  \
                                        std::string(item) + " in configuration file " +          \
                                        std::string(configFile) + " is invalid, it should be " + \
                                        std::string(expect) + ".")
#define OP_LOGE_FOR_INVALID_CONFIG_WITH_REASON(opName, configFile, item, value, reason)         \
  OPSIM_OPBASE_LOG_SENTENCE(opName, "Value " + std::string(value) + " of configuration item " + \
                                        std::string(item) + " in configuration file " +         \
                                        std::string(configFile) +                               \
                                        " is invalid. Reason: " + std::string(reason) + ".")
#define OP_LOGE_FOR_INVALID_CONFIGS_WITH_REASON(opName, configFile, items, values, reason)         \
  OPSIM_OPBASE_LOG_SENTENCE(opName, "Values " + std::string(values) + " of configuration items " + \
                                        std::string(items) + " in configuration file " +           \
                                        std::string(configFile) +                                  \
                                        " are invalid. Reason: " + std::string(reason) + ".")
