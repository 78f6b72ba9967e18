// The scenario runner (see scenario_runner.h). No rule is decided here: every
// verdict, score and event comes from the referee (the service handlers, in
// process or behind a server: referee_endpoint.h); this file only
// compares them with the expectations written by hand in the scenario file.
// (Over 600 lines: the file format's reading, the steps' execution and the report share the
// scenario's state; a split into reader, runner and report is a debt.)
#include "clients/scenario/scenario_runner.h"

#include <google/protobuf/util/json_util.h>
#include <google/protobuf/util/message_differencer.h>
#include <grpcpp/support/status.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/string_view.h"
#include "absl/strings/strip.h"
#include "google/rpc/error_details.pb.h"
#include "google/rpc/status.pb.h"

namespace carcassonne::scenario {
namespace {

namespace api = ::carcassonne::v1;
namespace spec = ::carcassonne::scenario::v1;

using Diffs = std::vector<std::string>;

// --------------------------------------------------------------------------
// Names

std::string StripPrefix(absl::string_view name, absl::string_view prefix) {
  absl::ConsumePrefix(&name, prefix);
  return std::string(name);
}

std::string Lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

std::string LocationName(int location) {
  return StripPrefix(api::Location_Name(static_cast<api::Location>(location)), "LOCATION_");
}
std::string CodeName(int code) {
  return StripPrefix(api::ViolationCode_Name(static_cast<api::ViolationCode>(code)),
                     "VIOLATION_CODE_");
}
std::string PhaseName(int phase) {
  return StripPrefix(api::Phase_Name(static_cast<api::Phase>(phase)), "PHASE_");
}
std::string FeatureName(int kind) {
  return Lower(
      StripPrefix(api::FeatureKind_Name(static_cast<api::FeatureKind>(kind)), "FEATURE_KIND_"));
}
std::string TriggerName(int trigger) {
  switch (trigger) {
    case api::SCORING_TRIGGER_COMPLETED:
      return "completed during play";
    case api::SCORING_TRIGGER_END_OF_GAME:
      return "end of game";
    default:
      return Lower(StripPrefix(api::ScoringTrigger_Name(static_cast<api::ScoringTrigger>(trigger)),
                               "SCORING_TRIGGER_"));
  }
}
std::string FigureKindName(int kind) {
  return Lower(
      StripPrefix(api::FigureKind_Name(static_cast<api::FigureKind>(kind)), "FIGURE_KIND_"));
}
std::string MagicFigureName(int figure) {
  return Lower(
      StripPrefix(api::MagicFigure_Name(static_cast<api::MagicFigure>(figure)), "MAGIC_FIGURE_"));
}
std::string QuarterName(int quarter) {
  return Lower(StripPrefix(api::Quarter_Name(static_cast<api::Quarter>(quarter)), "QUARTER_"));
}
std::string MagicStepName(int step) {
  return StripPrefix(api::MagicStep_Name(static_cast<api::MagicStep>(step)), "MAGIC_STEP_");
}

std::string StatusCodeName(grpc::StatusCode code) {
  switch (code) {
    case grpc::StatusCode::OK:
      return "OK";
    case grpc::StatusCode::CANCELLED:
      return "CANCELLED";
    case grpc::StatusCode::INVALID_ARGUMENT:
      return "INVALID_ARGUMENT";
    case grpc::StatusCode::DEADLINE_EXCEEDED:
      return "DEADLINE_EXCEEDED";
    case grpc::StatusCode::NOT_FOUND:
      return "NOT_FOUND";
    case grpc::StatusCode::FAILED_PRECONDITION:
      return "FAILED_PRECONDITION";
    case grpc::StatusCode::RESOURCE_EXHAUSTED:
      return "RESOURCE_EXHAUSTED";
    case grpc::StatusCode::UNIMPLEMENTED:
      return "UNIMPLEMENTED";
    case grpc::StatusCode::INTERNAL:
      return "INTERNAL";
    case grpc::StatusCode::UNAVAILABLE:
      return "UNAVAILABLE";
    default:
      return absl::StrCat("status ", static_cast<int>(code));
  }
}

template <typename Range>
std::string List(const Range& values) {
  return absl::StrCat("[", absl::StrJoin(values, ", "), "]");
}

template <typename Range>
std::string CodeList(const Range& codes) {
  return absl::StrCat(
      "[",
      absl::StrJoin(codes, ", ", [](std::string* out, int code) { out->append(CodeName(code)); }),
      "]");
}

std::string Quoted(absl::string_view text) {
  return text.empty() ? std::string("(none)") : absl::StrCat("\"", text, "\"");
}

std::string Plural(int count, absl::string_view singular, absl::string_view plural) {
  return absl::StrCat(count, " ", count == 1 ? singular : plural);
}

// Goods tokens (Traders & Builders), e.g. "1 wine, 2 grain, 0 cloth".
std::string DescribeGoods(const api::TradeGoods& goods) {
  return absl::StrCat(goods.wine(), " wine, ", goods.grain(), " grain, ", goods.cloth(), " cloth");
}

bool SameGoods(const api::TradeGoods& a, const api::TradeGoods& b) {
  return a.wine() == b.wine() && a.grain() == b.grain() && a.cloth() == b.cloth();
}

std::string DescribeSegment(const api::SegmentRef& segment) {
  std::string cell = absl::StrFormat("(%d,%d)", segment.x(), segment.y());
  switch (segment.segment_case()) {
    case api::SegmentRef::kLocation:
      return absl::StrCat(cell, " ", LocationName(segment.location()));
    case api::SegmentRef::kSegmentId:
      return absl::StrCat(cell, " ", segment.segment_id());
    default:
      return cell;
  }
}

// Mage & Witch: where the magic figures stand, e.g. "mage (1,0) N, witch set
// aside".
std::string DescribeMagicFigures(bool has_mage, const api::SegmentRef& mage, bool has_witch,
                                 const api::SegmentRef& witch) {
  return absl::StrCat("mage ", has_mage ? DescribeSegment(mage) : "set aside", ", witch ",
                      has_witch ? DescribeSegment(witch) : "set aside");
}

bool SameSegment(const api::SegmentRef& a, const api::SegmentRef& b) {
  return google::protobuf::util::MessageDifferencer::Equals(a, b);
}

bool HasMageAndWitch(const api::GameState& state) {
  for (int expansion : state.rules().expansions()) {
    if (expansion == api::EXPANSION_MAGE_AND_WITCH) return true;
  }
  return false;
}

// King & Robber Baron.
bool HasKingAndRobberBaron(const api::GameState& state) {
  for (int expansion : state.rules().expansions()) {
    if (expansion == api::EXPANSION_KING_AND_ROBBER_BARON) return true;
  }
  return false;
}

bool IsAwardKind(int kind) {
  return kind == api::FEATURE_KIND_KING || kind == api::FEATURE_KIND_ROBBER_BARON;
}

std::string HolderName(bool has_holder, int holder) {
  return has_holder && holder >= 0 ? absl::StrCat("player ", holder) : std::string("nobody");
}

// E.g. "King: player 1, record 5; Robber Baron: nobody, record 0".
std::string DescribeTokens(const api::KingAndRobberBaron& tokens) {
  return absl::StrCat("King: ", HolderName(tokens.has_king_holder(), tokens.king_holder()),
                      ", record ", tokens.king_record(), "; Robber Baron: ",
                      HolderName(tokens.has_robber_holder(), tokens.robber_holder()), ", record ",
                      tokens.robber_record());
}

// --------------------------------------------------------------------------
// Status of a rejected request: the code, the message and every field path of
// the google.rpc.BadRequest detail.

std::vector<std::string> DescribeStatus(const grpc::Status& status) {
  std::vector<std::string> lines;
  lines.push_back(absl::StrCat("request rejected: ", StatusCodeName(status.error_code()), ": ",
                               status.error_message()));
  google::rpc::Status rich;
  if (!status.error_details().empty() && rich.ParseFromString(status.error_details())) {
    for (const auto& detail : rich.details()) {
      google::rpc::BadRequest bad_request;
      if (!detail.UnpackTo(&bad_request)) continue;
      for (const auto& violation : bad_request.field_violations()) {
        lines.push_back(
            absl::StrCat("bad field ", violation.field(), ": ", violation.description()));
      }
    }
  }
  return lines;
}

// --------------------------------------------------------------------------
// Events

// The points each majority player scores from an event, "+10" when they all
// score the same (", each" when several do), else "0: +10, 1: +8".
std::string DescribePoints(const api::ScoreEvent& event) {
  std::set<int> amounts;
  for (const auto& points : event.points()) amounts.insert(points.points());
  if (event.points().empty()) return "nobody scores";
  if (amounts.size() == 1) {
    return absl::StrCat("+", *amounts.begin(), event.points_size() > 1 ? " each" : "");
  }
  return absl::StrJoin(event.points(), ", ", [](std::string* out, const api::PlayerPoints& p) {
    absl::StrAppend(out, p.player(), ": +", p.points());
  });
}

std::string EventHeadline(int kind, bool complete, int trigger, int tile_count) {
  std::string text = FeatureName(kind);
  if (kind != api::FEATURE_KIND_FIELD && !IsAwardKind(kind) &&
      (kind != api::FEATURE_KIND_TRADE_GOODS || trigger == api::SCORING_TRIGGER_COMPLETED))
    absl::StrAppend(&text, complete ? " complete" : " incomplete");
  if (trigger != api::SCORING_TRIGGER_COMPLETED)
    absl::StrAppend(&text, " (", TriggerName(trigger), ")");
  if (tile_count >= 0) absl::StrAppend(&text, ", ", Plural(tile_count, "tile", "tiles"));
  return text;
}

std::string DescribeExpectedEvent(const spec::EventExpectation& event) {
  std::string text = EventHeadline(event.feature_kind(), event.complete(), event.trigger(),
                                   event.has_tile_count() ? event.tile_count() : -1);
  if (event.player_points_size() > 0) {
    absl::StrAppend(&text, ", majority ", List(event.majority_players()), ": ",
                    absl::StrJoin(event.player_points(), ", ",
                                  [](std::string* out, const api::PlayerPoints& p) {
                                    absl::StrAppend(out, p.player(), ": +", p.points());
                                  }),
                    " ", List(event.line_item_rule_ids()));
  } else {
    absl::StrAppend(&text, ", majority ", List(event.majority_players()), ": +", event.points(),
                    event.majority_players_size() > 1 ? " each" : "", " ",
                    List(event.line_item_rule_ids()));
  }
  if (event.has_goods_player()) absl::StrAppend(&text, ", goods to player ", event.goods_player());
  if (event.has_goods_taken()) absl::StrAppend(&text, ": ", DescribeGoods(event.goods_taken()));
  if (event.has_award_holder()) {
    absl::StrAppend(&text, ", held by ", HolderName(true, event.award_holder()));
  }
  if (event.has_award_record()) absl::StrAppend(&text, ", record ", event.award_record());
  if (event.has_award_transferred()) {
    absl::StrAppend(&text, event.award_transferred() ? ", moved" : ", not moved");
  }
  if (event.has_award_previous_holder()) {
    absl::StrAppend(&text, " from ", HolderName(true, event.award_previous_holder()));
  }
  return text;
}

// The differences between an expected and an actual event, one per field.
Diffs EventDiffs(const spec::EventExpectation& expected, const api::ScoreEvent& actual) {
  Diffs diffs;
  auto differ = [&diffs](absl::string_view field, const std::string& want, const std::string& got) {
    if (want != got) diffs.push_back(absl::StrCat(field, ": expected ", want, ", actual ", got));
  };
  differ("feature kind", FeatureName(expected.feature_kind()), FeatureName(actual.feature_kind()));
  differ("complete", expected.complete() ? "true" : "false", actual.complete() ? "true" : "false");
  differ("trigger", TriggerName(expected.trigger()), TriggerName(actual.trigger()));
  if (expected.has_tile_count()) {
    differ("tiles", absl::StrCat(expected.tile_count()), absl::StrCat(actual.tiles_size()));
  }
  if (expected.has_segment_count()) {
    differ("segments", absl::StrCat(expected.segment_count()),
           absl::StrCat(actual.segments_size()));
  }
  differ("majority", List(expected.majority_players()), List(actual.majority_players()));
  if (expected.has_majority_strength()) {
    differ("majority strength", absl::StrCat(expected.majority_strength()),
           absl::StrCat(actual.majority_strength()));
  }
  // Points: every player listed in the event's points must be a majority
  // player and score the expected amount.
  std::map<int, int> got;
  for (const auto& points : actual.points()) got[points.player()] = points.points();
  std::map<int, int> want;
  if (expected.player_points_size() > 0) {
    for (const auto& points : expected.player_points()) want[points.player()] = points.points();
  } else {
    for (int player : expected.majority_players()) want[player] = expected.points();
  }
  if (got != want) {
    auto format = [](const std::map<int, int>& points) {
      if (points.empty()) return std::string("nobody scores");
      return absl::StrJoin(points, ", ", [](std::string* out, const std::pair<const int, int>& p) {
        absl::StrAppend(out, "player ", p.first, " +", p.second);
      });
    };
    diffs.push_back(absl::StrCat("points: expected ", format(want), ", actual ", format(got)));
  }
  std::vector<std::string> rule_ids;
  std::vector<int> item_points;
  std::vector<int> item_players;
  for (const auto& item : actual.line_items()) {
    rule_ids.push_back(item.rule_id());
    item_points.push_back(item.points());
    item_players.push_back(item.has_player() ? item.player() : -1);
  }
  differ("line item rule ids", List(expected.line_item_rule_ids()), List(rule_ids));
  if (expected.line_item_points_size() > 0) {
    differ("line item points", List(expected.line_item_points()), List(item_points));
  }
  if (expected.line_item_players_size() > 0) {
    differ("line item players", List(expected.line_item_players()), List(item_players));
  }
  if (expected.has_goods_player()) {
    differ("goods player", absl::StrCat(expected.goods_player()),
           absl::StrCat(actual.has_goods_player() ? actual.goods_player() : -1));
  }
  if (expected.has_goods_taken()) {
    differ("goods taken", DescribeGoods(expected.goods_taken()),
           DescribeGoods(actual.goods_taken()));
  }
  if (expected.goods_kind() != api::GOODS_KIND_UNSPECIFIED) {
    differ("goods kind", api::GoodsKind_Name(expected.goods_kind()),
           api::GoodsKind_Name(actual.goods_kind()));
  }
  if (expected.has_returned_figures()) {
    differ("returned figures", absl::StrCat(expected.returned_figures()),
           absl::StrCat(actual.returned_figures_size()));
  }
  const api::KingRobberAward& award = actual.award();
  if (expected.has_award_holder()) {
    differ("award holder", HolderName(true, expected.award_holder()),
           HolderName(award.has_holder(), award.holder()));
  }
  if (expected.has_award_record()) {
    differ("award record", absl::StrCat(expected.award_record()), absl::StrCat(award.record()));
  }
  if (expected.has_award_transferred()) {
    differ("award transferred", expected.award_transferred() ? "true" : "false",
           award.transferred() ? "true" : "false");
  }
  if (expected.has_award_previous_holder()) {
    differ("award previous holder", HolderName(true, expected.award_previous_holder()),
           HolderName(award.has_previous_holder(), award.previous_holder()));
  }
  return diffs;
}

// Matches expected events to actual ones in any order. Exact matches first;
// each remaining expected event is compared with the closest remaining actual
// event (same kind first); what is left over is missing or unexpected.
Diffs CompareEvents(const google::protobuf::RepeatedPtrField<spec::EventExpectation>& expected,
                    const google::protobuf::RepeatedPtrField<api::ScoreEvent>& actual) {
  Diffs diffs;
  std::vector<bool> used(actual.size(), false);
  std::vector<int> unmatched;
  for (int i = 0; i < expected.size(); ++i) {
    bool matched = false;
    for (int j = 0; j < actual.size() && !matched; ++j) {
      if (!used[j] && EventDiffs(expected[i], actual[j]).empty()) used[j] = matched = true;
    }
    if (!matched) unmatched.push_back(i);
  }
  for (int i : unmatched) {
    int best = -1;
    size_t best_cost = 0;
    for (int j = 0; j < actual.size(); ++j) {
      if (used[j]) continue;
      size_t cost = EventDiffs(expected[i], actual[j]).size();
      if (actual[j].feature_kind() != expected[i].feature_kind()) cost += 100;
      if (best < 0 || cost < best_cost) {
        best = j;
        best_cost = cost;
      }
    }
    if (best < 0) {
      diffs.push_back(absl::StrCat("missing event: ", DescribeExpectedEvent(expected[i])));
      continue;
    }
    used[best] = true;
    diffs.push_back(absl::StrCat("event \"", DescribeExpectedEvent(expected[i]), "\" vs actual \"",
                                 DescribeEvent(actual[best]), "\": ",
                                 absl::StrJoin(EventDiffs(expected[i], actual[best]), "; ")));
  }
  for (int j = 0; j < actual.size(); ++j) {
    if (!used[j]) diffs.push_back(absl::StrCat("unexpected event: ", DescribeEvent(actual[j])));
  }
  return diffs;
}

// --------------------------------------------------------------------------
// The runner of one scenario.

class Runner {
 public:
  Runner(const spec::Scenario& scenario, std::ostream& out, RefereeEndpoint& referee)
      : scenario_(scenario), out_(out), referee_(referee) {}

  Tally Run() {
    out_ << "=== " << scenario_.name() << "\n";
    if (!scenario_.description().empty()) out_ << "    " << scenario_.description() << "\n";
    if (!scenario_.rule_ids().empty()) {
      out_ << "    rules: " << absl::StrJoin(scenario_.rule_ids(), ", ") << "\n";
    }
    if (!Start()) {
      int expectations = CountExpectations();
      out_ << "  FAIL start: no game to play; "
           << Plural(expectations, "expectation", "expectations") << " not run\n";
      tally_.failed += std::max(expectations, 1);
    } else {
      for (int i = 0; i < scenario_.steps_size(); ++i) RunStep(i, scenario_.steps(i));
      if (scenario_.has_final()) {
        CheckScoreGame("final", scenario_.final(), scenario_.final().comment());
      }
    }
    out_ << "--- " << scenario_.name() << ": " << tally_.passed << " passed, " << tally_.failed
         << " failed\n";
    return tally_;
  }

 private:
  int CountExpectations() const {
    int count = scenario_.has_final() ? 1 : 0;
    for (const auto& step : scenario_.steps()) {
      if (step.has_expect()) count += step.expect().has_score_game() ? 2 : 1;
    }
    return count;
  }

  std::string PlayerLabel(int player) const {
    if (player >= 0 && player < state_.players_size() && !state_.players(player).name().empty()) {
      return absl::StrCat(state_.players(player).name(), " [", player, "]");
    }
    return absl::StrCat("player ", player);
  }

  std::string PlayersSummary() const {
    std::vector<std::string> players;
    for (int i = 0; i < state_.players_size(); ++i) {
      const api::Player& player = state_.players(i);
      std::string extra;
      if (player.big_followers() > 0) absl::StrAppend(&extra, ", ", player.big_followers(), " big");
      if (player.builders() > 0) absl::StrAppend(&extra, ", ", player.builders(), " builder");
      if (player.pigs() > 0) absl::StrAppend(&extra, ", ", player.pigs(), " pig");
      if (player.mayors() > 0) absl::StrAppend(&extra, ", ", player.mayors(), " mayor");
      if (player.wagons() > 0) absl::StrAppend(&extra, ", ", player.wagons(), " wagon");
      if (player.castles() > 0) absl::StrAppend(&extra, ", ", player.castles(), " castles");
      if (player.bridges() > 0) absl::StrAppend(&extra, ", ", player.bridges(), " bridges");
      if (player.has_goods() && !SameGoods(player.goods(), api::TradeGoods())) {
        absl::StrAppend(&extra, ", goods ", DescribeGoods(player.goods()));
      }
      players.push_back(absl::StrCat(i, " ", player.name().empty() ? "?" : player.name(), " (",
                                     player.score(), " pts, ", player.followers(), " in supply",
                                     extra, ")"));
    }
    return absl::StrJoin(players, "; ");
  }

  bool Start() {
    switch (scenario_.start_case()) {
      case spec::Scenario::kNewGame: {
        api::NewGameResponse response;
        grpc::Status status = referee_.NewGame(scenario_.new_game(), &response);
        if (!status.ok()) {
          out_ << "start: NewGame\n";
          for (const auto& line : DescribeStatus(status)) out_ << "  " << line << "\n";
          return false;
        }
        state_ = response.state();
        out_ << "start: NewGame; players " << PlayersSummary() << "\n";
        return true;
      }
      case spec::Scenario::kState:
        state_ = scenario_.state();
        out_ << "start: snapshot with " << Plural(state_.tiles_size(), "tile", "tiles") << ", "
             << Plural(state_.figures_size(), "figure", "figures") << ", bag "
             << (state_.has_bag() ? Plural(BagTotal(), "tile", "tiles") : std::string("untracked"))
             << ", " << PhaseName(state_.phase()) << ", " << PlayerLabel(state_.deciding_player())
             << " to decide; players " << PlayersSummary() << "\n";
        return true;
      default:
        out_ << "start: missing (the file needs \"newGame\" or \"state\")\n";
        return false;
    }
  }

  int BagTotal() const {
    int total = 0;
    for (const auto& count : state_.bag().tiles()) total += count.count();
    return total;
  }

  void Report(absl::string_view label, const Diffs& diffs, absl::string_view comment) {
    if (diffs.empty()) {
      out_ << "  PASS " << label << "\n";
      ++tally_.passed;
      return;
    }
    for (const auto& diff : diffs) out_ << "  FAIL " << label << ": " << diff << "\n";
    if (!comment.empty()) out_ << "    hand computation: " << comment << "\n";
    ++tally_.failed;
  }

  void RunStep(int index, const spec::Step& step) {
    const std::string label = absl::StrCat("step ", index + 1);
    out_ << label << ": " << PlayerLabel(state_.deciding_player()) << " "
         << DescribeAction(step.action());
    // AMB-49: the seat the action names, when it names one.
    if (step.action().has_actor()) out_ << " (by seat " << step.action().actor() << ")";
    // AMB-40: the order of the features the tile completed, when given.
    if (!step.action().scoring_order().empty()) {
      out_ << " (scoring order "
           << absl::StrJoin(step.action().scoring_order(), ", ",
                            [](std::string* out, const api::SegmentRef& segment) {
                              absl::StrAppend(out, DescribeSegment(segment));
                            })
           << ")";
    }

    api::ApplyActionRequest request;
    *request.mutable_state() = state_;
    *request.mutable_action() = step.action();
    api::ApplyActionResponse response;
    grpc::Status status = referee_.ApplyAction(request, &response);
    if (!status.ok()) {
      // A malformed request is never what a scenario expects: a FAIL that
      // names the offending field paths. The state stays as it was.
      out_ << " → rejected\n";
      Diffs diffs = DescribeStatus(status);
      if (!step.has_expect()) {
        for (const auto& line : diffs) out_ << "  " << line << "\n";
        return;
      }
      Report(label, diffs, step.comment());
      if (step.expect().has_score_game()) {
        Report(absl::StrCat(label, " what-if"), {"not run: the step was rejected"}, "");
      }
      return;
    }

    const api::Verdict& verdict = response.verdict();
    out_ << (verdict.legal() ? " → legal" : " → illegal") << "\n";
    for (const auto& violation : verdict.violations()) {
      out_ << "  violation: " << CodeName(violation.code()) << " (" << violation.rule_id() << ")";
      if (violation.has_location()) out_ << " at " << DescribeSegment(violation.location());
      out_ << ": " << violation.message() << "\n";
    }
    for (const auto& event : response.events()) {
      out_ << "  " << label << ": " << DescribeEvent(event) << "\n";
    }
    if (verdict.legal()) state_ = response.state();
    if (verdict.legal() && HasMageAndWitch(state_)) {
      const api::MagicFigures& magic = state_.magic_figures();
      out_ << "  magic figures: "
           << DescribeMagicFigures(magic.has_mage(), magic.mage(), magic.has_witch(),
                                   magic.witch());
      if (state_.magic_step() != api::MAGIC_STEP_UNSPECIFIED) {
        out_ << "; pending " << MagicStepName(state_.magic_step());
      }
      out_ << "\n";
    }
    if (verdict.legal() && HasKingAndRobberBaron(state_)) {
      out_ << "  " << DescribeTokens(state_.king_and_robber_baron()) << "\n";
    }
    if (verdict.legal() && state_.has_count()) {
      const api::CountOfCarcassonne& count = state_.count();
      out_ << "  the Count: "
           << QuarterName(count.count_quarter() == api::QUARTER_UNSPECIFIED ? api::QUARTER_CASTLE
                                                                            : count.count_quarter())
           << "; " << count.followers_size() << " follower(s) in the quarters; phase "
           << PhaseName(state_.phase()) << ", deciding player " << state_.deciding_player() << "\n";
    }

    if (!step.has_expect()) return;
    Report(label, CheckStep(step.expect(), response), step.comment());
    if (step.expect().has_score_game()) {
      CheckScoreGame(absl::StrCat(label, " what-if"), step.expect().score_game(), step.comment());
    }
  }

  // Compares the step's expectation with the response and with the state
  // after the step (the next snapshot when legal, the same one otherwise).
  Diffs CheckStep(const spec::StepExpectation& expect, const api::ApplyActionResponse& response) {
    Diffs diffs;
    const api::Verdict& verdict = response.verdict();
    if (expect.legal() != verdict.legal()) {
      diffs.push_back(absl::StrCat("legal: expected ", expect.legal() ? "legal" : "illegal",
                                   ", actual ", verdict.legal() ? "legal" : "illegal"));
    }
    if (expect.violations_size() > 0) {
      std::set<int> want(expect.violations().begin(), expect.violations().end());
      std::set<int> got;
      for (const auto& violation : verdict.violations()) got.insert(violation.code());
      if (want != got) {
        diffs.push_back(
            absl::StrCat("violations: expected ", CodeList(want), ", actual ", CodeList(got)));
      }
    }
    if (!expect.rule_id().empty()) {
      std::string got = verdict.violations().empty() ? "" : verdict.violations(0).rule_id();
      if (got != expect.rule_id()) {
        diffs.push_back(absl::StrCat("rule id of the first violation: expected ",
                                     Quoted(expect.rule_id()), ", actual ", Quoted(got)));
      }
    }
    if (expect.scores_size() > 0) {
      std::vector<int> got;
      for (const auto& player : state_.players()) got.push_back(player.score());
      if (List(expect.scores()) != List(got)) {
        diffs.push_back(
            absl::StrCat("scores: expected ", List(expect.scores()), ", actual ", List(got)));
      }
    }
    if (expect.followers_size() > 0) {
      std::vector<int> got;
      for (const auto& player : state_.players()) got.push_back(player.followers());
      if (List(expect.followers()) != List(got)) {
        diffs.push_back(absl::StrCat("followers in supply: expected ", List(expect.followers()),
                                     ", actual ", List(got)));
      }
    }
    if (expect.phase() != api::PHASE_UNSPECIFIED && expect.phase() != state_.phase()) {
      diffs.push_back(absl::StrCat("phase: expected ", PhaseName(expect.phase()), ", actual ",
                                   PhaseName(state_.phase())));
    }
    if (expect.has_active_player() && expect.active_player() != state_.active_player()) {
      diffs.push_back(absl::StrCat("active player: expected ", expect.active_player(), ", actual ",
                                   state_.active_player()));
    }
    if (expect.has_figures_on_board() && expect.figures_on_board() != state_.figures_size()) {
      diffs.push_back(absl::StrCat("figures on the board: expected ", expect.figures_on_board(),
                                   ", actual ", state_.figures_size()));
    }
    if (expect.has_bag_total()) {
      std::string got = state_.has_bag() ? absl::StrCat(BagTotal()) : "untracked";
      if (got != absl::StrCat(expect.bag_total())) {
        diffs.push_back(
            absl::StrCat("tiles in the bag: expected ", expect.bag_total(), ", actual ", got));
      }
    }
    // Supplies of the expansions' figures, one list per kind.
    auto supplies = [&](absl::string_view what, const auto& want_list, auto supply_of) {
      if (want_list.empty()) return;
      std::vector<int> got;
      for (const auto& player : state_.players()) got.push_back(supply_of(player));
      if (List(want_list) != List(got)) {
        diffs.push_back(
            absl::StrCat(what, " in supply: expected ", List(want_list), ", actual ", List(got)));
      }
    };
    supplies("big followers", expect.big_followers(),
             [](const api::Player& p) { return p.big_followers(); });
    supplies("builders", expect.builders(), [](const api::Player& p) { return p.builders(); });
    supplies("pigs", expect.pigs(), [](const api::Player& p) { return p.pigs(); });
    supplies("mayors", expect.mayors(), [](const api::Player& p) { return p.mayors(); });
    supplies("wagons", expect.wagons(), [](const api::Player& p) { return p.wagons(); });
    supplies("castle tokens", expect.castles(), [](const api::Player& p) { return p.castles(); });
    supplies("barns", expect.barns(), [](const api::Player& p) { return p.barns(); });
    supplies("bridges", expect.bridges(), [](const api::Player& p) { return p.bridges(); });
    if (expect.has_bridges_on_board()) {
      int bridges = 0;
      for (const api::PlacedTile& tile : state_.tiles()) {
        bridges += tile.bridge() != api::BRIDGE_AXIS_UNSPECIFIED;
      }
      if (bridges != expect.bridges_on_board()) {
        diffs.push_back(absl::StrCat("bridges on the board: expected ", expect.bridges_on_board(),
                                     ", actual ", bridges));
      }
    }
    if (expect.has_barns_on_board() && expect.barns_on_board() != state_.barns_size()) {
      diffs.push_back(absl::StrCat("barns on the board: expected ", expect.barns_on_board(),
                                   ", actual ", state_.barns_size()));
    }
    supplies("shepherds", expect.shepherds(), [](const api::Player& p) { return p.shepherds(); });
    if (expect.flock_sheep_size() > 0) {
      // HS-14, HS-17: the sheep on the tokens of each player's flock.
      std::vector<int> got(state_.players_size(), 0);
      for (const api::Flock& flock : state_.flocks()) {
        if (flock.owner() < 0 || flock.owner() >= state_.players_size()) continue;
        for (int token : flock.tokens()) {
          got[flock.owner()] += token == api::SHEEP_TOKEN_WOLF ? 0 : token;
        }
      }
      std::vector<int> want(expect.flock_sheep().begin(), expect.flock_sheep().end());
      if (want != got) {
        diffs.push_back(
            absl::StrCat("sheep in the flocks: expected ", List(want), ", actual ", List(got)));
      }
    }
    if (expect.has_sheep_bag() &&
        (!state_.has_sheep_bag() ||
         expect.sheep_bag().SerializeAsString() != state_.sheep_bag().SerializeAsString())) {
      const api::SheepBag& bag = state_.sheep_bag();
      diffs.push_back(absl::StrCat(
          "sheep bag: expected ", expect.sheep_bag().ShortDebugString(), ", actual ",
          state_.has_sheep_bag()
              ? absl::StrCat(bag.one_sheep(), "/", bag.two_sheep(), "/", bag.three_sheep(), "/",
                             bag.four_sheep(), "/", bag.wolves())
              : std::string("untracked")));
    }
    if (expect.has_castles_on_board() && expect.castles_on_board() != state_.castles_size()) {
      diffs.push_back(absl::StrCat("castles on the board: expected ", expect.castles_on_board(),
                                   ", actual ", state_.castles_size()));
    }
    if (expect.has_castle_offers() && expect.castle_offers() != state_.castle_offers_size()) {
      diffs.push_back(absl::StrCat("castle offers: expected ", expect.castle_offers(), ", actual ",
                                   state_.castle_offers_size()));
    }
    if (expect.goods_size() > 0) {
      bool same = expect.goods_size() == state_.players_size();
      for (int i = 0; same && i < expect.goods_size(); ++i) {
        same = SameGoods(expect.goods(i), state_.players(i).goods());
      }
      if (!same) {
        auto format = [](const auto& goods) {
          return absl::StrCat("[",
                              absl::StrJoin(goods, "; ",
                                            [](std::string* out, const api::TradeGoods& g) {
                                              out->append(DescribeGoods(g));
                                            }),
                              "]");
        };
        std::vector<api::TradeGoods> got;
        for (const auto& player : state_.players()) got.push_back(player.goods());
        diffs.push_back(
            absl::StrCat("goods: expected ", format(expect.goods()), ", actual ", format(got)));
      }
    }
    if (expect.has_extra_tile_earned() &&
        expect.extra_tile_earned() != state_.extra_tile_earned()) {
      diffs.push_back(absl::StrCat("extra tile earned: expected ",
                                   expect.extra_tile_earned() ? "true" : "false", ", actual ",
                                   state_.extra_tile_earned() ? "true" : "false"));
    }
    if (expect.has_second_part() && expect.second_part() != state_.second_part()) {
      diffs.push_back(absl::StrCat("second part: expected ",
                                   expect.second_part() ? "true" : "false", ", actual ",
                                   state_.second_part() ? "true" : "false"));
    }
    if (expect.has_deciding_player() && expect.deciding_player() != state_.deciding_player()) {
      diffs.push_back(absl::StrCat("deciding player: expected ", expect.deciding_player(),
                                   ", actual ", state_.deciding_player()));
    }
    if (expect.has_magic_figures()) {
      const api::MagicFigures& got = state_.magic_figures();
      const spec::MagicFiguresExpectation& want = expect.magic_figures();
      const bool same = want.has_mage() == got.has_mage() && want.has_witch() == got.has_witch() &&
                        (!want.has_mage() || SameSegment(want.mage(), got.mage())) &&
                        (!want.has_witch() || SameSegment(want.witch(), got.witch()));
      if (!same) {
        diffs.push_back(absl::StrCat(
            "magic figures: expected ",
            DescribeMagicFigures(want.has_mage(), want.mage(), want.has_witch(), want.witch()),
            ", actual ",
            DescribeMagicFigures(got.has_mage(), got.mage(), got.has_witch(), got.witch())));
      }
    }
    if (expect.has_magic_step() && expect.magic_step() != state_.magic_step()) {
      diffs.push_back(absl::StrCat("magic step: expected ", MagicStepName(expect.magic_step()),
                                   ", actual ", MagicStepName(state_.magic_step())));
    }
    if (expect.has_legal_actions()) {
      for (auto& diff : CheckLegalActions(expect.legal_actions())) diffs.push_back(std::move(diff));
    }
    if (expect.has_king_and_robber_baron()) {
      const spec::KingAndRobberBaronExpectation& want = expect.king_and_robber_baron();
      const api::KingAndRobberBaron& got = state_.king_and_robber_baron();
      auto holder = [&](absl::string_view what, bool has_want, int want_holder, bool has_got,
                        int got_holder) {
        if (!has_want) return;
        const std::string want_name = HolderName(true, want_holder);
        const std::string got_name = HolderName(has_got, got_holder);
        if (want_name != got_name) {
          diffs.push_back(
              absl::StrCat(what, " holder: expected ", want_name, ", actual ", got_name));
        }
      };
      auto record = [&](absl::string_view what, bool has_want, int want_record, int got_record) {
        if (has_want && want_record != got_record) {
          diffs.push_back(
              absl::StrCat(what, " record: expected ", want_record, ", actual ", got_record));
        }
      };
      holder("King", want.has_king_holder(), want.king_holder(), got.has_king_holder(),
             got.king_holder());
      record("King", want.has_king_record(), want.king_record(), got.king_record());
      holder("Robber Baron", want.has_robber_holder(), want.robber_holder(),
             got.has_robber_holder(), got.robber_holder());
      record("Robber Baron", want.has_robber_record(), want.robber_record(), got.robber_record());
    }
    if (expect.has_count()) {
      const spec::CountExpectation& want = expect.count();
      const api::CountOfCarcassonne& got = state_.count();
      const int got_quarter = got.count_quarter() == api::QUARTER_UNSPECIFIED ? api::QUARTER_CASTLE
                                                                              : got.count_quarter();
      if (want.count_quarter() != api::QUARTER_UNSPECIFIED && want.count_quarter() != got_quarter) {
        diffs.push_back(absl::StrCat("the Count's quarter: expected ",
                                     QuarterName(want.count_quarter()), ", actual ",
                                     QuarterName(got_quarter)));
      }
      if (want.check_followers()) {
        auto describe = [](const auto& followers) {
          std::vector<std::string> names;
          for (const api::QuarterFollower& follower : followers) {
            names.push_back(absl::StrCat(FigureKindName(follower.kind()), " of player ",
                                         follower.owner(), " in the ",
                                         QuarterName(follower.quarter())));
          }
          std::sort(names.begin(), names.end());
          return absl::StrCat("[", absl::StrJoin(names, "; "), "]");
        };
        if (describe(want.followers()) != describe(got.followers())) {
          diffs.push_back(absl::StrCat("followers in the quarters: expected ",
                                       describe(want.followers()), ", actual ",
                                       describe(got.followers())));
        }
      }
      if (want.has_pending_features() && want.pending_features() != got.pending_features_size()) {
        diffs.push_back(absl::StrCat("features waiting for their scoring: expected ",
                                     want.pending_features(), ", actual ",
                                     got.pending_features_size()));
      }
    }
    if (expect.has_final_scoring_begin()) {  // AMB-48
      const int got = response.has_final_scoring_begin() ? response.final_scoring_begin() : -1;
      if (got != expect.final_scoring_begin()) {
        diffs.push_back(absl::StrCat("final scoring begins at event index: expected ",
                                     expect.final_scoring_begin(), ", actual ", got));
      }
    }
    if (expect.check_events()) {
      Diffs event_diffs = CompareEvents(expect.events(), response.events());
      if (event_diffs.empty() && expect.events_in_order()) {
        // Same events; now the order too, position by position.
        for (int i = 0; i < expect.events_size(); ++i) {
          if (!EventDiffs(expect.events(i), response.events(i)).empty()) {
            event_diffs.push_back(absl::StrCat(
                "event ", i + 1, " in order: expected \"", DescribeExpectedEvent(expect.events(i)),
                "\", actual \"", DescribeEvent(response.events(i)), "\""));
          }
        }
      }
      for (auto& diff : event_diffs) diffs.push_back(std::move(diff));
    }
    return diffs;
  }

  // ListLegalActions on the current state, compared with `expect`.
  Diffs CheckLegalActions(const spec::LegalActionsExpectation& expect) {
    api::ListLegalActionsRequest request;
    *request.mutable_state() = state_;
    request.set_tile_type(expect.tile_type());
    api::ListLegalActionsResponse response;
    grpc::Status status = referee_.ListLegalActions(request, &response);
    if (!status.ok()) return DescribeStatus(status);
    Diffs diffs;
    if (expect.has_count() && expect.count() != response.actions_size()) {
      diffs.push_back(absl::StrCat("legal actions: expected ", expect.count(), ", actual ",
                                   response.actions_size()));
    }
    auto listed = [&](const api::Action& action) {
      for (const auto& candidate : response.actions()) {
        if (google::protobuf::util::MessageDifferencer::Equals(action, candidate)) return true;
      }
      return false;
    };
    for (const auto& action : expect.include()) {
      if (!listed(action)) {
        diffs.push_back(absl::StrCat("legal actions: ", DescribeAction(action), " is not listed"));
      }
    }
    for (const auto& action : expect.exclude()) {
      if (listed(action)) {
        diffs.push_back(
            absl::StrCat("legal actions: ", DescribeAction(action), " is listed, but must not be"));
      }
    }
    return diffs;
  }

  // ScoreGame on the current state, compared with `expect`.
  void CheckScoreGame(const std::string& label, const spec::ScoreGameExpectation& expect,
                      const std::string& comment) {
    out_ << label << ": ScoreGame (what if the game ended now)\n";
    api::ScoreGameRequest request;
    *request.mutable_state() = state_;
    api::ScoreGameResponse response;
    grpc::Status status = referee_.ScoreGame(request, &response);
    if (!status.ok()) {
      Report(label, DescribeStatus(status), comment);
      return;
    }
    for (const auto& event : response.events()) {
      out_ << "  " << label << ": " << DescribeEvent(event) << "\n";
    }
    out_ << "  " << label << ": scores " << List(response.final_scores()) << "\n";
    auto describe_decisions = [](const auto& decisions) {
      return absl::StrCat(
          "[",
          absl::StrJoin(decisions, "; ",
                        [](std::string* out, const api::EndOfGameDecision& decision) {
                          absl::StrAppend(out, PhaseName(decision.phase()), " seat ",
                                          decision.seat(), " (", decision.rule_id(), ")");
                        }),
          "]");
    };
    if (!response.decisions_first().empty()) {
      out_ << "  " << label << ": decisions first "
           << describe_decisions(response.decisions_first()) << "\n";
    }

    Diffs diffs;
    if (expect.check_decisions_first() && describe_decisions(expect.decisions_first()) !=
                                              describe_decisions(response.decisions_first())) {
      diffs.push_back(absl::StrCat("end-of-game decisions first: expected ",
                                   describe_decisions(expect.decisions_first()), ", actual ",
                                   describe_decisions(response.decisions_first())));
    }
    if (expect.has_final_scoring_begin()) {
      const int got = response.has_final_scoring_begin() ? response.final_scoring_begin() : -1;
      if (got != expect.final_scoring_begin()) {
        diffs.push_back(absl::StrCat("final scoring begins at event index: expected ",
                                     expect.final_scoring_begin(), ", actual ", got));
      }
    }
    if (expect.final_scores_size() > 0 &&
        List(expect.final_scores()) != List(response.final_scores())) {
      diffs.push_back(absl::StrCat("final scores: expected ", List(expect.final_scores()),
                                   ", actual ", List(response.final_scores())));
    }
    if (expect.has_event_count() && expect.event_count() != response.events_size()) {
      diffs.push_back(absl::StrCat("number of end-of-game events: expected ", expect.event_count(),
                                   ", actual ", response.events_size()));
    }
    if (expect.events_size() > 0) {
      for (auto& diff : CompareEvents(expect.events(), response.events())) {
        diffs.push_back(std::move(diff));
      }
    }
    Report(label, diffs, comment);
  }

  const spec::Scenario& scenario_;
  std::ostream& out_;
  RefereeEndpoint& referee_;
  api::GameState state_;
  Tally tally_;
};

}  // namespace

std::string DescribeAction(const api::Action& action) {
  switch (action.action_case()) {
    case api::Action::kPlaceTile: {
      const api::PlaceTile& tile = action.place_tile();
      std::string text = absl::StrFormat("place_tile %s at (%d,%d) rot %d", tile.tile_type(),
                                         tile.x(), tile.y(), tile.rotation());
      if (tile.has_bridge()) {
        absl::StrAppend(
            &text, absl::StrFormat(" bridge on (%d,%d) %s", tile.bridge().x(), tile.bridge().y(),
                                   api::BridgeAxis_Name(tile.bridge().axis())));
      }
      return text;
    }
    case api::Action::kPlaceFigure:
      return absl::StrCat("place_figure ", FigureKindName(action.place_figure().kind()), " on ",
                          DescribeSegment(action.place_figure().segment()));
    case api::Action::kPass:
      return "pass";
    case api::Action::kDiscardTile:
      return absl::StrCat("discard_tile ", action.discard_tile().tile_type());
    case api::Action::kMoveMagicFigure:
      return absl::StrCat("move_magic_figure ",
                          MagicFigureName(action.move_magic_figure().figure()), " to ",
                          DescribeSegment(action.move_magic_figure().segment()));
    case api::Action::kSetAsideMagicFigure:
      return absl::StrCat("set_aside_magic_figure ",
                          MagicFigureName(action.set_aside_magic_figure().figure()));
    case api::Action::kMoveWagon:
      return absl::StrCat("move_wagon to ", DescribeSegment(action.move_wagon().segment()));
    case api::Action::kDeployToQuarter: {
      const api::DeployToQuarter& deploy = action.deploy_to_quarter();
      std::string text = absl::StrCat("deploy_to_quarter ", FigureKindName(deploy.kind()),
                                      " into the ", QuarterName(deploy.quarter()));
      if (deploy.move_count_to() != api::QUARTER_UNSPECIFIED) {
        absl::StrAppend(&text, ", the Count to the ", QuarterName(deploy.move_count_to()));
      }
      return text;
    }
    case api::Action::kRedeployFromQuarter: {
      const api::RedeployFromQuarter& redeploy = action.redeploy_from_quarter();
      std::string text = absl::StrCat("redeploy_from_quarter ", QuarterName(redeploy.quarter()),
                                      ": ", redeploy.followers(), " follower(s), ",
                                      redeploy.big_followers(), " big follower(s)");
      if (redeploy.has_target()) absl::StrAppend(&text, " to ", DescribeSegment(redeploy.target()));
      return text;
    }
    case api::Action::kBuildCastle:
      return "build_castle";
    case api::Action::kPlaceBarn:
      return absl::StrCat("place_barn on corner ", api::Corner_Name(action.place_barn().corner()));
    case api::Action::kEndGame:
      return "end_game";
    case api::Action::kEscapeSiege:
      return absl::StrCat("escape_siege ", FigureKindName(action.escape_siege().kind()), " from ",
                          DescribeSegment(action.escape_siege().segment()));
    case api::Action::kMoveDragon:
      return absl::StrCat("move_dragon to (", action.move_dragon().to().x(), ", ",
                          action.move_dragon().to().y(), ")");
    case api::Action::kRemoveKnight:
      return absl::StrCat("remove_knight ", FigureKindName(action.remove_knight().knight().kind()),
                          " of player ", action.remove_knight().knight().owner(), " on ",
                          DescribeSegment(action.remove_knight().knight().segment()));
    case api::Action::kMoveFairy:
      return absl::StrCat("move_fairy next to ",
                          FigureKindName(action.move_fairy().follower().kind()), " of player ",
                          action.move_fairy().follower().owner(), " on ",
                          DescribeSegment(action.move_fairy().follower().segment()));
    case api::Action::kPlaceTowerFloor:
      return absl::StrCat("place_tower_floor on (", action.place_tower_floor().tower().x(), ", ",
                          action.place_tower_floor().tower().y(), ")");
    case api::Action::kPlaceOnTower:
      return absl::StrCat("place_on_tower ", FigureKindName(action.place_on_tower().kind()),
                          " on (", action.place_on_tower().tower().x(), ", ",
                          action.place_on_tower().tower().y(), ")");
    case api::Action::kCaptureMeeple: {
      const api::CaptureMeeple& capture = action.capture_meeple();
      if (capture.has_tower_top()) {
        return absl::StrCat("capture_meeple on top of the tower at (", capture.tower_top().x(),
                            ", ", capture.tower_top().y(), ")");
      }
      return absl::StrCat("capture_meeple ", FigureKindName(capture.figure().kind()), " of player ",
                          capture.figure().owner(), " on ",
                          DescribeSegment(capture.figure().segment()));
    }
    case api::Action::kExchangePrisoner:
      return absl::StrCat("exchange_prisoner ", FigureKindName(action.exchange_prisoner().kind()));
    case api::Action::kPayRansom:
      return absl::StrCat("pay_ransom for a ", FigureKindName(action.pay_ransom().kind()),
                          " held by player ", action.pay_ransom().jailer());
    case api::Action::kPlaceShepherd:
      return absl::StrCat("place_shepherd on ", DescribeSegment(action.place_shepherd().segment()),
                          ", drawn ", api::SheepToken_Name(action.place_shepherd().token()));
    case api::Action::kGrowFlock:
      return absl::StrCat("grow_flock, drawn ", api::SheepToken_Name(action.grow_flock().token()));
    case api::Action::kDriveFlock:
      return "drive_flock";
    case api::Action::kDrawBazaarTiles:
      return absl::StrCat("draw_bazaar_tiles ",
                          absl::StrJoin(action.draw_bazaar_tiles().tile_types(), ", "));
    case api::Action::kOfferBazaarTile:
      return absl::StrCat("offer_bazaar_tile ", action.offer_bazaar_tile().lot(), " bidding ",
                          action.offer_bazaar_tile().bid());
    case api::Action::kBidForBazaarTile:
      return absl::StrCat("bid_for_bazaar_tile ", action.bid_for_bazaar_tile().bid());
    case api::Action::kSettleBazaarAuction:
      return action.settle_bazaar_auction().buy() ? "settle_bazaar_auction: buy"
                                                  : "settle_bazaar_auction: sell";
    default:
      return "(no action)";
  }
}

std::string DescribeEvent(const api::ScoreEvent& event) {
  // A goods majority at the end (TB-06) and an end bonus of the King or the
  // Robber Baron cover no tile: no tile count.
  const bool no_tiles = (event.feature_kind() == api::FEATURE_KIND_TRADE_GOODS ||
                         IsAwardKind(event.feature_kind())) &&
                        event.tiles().empty();
  std::string text = EventHeadline(event.feature_kind(), event.complete(), event.trigger(),
                                   no_tiles ? -1 : event.tiles_size());
  absl::StrAppend(&text, ", majority ", List(event.majority_players()), " ×",
                  event.majority_strength(), ": ");
  absl::StrAppend(
      &text,
      absl::StrJoin(event.line_items(), ", ", [](std::string* out, const api::LineItem& item) {
        absl::StrAppend(out, item.description(), " = ", item.points(), " (", item.rule_id(),
                        item.has_player() ? absl::StrCat(", player ", item.player()) : "", ")");
      }));
  if (event.has_goods_player()) {
    absl::StrAppend(&text, "goods to player ", event.goods_player(), ": ",
                    DescribeGoods(event.goods_taken()));
  }
  if (event.has_award()) {
    const api::KingRobberAward& award = event.award();
    absl::StrAppend(&text, "; held by ", HolderName(award.has_holder(), award.holder()),
                    ", record ", award.record());
    if (award.transferred()) {
      absl::StrAppend(&text, ", moved from ",
                      HolderName(award.has_previous_holder(), award.previous_holder()));
    }
  }
  absl::StrAppend(&text, " → ", DescribePoints(event));
  if (!event.returned_figures().empty()) {
    absl::StrAppend(
        &text, "; back to supply: ",
        absl::StrJoin(event.returned_figures(), ", ", [](std::string* out, const api::Figure& f) {
          absl::StrAppend(out, "player ", f.owner(), " from ", DescribeSegment(f.segment()));
        }));
  }
  return text;
}

std::string ParseScenarioJson(const std::string& json, spec::Scenario* scenario) {
  google::protobuf::util::JsonParseOptions options;
  options.ignore_unknown_fields = false;  // strict: a misspelt field is an error
  google::protobuf::util::Status status =
      google::protobuf::util::JsonStringToMessage(json, scenario, options);
  if (status.ok()) return "";
  std::string message = status.ToString();
  return message.empty() ? std::string("invalid JSON") : message;
}

Tally RunScenario(const spec::Scenario& scenario, std::ostream& out, RefereeEndpoint& referee) {
  return Runner(scenario, out, referee).Run();
}

Tally RunScenario(const spec::Scenario& scenario, std::ostream& out) {
  return RunScenario(scenario, out, *InProcessReferee());
}

Tally RunScenarioFile(const std::string& path, std::ostream& out) {
  return RunScenarioFile(path, out, *InProcessReferee());
}

Tally RunScenarioFile(const std::string& path, std::ostream& out, RefereeEndpoint& referee) {
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    out << "=== " << path << "\n  FAIL " << path << ": cannot read the file\n";
    return Tally{0, 1};
  }
  std::stringstream buffer;
  buffer << file.rdbuf();
  spec::Scenario scenario;
  std::string error = ParseScenarioJson(buffer.str(), &scenario);
  if (!error.empty()) {
    out << "=== " << path << "\n  FAIL " << path << ": not a valid scenario file: " << error
        << "\n";
    return Tally{0, 1};
  }
  out << "file: " << path << "\n";
  return RunScenario(scenario, out, referee);
}

}  // namespace carcassonne::scenario
