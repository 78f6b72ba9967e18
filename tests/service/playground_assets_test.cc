// The playground's embedded files (service/playground_assets.cc, generated
// from service/playground/ at build time): each served path gives its
// source file byte for byte with its content type; every same-origin file the
// page refers to (src="/...", href="/...") is served; other paths are not.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "service/static_assets.h"

namespace carcassonne::service {
namespace {

std::string SourceFile(const std::string& name) {
  std::ifstream in(std::string(CARCASSONNE_SOURCE_DIR) + "/service/playground/" + name,
                   std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(PlaygroundAssetsTest, EachPathServesItsFile) {
  const struct {
    const char* path;
    const char* file;
    const char* content_type;
  } expected[] = {
      {"/", "index.html", "text/html; charset=utf-8"},
      {"/playground/app.js", "app.js", "text/javascript; charset=utf-8"},
      {"/playground/style.css", "style.css", "text/css; charset=utf-8"},
  };
  for (const auto& asset : expected) {
    SCOPED_TRACE(asset.path);
    const StaticAsset* found = FindStaticAsset(asset.path);
    ASSERT_NE(found, nullptr);
    EXPECT_EQ(found->content_type, asset.content_type);
    const std::string source = SourceFile(asset.file);
    ASSERT_FALSE(source.empty());
    EXPECT_EQ(found->body, source);
  }
}

TEST(PlaygroundAssetsTest, EveryFileThePageRefersToIsServed) {
  const StaticAsset* page = FindStaticAsset("/");
  ASSERT_NE(page, nullptr);
  const std::string html(page->body);
  const std::regex reference(R"re((?:src|href)="(/[^"]*)")re");
  int references = 0;
  for (auto it = std::sregex_iterator(html.begin(), html.end(), reference);
       it != std::sregex_iterator(); ++it) {
    ++references;
    EXPECT_NE(FindStaticAsset((*it)[1].str()), nullptr) << (*it)[1].str();
  }
  EXPECT_EQ(references, 2);  // the style sheet and the script
  // No other origin: the page works offline.
  EXPECT_EQ(html.find("http://"), std::string::npos);
  EXPECT_EQ(html.find("https://"), std::string::npos);
}

TEST(PlaygroundAssetsTest, OtherPathsAreNotServed) {
  for (const char* path : {"", "/index", "/playground/", "/playground/app.js/", "/app.js",
                           "/playground/../index.html", "/PLAYGROUND/app.js"}) {
    EXPECT_EQ(FindStaticAsset(path), nullptr) << path;
  }
}

}  // namespace
}  // namespace carcassonne::service
