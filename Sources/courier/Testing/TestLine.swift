import CourierCollections
import CourierUI
import Foundation

/// The text `courier run` and `courier test` print about an outcome.
enum TestLine {
    /// `200 · 12 ms · 5/5 assertions`, or the problem.
    static func summary(_ outcome: RequestOutcome) -> String {
        if let problem = outcome.problem { return problem.message.split(separator: "\n").first.map(String.init) ?? "" }
        guard let result = outcome.result, let status = result.statusCode else { return "skipped" }
        var parts = ["\(status)", "\(milliseconds(result.duration)) ms"]
        if !outcome.assertions.isEmpty {
            parts.append("\(outcome.assertions.count(where: \.passed))/\(outcome.assertions.count) assertions")
        }
        return parts.joined(separator: " · ")
    }

    /// The live line of one request: `✓ Demo/flows/sign-in  200 · 12 ms · 3/3 assertions`.
    static func line(_ outcome: RequestOutcome) -> String {
        let mark = switch outcome.verdict {
        case .passed: "✓"
        case .failed: "✗"
        case .error: "!"
        case .skipped: "-"
        }
        return "\(mark) \(outcome.request.id)  \(summary(outcome))"
    }

    /// Each failed assertion or capture with expected and actual, secrets masked; indented.
    static func failures(of outcome: RequestOutcome, explainStatus: Bool = true) -> [String] {
        var lines: [String] = []
        for result in outcome.failedAssertions {
            let place = result.assertion.location.map { "\($0.description): " } ?? ""
            lines.append("    ✗ \(result.assertion.text)")
            lines.append("      \(place)expected \(outcome.redactor.redact(result.expected)), actual \(outcome.redactor.redact(result.actual))")
        }
        for capture in outcome.captures where capture.value == nil {
            lines.append("    ✗ capture \(capture.capture.name): \(capture.capture.subject): \(capture.problem ?? "missing")")
        }
        if explainStatus, outcome.verdict == .failed, lines.isEmpty, let status = outcome.result?.statusCode {
            lines.append("    ✗ status \(status) is not 2xx/3xx (add expect: lines to judge it otherwise)")
        }
        return lines
    }

    static func milliseconds(_ seconds: TimeInterval) -> String {
        String(Int((seconds * 1000).rounded()))
    }
}
