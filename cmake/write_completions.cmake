# Writes the shell completion scripts with the built qbank (`qbank completion bash|zsh`, generated
# from its option tables): -DQBANK=path/to/qbank -DOUT_DIR=folder. Run at build time by
# tools/CMakeLists.txt; cmake/packaging.cmake installs the results.
file(MAKE_DIRECTORY "${OUT_DIR}")
foreach(shell bash zsh)
  if(shell STREQUAL "bash")
    set(out "${OUT_DIR}/qbank")
  else()
    set(out "${OUT_DIR}/_qbank")
  endif()
  execute_process(COMMAND "${QBANK}" completion ${shell} OUTPUT_FILE "${out}"
                  RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "qbank completion ${shell} failed (${rc})")
  endif()
endforeach()
