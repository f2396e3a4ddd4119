import Courier
import CourierCollections
import Foundation

/// The JSON report: every request with its verdict, status, timing, assertions and captures
/// (secret values masked), and the totals.
enum JSONReport {
    struct Report: Encodable {
        let summary: Summary
        let requests: [Request]
    }

    struct Summary: Encodable {
        let passed, failed, errors, skipped: Int
    }

    struct Request: Encodable {
        let id, suite, file, verdict: String
        let name: String?
        let status: Int?
        let durationMs: Double?
        let problem: String?
        let assertions: [Assertion]
        let captures: [Capture]
    }

    struct Assertion: Encodable {
        let line: String
        let passed: Bool
        let expected, actual: String
        let location: String?
    }

    struct Capture: Encodable {
        let name, from: String
        let value: String?
        let secret: Bool
        let problem: String?
    }

    static func data(_ results: [(suite: String, outcome: RequestOutcome)]) -> Data {
        let tally = TestTally(results.map(\.outcome))
        let report = Report(summary: Summary(passed: tally.passed, failed: tally.failed, errors: tally.errors, skipped: tally.skipped),
                            requests: results.map { request($0.outcome, suite: $0.suite) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(report)) ?? Data("{}".utf8)
    }

    private static func request(_ outcome: RequestOutcome, suite: String) -> Request {
        let redactor = outcome.redactor
        return Request(
            id: outcome.request.id, suite: suite, file: outcome.request.displayPath, verdict: outcome.verdict.rawValue,
            name: outcome.request.definition.name, status: outcome.result?.statusCode,
            durationMs: outcome.result.map { ($0.duration * 1_000_000).rounded() / 1000 }, problem: outcome.problem.map { redactor.redact($0.message) },
            assertions: outcome.assertions.map {
                Assertion(line: $0.assertion.text, passed: $0.passed, expected: redactor.redact($0.expected), actual: redactor.redact($0.actual),
                          location: $0.assertion.location?.description)
            },
            captures: outcome.captures.map { capture in
                Capture(name: capture.capture.name, from: capture.capture.subject.description,
                        value: capture.value.map { capture.isSecret ? SecretRedactor.mask : redactor.redact($0) },
                        secret: capture.isSecret, problem: capture.problem)
            })
    }
}
