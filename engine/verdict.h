// The answer to "is this move legal?": violations with stable codes, a
// sentence, the place concerned and the rule that forbids the move.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/geometry.h"

namespace carcassonne {

// Stable codes; the numbering is the public API's (ViolationCode in the proto).
enum class ViolationCode {
  kWrongPhase = 1,
  kNotAdjacent = 2,
  kCellOccupied = 3,
  kEdgeMismatch = 4,
  kTileNotInBag = 5,
  kTileFitsSomewhere = 6,
  kNotOnPlacedTile = 7,
  kFeatureOccupied = 8,
  kNoFigureInSupply = 9,
  kGameOver = 10,
  kFigureNotAllowed = 11,
  // The builder or the pig needs one of its owner's followers in the feature
  // (TB-09, TB-19).
  kNoOwnFollower = 12,
  // The River's drawing order: a land tile while river tiles remain, a lake
  // before the other river tiles, another river tile before River II's fork,
  // a spring (RV-01, RV-02, RV-08, RV-10, RV-11).
  kRiverTilesFirst = 13,
  // A river tile that does not extend the river (RV-03) or would join two
  // open river ends (RV-09).
  kRiverNotExtended = 14,
  // A river tile that would make a U-turn (RV-04) or run the river into tiles
  // ahead (RV-05).
  kRiverUTurn = 15,
  // Mage & Witch: the mage and the witch may never stand on the same feature
  // (MW-05, MW-09).
  kMageWitchSameFeature = 16,
  // Mage & Witch: a magic figure goes only to a road or city of an unfinished
  // feature (MW-05, AMB-44), and a moved one to another feature (MW-06).
  kMagicTargetNotAllowed = 17,
  // Mage & Witch: a magic figure may be set aside only from the board, and
  // only when no figure has a legal place to go (MW-08, AMB-43).
  kMagicFigureSetAsideNotAllowed = 18,
  // The Count of Carcassonne: no follower may be moved out of the quarter
  // where the Count stands (CO-17), nor, with option
  // count.rgg_block_deploy_into_count_quarter, put into it (CO-54, AMB-11).
  kCountQuarterBlocked = 19,
  // The Count: the quarter does not match the feature (castle -> city,
  // blacksmith -> road, cathedral -> monastery, market -> field; CO-11,
  // CO-12, AMB-45).
  kWrongQuarterForFeature = 20,
  // The Count: the player has not that many followers of that kind in the
  // quarter (CO-10, CO-46).
  kNoFollowerInQuarter = 21,
  // The Count: the Count may not be moved so: under variant CO-19 he moves
  // only clockwise by himself, under CO-20 only to the new follower's quarter.
  kCountMoveNotAllowed = 22,
  // The Count: a redeployment target that the rules do not allow now: during
  // play only the feature about to be scored (CO-10); at the end a feature of
  // the final scoring, one follower at a time (CO-46, BG-20).
  kRedeployTargetNotAllowed = 23,
  // Abbey & Mayor: a wagon moves only onto an unfinished, unoccupied road,
  // city or monastery on the tile it stood on or one of the 8 around (AM-12).
  kWagonTargetNotAllowed = 24,
  // Abbey & Mayor: a barn goes on a corner of the tile just placed where four
  // tiles meet and the four corners are field of one field (AM-15).
  kBarnCornerNotAllowed = 25,
  // The Cult: a shrine may neighbour (8 cells) at most one monastery and a
  // monastery at most one shrine, and a placement may not give an existing
  // shrine or monastery a second neighbour of the other kind (CU-03, CU-04).
  kShrineMonasteryNeighbours = 26,
  // Siege: only the active player's follower in a besieged city that a
  // cloister borders (a tile with a siege symbol, or with option
  // siege.escape_adjacency = any_city_tile any tile of the city) may escape
  // (SI-10, SI-11, SI-12).
  kEscapeNotAllowed = 27,
  // AMB-49: the action names a seat other than the one whose decision is
  // pending (GameState.deciding_player); the rule id is the pending
  // decision's (BG-01, CO-05, CO-13, CO-46, MW-04, MW-09, AM-12, BC-10).
  kNotYourDecision = 28,
  // Hills & Sheep: the tile put face down under a hill tile (HS-03) is
  // missing, not in the bag, or given where none goes (not a hill tile, or
  // the bag is empty once the hill tile is drawn, HS-04).
  kHillHiddenTileNotAllowed = 123,
  // AMB-40: Action.scoring_order is not an order of exactly the features
  // the placed tile completed (one segment of each, each once), or it comes
  // on an action that does not end the figure step.
  kScoringOrderInvalid = 100,
  // AMB-48, BG-20: an explicit end of the game with a tracked bag (the bag
  // ends the game itself when it is empty), or before the last tile's turn
  // is over (a decision of that turn is pending).
  kGameEndNotAllowed = 101,
  // Abbey & Mayor: the abbey tile in a game without option am.abbey (AM-01),
  // by a player who placed theirs already (AM-03), or not into a hole: an
  // empty cell with placed tiles on all four sides (AM-03).
  kAbbeyNotInGame = 170,
  kNoAbbeyLeft = 171,
  kAbbeyNotInHole = 172,
  // The Princess & the Dragon (numbers from its proto range): a step of the
  // dragon's flight goes onto a tile next to the dragon (orthogonally) that
  // it has not visited in this flight and where the fairy does not stand
  // (PD-10, PD-16).
  kDragonStepNotAllowed = 140,
  // ... a tile with a dragon symbol drawn while the dragon is not yet in play
  // is set aside and another drawn (PD-08).
  kDragonNotInPlay = 141,
  // ... the princess sends home only a knight of the city her segment is part
  // of, and only in the figure step of the tile that shows her (PD-21).
  kPrincessNotAllowed = 142,
  // Under the Big Top (numbers from its proto range): the placement of a
  // circus tile names no animal token, or a placement of another tile names
  // one (BT-04, BT-05: a token goes under the big top only with a circus
  // tile); or the game has no Under the Big Top.
  kAnimalTokenNotAllowed = 250,
  // ... the token named is not left in the supply (BT-01, BT-05); with all 16
  // drawn no circus tile can be placed (BT-09: one copy has 12 circus tiles).
  kAnimalTokenNotInSupply = 251,
  // ... with option pd.princess = must (PD-23), a player whose princess's
  // city holds a knight sends one home: no other figure step (a figure, the
  // fairy, a barn, a pass) is allowed.
  kPrincessRemovalRequired = 342,
  // The Tower (numbers from its proto range): a floor goes from the player's
  // supply onto an empty foundation or an open tower (TW-02, TW-03, TW-05).
  kTowerFloorNotAllowed = 210,
  // ... a follower (not a mayor or wagon) from the supply goes on top of an
  // open tower of height at least 1 (TW-03 (d), TW-04, TW-05, TW-06).
  kTowerTopNotAllowed = 211,
  // ... a capture takes one follower (not a builder, pig or castle lord)
  // within the reach of the tower just raised (TW-07, TW-09, TW-10).
  kCaptureNotAllowed = 212,
  // ... in the exchange the capturer takes back a kind of theirs that the
  // other player holds (TW-11).
  kExchangeNotAllowed = 213,
  // ... a ransom frees one's own prisoner on one's own turn, once a turn,
  // for 3 points one must have (TW-12, TW-Q2).
  kRansomNotAllowed = 214,
  // Hills & Sheep (numbers from its proto range): the sheep or wolf token an
  // action says was drawn cannot have been in the bag: the tracked bag
  // (GameState.sheep_bag) holds none of that kind, or without one, every
  // token of that kind of the set (HS-01) lies in a flock (HS-14, HS-17).
  kSheepTokenNotInBag = 230,
  // The Abbot: no abbot of the player on that segment, or its monastery or
  // garden is complete (AB-07, AB-08).
  kAbbotRetreatNotAllowed = 270,
  // The Festival: the figure named is not one the player may take back now
  // (not after a festival tile, not theirs, not on the board, or not a
  // follower under festival.return = follower; FV-03..FV-05, FV-09).
  kFigureTakeBackNotAllowed = 420,
  // Bridges, Castles & Bazaars, the bazaar: the player holds a tile obtained
  // in a bazaar and places it instead of drawing one (BC-21).
  kBazaarTileExpected = 290,
  // ... the tiles revealed for the bazaar: one per player, each drawable
  // (in the tracked bag, or a copy of the set left); PassAction only when
  // fewer tiles than players are left (BC-18, BC-19).
  kBazaarDrawInvalid = 291,
  // ... the tile offered is no revealed tile, or already has an owner
  // (BC-19).
  kBazaarLotNotAvailable = 292,
  // ... a bid: 0 or more when opening, higher than the highest bid when
  // bidding, at most the bidder's score (BC-Q2), 0 without bidding (BC-22).
  kBazaarBidNotAllowed = 293,
  // ... buying when the picker's score does not cover the highest bid
  // (BC-Q2), or selling when nobody outbid the picker (BC-20).
  kBazaarSettleNotAllowed = 294,
  // Bridges, Castles & Bazaars, the bridges: a bridge in a game without
  // them (option bc.bridges, BC-01).
  kBridgeNotInGame = 360,
  // ... the player has no bridge left in supply (BC-02).
  kNoBridgeLeft = 361,
  // ... a bridge was placed in this turn already (BC-03: one a turn; the
  // builder's second tile, TB-11, takes none).
  kBridgeAlreadyPlaced = 362,
  // ... the bridge is neither on the tile placed nor on a tile next to it
  // with one end meeting it; or the tile placed shows no road where that end
  // meets it; or its far end faces a placed tile (BC-03, BC-04).
  kBridgeMisplaced = 363,
  // ... an end of the bridge is not on a field side of its tile, or the
  // tile has a bridge already (BC-04).
  kBridgeNotOverFields = 364,
};

struct Violation {
  ViolationCode code;
  std::string message;
  std::optional<Position> cell;      // the cell concerned, if any
  std::optional<int> segment_index;  // the segment of the tile at `cell`, if any
  std::string_view rule_id;          // e.g. "BG-02"
};

struct Verdict {
  std::vector<Violation> violations;
  bool legal() const { return violations.empty(); }
};

}  // namespace carcassonne
