// Variants as data (issue #30) through the real handlers, without a server
// process: GetCatalog lists each variant option with its default (the box's
// rules), NewGame echoes a chosen variant and sets the supplies by it, and a
// value out of bounds or a combination the engine refuses is INVALID_ARGUMENT
// naming the RuleSet field.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "google/rpc/error_details.pb.h"
#include "google/rpc/status.pb.h"
#include "service/handlers.h"

namespace carcassonne::service {
namespace {

// The fields a BadRequest detail names.
std::vector<std::string> BadFields(const grpc::Status& status) {
  std::vector<std::string> fields;
  google::rpc::Status details;
  if (!details.ParseFromString(status.error_details())) return fields;
  for (const google::protobuf::Any& any : details.details()) {
    google::rpc::BadRequest bad_request;
    if (!any.UnpackTo(&bad_request)) continue;
    for (const auto& violation : bad_request.field_violations()) {
      fields.push_back(violation.field());
    }
  }
  return fields;
}

::testing::AssertionResult RejectedAt(const grpc::Status& status, const std::string& field) {
  if (status.error_code() != grpc::StatusCode::INVALID_ARGUMENT) {
    return ::testing::AssertionFailure() << "status " << status.error_code() << " ("
                                         << status.error_message() << "), not INVALID_ARGUMENT";
  }
  for (const std::string& named : BadFields(status)) {
    if (named == field) return ::testing::AssertionSuccess();
  }
  return ::testing::AssertionFailure()
         << "INVALID_ARGUMENT does not name " << field << " (" << status.error_message() << ")";
}

v1::NewGameRequest TwoPlayers() {
  v1::NewGameRequest request;
  request.add_player_names("Ann");
  request.add_player_names("Bob");
  return request;
}

// Each variant option, its values and its default, as GetCatalog lists it.
TEST(VariantsServiceTest, GetCatalogListsEachVariantWithItsDefault) {
  v1::GetCatalogResponse catalog;
  ASSERT_TRUE(HandleGetCatalog(v1::GetCatalogRequest(), &catalog).ok());
  struct Expected {
    std::string name;
    std::string default_value;
    std::vector<std::string> values;
  };
  const std::vector<Expected> expected = {
      {"base.farmers", "true", {"true", "false"}},
      {"base.followers",
       "7",
       {"1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15"}},
      {"ic.big_followers", "1", {"0", "1", "2", "3"}},
      {"am.barns", "1", {"1", "2", "3"}},
      {"ic.classic_incomplete_inn_cathedral", "zero", {"zero", "ordinary"}},
      {"hs.hills", "true", {"true", "false"}},
      {"hs.vineyards", "true", {"true", "false"}},
      {"ic.inns", "true", {"true", "false"}},
      {"ic.cathedrals", "true", {"true", "false"}},
      {"pd.portal", "true", {"true", "false"}},
      {"pd.princess_symbol", "true", {"true", "false"}},
      {"siege.besieged", "true", {"true", "false"}},
      {"abbot.gardens", "true", {"true", "false"}},
      {"hs.vineyards_around_gardens", "false", {"false", "true"}},
  };
  for (const Expected& option : expected) {
    const v1::RuleOptionInfo* found = nullptr;
    for (const v1::RuleOptionInfo& info : catalog.rule_options()) {
      if (info.name() == option.name) found = &info;
    }
    ASSERT_NE(found, nullptr) << option.name;
    EXPECT_EQ(found->default_value(), option.default_value) << option.name;
    EXPECT_EQ(std::vector<std::string>(found->values().begin(), found->values().end()),
              option.values)
        << option.name;
    EXPECT_GT(found->rule_ids_size(), 0) << option.name;
  }
}

// base.followers = 3, ic.big_followers = 2: the opening snapshot gives each
// player 3 followers and 2 big followers and echoes both options.
TEST(VariantsServiceTest, NewGameSetsTheSuppliesAndEchoesTheOptions) {
  v1::NewGameRequest request = TwoPlayers();
  request.mutable_rules()->add_expansions(v1::EXPANSION_INNS_AND_CATHEDRALS);
  request.mutable_rules()->set_followers(3);
  request.mutable_rules()->set_ic_big_followers(2);
  request.mutable_rules()->set_farmers(false);
  request.mutable_rules()->set_ic_classic_incomplete_inn_cathedral(
      v1::IC_INCOMPLETE_INN_CATHEDRAL_ORDINARY);
  v1::NewGameResponse response;
  ASSERT_TRUE(HandleNewGame(request, &response).ok());
  const v1::RuleSet& echoed = response.state().rules();
  EXPECT_EQ(echoed.followers(), 3);
  EXPECT_EQ(echoed.ic_big_followers(), 2);
  ASSERT_TRUE(echoed.has_farmers());
  EXPECT_FALSE(echoed.farmers());
  EXPECT_EQ(echoed.ic_classic_incomplete_inn_cathedral(), v1::IC_INCOMPLETE_INN_CATHEDRAL_ORDINARY);
  for (const v1::Player& player : response.state().players()) {
    EXPECT_EQ(player.followers(), 3);
    EXPECT_EQ(player.big_followers(), 2);
  }
  // An element left out and the C3.1 vineyards are echoed too.
  v1::NewGameRequest elements = TwoPlayers();
  elements.mutable_rules()->add_expansions(v1::EXPANSION_HILLS_AND_SHEEP);
  elements.mutable_rules()->add_expansions(v1::EXPANSION_ABBOT);
  elements.mutable_rules()->set_hs_hills(false);
  elements.mutable_rules()->set_hs_vineyards_around_gardens(true);
  v1::NewGameResponse with_elements;
  ASSERT_TRUE(HandleNewGame(elements, &with_elements).ok());
  ASSERT_TRUE(with_elements.state().rules().has_hs_hills());
  EXPECT_FALSE(with_elements.state().rules().hs_hills());
  EXPECT_TRUE(with_elements.state().rules().hs_vineyards_around_gardens());
  EXPECT_FALSE(with_elements.state().rules().has_abbot_gardens());
  // Unset options are not echoed (their defaults).
  v1::NewGameResponse plain;
  ASSERT_TRUE(HandleNewGame(TwoPlayers(), &plain).ok());
  EXPECT_FALSE(plain.state().rules().has_farmers());
  EXPECT_FALSE(plain.state().rules().has_followers());
  EXPECT_EQ(plain.state().players(0).followers(), 7);
}

TEST(VariantsServiceTest, OutOfBoundsAndRefusedCombinationsNameTheirField) {
  v1::NewGameResponse response;
  v1::NewGameRequest followers = TwoPlayers();
  followers.mutable_rules()->set_followers(16);
  EXPECT_TRUE(RejectedAt(HandleNewGame(followers, &response), "rules.followers"));
  followers.mutable_rules()->set_followers(-2147483647 - 1);
  EXPECT_TRUE(RejectedAt(HandleNewGame(followers, &response), "rules.followers"));

  v1::NewGameRequest barns = TwoPlayers();
  barns.mutable_rules()->set_am_barns(2);  // without am_barn
  EXPECT_TRUE(RejectedAt(HandleNewGame(barns, &response), "rules.am_barns"));

  v1::NewGameRequest no_farmers_with_barn = TwoPlayers();
  no_farmers_with_barn.mutable_rules()->add_expansions(v1::EXPANSION_ABBEY_AND_MAYOR);
  no_farmers_with_barn.mutable_rules()->set_am_barn(true);
  no_farmers_with_barn.mutable_rules()->set_farmers(false);
  EXPECT_TRUE(RejectedAt(HandleNewGame(no_farmers_with_barn, &response), "rules.farmers"));

  v1::NewGameRequest no_expansion = TwoPlayers();
  no_expansion.mutable_rules()->set_siege_besieged(false);  // without EXPANSION_SIEGE
  EXPECT_TRUE(RejectedAt(HandleNewGame(no_expansion, &response), "rules.siege_besieged"));

  v1::NewGameRequest vineyards = TwoPlayers();
  vineyards.mutable_rules()->add_expansions(v1::EXPANSION_HILLS_AND_SHEEP);
  vineyards.mutable_rules()->set_hs_vineyards_around_gardens(true);  // without the Abbot
  EXPECT_TRUE(RejectedAt(HandleNewGame(vineyards, &response), "rules.hs_vineyards_around_gardens"));

  v1::NewGameRequest bad_enum = TwoPlayers();
  bad_enum.mutable_rules()->set_ic_classic_incomplete_inn_cathedral(
      static_cast<v1::IcIncompleteInnCathedral>(77));
  EXPECT_TRUE(
      RejectedAt(HandleNewGame(bad_enum, &response), "rules.ic_classic_incomplete_inn_cathedral"));
}

}  // namespace
}  // namespace carcassonne::service
