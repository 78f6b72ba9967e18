// The build's version and git revision (see version.h); both come from
// compile definitions set on this file alone (service/CMakeLists.txt), so a
// new revision recompiles only this file.
#include "service/version.h"

#ifndef CARCASSONNE_VERSION
#define CARCASSONNE_VERSION "unknown"
#endif
#ifndef CARCASSONNE_GIT_REVISION
#define CARCASSONNE_GIT_REVISION "unknown"
#endif

namespace carcassonne::service {

const char* ProjectVersion() { return CARCASSONNE_VERSION; }

const char* GitRevision() { return CARCASSONNE_GIT_REVISION; }

std::string VersionLine() {
  return std::string("carcassonne_referee ") + ProjectVersion() + " (revision " + GitRevision() +
         ")";
}

}  // namespace carcassonne::service
