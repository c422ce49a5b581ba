// CANN's OP_LOGE_WITH_INVALID_* macros (part of log/log.h there): a fixed English sentence about
// an operator's input, attribute or parameter, logged at ERROR and recorded as the thread's
// operator error ("<entity>: <sentence>"). CANN also reports them to its error manager as the
// predefined errors EZ0001..EZ0007 with named fields; opsim keeps the sentence only.
// The arguments are strings (const char* or std::string) except `index`, an integer.
#pragma once

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
