import CourierCollections

/// TAP version 13 on stdout: `ok N - id`, `not ok N - id` with a YAML block of what failed,
/// `# SKIP` for skipped requests.
enum TAPReport {
    static let header = "TAP version 13\n"

    /// The plan, written last: prerequisites run through `requires:` add to the count.
    static func plan(count: Int) -> String { "1..\(count)\n" }

    static func line(_ outcome: RequestOutcome, number: Int) -> String {
        switch outcome.verdict {
        case .passed: return "ok \(number) - \(outcome.request.id)\n"
        case .skipped: return "ok \(number) - \(outcome.request.id) # SKIP skip: true\n"
        case .failed, .error:
            let details = outcome.verdict == .error
                ? [outcome.redactor.redact(outcome.problem?.message ?? "no response")]
                : TestLine.failures(of: outcome).map { $0.trimmingCharacters(in: .whitespaces) }
            let block = details.map { "    - " + JSONValue.string($0).compactText }.joined(separator: "\n")
            return "not ok \(number) - \(outcome.request.id)\n  ---\n  severity: \(outcome.verdict == .error ? "error" : "fail")\n"
                + "  failures:\n\(block)\n  ...\n"
        }
    }
}
