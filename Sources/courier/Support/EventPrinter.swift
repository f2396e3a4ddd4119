import Courier
import CourierCollections
import CourierUI
import Foundation
import Synchronization

/// `courier run`'s readable output (a terminal, `--pretty`) when the request asks for an event
/// stream (its `Accept`) or `--stream` is given: an event stream (SSE, NDJSON, by the response's
/// `Content-Type`) is printed event by event as it arrives, each with the time, event name
/// and id and its data pretty when JSON, as the explorer's Events tab lists it; with `--stream`
/// any other body is printed as it arrives too. Every other body is kept whole, to be printed
/// pretty once complete (`bufferedBody`).
final class EventPrinter: ResponseSink {
    private enum Mode {
        /// No head yet.
        case waiting
        case events(StreamEventDecoder, TerminalText)
        case passthrough(TerminalText)
        case buffering(Data)
    }

    private struct State {
        var mode = Mode.waiting
        var lastByte: UInt8?
    }

    /// Whether other bodies are printed as they arrive too (`--stream`).
    private let streamsEverything: Bool
    /// Whether the server's control characters are shown as pictures (a terminal without `--raw`).
    private let shown: Bool
    /// The text `--include` prints for a head; nil without it.
    private let headText: (@Sendable (Int, [(String, String)], SecretRedactor) -> String)?
    private let state = Mutex(State())

    /// Called once when the body starts printing as it arrives (the progress line makes way).
    private let printingLive: @Sendable () -> Void

    init(streamsEverything: Bool, shown: Bool, headText: (@Sendable (Int, [(String, String)], SecretRedactor) -> String)?,
         printingLive: @escaping @Sendable () -> Void) {
        self.streamsEverything = streamsEverything
        self.shown = shown
        self.headText = headText
        self.printingLive = printingLive
    }

    /// A request that asks for an event stream (or any, with `--stream`); others are received
    /// whole as without a sink.
    func wants(_ request: ResolvedRequest) -> Bool { streamsEverything || request.asksForEventStream }

    func head(status: Int, headers: [(String, String)], redactor: SecretRedactor) throws {
        let contentType = headers.first { $0.0.lowercased() == "content-type" }?.1
        let mode: Mode
        if let format = EventStreamFormat(contentType: contentType) {
            mode = .events(StreamEventDecoder(format: format), TerminalText(shown: shown))
        } else if streamsEverything {
            mode = .passthrough(TerminalText(shown: shown))
        } else {
            mode = .buffering(Data())
        }
        if case .buffering = mode {} else {
            printingLive()
            if let headText { Output.write(Data(headText(status, headers, redactor).utf8)) }
        }
        state.withLock { $0.mode = mode }
    }

    func body(_ chunk: Data) throws {
        state.withLock { current in
            switch current.mode {
            case .waiting: break
            case .events(var decoder, var text):
                Self.print(decoder.feed(chunk), to: &text)
                current.mode = .events(decoder, text)
            case .passthrough(var text):
                text.write(chunk)
                current.mode = .passthrough(text)
                if let last = chunk.last { current.lastByte = last }
            case .buffering(var data):
                current.mode = .waiting  // lets `data` grow in place
                data.append(chunk)
                current.mode = .buffering(data)
            }
        }
    }

    /// The whole body, when it was kept to be printed once complete; nil when it was printed as it arrived.
    var bufferedBody: Data? {
        state.withLock { current in
            if case .buffering(let data) = current.mode { return data }
            return nil
        }
    }

    /// Whether the body was printed as it arrived (`finish()` ends it), rather than kept or not seen at all.
    var printedLive: Bool {
        state.withLock { current in
            switch current.mode {
            case .events, .passthrough: return true
            case .waiting, .buffering: return false
            }
        }
    }

    /// Ends a body printed as it arrived: the last NDJSON line without its line end is printed,
    /// and the output ends with a line break so the prompt starts on its own line.
    func finish() {
        state.withLock { current in
            switch current.mode {
            case .events(var decoder, var text):
                Self.print(decoder.finish(), to: &text)
                text.finish()
            case .passthrough(var text):
                text.finish()
                if let last = current.lastByte, last != UInt8(ascii: "\n") { Output.write(Data("\n".utf8)) }
            case .waiting, .buffering: break
            }
        }
    }

    /// Prints events as the Events tab lists them, stamped with the time now.
    private static func print(_ events: [ServerSentEvent], to text: inout TerminalText) {
        guard !events.isEmpty else { return }
        let time = TimeText.clock(milliseconds: true)
        for event in events {
            let entry = EventLog.Entry(time: time, event: event)
            text.write(Data(([entry.heading] + entry.dataLines).joined(separator: "\n").utf8 + [UInt8(ascii: "\n")]))
        }
    }
}
