# Runs cmake/check_layers.cmake on scratch lib/ trees: a clean one must pass, and each kind of
# violation (an upward include, a PRIVATE folder in a header, a third-party header outside its door,
# a source no target compiles) must fail naming the file.
#   cmake -DCHECK=cmake/check_layers.cmake -DWORK=scratch-folder -P check_layers_test.cmake
cmake_minimum_required(VERSION 3.25)

# Writes a tree under ${WORK}/${name}: lower/ (a door for <door/...>), upper/ linking lower PRIVATE,
# then `extra` as "path=line" entries appended to the files, and runs the check on it.
function(run_check name extra out_result out_output)
  set(root ${WORK}/${name})
  file(REMOVE_RECURSE ${root})
  file(WRITE ${root}/lib/lower/lower.h "#include <string>\n")
  file(WRITE ${root}/lib/lower/lower.cc "#include \"lower/lower.h\"\n#include <door/door.h>\n")
  file(WRITE ${root}/lib/upper/upper.h "#include \"upper/other.h\"\n")
  file(WRITE ${root}/lib/upper/upper.cc "#include \"upper/upper.h\"\n#include \"lower/lower.h\"\n")
  foreach(entry IN LISTS extra)
    string(REGEX MATCH "^([^=]+)=(.*)$" ignored "${entry}")
    file(APPEND ${root}/lib/${CMAKE_MATCH_1} "${CMAKE_MATCH_2}\n")
  endforeach()
  file(WRITE ${root}/graph.cmake
    "set(QBANK_LAYERS \"lower;upper\")\n"
    "set(QBANK_LAYER_lower_PUBLIC \"\")\nset(QBANK_LAYER_lower_PRIVATE \"\")\n"
    "set(QBANK_LAYER_lower_DOORS \"door/\")\n"
    "set(QBANK_LAYER_lower_SOURCES \"${root}/lib/lower/lower.cc\")\n"
    "set(QBANK_LAYER_upper_PUBLIC \"\")\nset(QBANK_LAYER_upper_PRIVATE \"lower\")\n"
    "set(QBANK_LAYER_upper_DOORS \"\")\n"
    "set(QBANK_LAYER_upper_SOURCES \"${root}/lib/upper/upper.cc\")\n")
  execute_process(
    COMMAND ${CMAKE_COMMAND} -DQBANK_LIB_DIR=${root}/lib -DQBANK_LAYER_GRAPH=${root}/graph.cmake
            -P ${CHECK}
    RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
  set(${out_result} "${result}" PARENT_SCOPE)
  set(${out_output} "${output}" PARENT_SCOPE)
endfunction()

set(failures 0)
function(expect name extra want_ok want_text)
  run_check(${name} "${extra}" result output)
  if(want_ok AND NOT result EQUAL 0)
    message("FAIL ${name}: expected the check to pass, got:\n${output}")
    math(EXPR failures "${failures} + 1")
  elseif(NOT want_ok AND result EQUAL 0)
    message("FAIL ${name}: expected the check to fail, it passed")
    math(EXPR failures "${failures} + 1")
  elseif(NOT output MATCHES "${want_text}")
    message("FAIL ${name}: expected output matching '${want_text}', got:\n${output}")
    math(EXPR failures "${failures} + 1")
  else()
    message("ok ${name}")
  endif()
  set(failures ${failures} PARENT_SCOPE)
endfunction()

expect(clean "" TRUE "")
expect(upward "lower/lower.cc=#include \"upper/upper.h\"" FALSE
       "lib/lower/lower.cc: error: '#include \"upper/upper.h\"': qbank::lower links only")
expect(private_in_header "upper/upper.h=#include \"lower/lower.h\"" FALSE
       "lib/upper/upper.h: error: .*links PUBLIC only")
expect(syntax_header_outside "upper/upper.h=#include \"lower/lower_syntax.h\"" FALSE
       "lib/upper/upper.h: error: .*lower/lower_syntax.h is private to the sources of lib/lower/")
expect(door "upper/upper.cc=#include <door/x.h>" FALSE
       "lib/upper/upper.cc: error: .*door/ is included only in lower/")
expect(unbuilt "upper/stray.cc=#include \"upper/upper.h\"" FALSE
       "lib/upper/stray.cc:1: error: not compiled by any lib/ target")

if(failures GREATER 0)
  message(FATAL_ERROR "${failures} layering check case(s) failed")
endif()
