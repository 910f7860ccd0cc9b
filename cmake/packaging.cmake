# Install rules and the Debian package (CPack). `cmake --install build --prefix P` puts the qbank
# binary in P/bin and its data (rules/ with presets, term lists and rule pages; schemas/) in
# P/share/qbank; the binary looks for its data at ../share/qbank from its own location
# (lib/base/data_dir.h), so these two destinations are fixed rather than taken from
# GNUInstallDirs, which lets them be set apart.
install(TARGETS qbank RUNTIME DESTINATION bin)
install(DIRECTORY rules/ DESTINATION share/qbank/rules
        FILES_MATCHING PATTERN "*.md" PATTERN "*.json" PATTERN "*.txt")
install(DIRECTORY schemas/ DESTINATION share/qbank/schemas FILES_MATCHING PATTERN "*.json")
install(FILES README.md DESTINATION share/doc/qbank)
# Shell completion (tools/CMakeLists.txt writes them at build time): where bash-completion and
# Debian's zsh look for them.
install(FILES ${QBANK_COMPLETION_DIR}/qbank DESTINATION share/bash-completion/completions)
install(FILES ${QBANK_COMPLETION_DIR}/_qbank DESTINATION share/zsh/vendor-completions)

# `cpack --config build/CPackConfig.cmake` (or `cmake --build build --target package`) writes
# qbank_VERSION_ARCH.deb. Its dependencies come from dpkg-shlibdeps (package dpkg-dev) when it is
# there, which reads the libraries the binary links; otherwise they are the Debian 12 runtime
# packages of the libraries CMakeLists.txt finds.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME qbank)
set(CPACK_PACKAGE_VENDOR "qbank")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "import, lint and export multiple-choice question banks")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "qbank reads question banks in the formats people write them in (Markdown drafts, GIFT,
Aiken, CSV, Moodle XML, QTI, practice pages, JSON), checks them (answer keys, explanations
and rationales, metadata, duplicates, originality, item-writing flaws) with reports for
terminals and CI (SARIF, GitHub annotations, JUnit), and exports them to any of those formats.")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "qbank maintainers <qbank@example.org>")
set(CPACK_DEBIAN_PACKAGE_SECTION text)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "https://github.com/your-org/qbank")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_STRIP_FILES ON)
find_program(QBANK_DPKG_SHLIBDEPS dpkg-shlibdeps)
# wordnet-base: the data files paraphrased-options reads (a data package, so shlibdeps cannot
# find it; CPack adds the computed libraries to this list).
if(QBANK_DPKG_SHLIBDEPS)
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "wordnet-base")
else()
  set(CPACK_DEBIAN_PACKAGE_DEPENDS
      "libc6, libstdc++6, libgcc-s1, libicu72, libboost-program-options1.74.0, libpugixml1v5, libzip4, zlib1g, libyaml-0-2, wordnet-base")
endif()
include(CPack)
