// The files the HTTP listener serves as they are (the playground's page and
// its assets), embedded in the binary: looked up by the request's path.
#pragma once

#include <string_view>

namespace carcassonne::service {

struct StaticAsset {
  std::string_view content_type;
  std::string_view body;
};

// The asset served at `path` ("/", "/playground/app.js", ...), or null.
const StaticAsset* FindStaticAsset(std::string_view path);

}  // namespace carcassonne::service
