import CourierCollections
import CourierUI
import Foundation

// MARK: - Folder runs and captured variables

extension ExplorerSession {
    /// Runs the requests of `folder` as tests with `courier test`'s runner, off the UI thread;
    /// each outcome comes back as a row of the results view. Captures are written back at the end.
    func runTests(_ folder: String, environment: String?) {
        let selection: TestSelection
        do {
            selection = try TestSelection([folder], tree: tree)
        } catch {
            apply(.testsFinished(cancelled: false))
            apply(.report(error.description))
            return
        }
        let (tree, inbox, sequences, demo) = (self.tree, self.inbox, self.sequences, backend.demo)
        // The explorer's endpoints: the run shares its cookies and connections, as sends do.
        let options = backend.testOptions(environment: environment)
        testTask?.cancel()
        testTask = Task {
            let session = TestSession(tree: tree, options: options, demoSecure: { try await demo.secureSite() }) { try await demo.url() }
            _ = await session.run(selection.entries, started: { inbox.post(.testStarted($0.request.id)) },
                                  recorded: { outcome, _ in inbox.post(.testRecorded(Self.row(outcome, sequence: sequences.next()))) })
            var problem: String?
            do throws(CollectionWriter.SaveError) {
                try session.save()
            } catch {
                problem = "captured variables were not saved: \(error.description)"
            }
            inbox.post(.testsFinished(cancelled: Task.isCancelled))
            if let problem { inbox.post(.report(problem)) }
        }
    }

    /// The results view's row of an outcome, with the response to open.
    static func row(_ outcome: RequestOutcome, sequence: Int) -> TestRunRow {
        let id = outcome.request.id
        if let problem = outcome.problem {
            return TestRunRow(id: id, verdict: outcome.verdict, summary: problem.message,
                              snapshot: SnapshotBuilder.failure(problem.message, sequence: sequence))
        }
        guard let result = outcome.result else { return TestRunRow(id: id, verdict: outcome.verdict, summary: "skipped (skip: true)", snapshot: nil) }
        var snapshot = SnapshotBuilder.snapshot(result, sequence: sequence, received: Int64(result.body.count), redactor: outcome.redactor)
        snapshot.tests = SnapshotBuilder.tests(outcome)
        var summary = snapshot.summary
        if let tests = snapshot.tests, !tests.assertions.isEmpty { summary += " · \(tests.passedCount)/\(tests.assertions.count)" }
        if let failed = outcome.failedAssertions.first {
            summary += " · ✗ \(outcome.redactor.redact(failed.assertion.text)): \(outcome.redactor.redact(failed.actual))"
        } else if let missing = outcome.captures.first(where: { $0.value == nil }) {
            summary += " · \(missing.capture.name) not captured"
        }
        return TestRunRow(id: id, verdict: outcome.verdict, summary: summary, snapshot: snapshot)
    }

    /// Forgets captured variable `name` of the request's collection in `environment`.
    func clearCaptured(_ name: String, of id: String, environment: String?) {
        guard let request = tree.request(id: id) else { return }
        let folder = backend.stateFolder(of: request, environment: environment)
        var captured = CapturedVariables.load(from: folder)
        captured.values[name] = nil
        do {
            try captured.save(to: folder)
        } catch {
            apply(.report("\(name) was not cleared: \(error.description)"))
            return
        }
        if let editor = state.editor { perform([.preview(id: editor.id, definition: editor.draft, environment: state.environment)]) }
    }
}
