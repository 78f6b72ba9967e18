# Checks cmake/GitRevision.cmake (the revision --version prints):
#   cmake -DSOURCE_DIR=<repository root> -DBINARY_DIR=<a build folder> -P check_git_revision.cmake
# * the repository's own root gives 12 hex digits (and "-dirty" at most) when
#   it is a git checkout, "unknown" when it is not (a tarball);
# * a folder outside any repository (a tarball unpacked in /tmp) and a folder
#   inside another checkout (a tarball unpacked in someone's repository, here
#   under the build folder) give "unknown", and neither fails.
include(${SOURCE_DIR}/cmake/GitRevision.cmake)

set(failed FALSE)
function(expect_unknown dir what)
  carcassonne_git_revision(${dir} revision)
  if(NOT revision STREQUAL "unknown")
    message(SEND_ERROR "${what} (${dir}): expected \"unknown\", got \"${revision}\"")
  else()
    message(STATUS "${what}: unknown, as expected")
  endif()
endfunction()

carcassonne_git_revision(${SOURCE_DIR} revision)
if(EXISTS "${SOURCE_DIR}/.git")
  if(NOT revision MATCHES "^[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f](-dirty)?$")
    message(SEND_ERROR "the repository (${SOURCE_DIR}): expected a 12-digit commit, got \"${revision}\"")
  else()
    message(STATUS "the repository: ${revision}")
  endif()
else()
  expect_unknown(${SOURCE_DIR} "the sources without .git")
endif()

string(RANDOM LENGTH 12 suffix)
set(outside "/tmp/carcassonne_tarball_${suffix}")
file(MAKE_DIRECTORY ${outside})
expect_unknown(${outside} "a folder outside any repository")
file(REMOVE_RECURSE ${outside})

set(inside "${BINARY_DIR}/carcassonne_tarball_${suffix}")
file(MAKE_DIRECTORY ${inside})
expect_unknown(${inside} "a folder inside another checkout")
file(REMOVE_RECURSE ${inside})
