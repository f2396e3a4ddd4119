import CNcurses
#if canImport(Glibc)
import Glibc
#endif

/// The terminal modes from before the explorer started. Written once by `CrashGuard.install`
/// before any handler exists, then only read by the handlers: no concurrent writes.
nonisolated(unsafe) private var originalModes = termios()

/// Restores the terminal when the process is killed or crashes, so the shell is usable afterwards.
/// The handlers use only async-signal-safe calls (write, tcsetattr): ncurses' endwin could
/// deadlock on a lock held by the interrupted thread.
enum CrashGuard {
    /// Call before ncurses changes the terminal modes.
    static func saveModes() {
        tcgetattr(0, &originalModes)
    }

    static func install() {
        // SIGINT too: raw mode turns ctrl-c into a key, but `kill -INT` still arrives as a signal.
        for number in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGABRT, SIGILL, SIGSEGV, SIGBUS, SIGTRAP, SIGFPE] {
            signal(number) { received in
                // Attributes off, mouse and bracketed paste off, cursor shown, main screen back.
                var bytes = Array("\u{1B}[0m\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1006l\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l\r\n".utf8)
                _ = write(1, &bytes, bytes.count)
                tcsetattr(0, TCSANOW, &originalModes)
                signal(received, SIG_DFL)
                raise(received)
            }
        }
    }
}
