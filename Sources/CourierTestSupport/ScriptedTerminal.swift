import CourierExplorer
import CourierUI
import Foundation
import Synchronization

/// A terminal in memory for driving an `ExplorerSession` in a test: keys go in from the test's
/// side, the frames the session draws and the texts it copies come out. The session runs its loop
/// on a thread of its own, as it does on a real terminal.
public final class ScriptedTerminal: TerminalBackend, Sendable {
    private struct Shared {
        var events: [TerminalEvent] = []
        var screen: Screen?
        var copied: [String] = []
        var gone = false
    }

    private let shared = Mutex(Shared())
    private let wake = DispatchSemaphore(value: 0)
    public let width: Int
    public let height: Int

    public init(width: Int = 120, height: Int = 40) {
        self.width = width
        self.height = height
    }

    // MARK: - The session's side

    public var isGone: Bool { shared.withLock { $0.gone } }

    public func draw(_ screen: Screen) { shared.withLock { $0.screen = screen } }

    public func nextEvent(timeout: Int32) -> TerminalEvent? {
        if let event = takeEvent() { return event }
        _ = wake.wait(timeout: .now() + .milliseconds(Int(timeout)))
        return takeEvent()
    }

    public func suspend() {}

    public func lend(_ work: () -> Void) { work() }

    public func copy(_ text: String) -> String {
        shared.withLock { $0.copied.append(text) }
        return "test clipboard"
    }

    private func takeEvent() -> TerminalEvent? {
        shared.withLock { $0.events.isEmpty ? nil : $0.events.removeFirst() }
    }

    // MARK: - The test's side

    /// Queues keys for the session, in order.
    public func press(_ keys: Key...) {
        shared.withLock { $0.events += keys.map { .key($0) } }
        wake.signal()
    }

    /// Queues literal text, one key per character.
    public func type(_ text: String) {
        shared.withLock { $0.events += text.map { .key(.character($0)) } }
        wake.signal()
    }

    /// Takes the terminal away: the session's loop ends as when a window closes.
    public func hangUp() {
        shared.withLock { $0.gone = true }
        wake.signal()
    }

    /// The last frame drawn, as text.
    public var text: String { shared.withLock { $0.screen?.text ?? "" } }

    /// Everything copied to the clipboard so far.
    public var copied: [String] { shared.withLock { $0.copied } }

    /// Polls the frames every 10 ms until `predicate` holds on one; returns its text.
    /// - Parameter timeout: When to give up: a deadline for a failing test, not a measure of speed, so
    ///   it is generous (the whole suite starts hundreds of tests at once on two cores).
    /// - Throws: When none does within `timeout` seconds, with the last frame in the message.
    @discardableResult
    public func waitFor(timeout: TimeInterval = 90, _ predicate: (String) -> Bool) async throws -> String {
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        while ContinuousClock.now < deadline {
            let screen = text
            if predicate(screen) { return screen }
            try await Task.sleep(for: .milliseconds(10))
        }
        // A poll held back past the deadline looks once more before giving up.
        if predicate(text) { return text }
        throw TestSupportError("the explorer did not show what was expected within \(timeout) s; it shows:\n\(text)")
    }
}
