import CourierCollections

/// The lines `courier test` prints as it goes: on a terminal a `… id` line while a request runs,
/// replaced by its result; a line per request otherwise; failures below their request.
struct LiveLines {
    /// Whether the lines go to stderr (stdout carries TAP).
    let toStderr: Bool

    private var descriptor: Int32 { toStderr ? 2 : 1 }
    private var terminal: Bool { toStderr ? Output.stderrIsTerminal : Output.stdoutIsTerminal }

    func start(_ id: String) {
        if terminal { write("… \(id)") }
    }

    func finish(_ outcome: RequestOutcome) {
        let clear = terminal ? "\r\u{1B}[2K" : ""
        let failures = outcome.verdict == .passed || outcome.verdict == .skipped ? [] : TestLine.failures(of: outcome)
        let problem = outcome.problem.map { problem in
            problem.message.split(separator: "\n").dropFirst().map { "    " + outcome.redactor.redact(String($0)) }
        } ?? []
        let lines = ([TestLine.line(outcome)] + failures + problem).joined(separator: "\n")
        write(clear + Output.terminalSafe(lines, on: descriptor) + "\n")
    }

    func summary(_ line: String) {
        write("\n" + line + "\n")
    }

    private func write(_ text: String) {
        Output.write(Data(text.utf8), to: descriptor)
    }
}

import Foundation
