// The static files the HTTP port serves (GET / and GET /playground/...),
// embedded in the binary: a path's content type and bytes. The HTTP side
// (connect.cc) serves what FindStaticAsset finds and answers 404 otherwise.
#pragma once

#include <string_view>

namespace carcassonne::service {

struct StaticAsset {
  std::string_view content_type;
  std::string_view body;
};

// The asset at `path` ("/", "/playground/app.js"), or nullptr.
const StaticAsset* FindStaticAsset(std::string_view path);

}  // namespace carcassonne::service
