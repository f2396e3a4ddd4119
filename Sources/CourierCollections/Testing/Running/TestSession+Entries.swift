extension TestSession {
    /// Runs `entries` in order, captures flowing forward: skipped entries are recorded without
    /// being sent, each other entry after the requests it requires that need running. `courier
    /// test` and the explorer's folder runs both go through here.
    /// - Parameters:
    ///   - delay: The pause between two requests (`--delay`).
    ///   - bail: Stop after the first entry that does not pass (`--bail`).
    ///   - started: Called as an entry starts (not for skipped ones).
    ///   - recorded: Called with every outcome, a required request's included, and the entry it ran for.
    /// - Returns: Whether the run stopped early: `bail`, or the task was cancelled.
    public func run(_ entries: [TestSelection.Entry], delay: Duration = .zero, bail: Bool = false,
                    started: (TestSelection.Entry) -> Void = { _ in },
                    recorded: (RequestOutcome, TestSelection.Entry) -> Void) async -> Bool {
        for (index, entry) in entries.enumerated() {
            if Task.isCancelled { return true }
            if index > 0, delay > .zero { try? await Task.sleep(for: delay) }
            if entry.skipped {
                recorded(.skipped(entry.request), entry)
                continue
            }
            started(entry)
            var last: RequestOutcome
            do {
                let outcomes = try await run(entry.request)
                for outcome in outcomes { recorded(outcome, entry) }
                guard let final = outcomes.last else { continue }
                last = final
            } catch {
                last = .problem(.collection(error.description), of: entry.request)
                recorded(last, entry)
            }
            if bail, last.verdict != .passed { return true }
            if last.problem == .cancelled { return true }
        }
        return false
    }
}
