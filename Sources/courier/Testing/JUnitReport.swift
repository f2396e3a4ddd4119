import CourierCollections
import Foundation

/// JUnit XML as GitLab and Jenkins read it: one `<testsuite>` per folder, one `<testcase>` per
/// request, a `<failure>` listing each failed assertion, `<error>` when nothing came back,
/// `<skipped/>` for `skip: true`. Secrets are masked.
enum JUnitReport {
    static func xml(_ results: [(suite: String, outcome: RequestOutcome)], name: String = "courier") -> String {
        var suites: [(name: String, outcomes: [RequestOutcome])] = []
        for (suite, outcome) in results {
            if let index = suites.firstIndex(where: { $0.name == suite }) { suites[index].outcomes.append(outcome) } else { suites.append((suite, [outcome])) }
        }
        let total = TestTally(results.map(\.outcome))
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
        lines.append("<testsuites name=\"\(escape(name))\" tests=\"\(results.count)\" failures=\"\(total.failed)\" errors=\"\(total.errors)\" "
            + "skipped=\"\(total.skipped)\" time=\"\(seconds(results.map(\.outcome)))\">")
        for suite in suites {
            let tally = TestTally(suite.outcomes)
            lines.append("  <testsuite name=\"\(escape(suite.name.isEmpty ? name : suite.name))\" tests=\"\(suite.outcomes.count)\" "
                + "failures=\"\(tally.failed)\" errors=\"\(tally.errors)\" skipped=\"\(tally.skipped)\" time=\"\(seconds(suite.outcomes))\">")
            for outcome in suite.outcomes { lines += testcase(outcome, suite: suite.name) }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func testcase(_ outcome: RequestOutcome, suite: String) -> [String] {
        let name = outcome.request.definition.name.map { "\(outcome.request.id) (\($0))" } ?? outcome.request.id
        let open = "    <testcase name=\"\(escape(name))\" classname=\"\(escape(suite.replacingOccurrences(of: "/", with: ".")))\" "
            + "file=\"\(escape(outcome.request.displayPath))\" time=\"\(seconds([outcome]))\""
        switch outcome.verdict {
        case .passed: return [open + "/>"]
        case .skipped: return [open + ">", "      <skipped message=\"skip: true\"/>", "    </testcase>"]
        case .error:
            let message = outcome.redactor.redact(outcome.problem?.message ?? "no response")
            return [open + ">", "      <error message=\"\(escape(message))\" type=\"error\">\(escape(message))</error>", "    </testcase>"]
        case .failed:
            let details = TestLine.failures(of: outcome).map { $0.trimmingCharacters(in: .whitespaces) }
            let count = outcome.failedAssertions.count
            let message = count > 0 ? "\(count) assertion\(count == 1 ? "" : "s") failed" : details.first ?? "failed"
            return [open + ">", "      <failure message=\"\(escape(message))\" type=\"AssertionFailure\">\(escape(details.joined(separator: "\n")))</failure>",
                    "    </testcase>"]
        }
    }

    private static func seconds(_ outcomes: [RequestOutcome]) -> String {
        String(format: "%.3f", outcomes.reduce(0) { $0 + ($1.result?.duration ?? 0) })
    }

    /// Text for XML attributes and content; characters XML 1.0 cannot hold become U+FFFD.
    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\n": result += "&#10;"
            case "\t", "\r": result.unicodeScalars.append(scalar)
            default:
                result.unicodeScalars.append(scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF ? "\u{FFFD}" : scalar)
            }
        }
        return result
    }
}
