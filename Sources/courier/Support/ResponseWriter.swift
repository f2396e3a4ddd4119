import Courier
import CourierCollections
import CourierUI
import Foundation
import Synchronization

/// `courier run`'s raw output as it arrives: the head (with `--include`) on stdout, then the
/// body's bytes, untouched, to stdout or to `--output`'s file. Nothing is kept, so memory stays
/// flat whatever the size of the body.
final class ResponseWriter: ResponseSink {
    private struct State {
        var written: Int64 = 0
        var lastByte: UInt8?
        /// Why the output could not be written; the run stops with it (exit 2), not as a transport error.
        var failure: CLIFailure?
    }

    private let file: OutputFile?
    /// The text `--include` prints for a head; nil without it.
    private let headText: (@Sendable (Int, [(String, String)], SecretRedactor) -> String)?
    private let state = Mutex(State())

    /// - Parameters:
    ///   - file: Where the body goes; nil for stdout.
    ///   - headText: The head as `--include` prints it, or nil.
    init(file: OutputFile?, headText: (@Sendable (Int, [(String, String)], SecretRedactor) -> String)?) {
        self.file = file
        self.headText = headText
    }

    func head(status: Int, headers: [(String, String)], redactor: SecretRedactor) throws {
        if let headText { try write(Data(headText(status, headers, redactor).utf8), to: nil) }
    }

    func body(_ chunk: Data) throws {
        try write(chunk, to: file)
        state.withLock { state in
            state.written += Int64(chunk.count)
            if let last = chunk.last { state.lastByte = last }
        }
    }

    /// Why the output could not be written, if it could not.
    var failure: CLIFailure? { state.withLock(\.failure) }

    /// Ends a complete response: the file is put in place and the size said on stderr; on a
    /// terminal, a body without a final line break gets one, so the prompt starts on its own line.
    /// - Throws: `CLIFailure.usage` when the file cannot be put in place.
    func finish() throws {
        let (written, lastByte) = state.withLock { ($0.written, $0.lastByte) }
        if let file {
            try file.commit()
            Output.error("Saved \(ByteCount.text(written)) to \(file.path)\n")
        } else if Output.stdoutIsTerminal, written > 0, lastByte != UInt8(ascii: "\n") {
            Output.write(Data("\n".utf8))
        }
    }

    /// Drops a response that did not arrive whole: the temporary file is removed.
    func discard() {
        file?.discard()
    }

    private func write(_ data: Data, to file: OutputFile?) throws {
        do {
            if let file {
                try file.write(data)
            } else if let code = Output.writeAll(data, to: 1) {
                throw CLIFailure.usage("cannot write to stdout: \(String(cString: strerror(code)))")
            }
        } catch let failure as CLIFailure {
            state.withLock { $0.failure = failure }
            throw failure
        }
    }
}
