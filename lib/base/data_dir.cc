// Finding the data folder: installed layout first, then $QBANK_DATA_DIR, then the build's source
// tree.
#include "base/data_dir.h"

#include <cstdlib>
#include <filesystem>
#include <system_error>
#include <vector>

namespace qbank {
namespace {

constexpr const char* kMarkers[] = {"rules/presets/recommended.json", "schemas/config.schema.json"};

std::string Normal(const std::string& path) {
  std::string s = std::filesystem::path(path).lexically_normal().generic_string();
  while (s.size() > 1 && s.back() == '/') s.pop_back();
  return s;
}

// "" when `dir` holds qbank's data, else why not.
std::string WhyNotData(const std::string& dir, const FileSystem& fs) {
  if (!fs.IsDirectory(dir)) return fs.Exists(dir) ? "not a folder" : "no such folder";
  for (const char* marker : kMarkers) {
    if (!fs.Exists(dir + "/" + marker)) return std::string("no ") + marker;
  }
  return "";
}

}  // namespace

Result<DataDirLocation> FindDataDir(const DataDirCandidates& candidates, const FileSystem& fs) {
  struct Place {
    std::string dir;
    std::string how;
  };
  std::vector<Place> places;
  std::vector<std::string> looked;
  if (!candidates.executable.empty()) {
    std::string bin = std::filesystem::path(candidates.executable).parent_path().generic_string();
    places.push_back({Normal(bin + "/../share/qbank"), "next to the binary"});
  } else {
    looked.push_back("next to the binary: the binary's own path is unknown");
  }
  if (!candidates.env.empty()) {
    places.push_back({Normal(candidates.env), "QBANK_DATA_DIR"});
  } else {
    looked.push_back("QBANK_DATA_DIR: not set");
  }
  if (!candidates.build_tree.empty()) {
    places.push_back({Normal(candidates.build_tree), "the source tree of this build"});
  }
  for (const Place& place : places) {
    std::string why = WhyNotData(place.dir, fs);
    if (why.empty()) return DataDirLocation{place.dir, place.how};
    looked.push_back(place.how + ": " + place.dir + ": " + why);
  }
  std::string message = "cannot find qbank's data folder (rules/ and schemas/); looked at:";
  for (const std::string& l : looked) message += "\n  " + l;
  message +=
      "\ninstall qbank (the .deb, or `cmake --install`, which puts the data in "
      "share/qbank beside bin/), or set QBANK_DATA_DIR to a folder holding rules/ and schemas/";
  return Status::NotFound(message);
}

DataDirCandidates ProcessDataDirCandidates() {
  DataDirCandidates c;
  std::error_code ec;
  std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) c.executable = exe.generic_string();
  if (const char* env = std::getenv("QBANK_DATA_DIR"); env != nullptr) c.env = env;
  c.build_tree = QBANK_DATA_DIR;
  return c;
}

const Result<DataDirLocation>& DataDir() {
  static const Result<DataDirLocation> found =
      FindDataDir(ProcessDataDirCandidates(), RealFileSystem());
  return found;
}

}  // namespace qbank
