import Courier
import CourierCollections
import CourierUI
import Foundation

// MARK: - Requests: sending and previewing, off the UI thread

extension ExplorerSession {
    /// Sends the draft of request `id`; progress and the response come back through the inbox.
    func send(_ id: String, _ definition: RequestDefinition, _ environment: String?) {
        let number = sequences.next()
        guard var request = tree.request(id: id) else {
            apply(.finished(id: id, SnapshotBuilder.failure("\(id) is not in the collections any more", sequence: number)))
            return
        }
        let edited = request.definition != definition
        request.definition = definition
        let flight = Flight(id: id)
        self.flight = flight
        let inbox = self.inbox
        let backend = self.backend
        let tree = self.tree
        let keep = historyKeeper(for: request, environment: environment)
        flight.start(Task {
            var snapshot: ResponseSnapshot
            var problem: String?  // a note for the status line once the response is shown
            do {
                // `requires:` first, when a variable it captures is missing, as `courier run` does.
                let ran = try await backend.runRequirements(of: request, environment: environment, tree: tree)
                let live = LiveEventSink(id: id, inbox: inbox)
                let (result, outcome, captureProblem) = try await backend.send(request, environment: environment, edited: edited,
                                                                               live: live) { flight.report($0) }
                // Said after the response, so the status line keeps it.
                let notes = [ran, captureProblem].compactMap { $0 }
                problem = notes.isEmpty ? nil : notes.joined(separator: "; ")
                let redactor = outcome.redactor
                flight.markPreparing()
                // A large body shows its first screen at once; the whole index follows.
                if var preview = SnapshotBuilder.preview(result, sequence: number, redactor: redactor) {
                    preview.tests = SnapshotBuilder.tests(outcome)
                    inbox.post(.finished(id: id, preview))
                    let full = SnapshotBuilder.snapshot(result, sequence: number, received: flight.status.received, redactor: redactor)
                    inbox.post(.bodyIndexed(id: id, sequence: number, full.body))
                    keep(result, full, redactor)
                    if let problem { inbox.post(.report(problem)) }
                    return
                }
                snapshot = SnapshotBuilder.snapshot(result, sequence: number, received: flight.status.received, redactor: redactor)
                snapshot.tests = SnapshotBuilder.tests(outcome)
                keep(result, snapshot, redactor)
            } catch {
                snapshot = SnapshotBuilder.failure("\(error)", sequence: number)
            }
            inbox.post(.finished(id: id, snapshot))
            if let problem { inbox.post(.report(problem)) }
        })
    }

    /// Works out the draft's cURL command, resolved URL and variables; only the latest report counts.
    func preview(_ id: String, _ definition: RequestDefinition, _ environment: String?) {
        guard var request = tree.request(id: id) else { return }
        let edited = request.definition != definition
        request.definition = definition
        // Previews race each other; only the latest one may report.
        let generation = inbox.nextPreview()
        let inbox = self.inbox
        let backend = self.backend
        Task {
            let preview = await backend.preview(request, environment: environment, edited: edited)
            if inbox.isLatestPreview(generation) { inbox.post(.previewed(id: id, preview)) }
        }
    }
}
