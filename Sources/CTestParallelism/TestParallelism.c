// Bounds how many tests Swift Testing runs at once in the test process.
//
// Swift Testing starts every test at once by default. Its jobs share the cooperative pool, one
// thread per core: on CI's two cores, hundreds of CPU-bound model tests queued ahead of an
// awaiting test held its answers back for up to fifty seconds, enough to expire a token or to
// miss a file that exists for a second. With a bounded width only a few jobs are ever ahead.
//
// The width is read from the environment when the test runner starts, after this constructor has
// run; a width set by the caller wins (setenv's last argument), so it can still be tuned.
#include <stdlib.h>
#include "TestParallelism.h"

__attribute__((constructor)) static void courier_bound_test_parallelism(void) {
    setenv("SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH", COURIER_TEST_PARALLELIZATION_WIDTH, 0);
}
