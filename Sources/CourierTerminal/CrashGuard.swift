import CNcurses
#if canImport(Glibc)
import Glibc
#endif

/// Restores the terminal when the process is killed or crashes, so the shell is usable afterwards.
enum CrashGuard {
    static func install() {
        // SIGINT too: raw mode turns ctrl-c into a key, but `kill -INT` still arrives as a signal.
        for number in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGABRT, SIGILL, SIGSEGV, SIGBUS, SIGTRAP, SIGFPE] {
            signal(number) { received in
                // Leave the alternate screen and raw mode, then die the way the signal meant.
                endwin()
                // fflush is not async-signal-safe; write the essentials directly: leave the
                // alternate screen, show the cursor, bracketed paste off.
                var bytes = Array("\u{1B}[?1049l\u{1B}[?25h\u{1B}[?2004l".utf8)
                _ = write(1, &bytes, bytes.count)
                signal(received, SIG_DFL)
                raise(received)
            }
        }
    }
}
