// Status of a call as returned to users: a code from mr2d.h and a message.
#pragma once

#include <string>

namespace mr2d {

struct Status {
  int code = 0;  // MR2D_SUCCESS
  std::string message;
  bool ok() const { return code == 0; }
};

/// Thrown by internal checks that found a bug; the API boundary turns it
/// into MR2D_ERR_INTERNAL. Never thrown for user errors.
struct InternalError {
  std::string what;
};

#define MR2D_CHECK(cond)                                                          \
  do {                                                                            \
    if (!(cond))                                                                  \
      throw ::mr2d::InternalError{std::string(__FILE__) + ":" +                   \
                                  std::to_string(__LINE__) + ": check failed: " #cond}; \
  } while (0)

}  // namespace mr2d
