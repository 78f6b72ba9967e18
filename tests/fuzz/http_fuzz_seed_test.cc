// Replays the HTTP fuzz target's seeds (tests/fuzz/http_seeds) through its
// entry point in the ordinary build (no libFuzzer): every seed passes the
// target's checks (http_fuzzer.cc aborts otherwise), so the seeds and the
// target stay in step with the protocol code between fuzzing runs.
#include <dirent.h>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "gtest/gtest.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

TEST(HttpFuzzSeedTest, EverySeedPassesTheTargetsChecks) {
  const std::string directory = std::string(CARCASSONNE_SOURCE_DIR) + "/tests/fuzz/http_seeds";
  DIR* dir = opendir(directory.c_str());
  ASSERT_NE(dir, nullptr) << directory;
  std::vector<std::string> seeds;
  while (const dirent* entry = readdir(dir)) {
    if (entry->d_name[0] != '.') seeds.push_back(directory + "/" + entry->d_name);
  }
  closedir(dir);
  ASSERT_GE(seeds.size(), 8u);  // one per protocol of the port (http_seeds/)
  for (const std::string& seed : seeds) {
    std::ifstream in(seed, std::ios::binary);
    std::stringstream bytes;
    bytes << in.rdbuf();
    const std::string input = bytes.str();
    EXPECT_EQ(LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(input.data()), input.size()),
              0)
        << seed;
  }
}

}  // namespace
