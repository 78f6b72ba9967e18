// The expansion modules of a rule set, in a fixed order.
#include "engine/expansion_module.h"
#include "engine/expansions/abbey_and_mayor.h"
#include "engine/expansions/abbot.h"
#include "engine/expansions/bazaars.h"
#include "engine/expansions/bridges.h"
#include "engine/expansions/castles.h"
#include "engine/expansions/count_of_carcassonne.h"
#include "engine/expansions/cult.h"
#include "engine/expansions/festival.h"
#include "engine/expansions/hills_and_sheep.h"
#include "engine/expansions/inns_and_cathedrals.h"
#include "engine/expansions/king_and_robber_baron.h"
#include "engine/expansions/mage_and_witch.h"
#include "engine/expansions/phantom.h"
#include "engine/expansions/princess_and_dragon.h"
#include "engine/expansions/river.h"
#include "engine/expansions/shepherd_and_flock.h"
#include "engine/expansions/siege.h"
#include "engine/expansions/tower.h"
#include "engine/expansions/traders_and_builders.h"
#include "engine/expansions/under_the_big_top.h"

namespace carcassonne {

namespace {

// One object per module, built on first use (no static initialisation order
// to depend on).
struct Registry {
  InnsAndCathedrals inns_and_cathedrals;
  TradersAndBuilders traders_and_builders;
  River river;
  MageAndWitch mage_and_witch;
  KingAndRobberBaron king_and_robber_baron;
  CountOfCarcassonne count_of_carcassonne;
  AbbeyAndMayor abbey_and_mayor;
  Bridges bridges;
  Castles castles;
  Bazaars bazaars;
  Cult cult;
  SiegeScoring siege_scoring;
  SiegeEscape siege_escape;
  HillsAndSheep hills_and_sheep;
  ShepherdAndFlock shepherd_and_flock;
  PrincessAndDragon princess_and_dragon;
  TowerExpansion tower;
  DragonFlightAfterScoring dragon_flight_after_scoring;
  UnderTheBigTop under_the_big_top;
  Abbot abbot;
  Festival festival;
  Phantom phantom;
};

const Registry& Modules() {
  static const Registry* const registry = new Registry();
  return *registry;
}

}  // namespace

std::vector<const ExpansionModule*> ModulesFor(const RuleSet& rules) {
  const Registry& all = Modules();
  std::vector<const ExpansionModule*> modules;
  // The Phantom first: its step follows the figure step before any other
  // step of the turn's scoring (BeginTurnScoring, PH-07), and its decisions
  // are judged before the Tower's (a phantom on a tower's top, PH-08).
  if (rules.Has(Expansion::kPhantom)) modules.push_back(&all.phantom);
  if (rules.Has(Expansion::kInnsAndCathedrals)) modules.push_back(&all.inns_and_cathedrals);
  if (rules.Has(Expansion::kTradersAndBuilders)) modules.push_back(&all.traders_and_builders);
  // It only reads the board and the turn (the completer), after each scoring.
  if (rules.Has(Expansion::kKingAndRobberBaron)) modules.push_back(&all.king_and_robber_baron);
  // The Princess & the Dragon: after Traders & Builders (it takes the
  // builder and the pig off the dragon's tile from the placements listed)
  // and before the castles: the dragon flies before the castle offers
  // (PD-09, BC-10), which it opens itself once the flight is over.
  if (rules.Has(Expansion::kPrincessAndDragon)) modules.push_back(&all.princess_and_dragon);
  // The Tower: its floors and tower tops are choices of the figure step, its
  // capture and exchange come right after a floor, before anything is
  // scored (TW-07), and its ransom is an action of the turn (TW-12); it
  // scores nothing and modifies no scoring (TW-14), so among the scoring
  // modules its place does not matter. After the Princess & the Dragon, whose
  // filter of the dragon's tile touches only placements on features (PD-05:
  // tower actions stay allowed; the tower top is judged here, PD-06).
  if (rules.Has(Expansion::kTower)) modules.push_back(&all.tower);
  // Bridges, Castles & Bazaars: bridges (option bc.bridges). Its hooks are
  // the tile placement's (BC-03..BC-05): it changes the tiles before any
  // module's AfterTilePlaced (PlaceWithTile comes first) and scores nothing.
  if (rules.Has(Expansion::kBridgesCastlesAndBazaars) && rules.bc_bridges) {
    modules.push_back(&all.bridges);
  }
  // Bridges, Castles & Bazaars: castles (option bc.castles). It reads the
  // value of features with the other modules' modifiers (Game::FeatureWorth);
  // its lords score after the turn's features, before the decisions that
  // follow the scoring (the Count's deployment sees their points).
  if (rules.Has(Expansion::kBridgesCastlesAndBazaars) && rules.bc_castles) {
    modules.push_back(&all.castles);
  }
  // Bridges, Castles & Bazaars: bazaars (option bc.bazaars). Its only
  // decision comes at the very end of the turn (OpenDecisionAtTurnEnd), after
  // every module's decisions after the scoring; its tile check (BC-21) reads
  // no other module. It lists no figure placement.
  if (rules.Has(Expansion::kBridgesCastlesAndBazaars) && rules.bc_bazaars) {
    modules.push_back(&all.bazaars);
  }
  // The Cult: its challenge removes the loser's followers right after the
  // winner's scoring (AfterFeatureCompleted), before the Count's bookkeeping
  // reads the turn's events; it lists no figure placement.
  if (rules.Has(Expansion::kCult)) modules.push_back(&all.cult);
  // Siege, its values: after Inns & Cathedrals (a cathedral's rate) and
  // before the mage and the witch (JCloisterZone: the siege first).
  if (rules.Has(Expansion::kSiege)) modules.push_back(&all.siege_scoring);
  // Hills & Sheep: the hill tie-break narrows the majority and vineyards add
  // a line; neither reads another module's lines. Before the mage and the
  // witch (their half points apply to the line items as the others do).
  if (rules.Has(Expansion::kHillsAndSheep)) modules.push_back(&all.hills_and_sheep);
  // Hills & Sheep, the shepherd and the flock: after the Princess & the
  // Dragon (whose PD-05/PD-06 filter of the listed placements is for
  // followers; this module checks the dragon's tile for the shepherd itself).
  // Its step at the start of the turn's scoring (BeginTurnScoring, HS-25)
  // comes before every module's OpenDecisionBeforeTurnScoring (the dragon's
  // flight, the castle offers), wherever it sits; it modifies no score.
  if (rules.Has(Expansion::kHillsAndSheep)) modules.push_back(&all.shepherd_and_flock);
  // After Inns & Cathedrals: its score modifiers apply to the inn or cathedral
  // rate (MW-14, AMB-23). It lists no figure placement for the River to filter.
  if (rules.Has(Expansion::kMageAndWitch)) modules.push_back(&all.mage_and_witch);
  // Under the Big Top: its circus scores in AfterTurnScoring, after every
  // module that scores the tile's features there (the castles' lords): BT-05
  // scores the tile's features first. It reads no other module's lines and
  // lists no figure placement (the ringmaster is listed by the core).
  if (rules.Has(Expansion::kUnderTheBigTop)) modules.push_back(&all.under_the_big_top);
  // After the modules that score: its wagons move once the turn is scored
  // (AM-12), before the other decisions after the scoring (its resumption
  // asks them again). It lists no figure placement.
  if (rules.Has(Expansion::kAbbeyAndMayor)) modules.push_back(&all.abbey_and_mayor);
  // After the modules that score (its bookkeeping sees every event of the
  // turn) and before the River; it lists no figure placement.
  if (rules.Has(Expansion::kCountOfCarcassonne)) modules.push_back(&all.count_of_carcassonne);
  // Siege, the escape: the last decision of the turn part, when the player
  // has nothing more to do (SI-14): after the wagons' moves and the Count's
  // deployment (each resumes by asking the modules after it); it lists no
  // figure placement.
  // The Princess & the Dragon's flight with pd.dragon_move_time =
  // after_scoring: after the wagons and the Count's deployment, before the
  // escape (princess_and_dragon.h).
  if (rules.Has(Expansion::kPrincessAndDragon)) {
    modules.push_back(&all.dragon_flight_after_scoring);
  }
  if (rules.Has(Expansion::kSiege)) modules.push_back(&all.siege_escape);
  // The Abbot: its retreat is a step-2 action it scores itself, read by no
  // other module (no modifier applies to it, AT-09); it lists no figure
  // placement for the others to filter (the abbot's placements are the
  // core's and the portal's). Before the River, which filters the figure
  // placements listed.
  if (rules.Has(Expansion::kAbbot)) modules.push_back(&all.abbot);
  // The Festival: taking a figure back is a step-2 action that scores
  // nothing and changes no other module's scoring (FV-04); its figure is
  // gone before the turn's scoring (FV-07), which every module then sees as
  // usual. Before the River, which filters the figure placements listed (a
  // festival tile is never a volcano lake).
  if (rules.Has(Expansion::kFestival)) modules.push_back(&all.festival);
  // Last: it filters the figure placements the others list (river.h).
  if (rules.Has(Expansion::kRiver)) modules.push_back(&all.river);
  return modules;
}

const std::vector<const ExpansionModule*>& AllModules() {
  // The order of ModulesFor with every expansion on.
  const Registry& all = Modules();
  static const std::vector<const ExpansionModule*> modules = {&all.phantom,
                                                              &all.inns_and_cathedrals,
                                                              &all.traders_and_builders,
                                                              &all.king_and_robber_baron,
                                                              &all.princess_and_dragon,
                                                              &all.tower,
                                                              &all.bridges,
                                                              &all.castles,
                                                              &all.bazaars,
                                                              &all.cult,
                                                              &all.siege_scoring,
                                                              &all.hills_and_sheep,
                                                              &all.shepherd_and_flock,
                                                              &all.mage_and_witch,
                                                              &all.under_the_big_top,
                                                              &all.abbey_and_mayor,
                                                              &all.count_of_carcassonne,
                                                              &all.dragon_flight_after_scoring,
                                                              &all.siege_escape,
                                                              &all.abbot,
                                                              &all.festival,
                                                              &all.river};
  return modules;
}

}  // namespace carcassonne
