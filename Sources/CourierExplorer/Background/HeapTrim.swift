#if canImport(Glibc)
import Glibc
#endif

/// Hands memory freed inside malloc's arenas back to the system. glibc keeps freed chunks below
/// its (self-raising) mmap threshold in the arena of the thread that allocated them, so after a
/// 100 MB body's index is freed the process's heap (RssAnon) would stay tens of megabytes above
/// what it holds; `malloc_trim` releases the free pages of every arena. A no-op elsewhere.
enum HeapTrim {
    /// glibc's `malloc_trim`, looked up once: Swift's Glibc module does not import `<malloc.h>`.
    private static let trim: (@convention(c) (Int) -> Int32)? = {
        #if canImport(Glibc)
        guard let symbol = dlsym(nil, "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        #else
        return nil
        #endif
    }()

    /// Returns the free pages of malloc's arenas to the system; call it off the UI thread, after
    /// large values were freed (it walks every arena, a millisecond or so).
    static func returnFreedMemory() {
        _ = trim?(0)
    }
}
