#if canImport(Glibc)
import Glibc
#endif

/// Makes glibc hand large freed blocks straight back to the system. By default it raises its mmap
/// threshold to the size of the largest block freed (up to 32 MiB), after which a 100 MB body's
/// line index columns (16-31 MiB each) come from malloc's arenas, which keep them once freed:
/// measured with `bench/explorer-load`, the heap stayed 62 MiB above what it held after each
/// response was let go, and `malloc_trim` after letting go did not return it. A threshold fixed
/// at 1 MiB gives every larger block pages of its own, unmapped when it is freed. A no-op elsewhere.
enum LargeAllocations {
    /// Blocks from this size up get pages of their own.
    static let threshold: Int32 = 1 << 20

    /// glibc's `mallopt`, looked up once: Swift's Glibc module does not import `<malloc.h>`.
    private static let mallopt: (@convention(c) (Int32, Int32) -> Int32)? = {
        #if canImport(Glibc)
        guard let symbol = dlsym(nil, "mallopt") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
        #else
        return nil
        #endif
    }()

    /// `M_MMAP_THRESHOLD` of `<malloc.h>`; setting it also stops glibc raising it by itself.
    private static let mmapThreshold: Int32 = -3

    /// Fixes the threshold; call once, before large bodies arrive.
    static func returnToSystemWhenFreed() {
        _ = mallopt?(mmapThreshold, threshold)
    }
}
