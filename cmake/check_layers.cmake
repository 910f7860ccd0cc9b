# Checks the layering of lib/ against the graph lib/CMakeLists.txt declares (qbank_add_layer).
#   cmake -DQBANK_LIB_DIR=lib -DQBANK_LAYER_GRAPH=build/qbank_layers.cmake -P check_layers.cmake
# A file belongs to the target that compiles it (a header, to the folder it is in). It may include
#   - headers of its own folder;
#   - a header: headers of the folders its target links PUBLIC;
#   - a source: headers of the folders its target links PUBLIC or PRIVATE;
#   - a third-party header named as a door (e.g. unicode/) only in that door's folder.
# Every .cc under lib/ must be compiled by some target. Prints each violation as
# "path:line: error: ..." and fails when there is one.
cmake_minimum_required(VERSION 3.25)

if(NOT QBANK_LIB_DIR OR NOT QBANK_LAYER_GRAPH)
  message(FATAL_ERROR "usage: cmake -DQBANK_LIB_DIR=... -DQBANK_LAYER_GRAPH=... -P ${CMAKE_CURRENT_LIST_FILE}")
endif()
include(${QBANK_LAYER_GRAPH})
cmake_path(ABSOLUTE_PATH QBANK_LIB_DIR NORMALIZE)

# Which target compiles each source, and which folder opens each door.
foreach(layer IN LISTS QBANK_LAYERS)
  foreach(src IN LISTS QBANK_LAYER_${layer}_SOURCES)
    set("owner_${src}" ${layer})
  endforeach()
  foreach(door IN LISTS QBANK_LAYER_${layer}_DOORS)
    list(APPEND doors ${door})
    set("door_${door}" ${layer})
  endforeach()
endforeach()
# Boost.Program_options is the door of tools/, outside lib/.
list(APPEND doors boost/)
set("door_boost/" tools)

set(errors 0)
file(GLOB_RECURSE files RELATIVE ${QBANK_LIB_DIR} ${QBANK_LIB_DIR}/*.h ${QBANK_LIB_DIR}/*.cc)
list(SORT files)

# A header named <name>_syntax.h (a format's, shared by its reader and writer) is private to the
# sources of its own folder: it may include what they may, and no other file may include it.
foreach(file IN LISTS files)
  get_filename_component(file_dir "${file}" DIRECTORY)
  file(STRINGS ${QBANK_LIB_DIR}/${file} quoted REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
  foreach(line IN LISTS quoted)
    if(line MATCHES "#[ \t]*include[ \t]*\"([^\"]+_syntax\\.h)\"")
      set(included "${CMAKE_MATCH_1}")
      get_filename_component(included_dir "${included}" DIRECTORY)
      if(NOT file MATCHES "\\.cc$" OR NOT file_dir STREQUAL included_dir)
        message("lib/${file}: error: '${line}': ${included} is private to the sources of "
                "lib/${included_dir}/")
        math(EXPR errors "${errors} + 1")
      endif()
    endif()
  endforeach()
endforeach()
foreach(file IN LISTS files)
  string(REGEX MATCH "^[^/]+" folder "${file}")
  set(path "${QBANK_LIB_DIR}/${file}")
  if(DEFINED "owner_${path}")
    set(layer "${owner_${path}}")
  elseif(file MATCHES "\\.cc$")
    message("lib/${file}:1: error: not compiled by any lib/ target (add it to lib/${folder}/CMakeLists.txt)")
    math(EXPR errors "${errors} + 1")
    continue()
  else()
    set(layer "${folder}")
  endif()
  if(NOT layer IN_LIST QBANK_LAYERS)
    message("lib/${file}:1: error: folder '${layer}' has no qbank_add_layer() in lib/CMakeLists.txt")
    math(EXPR errors "${errors} + 1")
    continue()
  endif()
  set(allowed ${folder} ${layer} ${QBANK_LAYER_${layer}_PUBLIC})
  list(REMOVE_DUPLICATES allowed)
  set(how "links PUBLIC")
  if(file MATCHES "\\.cc$" OR file MATCHES "_syntax\\.h$")
    list(APPEND allowed ${QBANK_LAYER_${layer}_PRIVATE})
    list(REMOVE_DUPLICATES allowed)
    set(how "links")
  endif()

  file(STRINGS ${path} lines REGEX "^[ \t]*#[ \t]*include")
  foreach(line IN LISTS lines)
    if(line MATCHES "#[ \t]*include[ \t]*\"([a-z_0-9]+)/")
      set(target_folder "${CMAKE_MATCH_1}")
      if(target_folder IN_LIST QBANK_LAYERS AND NOT target_folder IN_LIST allowed)
        message("lib/${file}: error: '${line}': qbank::${layer} ${how} only "
                "[${allowed}] (lib/${layer}/CMakeLists.txt)")
        math(EXPR errors "${errors} + 1")
      endif()
    elseif(line MATCHES "#[ \t]*include[ \t]*<([^>]+)>")
      set(header "${CMAKE_MATCH_1}")
      foreach(door IN LISTS doors)
        string(FIND "${header}" "${door}" at)
        if(at EQUAL 0 AND NOT "${door_${door}}" STREQUAL "${folder}")
          message("lib/${file}: error: '${line}': ${door} is included only in ${door_${door}}/")
          math(EXPR errors "${errors} + 1")
        endif()
      endforeach()
    endif()
  endforeach()
endforeach()

list(LENGTH files count)
if(errors GREATER 0)
  message(FATAL_ERROR "lib/ layering: ${errors} violation(s) in ${count} files; see docs/architecture.md")
endif()
