// The qbank command line entry point.
#include <iostream>

int main(int argc, char** argv) {
  (void)argc;
  (void)argv;
  std::cout << "qbank " << QBANK_VERSION << "\n";
  return 0;
}
