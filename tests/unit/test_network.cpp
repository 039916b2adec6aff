// The network model with contention (model/network.hpp), its parsing, and the
// automatic schedule choice it drives.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "model/cost_model.hpp"
#include "model/edges.hpp"
#include "model/problem.hpp"
#include "model/network.hpp"
#include "schedule/schedule.hpp"
#include "layouts.hpp"

namespace {

using mr2d::model::Edge;
using mr2d::model::Network;

Network parsed(const std::string& text) {
  Network n;
  std::string error;
  EXPECT_TRUE(mr2d::model::parse_network(text, n, error)) << error;
  return n;
}

TEST(NetworkParse, EmptyLeavesTheNodeLocalModel) {
  EXPECT_FALSE(parsed("").enabled);
}

TEST(NetworkParse, ReadsEveryKey) {
  const Network n = parsed("latency=2e-6,bandwidth=1e10,overhead=1e-7,ports=2,incast=0.5,topology=fat-tree,leaf=16");
  EXPECT_TRUE(n.enabled);
  EXPECT_DOUBLE_EQ(n.latency_s, 2e-6);
  EXPECT_DOUBLE_EQ(n.bandwidth, 1e10);
  EXPECT_DOUBLE_EQ(n.overhead_s, 1e-7);
  EXPECT_EQ(n.ports, 2);
  EXPECT_DOUBLE_EQ(n.incast, 0.5);
  EXPECT_EQ(n.topology, Network::Topology::fat_tree);
  EXPECT_EQ(n.leaf, 16);
  const Network t = parsed("torus=8x4");
  EXPECT_EQ(t.topology, Network::Topology::torus);
  EXPECT_EQ(t.torus_x, 8);
  EXPECT_EQ(t.torus_y, 4);
}

TEST(NetworkParse, RejectsBadTextAndKeepsTheOldValue) {
  for (const char* bad : {"latency", "latency=", "latency=abc", "latency=-1", "bandwidth=0", "ports=0",
                          "ports=1.5", "incast=-0.1", "topology=ring", "torus=8", "torus=0x4", "topology=torus", "speed=3",
                          "latency=1e-6,,"}) {
    Network n = parsed("latency=3e-6");
    std::string error;
    EXPECT_FALSE(mr2d::model::parse_network(bad, n, error)) << bad;
    EXPECT_FALSE(error.empty()) << bad;
    EXPECT_DOUBLE_EQ(n.latency_s, 3e-6) << bad;
  }
}

// Four processes each sending one message to every other: 12 messages.
std::vector<Edge> all_to_all(int p, mr2d::Index count) {
  std::vector<Edge> edges;
  for (int i = 0; i < p; ++i)
    for (int j = 0; j < p; ++j)
      if (i != j) edges.push_back({i, j, count});
  return edges;
}

TEST(NetworkModel, PortsShareBandwidthAndLatenciesOverlap) {
  const Network n = parsed("latency=1e-6,bandwidth=1e9,hops=2");
  // 3 messages of 1000 bytes through each port: 3 us of bandwidth, one path latency.
  EXPECT_NEAR(mr2d::model::all_at_once_seconds(n, all_to_all(4, 125), 8), 3e-6 + 2e-6, 1e-12);
  // Three steps of one 1000-byte message each, each paying the path latency.
  std::vector<std::vector<Edge>> steps;
  for (int s = 1; s < 4; ++s) {
    steps.emplace_back();
    for (int i = 0; i < 4; ++i) steps.back().push_back({i, (i + s) % 4, 125});
  }
  EXPECT_NEAR(mr2d::model::stepped_seconds(n, steps, 8), 3 * (1e-6 + 2e-6), 1e-12);
  const Network two = parsed("latency=1e-6,bandwidth=1e9,hops=2,ports=2");
  EXPECT_NEAR(mr2d::model::all_at_once_seconds(two, all_to_all(4, 125), 8), 1.5e-6 + 2e-6, 1e-12);
}

TEST(NetworkModel, FatTreePathsWithinAndAcrossLeaves) {
  const Network n = parsed("latency=1e-6,bandwidth=1e9,topology=fat-tree,leaf=2");
  EXPECT_NEAR(mr2d::model::all_at_once_seconds(n, {{0, 1, 125}}, 8), 1e-6 + 2e-6, 1e-12);
  EXPECT_NEAR(mr2d::model::all_at_once_seconds(n, {{0, 2, 125}}, 8), 1e-6 + 4e-6, 1e-12);
}

TEST(NetworkModel, TorusCountsSharedLinks) {
  // A ring of 4 (4 x 1 torus): 0->2 and 1->3 both go +x through the link 1->2.
  const Network n = parsed("latency=0,bandwidth=1e9,torus=4x1");
  EXPECT_NEAR(mr2d::model::all_at_once_seconds(n, {{0, 2, 125}, {1, 3, 125}}, 8), 2e-6, 1e-12);
  // 0->1 and 2->3 share no link.
  EXPECT_NEAR(mr2d::model::all_at_once_seconds(n, {{0, 1, 125}, {2, 3, 125}}, 8), 1e-6, 1e-12);
  // The short way round: 0->3 is one hop -x.
  EXPECT_NEAR(mr2d::model::all_at_once_seconds(n, {{0, 3, 125}, {1, 0, 125}}, 8), 1e-6, 1e-12);
}

TEST(NetworkModel, PerMessageOverheadFavoursFewerMessagesAtOnce) {
  const Network n = parsed("latency=1e-6,bandwidth=1e9,overhead=1e-6");
  // Async: 3 us bandwidth + 1 us latency + 3 messages x 1 us overhead.
  EXPECT_NEAR(mr2d::model::all_at_once_seconds(n, all_to_all(4, 125), 8), 7e-6, 1e-12);
}

// The automatic choice under the network model: async in the fluid model
// (steps can only add up what sharing does at once), the stepped schedule
// once simultaneous messages congest a port.
TEST(NetworkModel, AutomaticChoiceFollowsCongestion) {
  mr2d::model::Problem pb;
  pb.m = pb.n = 1024;
  pb.elem_size = 8;
  pb.a = mr2d::test::grid_layout(4, 4, 8, 8, 1024, 1024);
  pb.b = mr2d::test::grid_layout(4, 4, 32, 32, 1024, 1024);
  const auto edges = mr2d::model::all_edges(pb);
  mr2d::model::CostModel fluid, congested;
  std::string error;
  ASSERT_TRUE(mr2d::model::parse_network("latency=1e-6,bandwidth=1e10,topology=fat-tree", fluid.network, error));
  ASSERT_TRUE(mr2d::model::parse_network("latency=1e-6,bandwidth=1e10,topology=fat-tree,incast=0.2",
                                         congested.network, error));
  EXPECT_EQ(mr2d::schedule::make(mr2d::schedule::Kind::automatic, pb, edges, fluid).kind,
            mr2d::schedule::Kind::async);
  EXPECT_EQ(mr2d::schedule::make(mr2d::schedule::Kind::automatic, pb, edges, congested).kind,
            mr2d::schedule::Kind::optimal);
}

// What lets auto skip building a stepped schedule without congestion: no
// stepped schedule is then predicted faster than async, whatever the
// topology, ports, overhead or layouts (and without a network model).
TEST(NetworkModel, WithoutCongestionNoSteppedScheduleIsPredictedFaster) {
  const char* networks[] = {"", "latency=1e-6,bandwidth=1e10", "latency=2e-6,bandwidth=1e9,ports=2,overhead=5e-7",
                            "latency=1e-6,bandwidth=1e10,topology=fat-tree,hops=4",
                            "latency=1e-6,bandwidth=1e10,overhead=1e-6,topology=torus,torus=4x4"};
  struct Shape {
    int pa, qa, mba, nba, pb, qb, mbb, nbb;
  };
  const Shape shapes[] = {{4, 4, 8, 8, 4, 4, 32, 32}, {8, 2, 16, 16, 2, 8, 16, 16}, {4, 2, 5, 7, 4, 4, 3, 11},
                          {2, 8, 64, 1, 16, 1, 1, 64}};
  using mr2d::schedule::Kind;
  for (const char* text : networks)
    for (const Shape& sh : shapes) {
      mr2d::model::Problem pb;
      pb.m = pb.n = 512;
      pb.elem_size = 8;
      pb.a = mr2d::test::grid_layout(sh.pa, sh.qa, sh.mba, sh.nba, 512, 512);
      pb.b = mr2d::test::grid_layout(sh.pb, sh.qb, sh.mbb, sh.nbb, 512, 512);
      const auto edges = mr2d::model::all_edges(pb);
      mr2d::model::CostModel model;
      std::string error;
      ASSERT_TRUE(mr2d::model::parse_network(text, model.network, error)) << error;
      const double async = mr2d::schedule::predicted_seconds({}, edges, pb.elem_size, model);
      for (Kind k : {Kind::caterpillar, Kind::circulant, Kind::optimal}) {
        const auto stepped = mr2d::schedule::make(k, pb, edges, model);
        EXPECT_LE(async, mr2d::schedule::predicted_seconds(stepped, edges, pb.elem_size, model) * (1 + 1e-12))
            << "network '" << text << "', " << mr2d::schedule::name_of(k);
      }
      EXPECT_EQ(mr2d::schedule::make(Kind::automatic, pb, edges, model).kind, Kind::async) << text;
    }
}

}  // namespace
