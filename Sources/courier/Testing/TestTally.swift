import CourierCollections

/// Counts of outcomes and the exit code they make (DESIGN.md's table for `test`).
struct TestTally {
    var passed = 0, failed = 0, errors = 0, skipped = 0
    var collectionErrors = 0, transportErrors = 0

    init(_ outcomes: [RequestOutcome]) {
        for outcome in outcomes {
            switch outcome.verdict {
            case .passed: passed += 1
            case .failed: failed += 1
            case .skipped: skipped += 1
            case .error:
                errors += 1
                if case .transport? = outcome.problem { transportErrors += 1 } else if case .cancelled? = outcome.problem {} else { collectionErrors += 1 }
            }
        }
    }

    /// `12 passed, 1 failed, 2 errors, 1 skipped`: passed and failed always, the rest when there are any.
    var line: String {
        var parts = ["\(passed) passed", "\(failed) failed"]
        if errors > 0 { parts.append("\(errors) error\(errors == 1 ? "" : "s")") }
        if skipped > 0 { parts.append("\(skipped) skipped") }
        return parts.joined(separator: ", ")
    }

    /// 2 for a collection error, else 3 for a transport error, else 1 for a failure, else 0.
    var exitCode: Int32 {
        if collectionErrors > 0 { return 2 }
        if transportErrors > 0 { return 3 }
        return failed > 0 ? 1 : 0
    }
}
