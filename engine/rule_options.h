// Rule options and known gaps as data (Fairy-Stockfish style): every option a
// RuleSet can set, with its values, default and rule ids, and every rule this
// build knows of but does not implement ([unconfirmed] items, open questions).
// GetCatalog serves both tables.
#pragma once

#include <span>
#include <string_view>
#include <vector>

namespace carcassonne {

struct RuleOption {
  std::string_view name;  // "<module>.<option>"
  std::vector<std::string_view> values;
  std::string_view default_value;
  std::vector<std::string_view> rule_ids;
  std::string_view description;
};

struct KnownGap {
  std::string_view rule_id;
  std::string_view description;
};

std::span<const RuleOption> RuleOptions();
std::span<const KnownGap> KnownGaps();

}  // namespace carcassonne
