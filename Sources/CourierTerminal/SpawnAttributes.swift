import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Spawn attributes that start a child with every signal unblocked and at its default action.
/// Dispatch and the concurrency pool run with most signals blocked, and a child inherits its
/// spawning thread's mask: `$EDITOR` would not see SIGWINCH when the window is resized, and in the
/// tests a tmux server's panes (and the program in them) would outlive `kill-server`.
public final class SpawnAttributes {
    public var value = posix_spawnattr_t()

    public init() {
        posix_spawnattr_init(&value)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&value, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&value, &all)
        posix_spawnattr_setflags(&value, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    }

    deinit { posix_spawnattr_destroy(&value) }
}
