import CNcurses
import CourierUI
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The real terminal through ncurses: the only code in Courier that touches it.
///
/// `start()` checks the terminal and enters raw mode; `draw(_:)` writes only the cells that
/// changed since the last frame; `nextEvent(timeout:)` decodes keys, paste, mouse and resize;
/// `stop()` restores the terminal, and so do SIGTERM, SIGHUP and crashes.
public final class Terminal {
    public enum StartError: Error, CustomStringConvertible {
        case notATerminal
        case unknownTerminal(String)

        public var description: String {
            switch self {
            case .notATerminal: return "standard input is not a terminal; the explorer needs one (use `courier run` in scripts)"
            case .unknownTerminal(let name): return "the terminal type '\(name)' is unknown to ncurses; set TERM, for example TERM=xterm-256color"
            }
        }
    }

    public private(set) var width = 0
    public private(set) var height = 0
    public private(set) var colors: ColorSupport = .none
    private var blitter: Blitter?
    private var previous: Screen?
    private var running = false

    public init() {}

    /// Sets the terminal up for the explorer.
    /// - Throws: `StartError` when stdin is not a terminal or TERM is unusable; nothing is changed then.
    public func start(environment: [String: String] = ProcessInfo.processInfo.environment) throws(StartError) {
        guard isatty(0) == 1 else { throw .notATerminal }
        Locale.setUTF8()
        CrashGuard.saveModes()
        let name = environment["TERM"] ?? ""
        // newterm returns nil instead of exiting the process the way initscr does.
        guard !name.isEmpty, let screen = courier_newterm() else { throw .unknownTerminal(name) }
        _ = set_term(screen)
        raw()
        noecho()
        nonl()
        keypad(courier_stdscr(), true)
        set_escdelay(25)
        curs_set(0)
        mousemask(courier_all_mouse_events, nil)
        mouseinterval(0)
        // COLORS is only set by start_color(), so start colour before asking how many there are.
        if ColorSupport.wanted(environment: environment) {
            start_color()
            use_default_colors()
        }
        colors = ColorSupport.detect(environment: environment)
        blitter = Blitter(colors: colors)
        Output.write(Output.inputModesOn)
        running = true
        CrashGuard.install()
        ResumeSignal.install()
        width = Int(courier_cols())
        height = Int(courier_lines())
    }

    /// Restores the terminal; safe to call twice.
    public func stop() {
        guard running else { return }
        running = false
        Output.write(Output.inputModesOff)
        endwin()
        courier_flush()
    }

    /// Draws `screen`, writing only the cells that differ from the last frame.
    public func draw(_ screen: Screen) {
        guard let blitter else { return }
        let changed = screen.changes(since: previous)
        if previous?.width != screen.width || previous?.height != screen.height { clear() }
        blitter.write(changed, of: screen)
        if let cursor = screen.cursor {
            curs_set(1)
            move(Int32(cursor.row), Int32(cursor.column))
        } else {
            curs_set(0)
        }
        wnoutrefresh(courier_stdscr())
        doupdate()
        previous = screen
    }

    /// Gives the terminal back to the shell and stops until the shell resumes the process
    /// (`fg`); then takes it back and redraws everything.
    public func suspend() {
        Output.write(Output.inputModesOff)
        endwin()
        courier_flush()
        // A stop sent to ourselves takes effect asynchronously in a multi-threaded process; without
        // waiting for the resume, this thread could redraw the screen before it actually stops.
        let resumes = ResumeSignal.count
        kill(getpid(), SIGSTOP)
        while ResumeSignal.count == resumes { usleep(5_000) }
        Output.write(Output.inputModesOn)
        refresh()
        invalidate()
    }

    /// Gives the terminal to another program (an editor) while `work` runs, then takes it back
    /// and redraws everything.
    public func lend(_ work: () -> Void) {
        Output.write(Output.inputModesOff)
        endwin()
        courier_flush()
        work()
        Output.write(Output.inputModesOn)
        refresh()
        invalidate()
    }

    /// Forgets the last frame so the next one is drawn in full (after a suspend, for example).
    public func invalidate() {
        previous = nil
        clearok(courier_stdscr(), true)
    }

    /// Waits up to `timeout` milliseconds for an event; nil when none came.
    public func nextEvent(timeout: Int32) -> TerminalEvent? {
        wtimeout(courier_stdscr(), timeout)
        guard let event = KeyDecoder.read() else { return nil }
        if case .resize = event {
            width = Int(courier_cols())
            height = Int(courier_lines())
            previous = nil
        }
        return event
    }

    /// Whether the terminal has gone: its window closed or the other end of its pseudo-terminal
    /// released. Reads then fail at once, and a loop waiting for keys would spin.
    public var isGone: Bool {
        var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 0) >= 0 else { return false }
        return descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
    }

    deinit { stop() }
}

/// What the terminal can colour.
public enum ColorSupport: Sendable, Equatable {
    case none, basic, indexed

    /// Whether colour may be used at all: https://no-color.org (any non-empty value), TERM=dumb, has_colors().
    static func wanted(environment: [String: String]) -> Bool {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        return environment["TERM"] != "dumb" && has_colors()
    }

    /// What the terminal offers; call after `start_color()`.
    static func detect(environment: [String: String]) -> ColorSupport {
        guard wanted(environment: environment) else { return .none }
        return courier_colors() >= 256 ? .indexed : .basic
    }
}

/// Writes to stdout directly, for escape sequences ncurses has no call for.
enum Output {
    /// Bracketed paste, and SGR mouse reports (1006): ncurses' own X10 reports cannot name a
    /// column past 223 and are not decoded at all when the terminfo entry lacks `kmous`;
    /// `ESC [ < b ; x ; y M` reaches `EscapeSequence.mouse` instead, on any terminal size.
    static let inputModesOn = "\u{1B}[?2004h\u{1B}[?1006h"
    static let inputModesOff = "\u{1B}[?1006l\u{1B}[?2004l"

    static func write(_ text: String) {
        var bytes = Array(text.utf8)
        #if canImport(Darwin)
        _ = Darwin.write(1, &bytes, bytes.count)
        #else
        _ = Glibc.write(1, &bytes, bytes.count)
        #endif
    }
}

extension Locale {
    /// UTF-8 from the environment, or C.UTF-8 when the environment's locale is not UTF-8 (CI,
    /// `env -i`, a tmux server started without LANG): otherwise box lines print as `q` and `x`.
    static func setUTF8() {
        setlocale(LC_ALL, "")
        let codeset = String(cString: nl_langinfo(nl_item(CODESET)))
        if codeset.uppercased().replacingOccurrences(of: "-", with: "") != "UTF8" {
            setlocale(LC_ALL, "C.UTF-8")
        }
    }
}

/// SIGCONT deliveries. Atomic, because the signal handler updates it (atomics are signal-safe).
private let resumeCount = Atomic<Int>(0)

/// Lets a suspend wait until the shell really resumed the process.
enum ResumeSignal {
    static func install() {
        signal(SIGCONT) { _ in resumeCount.add(1, ordering: .relaxed) }
    }

    static var count: Int { resumeCount.load(ordering: .relaxed) }
}
