// The snapshot's parts: the base game's (convert_state.cc) and each
// expansion's pieces (service/state/<expansion>.cc), read from a GameState
// message and written back beside each other. convert_state.cc reads the
// parts in the order of kPieceReaders and writes them with kPieceWriters: an
// expansion's new pieces are a new file here and one entry in each list.
// (convert_*.cc and service/state/*.cc only; not part of the service's
// interface.)
#pragma once

#include <cstdint>
#include <string_view>

#include "service/convert_internal.h"

namespace carcassonne::service {

// A snapshot being read, for the parts read once its tiles are laid: the
// message, its path, the problems found so far, and the board the segments
// are looked up on (none when the tiles could not be laid).
struct SnapshotReader {
  const v1::GameState& proto;
  std::string_view path;
  FieldProblems& problems;
  TileLookup tiles;

  // The number of players given (seats are judged against them).
  int players() const { return proto.players_size(); }
  // A seat (CheckSeat); with no players, no seat can name one (their absence
  // is reported once, at players).
  template <typename PathFunction>
  void Seat(int32_t value, const PathFunction& field_path) const {
    if (players() > 0) CheckSeat(value, players(), field_path, problems);
  }
  // A cell's coordinates (CheckCoordinates), `cell_path()` naming the Cell.
  template <typename PathFunction>
  bool CellWithin(const v1::Cell& cell, const PathFunction& cell_path) const {
    return CheckCoordinates(cell, cell_path, problems);
  }
};

// Reads one part of the snapshot into `state`, reporting its problems.
using PieceReader = void (*)(const SnapshotReader& reader, GameState& state);
// Writes one part of `state` into `proto`.
using PieceWriter = void (*)(const GameState& state, v1::GameState* proto);

// ----- The base game (convert_state.cc) -----
void ReadScoringOrder(const SnapshotReader& reader, GameState& state);  // AMB-40
void ReadTurn(const SnapshotReader& reader, GameState& state);

// ----- Abbey & Mayor (state/abbey_mayor.cc) -----
void ReadWagonsAndBarns(const SnapshotReader& reader, GameState& state);
void ReadFinalAbbeySeat(const SnapshotReader& reader, GameState& state);
void WriteAbbeyMayor(const GameState& state, v1::GameState* proto);

// ----- Bridges, Castles & Bazaars (state/bridges_castles_bazaars.cc) -----
// BC-03, BC-06: a placed tile's bridge (tiles[i].bridge, at `bridge_path`):
// the tile becomes its bridged type. False when the bridge cannot be read or
// laid (reported): the tile is then not read.
bool ReadTileBridge(const v1::PlacedTile& proto, std::string_view bridge_path,
                    FieldProblems& problems, PlacedTile& tile);
void WriteTileBridge(const PlacedTile& tile, v1::PlacedTile* proto);
void ReadCastles(const SnapshotReader& reader, GameState& state);
void ReadBazaar(const SnapshotReader& reader, GameState& state);
void WriteBridgesCastlesBazaars(const GameState& state, v1::GameState* proto);

// ----- Mage & Witch (state/mage_witch.cc) -----
void ReadMagicFigures(const SnapshotReader& reader, GameState& state);
void WriteMagicFigures(const GameState& state, v1::GameState* proto);

// ----- The Princess & the Dragon (state/princess_dragon.cc) -----
void ReadDragon(const SnapshotReader& reader, GameState& state);
void ReadFairy(const SnapshotReader& reader, GameState& state);
void WritePrincessDragon(const GameState& state, v1::GameState* proto);

// ----- The Tower (state/tower.cc) -----
void ReadTowers(const SnapshotReader& reader, GameState& state);
void WriteTowers(const GameState& state, v1::GameState* proto);

// ----- Under the Big Top (state/big_top.cc) -----
void ReadBigTop(const SnapshotReader& reader, GameState& state);
void WriteBigTop(const GameState& state, v1::GameState* proto);

// ----- Hills & Sheep (state/hills_sheep.cc) -----
void ReadFlocks(const SnapshotReader& reader, GameState& state);
void WriteFlocks(const GameState& state, v1::GameState* proto);

// ----- King & Robber Baron (state/king_robber.cc) -----
void ReadKingAndRobberBaron(const SnapshotReader& reader, GameState& state);
void WriteKingAndRobberBaron(const GameState& state, v1::GameState* proto);

// ----- The Count of Carcassonne (state/count.cc) -----
void ReadCount(const SnapshotReader& reader, GameState& state);
void WriteCount(const GameState& state, v1::GameState* proto);

}  // namespace carcassonne::service
