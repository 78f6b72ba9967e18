// Under the Big Top (shared/rules/expansions/under-the-big-top.md, BT-xx):
// the circus and acrobat tiles (catalogue set "bt": SegmentKind::kCircusSpace,
// kAcrobatSpace), the big top, the animal tokens and the ringmaster.
//
// - BT-01, BT-02 (SetUpGame): 16 animal tokens in GameState.big_top.supply;
//   one ringmaster per player (FiguresOwned, engine/figures.cc).
// - BT-03 (engine/rules/follower_placement.cc): no figure on a circus space.
// - BT-04, BT-05 (CheckTileChance, TakeTileChance, AfterTurnScoring): the
//   placement of a circus tile names the animal token the caller drew
//   (chance belongs to the caller, PlaceTileAction::animal_token); the
//   referee checks it is still in the supply. In step 3, after the features
//   the tile completed are scored, the circus under the big top (if any) is
//   scored and its token leaves the game; the big top moves to the new tile
//   onto the drawn token.
// - BT-06, BT-07, BT-15: a circus scores, for each player, the token's value
//   × their followers (every kind, each one meeple; not builders, pigs,
//   barns) on the big top's tile and its 8 neighbours; a castle's follower
//   counts if either of the castle's tiles is among them (BC).
// - BT-08 (BeforeEndOfGameScoring): at the end, the circus under the big top
//   scores once more, with the followers as they stand at the end.
// - BT-10: circus points never trigger the Count's deployment (AMB-07; in
//   engine/expansions/count_of_carcassonne.cc, OnTurnScoreEvent).
// - BT-16: the ringmaster (FigureKind::kRingmaster) is a follower of
//   strength 1 placed like a follower (engine/figures.h).
//
// Not built (rule_options.cc, known gaps): the acrobats (BT-11..BT-14,
// [unconfirmed]; no figure goes on an acrobat space), the ringmaster's bonus
// (BT-17, BT-18, [unconfirmed]), a second token set (BT-09), the ringmaster
// in the Count's quarters, the open questions BT-Q1..BT-Q5 and the C3.1
// successor Circus & Artists (CA-nn, rules not published).
#pragma once

#include <optional>
#include <vector>

#include "engine/expansion_module.h"

namespace carcassonne {

// BT-01: the value of an animal token and how many of it the game has.
int AnimalValue(Animal animal);
int AnimalTokensInGame(Animal animal);
std::string_view AnimalName(Animal animal);

// BT-06: the circus under the big top at `cell` with `token`, scored now.
ScoreEvent ScoreCircus(const GameState& state, Position cell, Animal token, ScoringTrigger trigger);

class UnderTheBigTop : public ExpansionModule {
 public:
  void CheckOwnPieces(const GameState& state, const Board& board,
                      std::vector<Problem>& problems) const override;
  void CheckPiecesTogether(const GameState& state, const Board& board,
                           std::vector<Problem>& problems) const override;
  void SetUpGame(GameState& state) const override;
  // BT-04, BT-05: an animal token exactly with a circus tile, from the supply.
  void CheckTileChance(const Game& game, const TileType& drawn, std::optional<Animal> animal,
                       std::optional<Position> cell,
                       std::vector<Violation>& violations) const override;
  void TakeTileChance(Game& game, const PlaceTileAction& action) const override;
  // BT-05, BT-06: the circus scores after the tile's features; the big top
  // moves.
  void AfterTurnScoring(Game& game, std::vector<ScoreEvent>& events) const override;
  // BT-08.
  void BeforeEndOfGameScoring(Game& game, std::vector<ScoreEvent>& events) const override;
};

}  // namespace carcassonne
