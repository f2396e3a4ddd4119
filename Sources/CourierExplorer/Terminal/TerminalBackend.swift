import CourierTerminal
import CourierUI

/// What the explorer needs of a terminal: a size, frames drawn, events read, the terminal lent
/// to another program, and a clipboard. `Terminal` (ncurses) is the real one; tests drive the
/// session through an in-memory backend that records frames and replays keys.
public protocol TerminalBackend: AnyObject {
    var width: Int { get }
    var height: Int { get }
    /// Whether nobody can type or see any more (a closed window, a released pseudo-terminal).
    var isGone: Bool { get }
    /// Draws a frame (a backend may write only the cells that changed since the last one).
    func draw(_ screen: Screen)
    /// Waits up to `timeout` milliseconds for an event; nil when none came.
    func nextEvent(timeout: Int32) -> TerminalEvent?
    /// Stops the process until the shell resumes it (ctrl-z).
    func suspend()
    /// Gives the terminal to another program (an editor) while `work` runs.
    func lend(_ work: () -> Void)
    /// Puts `text` on the clipboard.
    /// - Returns: How, for the status line ("OSC 52", "OSC 52 and xclip").
    func copy(_ text: String) -> String
    /// How `copy` reaches the clipboard, and how much that carries.
    var clipboardRoute: ClipboardRoute { get }
}

extension TerminalBackend {
    public var clipboardRoute: ClipboardRoute { .unlimited }
}

extension Terminal: TerminalBackend {
    public func copy(_ text: String) -> String { Clipboard.copy(text) }
    public var clipboardRoute: ClipboardRoute { Clipboard.route() }
}
