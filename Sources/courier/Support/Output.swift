import CourierUI
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes to the standard streams without the non-Sendable `stdout`/`stderr` globals.
enum Output {
    static func write(_ data: Data, to descriptor: Int32 = 1) {
        _ = writeAll(data, to: descriptor)
    }

    /// Writes all of `data`, going on after interruptions.
    /// - Returns: The `errno` that stopped it early, or nil when everything was written.
    static func writeAll(_ data: Data, to descriptor: Int32) -> Int32? {
        data.withUnsafeBytes { buffer -> Int32? in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                #if canImport(Darwin)
                let written = Darwin.write(descriptor, base + offset, buffer.count - offset)
                #else
                let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
                #endif
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return written < 0 ? errno : EIO }
                offset += written
            }
            return nil
        }
    }

    static func print(_ text: String) { write(Data((text + "\n").utf8)) }

    /// A sentence on stderr. It may quote what a server sent (an error body, a header), so on a
    /// terminal its control characters are shown as pictures instead of being obeyed.
    static func error(_ text: String) { write(Data(terminalSafe(text, on: 2).utf8), to: 2) }

    /// Courier's own control sequences on stderr (the progress line), written as they are.
    static func errorControl(_ text: String) { write(Data(text.utf8), to: 2) }

    /// `text` with control characters as pictures when `descriptor` is a terminal (`ControlPictures`).
    static func terminalSafe(_ text: String, on descriptor: Int32) -> String {
        isatty(descriptor) == 1 ? ControlPictures.clean(text, layout: .text) : text
    }

    static var stdoutIsTerminal: Bool { isatty(1) == 1 }
    static var stderrIsTerminal: Bool { isatty(2) == 1 }
}

/// A one-line progress bar on stderr, redrawn at most ten times a second.
final class ProgressLine: Sendable {
    private struct State {
        var lastDraw = ContinuousClock.now - .seconds(1)
        var drawn = false
        /// Finished: later updates draw nothing (a body printed as it arrives took the terminal).
        var finished = false
    }

    private let state = Mutex(State())
    private let started = ContinuousClock.now

    func update(received: Int64, total: Int64?, sent: Int64, toSend: Int64?) {
        state.withLock { state in
            let now = ContinuousClock.now
            guard !state.finished, now - state.lastDraw >= .milliseconds(100) else { return }
            state.lastDraw = now
            let elapsed = now - started
            let seconds = max(0.001, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
            var text: String
            if let toSend, toSend > 0, sent < toSend {
                text = "↑ \(ByteCount.text(sent)) / \(ByteCount.text(toSend)) \(Int(Double(sent) / Double(toSend) * 100))%"
            } else if let total, total > 0 {
                let fraction = min(1, Double(received) / Double(total))
                let filled = Int(fraction * 20)
                text = "[" + String(repeating: "█", count: filled) + String(repeating: "·", count: 20 - filled) + "] "
                    + "\(Int(fraction * 100))% \(ByteCount.text(received)) / \(ByteCount.text(total))"
            } else {
                text = "↓ \(ByteCount.text(received))"
            }
            text += " · \(ByteCount.text(Int64(Double(received) / seconds)))/s · \(String(format: "%.1f", seconds)) s"
            Output.errorControl("\r\u{1B}[2K" + text)
            state.drawn = true
        }
    }

    /// Clears the line for good.
    func finish() {
        state.withLock { state in
            if state.drawn && !state.finished { Output.errorControl("\r\u{1B}[2K") }
            state.finished = true
        }
    }
}
