import Courier
import CourierCollections

/// What a response's `expect:` and `capture:` lines made of it, as the response pane's Tests tab
/// and the folder run's results show it.
public struct ResponseTests: Sendable, Equatable {
    /// Each assertion's result, in file order.
    public var assertions: [AssertionResult]
    /// Each capture's result, in file order.
    public var captures: [CaptureResult]
    /// The request's verdict: by its assertions alone when it has any, else by its status.
    public var verdict: RequestOutcome.Verdict
    /// The status, for the sentence of a request judged by it.
    public var status: Int?

    /// The tests of a response.
    public init(assertions: [AssertionResult], captures: [CaptureResult], verdict: RequestOutcome.Verdict, status: Int?) {
        self.assertions = assertions
        self.captures = captures
        self.verdict = verdict
        self.status = status
    }

    /// The tests of a judged outcome.
    public init(_ outcome: RequestOutcome) {
        self.init(assertions: outcome.assertions, captures: outcome.captures, verdict: outcome.verdict, status: outcome.result?.statusCode)
    }

    /// Assertions that held.
    public var passedCount: Int { assertions.filter(\.passed).count }

    /// `Tests 5/6`; `Tests` when nothing is asserted.
    public var tabTitle: String { assertions.isEmpty ? "Tests" : "Tests \(passedCount)/\(assertions.count)" }

    /// One line of the Tests tab and how it is coloured.
    public struct Line: Sendable, Equatable {
        /// How a line is drawn.
        public enum Kind: Sendable, Equatable { case passed, failed, heading, detail, plain }
        /// The text, secrets masked.
        public var text: String
        /// How it is coloured.
        public var kind: Kind
    }

    /// The tab's lines: each assertion with ✓/✗ (a failed one with what was expected and what
    /// was there), then the captured values, secret ones masked, and values echoing a secret
    /// masked by `redactor`.
    public func lines(redactor: SecretRedactor) -> [Line] {
        var lines: [Line] = []
        if assertions.isEmpty {
            let judged = status.map { "\($0) is \((200..<400).contains($0) ? "a pass" : "a failure"): a request without expect: lines passes on 2xx/3xx" }
            lines.append(Line(text: judged ?? "no expect: lines", kind: .plain))
        } else {
            lines.append(Line(text: "\(passedCount) of \(assertions.count) assertions passed", kind: .heading))
        }
        for result in assertions {
            lines.append(Line(text: (result.passed ? "✓ " : "✗ ") + redactor.redact(result.assertion.text), kind: result.passed ? .passed : .failed))
            if !result.passed {
                lines.append(Line(text: "    expected  " + redactor.redact(result.expected), kind: .detail))
                lines.append(Line(text: "    actual    " + redactor.redact(result.actual), kind: .detail))
            }
        }
        guard !captures.isEmpty else { return lines }
        lines.append(Line(text: "", kind: .plain))
        lines.append(Line(text: "captured", kind: .heading))
        let width = min(24, captures.map(\.capture.name.count).max() ?? 0)
        for result in captures {
            let name = result.capture.name.padding(toLength: max(width, result.capture.name.count), withPad: " ", startingAt: 0)
            if let value = result.value {
                let shown = result.isSecret ? SecretRedactor.mask + "  (secret)" : redactor.redact(value)
                lines.append(Line(text: "  \(name)  \(shown)", kind: .plain))
            } else {
                lines.append(Line(text: "  \(name)  not captured: \(redactor.redact(result.problem ?? "no value"))", kind: .failed))
            }
        }
        return lines
    }
}
