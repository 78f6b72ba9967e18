// The version of the Carcassonne referee and the git revision it was built
// from, as --version prints them and carcassonne_build_info{version,revision}
// reports them. Both are fixed when the build is configured (CMakeLists.txt:
// the project version; `git rev-parse` of the source tree, re-read whenever
// the checked-out commit changes); a build from a tarball without .git
// reports the revision "unknown".
#pragma once

#include <string>

namespace carcassonne::service {

// The project version, e.g. "0.1.0".
const char* ProjectVersion();

// The git revision (abbreviated commit hash, with "-dirty" when the tree had
// uncommitted changes at configure time), or "unknown".
const char* GitRevision();

// "carcassonne_referee <version> (revision <revision>)", the line --version
// prints.
std::string VersionLine();

}  // namespace carcassonne::service
