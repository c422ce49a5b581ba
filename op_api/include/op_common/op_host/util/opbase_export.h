// OPBASE_API: CANN marks the op-base functions it exports from libopbase with this. In opsim they
// live in libopsim_op_api; the mark keeps them visible even under -fvisibility=hidden.
#pragma once

#ifndef OPBASE_API
#define OPBASE_API __attribute__((visibility("default")))
#endif
