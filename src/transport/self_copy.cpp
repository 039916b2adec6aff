// The kept part, by column windows; see self_copy.hpp.
#include "transport/self_copy.hpp"

#include "transport/exchange.hpp"

namespace mr2d::transport {

SelfCopy::SelfCopy(const plan::Plan& plan, const void* a, void* b, const kernels::Update* update,
                   Traffic& traffic)
    : plan_(plan), a_(a), b_(b), update_(update), traffic_(traffic), done_(plan.has_self ? 0 : INT64_MAX) {}

void SelfCopy::upto(Index column) {
  if (column <= done_) return;
  const Index n = kernels::copy_with(a_, plan_.lda, b_, plan_.ldb, plan_.rows(plan_.self),
                                     plan_.cols(plan_.self), plan_.trapezoid, plan_.elem_size,
                                     update_, {done_, column});
  done_ = column;
  copied_ += n;
  traffic_.bytes_local += n * plan_.elem_size;
  if (done_ == INT64_MAX) MR2D_CHECK(copied_ == plan_.self.count);
}

}  // namespace mr2d::transport
