// Inns & Cathedrals, current edition (C3.1; shared/rules/expansions/
// c31-inns-cathedrals.md, IN-xx), option ic.edition = c31: its tiles (set
// "ic31") checked against the file's tile list (IN-01, IN-02), which edition's
// tiles are in the bag, the options the edition needs (IN-14), the ring road
// of tile W (IN-11), the scoring (IN-12, IN-14) and the gardens of B and H
// without and with the Abbot. Every number is worked out in the comments.
#include <gtest/gtest.h>

#include <cctype>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/board.h"
#include "engine/game.h"
#include "engine/referee.h"
#include "engine/rule_set.h"
#include "engine/rules/scoring.h"
#include "tests/engine/test_support.h"

namespace carcassonne {
namespace {

// A row of the tile list (§1.1 of the rules file).
struct ListedTile {
  std::string letter;
  std::string edges;  // "F F R R": N E S W
  std::string shows;  // what the tile shows
  int fields = -1;    // the fan data's count ([unconfirmed])
};

std::string Trim(std::string text) {
  const size_t first = text.find_first_not_of(' ');
  const size_t last = text.find_last_not_of(' ');
  return first == std::string::npos ? "" : text.substr(first, last - first + 1);
}

// The rows of the table under "### 1.1 Tile list" in the rules file.
std::vector<ListedTile> TileList() {
  std::ifstream file(std::string(CARCASSONNE_SHARED_DIR) +
                     "/rules/expansions/c31-inns-cathedrals.md");
  EXPECT_TRUE(file.good()) << "the rules file is next to the checkout, in shared/rules";
  std::vector<ListedTile> rows;
  bool in_list = false;
  for (std::string line; std::getline(file, line);) {
    if (line.rfind("### 1.1", 0) == 0) in_list = true;
    if (!in_list) continue;
    if (line.rfind("## 2", 0) == 0) break;
    if (line.rfind("| ", 0) != 0 || line.rfind("| tile", 0) == 0 || line.rfind("|---", 0) == 0) {
      continue;
    }
    std::vector<std::string> cells;
    std::stringstream stream(line.substr(1));
    for (std::string cell; std::getline(stream, cell, '|');) cells.push_back(Trim(cell));
    if (cells.size() < 4) continue;
    rows.push_back({cells[0], cells[1], cells[2], std::stoi(cells[3])});
  }
  // A row drawn "as Ka, other art" shows what Ka shows.
  for (ListedTile& row : rows) {
    if (row.shows.rfind("as ", 0) != 0) continue;
    const std::string twin = row.shows.substr(3, row.shows.find(',') - 3);
    for (const ListedTile& other : rows) {
      if (other.letter == twin) row.shows = other.shows;
    }
  }
  return rows;
}

Terrain TerrainOf(char letter) {
  switch (letter) {
    case 'C':
      return Terrain::kCity;
    case 'R':
      return Terrain::kRoad;
    case 'W':
      return Terrain::kRiver;
    default:
      return Terrain::kField;
  }
}

// Whether the row's drawing shows `what`, as a whole word ("inn", not the
// "inner" of H's field).
bool Shows(const ListedTile& row, std::string_view what) {
  for (size_t at = row.shows.find(what); at != std::string::npos;
       at = row.shows.find(what, at + 1)) {
    const size_t end = at + what.size();
    const bool starts = at == 0 || !std::isalpha(static_cast<unsigned char>(row.shows[at - 1]));
    const bool ends =
        end == row.shows.size() || !std::isalpha(static_cast<unsigned char>(row.shows[end]));
    if (starts && ends) return true;
  }
  return false;
}

// IN-01, IN-02: every tile of the list but C, I and T (open questions IN-Q3,
// IN-Q2, IN-Q5) is in set ic31, one copy, with the listed sides, its inn,
// cathedral, coat of arms and garden where the list shows them, and as many
// fields as the list's (fan-data) column counts: our reading of each drawing
// agrees with it.
TEST(InnsAndCathedralsC31Test, TheTilesMatchTheRulesFilesList) {
  const std::vector<ListedTile> rows = TileList();
  ASSERT_EQ(rows.size(), 24u);  // IN-01: 24 land tiles (Ka and Kb listed apart)
  int listed_in_catalogue = 0;
  for (const ListedTile& row : rows) {
    SCOPED_TRACE(row.letter);
    const TileType* type = Tile("ic31:" + row.letter);
    if (row.letter == "C" || row.letter == "I" || row.letter == "T") {
      EXPECT_EQ(type, nullptr);  // known gaps IN-16, IN-15, IN-02
      continue;
    }
    ASSERT_NE(type, nullptr);
    ++listed_in_catalogue;
    EXPECT_EQ(type->count, 1);
    ASSERT_EQ(row.edges.size(), 7u);
    for (int side = 0; side < 4; ++side) {
      EXPECT_EQ(type->sides[side], TerrainOf(row.edges[2 * side])) << "side " << side;
    }
    int inns = 0, cathedrals = 0, coats = 0, gardens = 0, fields = 0;
    for (const SegmentType& segment : type->segments) {
      inns += segment.inn;
      cathedrals += segment.cathedral;
      coats += segment.coats_of_arms;
      gardens += segment.kind == SegmentKind::kGarden;
      fields += segment.kind == SegmentKind::kField;
    }
    // IN-02: the inns (A, B, L, M, N, W here), the cathedral (Ka, Kb).
    EXPECT_EQ(inns, Shows(row, "inn") ? 1 : 0);
    EXPECT_EQ(cathedrals, Shows(row, "cathedral") ? 1 : 0);
    // A coat of arms where the drawing has one (L, P, Q; IN-Q4: P has one).
    EXPECT_EQ(coats, Shows(row, "coat of arms") ? 1 : 0);
    // IN-02: gardens on B and H.
    EXPECT_EQ(gardens, Shows(row, "garden") ? 1 : 0);
    EXPECT_EQ(fields, row.fields);
  }
  EXPECT_EQ(listed_in_catalogue, 21);
}

// IN-01: ic.edition picks one edition's tiles: the classic set ic or the
// current set ic31, never both.
TEST(InnsAndCathedralsC31Test, TheEditionPicksItsTileSet) {
  RuleSet rules;
  rules.expansions = {Expansion::kInnsAndCathedrals};
  EXPECT_TRUE(TileSetInPlay(rules, "ic"));
  EXPECT_FALSE(TileSetInPlay(rules, "ic31"));
  rules.ic_edition = InnsCathedralsEdition::kCurrent;
  EXPECT_FALSE(TileSetInPlay(rules, "ic"));
  EXPECT_TRUE(TileSetInPlay(rules, "ic31"));
  rules.expansions.clear();
  EXPECT_FALSE(TileSetInPlay(rules, "ic31"));

  // A new game's bag: the base game's 72 tiles less the start tile, and the
  // 21 tiles of ic31: 71 + 21 = 92. The classic edition: 71 + 18 = 89.
  RuleSet current;
  current.expansions = {Expansion::kInnsAndCathedrals};
  current.ic_edition = InnsCathedralsEdition::kCurrent;
  current.ic_c31_incomplete_inn_cathedral = IncompleteInnCathedral::kOrdinary;
  const auto game = NewGame({"Red", "Blue"}, current);
  ASSERT_TRUE(std::holds_alternative<GameState>(game));
  ASSERT_TRUE(std::get<GameState>(game).bag.has_value());
  EXPECT_EQ(std::get<GameState>(game).bag->Total(), 92);
  RuleSet classic;
  classic.expansions = {Expansion::kInnsAndCathedrals};
  const auto classic_game = NewGame({"Red", "Blue"}, classic);
  ASSERT_TRUE(std::holds_alternative<GameState>(classic_game));
  EXPECT_EQ(std::get<GameState>(classic_game).bag->Total(), 89);
}

// IN-14, IN-Q1: the current edition must choose the end-game value; the
// choice needs the current edition, and the edition needs the expansion.
TEST(InnsAndCathedralsC31Test, TheCurrentEditionMustChooseTheEndGameValue) {
  RuleSet rules;
  rules.expansions = {Expansion::kInnsAndCathedrals};
  rules.ic_edition = InnsCathedralsEdition::kCurrent;
  auto refused = NewGame({"Red", "Blue"}, rules);
  ASSERT_TRUE(std::holds_alternative<std::vector<Problem>>(refused));
  EXPECT_TRUE(
      HasProblem(std::get<std::vector<Problem>>(refused), "rules.ic_c31_incomplete_inn_cathedral"));

  for (IncompleteInnCathedral value :
       {IncompleteInnCathedral::kZero, IncompleteInnCathedral::kOrdinary}) {
    rules.ic_c31_incomplete_inn_cathedral = value;
    EXPECT_TRUE(std::holds_alternative<GameState>(NewGame({"Red", "Blue"}, rules)));
  }

  RuleSet classic;
  classic.expansions = {Expansion::kInnsAndCathedrals};
  classic.ic_c31_incomplete_inn_cathedral = IncompleteInnCathedral::kZero;
  refused = NewGame({"Red", "Blue"}, classic);
  ASSERT_TRUE(std::holds_alternative<std::vector<Problem>>(refused));
  EXPECT_TRUE(
      HasProblem(std::get<std::vector<Problem>>(refused), "rules.ic_c31_incomplete_inn_cathedral"));

  RuleSet no_expansion;
  no_expansion.ic_edition = InnsCathedralsEdition::kCurrent;
  refused = NewGame({"Red", "Blue"}, no_expansion);
  ASSERT_TRUE(std::holds_alternative<std::vector<Problem>>(refused));
  EXPECT_TRUE(HasProblem(std::get<std::vector<Problem>>(refused), "rules.ic_edition"));
}

RuleSet CurrentEdition(IncompleteInnCathedral end_value) {
  RuleSet rules;
  rules.ic_edition = InnsCathedralsEdition::kCurrent;
  rules.ic_c31_incomplete_inn_cathedral = end_value;
  return rules;
}

PlacedTile At(std::string_view id, Position cell, int quarter_turns = 0) {
  return {Tile(id), cell, Rotation{static_cast<uint8_t>(quarter_turns)}};
}

// IN-11: tile W's ring and its four spokes are one road segment (no junction):
// laid east of the start tile D it joins D's road, which stays open at D's
// west end and at W's north, east and south ends.
TEST(InnsAndCathedralsC31Test, TileWIsOneRingRoad) {
  const TileType* ring = Tile("ic31:W");
  ASSERT_NE(ring, nullptr);
  int roads = 0;
  for (const SegmentType& segment : ring->segments) {
    if (segment.kind != SegmentKind::kRoad) continue;
    ++roads;
    EXPECT_EQ(segment.edges, 0b1111);  // N, E, S and W
  }
  EXPECT_EQ(roads, 1);

  GameState state = UntrackedGame({"Red", "Blue"}, Expansion::kInnsAndCathedrals, {},
                                  CurrentEdition(IncompleteInnCathedral::kOrdinary));
  state.tiles.push_back(At("ic31:W", {1, 0}));
  ASSERT_TRUE(CheckSnapshot(state).empty());
  const Game game(state);
  const Board& board = game.board();
  const int road = board.FeatureOf(board.SegmentId({{1, 0}, 0}));
  EXPECT_EQ(road, board.FeatureOf(board.SegmentId({{0, 0}, 1})));  // D's r1 (E-W)
  EXPECT_TRUE(board.Feature(road).inn);
  EXPECT_FALSE(IsComplete(board, road));
}

// IN-12, IN-14: the end of a game where Red's follower stands on an
// incomplete road with an inn: ic31:B (road E-W with an inn) east of D,
// open at D's west and B's east end: 2 tiles. With "ordinary" it scores
// 2 tiles x 1 = 2 (BG-21); with "zero", 2 x 0 = 0 (IN-14).
int EndValueOfAnOpenInnRoad(IncompleteInnCathedral end_value) {
  GameState state =
      UntrackedGame({"Red", "Blue"}, Expansion::kInnsAndCathedrals, {}, CurrentEdition(end_value));
  state.tiles.push_back(At("ic31:B", {1, 0}));
  state.figures.push_back({FigureKind::kFollower, 0, {{1, 0}, 0}});
  state.players[0].followers -= 1;
  EXPECT_TRUE(CheckSnapshot(state).empty());
  const FinalScoring outcome = ScoreGame(state);
  return outcome.final_scores[0];
}

TEST(InnsAndCathedralsC31Test, AnIncompleteInnRoadScoresWhatTheOptionSays) {
  EXPECT_EQ(EndValueOfAnOpenInnRoad(IncompleteInnCathedral::kOrdinary), 2);
  EXPECT_EQ(EndValueOfAnOpenInnRoad(IncompleteInnCathedral::kZero), 0);
}

// IN-02, AB-02: the garden of ic31:B holds nothing without the Abbot (no
// placement on it is listed) and takes the abbot with it.
TEST(InnsAndCathedralsC31Test, TheGardenIsTheAbbotsOnly) {
  for (bool abbot : {false, true}) {
    SCOPED_TRACE(abbot ? "with the Abbot" : "without the Abbot");
    std::vector<Expansion> more;
    if (abbot) more.push_back(Expansion::kAbbot);
    GameState state = UntrackedGame({"Red", "Blue"}, Expansion::kInnsAndCathedrals, more,
                                    CurrentEdition(IncompleteInnCathedral::kOrdinary));
    Game game(state);
    const Verdict placed = game.Validate(PlaceTileAction{Tile("ic31:B"), {1, 0}, Rotation{0}});
    ASSERT_TRUE(placed.legal());
    game.Apply(PlaceTileAction{Tile("ic31:B"), {1, 0}, Rotation{0}});
    const int garden = 1;  // ic31:B: r1, g1, f1, f2
    ASSERT_EQ(Tile("ic31:B")->segments[garden].kind, SegmentKind::kGarden);
    const LegalActions legal = game.ListLegalActions(nullptr);
    int on_the_garden = 0;
    for (const Action& action : legal.actions) {
      const auto* figure = std::get_if<PlaceFigureAction>(&action);
      if (figure == nullptr || figure->segment.segment_index != garden) continue;
      ++on_the_garden;
      EXPECT_EQ(figure->kind, FigureKind::kAbbot);
    }
    EXPECT_EQ(on_the_garden, abbot ? 1 : 0);
  }
}

}  // namespace
}  // namespace carcassonne
