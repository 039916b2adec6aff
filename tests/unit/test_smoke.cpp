#include <gtest/gtest.h>
#include "index/cyclic_1d.hpp"
TEST(Cyclic, Numroc) { EXPECT_EQ(mr2d::index::numroc(10, 2, 1, 1, 2), 6); }
