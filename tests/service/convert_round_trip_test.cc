// The snapshot is the whole game for a stateless service: every engine state a
// game reaches, written to the API's GameState and read back, must be accepted
// and must play on exactly as the original. Random games with every expansion
// built (and their modules on) check it at every step: the re-read state
// writes the same message, and the same random action applied to both gives
// the same events and the same next snapshot.
//
// ServiceSnapshots: every snapshot the service returns must pass the check it
// applies to incoming snapshots. Random games of every expansion and module
// this build plays, their options cycling with the seed, are played through
// the ApplyAction handler; each returned state (the last, PHASE_GAME_OVER,
// included) is read back as the handlers read a request's state.
#include <google/protobuf/util/message_differencer.h>
#include <gtest/gtest.h>

#include <ostream>
#include <string>
#include <variant>
#include <vector>

#include "engine/referee.h"
#include "service/convert.h"
#include "service/handlers.h"
#include "tests/engine/random_play.h"

namespace carcassonne::service {
namespace {

struct Config {
  std::string name;
  RuleSet rules;
};

// Test names and failures name the configuration, not the bytes of the
// parameter.
void PrintTo(const Config& config, std::ostream* out) { *out << config.name; }

std::vector<Config> Configs() {
  std::vector<Config> configs;
  auto add = [&](std::string name, std::vector<Expansion> expansions, auto&& options) {
    RuleSet rules;
    rules.expansions = std::move(expansions);
    options(rules);
    configs.push_back({std::move(name), rules});
  };
  auto none = [](RuleSet&) {};
  add("InnsTradersKing",
      {Expansion::kInnsAndCathedrals, Expansion::kTradersAndBuilders,
       Expansion::kKingAndRobberBaron},
      none);
  add("RiverAndMageWitch", {Expansion::kRiver, Expansion::kMageAndWitch}, none);
  add("CountAndKing", {Expansion::kCountOfCarcassonne, Expansion::kKingAndRobberBaron}, none);
  add("AbbeyMayorModules", {Expansion::kAbbeyAndMayor}, [](RuleSet& rules) {
    rules.am_abbey = true;
    rules.am_mayor = true;
    rules.am_wagon = true;
    rules.am_barn = true;
  });
  add("CastlesCountAndMageWitch",
      {Expansion::kBridgesCastlesAndBazaars, Expansion::kCountOfCarcassonne,
       Expansion::kMageAndWitch, Expansion::kKingAndRobberBaron},
      [](RuleSet& rules) { rules.bc_castles = true; });
  add("CastlesInnsTraders",
      {Expansion::kBridgesCastlesAndBazaars, Expansion::kInnsAndCathedrals,
       Expansion::kTradersAndBuilders},
      [](RuleSet& rules) { rules.bc_castles = true; });
  // The bazaars (their auction's state, the tiles held, BC-18..BC-21) with
  // the castles, the builder's second tile and the Count's deployment; and
  // without bidding (BC-22).
  add("BazaarsCastlesTradersCount",
      {Expansion::kBridgesCastlesAndBazaars, Expansion::kTradersAndBuilders,
       Expansion::kCountOfCarcassonne},
      [](RuleSet& rules) {
        rules.bc_castles = true;
        rules.bc_bazaars = true;
      });
  add("BazaarsWithoutBidding", {Expansion::kBridgesCastlesAndBazaars}, [](RuleSet& rules) {
    rules.bc_bazaars = true;
    rules.bc_bazaar_bidding = false;
  });
  // The Cult (the challenge's removals) with the Count (CO-32) and Hans im
  // Glueck's 5-tile set.
  add("CultCountAndKing",
      {Expansion::kCult, Expansion::kCountOfCarcassonne, Expansion::kKingAndRobberBaron},
      [](RuleSet& rules) { rules.cult_tiles = CultTiles::kHereticsAndShrinesFive; });
  // Siege (its escape decision) with the pig, the castles and the Count.
  add("SiegeTradersCastlesAndCount",
      {Expansion::kSiege, Expansion::kTradersAndBuilders, Expansion::kBridgesCastlesAndBazaars,
       Expansion::kCountOfCarcassonne},
      [](RuleSet& rules) {
        rules.bc_castles = true;
        rules.siege_pig_besieged_value = SiegePigBesiegedValue::kPlusOne;
        rules.siege_escape_adjacency = SiegeEscapeAdjacency::kAnyCityTile;
      });
  // Hills & Sheep (hs:02's shared side, hills, the tiles under them) with
  // the other tie-break, big followers and the Count's decisions.
  add("HillsAndSheepInnsCount",
      {Expansion::kHillsAndSheep, Expansion::kInnsAndCathedrals, Expansion::kCountOfCarcassonne},
      [](RuleSet& rules) { rules.hs_hill_tiebreak = HillTiebreak::kMostFollowersOnHills; });
  // The Princess & the Dragon (the dragon's flight, a decision per step, the
  // portal, the princess) with the builder and the pig, the castles, the
  // mayor, the wagon and the barn, and River II's volcano lake (RV-10); and
  // with the flight after the scoring (pd.dragon_move_time).
  add("PrincessDragonTradersCastlesAbbeyRiver",
      {Expansion::kPrincessAndDragon, Expansion::kTradersAndBuilders,
       Expansion::kBridgesCastlesAndBazaars, Expansion::kAbbeyAndMayor, Expansion::kRiver},
      [](RuleSet& rules) {
        rules.bc_castles = true;
        rules.am_mayor = true;
        rules.am_wagon = true;
        rules.am_barn = true;
        rules.river_parts = RiverParts::kRiverTwo;
      });
  add("PrincessDragonAfterScoringMageWitchKing",
      {Expansion::kPrincessAndDragon, Expansion::kMageAndWitch, Expansion::kKingAndRobberBaron,
       Expansion::kInnsAndCathedrals},
      [](RuleSet& rules) { rules.pd_dragon_move_time = DragonMoveTime::kAfterScoring; });
  // The current edition of Inns & Cathedrals (its tiles, the ring road, the
  // gardens of B and H with the Abbot) with each end-game value (IN-14), with
  // the castles and the bazaars, and with the Count's decisions.
  add("InnsCurrentEditionAbbotCastlesBazaars",
      {Expansion::kInnsAndCathedrals, Expansion::kAbbot, Expansion::kBridgesCastlesAndBazaars},
      [](RuleSet& rules) {
        rules.ic_edition = InnsCathedralsEdition::kCurrent;
        rules.ic_c31_incomplete_inn_cathedral = IncompleteInnCathedral::kOrdinary;
        rules.bc_castles = true;
        rules.bc_bazaars = true;
      });
  add("InnsCurrentEditionZeroCount",
      {Expansion::kInnsAndCathedrals, Expansion::kCountOfCarcassonne}, [](RuleSet& rules) {
        rules.ic_edition = InnsCathedralsEdition::kCurrent;
        rules.ic_c31_incomplete_inn_cathedral = IncompleteInnCathedral::kZero;
      });
  add("PrincessDragonCount", {Expansion::kPrincessAndDragon, Expansion::kCountOfCarcassonne},
      [](RuleSet& rules) { rules.count_dragon_enters_city_tiles = false; });
  // Under the Big Top (the big top, the tokens drawn and waiting, the
  // ringmaster) with big followers, the castles and the Count's decisions.
  add("BigTopInnsCastlesCount",
      {Expansion::kUnderTheBigTop, Expansion::kInnsAndCathedrals,
       Expansion::kBridgesCastlesAndBazaars, Expansion::kCountOfCarcassonne},
      [](RuleSet& rules) { rules.bc_castles = true; });
  add("PrincessDragonFairyOnTilePrincessMust", {Expansion::kPrincessAndDragon}, [](RuleSet& rules) {
    rules.pd_fairy_placement = FairyPlacement::kOnTile;
    rules.pd_princess = PrincessRemoval::kMust;
  });
  // The Tower (floors, tower tops, prisoners, the capture and the exchange,
  // the turn's ransom) with big followers, the builder and the pig, and the
  // dragon; and with tower tops immune (tw.tower_top_capturable).
  add("TowerInnsTradersDragon",
      {Expansion::kTower, Expansion::kInnsAndCathedrals, Expansion::kTradersAndBuilders,
       Expansion::kPrincessAndDragon},
      none);
  add("TowerTopsImmuneCount", {Expansion::kTower, Expansion::kCountOfCarcassonne},
      [](RuleSet& rules) { rules.tw_tower_top_capturable = false; });
  // Hills & Sheep, the shepherd and the flock (shepherds, flocks, the sheep
  // bag, PHASE_TEND_FLOCK with its scoring order) with the dragon (eats
  // shepherds), the builder's double turn and the castles' decisions before
  // the scoring; with the closed field driven at once (HS-21 off).
  add("HillsAndSheepFlocksDragonTradersCastles",
      {Expansion::kHillsAndSheep, Expansion::kPrincessAndDragon, Expansion::kTradersAndBuilders,
       Expansion::kBridgesCastlesAndBazaars},
      [](RuleSet& rules) {
        rules.bc_castles = true;
        rules.hs_grow_before_closed_scoring = false;
      });
  // The Abbot (its figure, the garden edition's tiles, the retreat) with the
  // portal and the fairy, the vineyards, the big follower, the wagon and the
  // River's garden tile (river:1-10g).
  add("AbbotPrincessDragonHillsInnsAbbeyRiver",
      {Expansion::kAbbot, Expansion::kPrincessAndDragon, Expansion::kHillsAndSheep,
       Expansion::kInnsAndCathedrals, Expansion::kAbbeyAndMayor, Expansion::kRiver},
      [](RuleSet& rules) {
        rules.am_wagon = true;
        rules.am_barn = true;
      });
  // The Festival (its tiles, a figure taken back: a follower, the builder,
  // the pig, the shepherd with its flock, the abbot, the mayor, the wagon, a
  // barn, FV-03, FV-04), and with only followers taken back (FV-09).
  add("FestivalHillsTradersAbbeyAbbot",
      {Expansion::kFestival, Expansion::kHillsAndSheep, Expansion::kTradersAndBuilders,
       Expansion::kAbbeyAndMayor, Expansion::kAbbot},
      [](RuleSet& rules) {
        rules.am_mayor = true;
        rules.am_wagon = true;
        rules.am_barn = true;
      });
  add("FestivalFollowersOnlyHillsInns",
      {Expansion::kFestival, Expansion::kHillsAndSheep, Expansion::kInnsAndCathedrals},
      [](RuleSet& rules) { rules.festival_return = FestivalReturn::kFollower; });
  // The Phantom (its step after the figure step, PHASE_PLACE_PHANTOM with
  // its scoring order; the phantom on a tower's top, eaten by the dragon,
  // beside the shepherd's step and the castle offers).
  add("PhantomTowerDragonHillsCastles",
      {Expansion::kPhantom, Expansion::kTower, Expansion::kPrincessAndDragon,
       Expansion::kHillsAndSheep, Expansion::kBridgesCastlesAndBazaars},
      [](RuleSet& rules) { rules.bc_castles = true; });
  return configs;
}

v1::GameState ToProto(const GameState& state) {
  v1::GameState proto;
  GameStateToProto(state, &proto);
  return proto;
}

std::string Describe(const FieldProblems& problems) {
  std::string text;
  for (const FieldProblem& problem : problems)
    text += problem.field + ": " + problem.description + "\n";
  return text;
}

class RoundTrip : public ::testing::TestWithParam<Config> {};

TEST_P(RoundTrip, EveryStateReadBackPlaysOnTheSame) {
  const Config& config = GetParam();
  int decisions_of_modules = 0;
  for (uint32_t seed = 0; seed < 12; ++seed) {
    RandomPlay play(seed);
    const std::vector<std::string> all_names = {"A", "B", "C", "D"};
    const std::vector<std::string> names(all_names.begin(), all_names.begin() + 2 + seed % 3);
    GameState state = std::get<GameState>(NewGame(names, config.rules));
    for (int step = 0; step < 1000 && state.phase != Phase::kGameOver; ++step) {
      SCOPED_TRACE("seed " + std::to_string(seed) + " step " + std::to_string(step));
      const v1::GameState proto = ToProto(state);
      FieldProblems problems;
      const std::optional<GameState> back = GameStateFromProto(proto, "state", problems);
      ASSERT_TRUE(back.has_value()) << Describe(problems);
      const v1::GameState again = ToProto(*back);
      ASSERT_TRUE(google::protobuf::util::MessageDifferencer::Equals(proto, again))
          << proto.DebugString() << "\n---\n"
          << again.DebugString();

      const Game game(state);
      if (state.phase == Phase::kPlaceTile) {
        ASSERT_NE(play.Draw(game), nullptr);
      }
      const LegalActions legal = play.List(game);
      ASSERT_FALSE(legal.actions.empty());
      if (state.phase != Phase::kPlaceTile && state.phase != Phase::kPlaceFigure) {
        ++decisions_of_modules;
      }
      const Action action = play.Choose(legal);
      const Outcome original = ApplyAction(state, action);
      const Outcome read_back = ApplyAction(*back, action);
      ASSERT_TRUE(original.verdict.legal());
      ASSERT_TRUE(read_back.verdict.legal());
      ASSERT_EQ(original.events.size(), read_back.events.size());
      for (size_t i = 0; i < original.events.size(); ++i) {
        EXPECT_EQ(original.events[i].points, read_back.events[i].points);
      }
      ASSERT_TRUE(google::protobuf::util::MessageDifferencer::Equals(ToProto(*original.next),
                                                                     ToProto(*read_back.next)));
      play.Played(action);
      state = *original.next;
    }
    ASSERT_EQ(state.phase, Phase::kGameOver);
  }
  // Every configuration has decisions of its modules' own phases.
  if (config.name != "InnsTradersKing") {
    EXPECT_GT(decisions_of_modules, 0);
  }
}

INSTANTIATE_TEST_SUITE_P(Configs, RoundTrip, ::testing::ValuesIn(Configs()),
                         [](const ::testing::TestParamInfo<Config>& info) {
                           return info.param.name;
                         });

// ---------------------------------------------------------------------------
// Every returned snapshot passes the service's own check.

// The rule options of one game, cycling with the seed.
RuleSet WithOptions(RuleSet rules, uint32_t seed) {
  rules.tiny_city_points = seed % 5 == 4 ? TinyCityPoints::kTwoPoints : TinyCityPoints::kFourPoints;
  rules.tb_goods = seed % 7 != 3;
  rules.tb_builder = seed % 7 != 4;
  rules.tb_pig = seed % 7 != 5;
  constexpr RiverParts kParts[] = {RiverParts::kRiverOne, RiverParts::kRiverTwo, RiverParts::kBoth};
  rules.river_parts = kParts[seed % 3];
  rules.river_u_turn_rule = seed % 4 != 1;
  rules.river_lookahead_block = seed % 4 != 2;
  switch (seed % 6) {
    case 1:
      rules.king_robber_flat_bonus = KingRobberFlatBonus::kTenEach;
      break;
    case 2:
      rules.king_robber_flat_bonus = KingRobberFlatBonus::kTenEachFortyBoth;
      break;
    case 3:
      rules.king_robber_flat_bonus = KingRobberFlatBonus::kFifteenEachFortyBoth;
      break;
    case 4:
      rules.king_robber_live_scoring = KingRobberLiveScoring::kAfterTransfer;
      break;
    case 5:
      rules.king_robber_live_scoring = KingRobberLiveScoring::kBeforeTransfer;
      break;
    default:
      break;
  }
  rules.king_robber_leipzig_counts = seed % 3 != 2;
  rules.king_robber_ignore_road_stubs = seed % 5 != 2;
  constexpr CountMovement kMovements[] = {CountMovement::kFree, CountMovement::kClockwise,
                                          CountMovement::kFollowDeployment};
  rules.count_movement = kMovements[(seed / 2) % 3];
  rules.count_trigger = seed % 2 == 0 ? CountTrigger::kScoring : CountTrigger::kCompletion;
  rules.count_rgg_block_deploy_into_count_quarter = seed % 4 == 3;
  rules.count_final_redeploy =
      seed % 3 == 1 ? CountFinalRedeploy::kMarketOnly : CountFinalRedeploy::kAnyQuarter;
  rules.am_barn_multi = seed % 2 == 0 ? BarnMulti::kEachOwner : BarnMulti::kMajority;
  // The Count with Abbey & Mayor (AMB-08, AMB-12).
  if (rules.Has(Expansion::kCountOfCarcassonne) && rules.am_barn) {
    rules.count_market_redeploy_on_barn = seed % 5 != 1;
    rules.count_market_redeploy_on_farm_join = seed % 2 == 1;
  }
  if (rules.Has(Expansion::kCountOfCarcassonne) && (rules.am_mayor || rules.am_wagon)) {
    rules.count_mayor_wagon_count_as_two = seed % 3 != 0;
  }
  rules.mage_witch_magic_tile_choice =
      seed % 3 == 0 ? MagicTileChoice::kEither : MagicTileChoice::kPlaceSetAsideFirst;
  // (Only with its expansion: without, the option off is refused.)
  if (rules.Has(Expansion::kHillsAndSheep)) rules.hs_grow_before_closed_scoring = seed % 2 == 0;
  rules.bc_bazaar_bidding = seed % 3 != 1;  // BC-22
  return rules;
}

std::vector<Config> EveryModuleConfigs() {
  std::vector<Config> configs;
  auto add = [&](std::string name, std::vector<Expansion> expansions, auto&& modules) {
    RuleSet rules;
    rules.expansions = std::move(expansions);
    modules(rules);
    configs.push_back({std::move(name), rules});
  };
  auto none = [](RuleSet&) {};
  auto abbey_mayor = [](RuleSet& rules) {
    rules.am_abbey = true;
    rules.am_mayor = true;
    rules.am_wagon = true;
    rules.am_barn = true;
  };
  add("Base", {}, none);
  add("InnsAndTraders", {Expansion::kInnsAndCathedrals, Expansion::kTradersAndBuilders}, none);
  add("River", {Expansion::kRiver}, none);
  add("KingAndRobberBaron", {Expansion::kKingAndRobberBaron}, none);
  add("MageAndWitch", {Expansion::kMageAndWitch}, none);
  add("Count", {Expansion::kCountOfCarcassonne}, none);
  add("AbbeyAndMayor", {Expansion::kAbbeyAndMayor}, abbey_mayor);
  add("Castles", {Expansion::kBridgesCastlesAndBazaars},
      [](RuleSet& rules) { rules.bc_castles = true; });
  // Hills & Sheep: shepherds, flocks and the sheep bag (HS-13..HS-26).
  add("HillsAndSheep", {Expansion::kHillsAndSheep}, none);
  // The Tower's actions (floors, tops, captures, exchanges, ransoms) through
  // the API, with big followers and the builder.
  add("Tower", {Expansion::kTower, Expansion::kInnsAndCathedrals, Expansion::kTradersAndBuilders},
      none);
  // Every expansion, with every module that can go with the others.
  add("CastlesAndBazaars", {Expansion::kBridgesCastlesAndBazaars}, [](RuleSet& rules) {
    rules.bc_castles = true;
    rules.bc_bazaars = true;
  });
  // The bridges on the board and in the supplies, and the turn's bridge
  // (BC-02, BC-03), with the builder's second tile.
  add("BridgesCastlesTraders",
      {Expansion::kBridgesCastlesAndBazaars, Expansion::kTradersAndBuilders}, [](RuleSet& rules) {
        rules.bc_bridges = true;
        rules.bc_castles = true;
      });
  // Every expansion, with every module that can go with the others (the
  // wagon and the barn are not built with the Count: CO-09, CO-31).
  add("AllButTheCount",
      {Expansion::kInnsAndCathedrals, Expansion::kTradersAndBuilders, Expansion::kRiver,
       Expansion::kKingAndRobberBaron, Expansion::kMageAndWitch, Expansion::kAbbeyAndMayor,
       Expansion::kBridgesCastlesAndBazaars},
      [&](RuleSet& rules) {
        abbey_mayor(rules);
        rules.bc_bridges = true;
        rules.bc_castles = true;
        rules.bc_bazaars = true;
      });
  add("AllWithTheCount",
      {Expansion::kInnsAndCathedrals, Expansion::kTradersAndBuilders, Expansion::kRiver,
       Expansion::kKingAndRobberBaron, Expansion::kMageAndWitch, Expansion::kCountOfCarcassonne,
       Expansion::kAbbeyAndMayor, Expansion::kBridgesCastlesAndBazaars},
      [&](RuleSet& rules) {
        abbey_mayor(rules);
        rules.bc_castles = true;
        // The Count with the mayor, the wagon and the barn (CO-09, AMB-08,
        // AMB-12): the market rounds on a barn and on a join, and the
        // mayors and wagons counted from Carcassonne.
        rules.count_mayor_wagon_count_as_two = true;
        rules.count_market_redeploy_on_farm_join = true;
        rules.bc_bazaars = true;
      });
  // Under the Big Top through the service: every snapshot with the big top,
  // the animal tokens and the ringmasters passes the service's check.
  add("UnderTheBigTopAndTraders", {Expansion::kUnderTheBigTop, Expansion::kTradersAndBuilders},
      none);
  // The Abbot: the garden edition's tiles (river:1-10g, river:2-09g with the
  // River's parts), the abbot and its retreat, with the builder and the pig.
  add("Abbot",
      {Expansion::kAbbot, Expansion::kInnsAndCathedrals, Expansion::kTradersAndBuilders,
       Expansion::kRiver},
      none);
  // The Festival: figures taken back through the service (FV-03, FV-04).
  add("FestivalAndHills", {Expansion::kFestival, Expansion::kHillsAndSheep}, none);
  // The Phantom with the Count's decisions and the builder's double turn.
  add("PhantomCountTraders",
      {Expansion::kPhantom, Expansion::kCountOfCarcassonne, Expansion::kTradersAndBuilders}, none);
  return configs;
}

// The snapshot read as the handlers read a request's state; the problems
// found, or none.
std::string ServiceCheck(const v1::GameState& proto) {
  FieldProblems problems;
  if (GameFromProto(proto, "state", problems)) return "";
  return Describe(problems);
}

class ServiceSnapshots : public ::testing::TestWithParam<Config> {};

TEST_P(ServiceSnapshots, EveryReturnedSnapshotPassesTheServiceCheck) {
  const Config& config = GetParam();
  for (uint32_t seed = 0; seed < 16; ++seed) {
    RandomPlay play(seed);
    v1::NewGameRequest new_game;
    const std::string names = "ABCDE";
    for (uint32_t i = 0; i < 2 + seed % 4; ++i) new_game.add_player_names(names.substr(i, 1));
    v1::NewGameResponse started;
    // The rules through the API, as a client sends them.
    {
      v1::GameState rules_carrier;
      GameState with_rules;
      with_rules.rules = WithOptions(config.rules, seed);
      GameStateToProto(with_rules, &rules_carrier);
      *new_game.mutable_rules() = rules_carrier.rules();
    }
    const grpc::Status status = HandleNewGame(new_game, &started);
    ASSERT_TRUE(status.ok()) << status.error_message();
    v1::GameState proto = started.state();
    ASSERT_EQ(ServiceCheck(proto), "") << "NewGame, seed " << seed;
    for (int step = 0; step < 1000 && proto.phase() != v1::PHASE_GAME_OVER; ++step) {
      SCOPED_TRACE("seed " + std::to_string(seed) + " step " + std::to_string(step));
      FieldProblems problems;
      const std::optional<Game> game = GameFromProto(proto, "state", problems);
      ASSERT_TRUE(game.has_value()) << Describe(problems);
      if (game->state().phase == Phase::kPlaceTile) {
        ASSERT_NE(play.Draw(*game), nullptr);
      }
      // (HS-03: a hill tile goes on the tile drawn under it.)
      const LegalActions legal = play.List(*game);
      ASSERT_FALSE(legal.actions.empty());
      const Action action = play.Choose(legal);
      v1::ApplyActionRequest request;
      *request.mutable_state() = proto;
      ActionToProto(action, game->state(), request.mutable_action());
      v1::ApplyActionResponse response;
      const grpc::Status applied = HandleApplyAction(request, &response);
      ASSERT_TRUE(applied.ok()) << applied.error_message();
      ASSERT_TRUE(response.verdict().legal()) << response.verdict().DebugString();
      // The service's answer passes the service's check.
      ASSERT_EQ(ServiceCheck(response.state()), "")
          << "after " << request.action().DebugString() << "from " << proto.DebugString()
          << "\n---\nto " << response.state().DebugString();
      play.Played(action);
      proto = response.state();
    }
    ASSERT_EQ(proto.phase(), v1::PHASE_GAME_OVER);
  }
}

INSTANTIATE_TEST_SUITE_P(EveryModule, ServiceSnapshots, ::testing::ValuesIn(EveryModuleConfigs()),
                         [](const ::testing::TestParamInfo<Config>& info) {
                           return info.param.name;
                         });

}  // namespace
}  // namespace carcassonne::service
