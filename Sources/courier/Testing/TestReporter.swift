import CourierCollections
import Foundation
import Synchronization

/// Collects outcomes as they come, from one task or several (`--jobs`), printing the live lines and
/// TAP with numbers in the order outcomes arrive.
final class TestReporter: Sendable {
    private let live: LiveLines
    private let tap: Bool
    private let results = Mutex<[(suite: String, outcome: RequestOutcome)]>([])

    init(tap: Bool) {
        self.tap = tap
        live = LiveLines(toStderr: tap)
        if tap { Output.write(Data(TAPReport.header.utf8)) }
    }

    func start(_ id: String, parallel: Bool) {
        if !parallel { live.start(id) }
    }

    func record(_ outcome: RequestOutcome, suite: String) {
        results.withLock { results in
            results.append((suite, outcome))
            live.finish(outcome)
            if tap { Output.write(Data(TAPReport.line(outcome, number: results.count).utf8)) }
        }
    }

    /// Everything recorded; the TAP plan and the summary line are printed.
    func finish() -> [(suite: String, outcome: RequestOutcome)] {
        let all = results.withLock { $0 }
        if tap { Output.write(Data(TAPReport.plan(count: all.count).utf8)) }
        live.summary(TestTally(all.map(\.outcome)).line)
        return all
    }
}
