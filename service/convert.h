// Translation between the public API's messages (carcassonne.v1) and the
// engine's types, with precise validation of malformed input.
//
// Proto -> engine: every function appends one FieldProblem per malformed field
// to `problems`, naming the field by its full path from the request root
// ("state.tiles[2].rotation", "action.place_figure.segment", "tile_type"), and
// returns nothing when the input cannot be translated. Then the engine's own
// consistency checks (CheckSnapshot, CheckAction) run, and their fields are
// reported under the same prefix. Nothing here decides a rule: an input that
// is well formed but illegal is the engine's verdict, not a problem.
//
// Engine -> proto: the snapshot, verdicts, score events, legal actions, the
// end-of-game scoring and the catalogue. A segment in an answer is named by its
// canonical location (geometry.md), or by its catalogue segment id when it
// touches no location. The output depends only on the input (deterministic).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "carcassonne/v1/referee.pb.h"
#include "engine/referee.h"
#include "service/error_reasons.h"

namespace carcassonne::service {

namespace v1 = ::carcassonne::v1;

class SegmentNaming;  // segment_naming.h

// FieldProblem, FieldProblems: see error_reasons.h.

// The seat fields of the API: every int32 field of a request's messages that
// names a player by their index into GameState.players (full names). Each is
// checked by one rule (CheckSeat, convert_internal.h): 0 to the number of
// players - 1, else INVALID_ARGUMENT, reason SEAT_OUT_OF_RANGE, naming the
// field. The test field_rules_test walks the descriptors of every request:
// each int32 field is a coordinate (x, y), one of these, or one of its list
// of other numbers, and a new one fails it until it is classified.
inline constexpr std::string_view kSeatFields[] = {
    "carcassonne.v1.Figure.owner",
    "carcassonne.v1.Flock.owner",
    "carcassonne.v1.QuarterFollower.owner",
    "carcassonne.v1.CountOfCarcassonne.final_passed",
    "carcassonne.v1.GameState.active_player",
    "carcassonne.v1.GameState.deciding_player",
    "carcassonne.v1.GameState.final_abbey_last_seat",
    "carcassonne.v1.Tower.top_owner",
    "carcassonne.v1.Prisoner.jailer",
    "carcassonne.v1.Prisoner.owner",
    "carcassonne.v1.BazaarLot.owner",
    "carcassonne.v1.BazaarAuction.picker",
    "carcassonne.v1.BazaarAuction.high_bidder",
    "carcassonne.v1.Barn.owner",
    "carcassonne.v1.Castle.owner",
    "carcassonne.v1.KingAndRobberBaron.king_holder",
    "carcassonne.v1.KingAndRobberBaron.robber_holder",
    "carcassonne.v1.KingAndRobberBaron.king_holder_before_turn",
    "carcassonne.v1.KingAndRobberBaron.robber_holder_before_turn",
    "carcassonne.v1.Action.actor",
    "carcassonne.v1.PayRansom.jailer",
};

// "a" + "b" -> "a.b"; "" + "b" -> "b".
std::string FieldPath(std::string_view path, std::string_view name);
// "a" + 3 -> "a[3]".
std::string IndexPath(std::string_view path, int index);

// ---------------------------------------------------------------------------
// Proto -> engine. `path` is the path of the message being read ("state",
// "action", "actions[2]", "rules", ...).

// A rule set: every expansion a known value (at most one entry per value), a
// known tiny_city_points value. (Duplicates, and whether this build supports
// an expansion, are the engine's checks.)
std::optional<RuleSet> RuleSetFromProto(const v1::RuleSet& proto, std::string_view path,
                                        FieldProblems& problems);

// A tile type id ("base:D"); `path` names the string field itself.
const TileType* TileTypeFromProto(std::string_view id, std::string_view path,
                                  FieldProblems& problems);

// Under the Big Top: an animal token; ANIMAL_TOKEN_UNSPECIFIED reads as none
// (nullopt). An unknown value is a problem at `field`.
std::optional<Animal> AnimalFromProto(int value, std::string field, FieldProblems& problems);

// A snapshot: every field translated (tile types known, rotations 0/90/180/270,
// enums in range and not UNSPECIFIED where required, every figure's segment
// (and the mage's and the witch's) naming a segment of the tile on its cell,
// bag entries positive and each type once), then, when that succeeds, the
// engine's CheckSnapshot.
std::optional<GameState> GameStateFromProto(const v1::GameState& proto, std::string_view path,
                                            FieldProblems& problems);
// The same, building the engine's Game (board included) in the same pass as
// the consistency checks: what the handlers use.
std::optional<Game> GameFromProto(const v1::GameState& proto, std::string_view path,
                                  FieldProblems& problems);

// An action of the deciding player in `state`. Segment references are resolved
// against `state` (which must have passed GameStateFromProto); then the
// engine's CheckAction runs. With a null `state` (the snapshot was malformed)
// only the action's own fields are checked and nothing is returned.
std::optional<Action> ActionFromProto(const v1::Action& proto, const GameState* state,
                                      std::string_view path, FieldProblems& problems);

// `state` with the tiles of every PlaceTile in `actions` appended: the board
// that later steps of a turn refer to, used only to resolve and to name the
// segments of tiles placed earlier in the same turn (no rule is checked).
GameState WithTilesPlacedBy(const GameState& state, std::span<const Action> actions);

// ---------------------------------------------------------------------------
// Engine -> proto. `naming` is a snapshot that holds every tile a segment in
// the value may lie on (used to name segments canonically).

void GameStateToProto(const GameState& state, v1::GameState* proto);
void SegmentRefToProto(const SegmentAddress& segment, const GameState& naming,
                       v1::SegmentRef* proto);
void ActionToProto(const Action& action, const GameState& naming, v1::Action* proto);
void VerdictToProto(const Verdict& verdict, const GameState& naming, v1::Verdict* proto);
void ScoreEventToProto(const ScoreEvent& event, const GameState& naming, v1::ScoreEvent* proto);
void ScoreEventsToProto(std::span<const ScoreEvent> events, const GameState& naming,
                        google::protobuf::RepeatedPtrField<v1::ScoreEvent>* proto);
// The same, naming the segments through a SegmentNaming of the snapshot
// (segment_naming.h): for an answer that names many segments of one board.
void ScoreEventToProto(const ScoreEvent& event, const SegmentNaming& naming, v1::ScoreEvent* proto);
void ScoreEventsToProto(std::span<const ScoreEvent> events, const SegmentNaming& naming,
                        google::protobuf::RepeatedPtrField<v1::ScoreEvent>* proto);
// `drawn` is the tile the legal actions were listed for (tile phase), or null.
void LegalActionsToProto(const LegalActions& legal, const GameState& state, const TileType* drawn,
                         v1::ListLegalActionsResponse* proto);
void FinalScoringToProto(const FinalScoring& scoring, const GameState& state,
                         v1::ScoreGameResponse* proto);

// The catalogue of this build (built once; every tile set, tile type and
// segment of Catalogue::Get(), and the rule options).
const v1::GetCatalogResponse& CatalogProto();

// Proto enum value of an engine code (same numbering, see verdict.h).
v1::ViolationCode ViolationCodeToProto(ViolationCode code);
v1::FeatureKind FeatureKindToProto(FeatureKind kind);
// The same conversions as the snapshot's, for the board description
// (describe_board.cc).
v1::FigureKind FigureKindEnumToProto(FigureKind kind);
v1::SegmentKind SegmentKindEnumToProto(SegmentKind kind);
void FigureOnBoardToProto(const Figure& figure, const GameState& naming, v1::Figure* proto);

}  // namespace carcassonne::service
