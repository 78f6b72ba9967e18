// Bridges, Castles & Bazaars: the castles module (C1/C2; option bc.castles;
// shared/rules/expansions/bridges-castles-bazaars.md BC-02, BC-10..BC-17).
//
// - BC-02: each player has 3 castle tokens (2 with 5 or 6 players).
// - BC-10: when a tile completes a city of exactly two segments on two tiles,
//   each with a single city side facing the other, neither marked
//   `no_castle_base`, holding exactly one knight (a follower or a big
//   follower) whose owner has a castle token left, that owner may make it a
//   castle instead of letting it score. The offers come before the turn's
//   scoring, in turn order from the active player (Phase::kPlaceCastle,
//   GameState.castle_offers; BuildCastleAction or PassAction). The knight
//   stays as the castle's lord; any builder there goes back (its feature is
//   finished), and so does a magic figure (MW-15).
// - BC-11: the castle is a feature of its own kind: it never scores as a
//   city, it is not a completed city for the King (KR-15, in
//   king_and_robber_baron.cc) and no follower from the Count's castle quarter
//   can go onto it (CO-42: it is never scored, so no redeployment round opens
//   for it).
// - BC-12: the fief is the castle's two tiles and the four beside them across
//   its long axis (2 x 3 cells).
// - BC-13, BC-14: on a later turn, when a road, city or monastery with a tile
//   in the fief is completed (empty or not, BC-Q1), the lord scores the value
//   of the best such feature of the turn once the turn's scoring is over, and
//   goes back; a castle that scores counts as such a feature for every other
//   castle whose fief holds one of its tiles (a chain).
// - BC-15: a castle that never scored gives nothing at the end; the final
//   scoring still lists it, 0 points, its lord going back (AMB-47).
// - BC-16: a castle bordering a field is worth 4 to the field's winners
//   instead of 3 (with the pig, 1 more, as a city: TB-21).
//
// BC-17 (a castle worth 5 to a barn) is scored with the barn
// (abbey_and_mayor.cc, AM-20, AM-22).
#pragma once

#include <optional>
#include <vector>

#include "engine/board.h"
#include "engine/expansion_module.h"
#include "engine/problem.h"
#include "engine/snapshot_limits.h"

namespace carcassonne {

class Castles : public ExpansionModule {
 public:
  // The snapshot check (expansion_module.h).
  void CheckOwnPieces(const GameState& state, const Board& board,
                      std::vector<Problem>& problems) const override;
  void CheckPiecesTogether(const GameState& state, const Board& board,
                           std::vector<Problem>& problems) const override;
  void SetUpGame(GameState& state) const override;
  void AfterTilePlaced(Game& game) const override;
  bool OpenDecisionBeforeTurnScoring(Game& game) const override;
  bool CheckOwnAction(const Game& game, const Action& action,
                      std::vector<Violation>& violations) const override;
  bool ApplyOwnAction(Game& game, const Action& action,
                      std::vector<ScoreEvent>& events) const override;
  void ListOwnActions(const Game& game, std::vector<Action>& actions) const override;
  bool ExplainMissingDecision(const Game& game, const Action& action,
                              Violation& reason) const override;
  void BeforeScoring(Game& game, int feature) const override;
  void AfterTurnScoring(Game& game, std::vector<ScoreEvent>& events) const override;
  void ModifyScore(const Game& game, int feature, ScoreEvent& event) const override;
  bool IsOwnFeature(const Game& game, int feature) const override;
  void AtEndOfGame(Game& game, std::vector<ScoreEvent>& events) const override;
};

// BC-02: castle tokens per player.
int CastlesOwned(const RuleSet& rules, int player_count);

// BC-10: whether the city `feature` has a castle's shape: two segments on two
// tiles, each touching only the side it shares with the other, neither marked
// no_castle_base.
bool HasCastleShape(const Board& board, int feature);

// BC-10: the player who may make the completed city `feature` a castle: the
// owner of its only knight (a follower or big follower, no other follower in
// it), who has a castle token left; nullopt otherwise.
std::optional<int> CastleCandidate(const Board& board, const GameState& state, int feature);

// BC-12: the six cells of a castle's fief.
std::vector<Position> Fief(const Castle& castle);

// The castle (index into GameState.castles) whose feature is `feature`, or -1.
int CastleAt(const Board& board, const GameState& state, int feature);

// Snapshot checks (CheckSnapshot's stages, referee.h). Each piece on its own:
// castles and castle tokens only with bc.castles; tokens in supply 0 to
// CastlesOwned; each castle a player's, on two segments of the board, its
// pending points within kMaxScore; at most kMaxCastleOffers offers, each on
// a segment of the board.
void CheckCastlePieces(const GameState& state, const Board& board, std::vector<Problem>& problems);
// The pieces together (only when every piece of the snapshot passed): each
// castle a castle-shaped completed city with its lord until it scored, castle
// tokens conserved, offers exactly in Phase::kPlaceCastle, each city once and
// a valid candidate, in turn order, the first one's knight owner deciding.
void CheckCastles(const GameState& state, const Board& board, std::vector<Problem>& problems);

}  // namespace carcassonne
