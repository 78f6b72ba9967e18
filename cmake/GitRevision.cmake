# The git revision of a source tree, for the version the server reports
# (service/version.h), read at configure time.
#
#   carcassonne_git_revision(<source_dir> <out_var>)
#
# Sets <out_var> to the abbreviated commit of <source_dir> (12 hex digits),
# with "-dirty" when tracked files have uncommitted changes, or to "unknown"
# when git is missing or <source_dir> is not the top of a git checkout of its
# own (a tarball unpacked anywhere, even inside another repository). Never
# fails. Sets <out_var>_FILES to the files whose change means HEAD moved
# (HEAD, the branch it names, packed-refs), for CMAKE_CONFIGURE_DEPENDS.
function(carcassonne_git_revision source_dir out_var)
  set(revision "unknown")
  set(head_files "")
  find_package(Git QUIET)
  if(GIT_FOUND)
    execute_process(COMMAND ${GIT_EXECUTABLE} rev-parse --show-toplevel
                    WORKING_DIRECTORY ${source_dir}
                    OUTPUT_VARIABLE top RESULT_VARIABLE status
                    OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    set(own_checkout FALSE)
    if(status EQUAL 0 AND top)
      file(REAL_PATH "${top}" top)
      file(REAL_PATH "${source_dir}" source_top)
      if(top STREQUAL source_top)
        set(own_checkout TRUE)
      endif()
    endif()
    if(own_checkout)
      execute_process(COMMAND ${GIT_EXECUTABLE} rev-parse --short=12 HEAD
                      WORKING_DIRECTORY ${source_dir}
                      OUTPUT_VARIABLE commit RESULT_VARIABLE status
                      OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
      if(status EQUAL 0 AND commit)
        set(revision "${commit}")
        execute_process(COMMAND ${GIT_EXECUTABLE} status --porcelain --untracked-files=no
                        WORKING_DIRECTORY ${source_dir}
                        OUTPUT_VARIABLE changes ERROR_QUIET)
        if(changes)
          string(APPEND revision "-dirty")
        endif()
        set(refs HEAD packed-refs)
        execute_process(COMMAND ${GIT_EXECUTABLE} symbolic-ref -q HEAD
                        WORKING_DIRECTORY ${source_dir}
                        OUTPUT_VARIABLE branch OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
        if(branch)
          list(APPEND refs "${branch}")
        endif()
        foreach(ref IN LISTS refs)
          execute_process(COMMAND ${GIT_EXECUTABLE} rev-parse --path-format=absolute
                                  --git-path ${ref}
                          WORKING_DIRECTORY ${source_dir}
                          OUTPUT_VARIABLE path OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
          if(path AND EXISTS "${path}")
            list(APPEND head_files "${path}")
          endif()
        endforeach()
      endif()
    endif()
  endif()
  set(${out_var} "${revision}" PARENT_SCOPE)
  set(${out_var}_FILES "${head_files}" PARENT_SCOPE)
endfunction()
