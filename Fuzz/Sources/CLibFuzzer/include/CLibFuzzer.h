// libFuzzer's driver, which `-sanitize=fuzzer` links in. courier-fuzz calls it from its own
// entry point, since SwiftPM names an executable's `main` itself.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
