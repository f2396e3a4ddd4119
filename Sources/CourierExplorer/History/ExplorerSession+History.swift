import Courier
import CourierCollections
import CourierHistory
import CourierJSON
import CourierUI
import Foundation

// MARK: - History kept between sessions, and bodies saved to files

extension ExplorerSession {
    /// What a send of `request` calls, from its task, to keep what came back in History of its
    /// collection and environment; everything it needs of the session is taken here, on the UI thread.
    func historyKeeper(for request: LoadedRequest, environment: String?) -> @Sendable (RunResult, ResponseSnapshot, SecretRedactor) -> Void {
        let (history, folder) = (self.history, backend.stateFolder(of: request, environment: environment))
        let definition = CollectionWriter.text(of: request.definition.maskedForDisplay())
        let (id, method) = (request.id, request.definition.method)
        return { result, snapshot, redactor in
            let sent = result.debug.request
            let record = HistoryRecord(
                requestID: id, status: result.statusCode, reason: snapshot.reason, failure: result.failure, duration: result.duration,
                headers: result.headers.map { (name: $0.0, value: $0.1) }, method: sent.httpMethod ?? method,
                url: sent.url?.absoluteString ?? "", definition: definition, debugLines: snapshot.debugLines, body: result.body)
            history.record(record, sequence: snapshot.sequence, environment: environment, in: folder, redactor: redactor)
        }
    }

    /// Reads History of request `id` in `environment`.
    func loadHistory(_ id: String, environment: String?) {
        guard let request = tree.request(id: id) else { return }
        history.load(id, environment: environment, in: backend.stateFolder(of: request, environment: environment))
    }

    /// Reads back the body History kept for `snapshot` (a large one mapped, not copied), indexed
    /// as a received one is: a large JSON body shows its first screen at once, then the whole.
    func loadStoredBody(_ id: String, _ snapshot: ResponseSnapshot) {
        guard let folder = folder(of: id, snapshot) else { return }
        let inbox = self.inbox
        let contentType = snapshot.headers.first { $0.name.lowercased() == "content-type" }?.value
        history.body(of: snapshot, in: folder) { data in
            guard let data else { return inbox.post(.report("History did not keep that body")) }
            if let preview = BodyDocument.preview(data, contentType: contentType) {
                inbox.post(.bodyIndexed(id: id, sequence: snapshot.sequence, preview))
            }
            inbox.post(.bodyIndexed(id: id, sequence: snapshot.sequence, BodyDocument.make(data, contentType: contentType)))
        }
    }

    /// The line difference of two responses' bodies, JSON pretty-printed, secrets masked.
    func compareBodies(_ title: String, old: ResponseSnapshot, new: ResponseSnapshot, of id: String) {
        guard let oldFolder = folder(of: id, old), let newFolder = folder(of: id, new) else { return }
        let inbox = self.inbox
        let history = self.history
        history.body(of: old, in: oldFolder) { oldData in
            history.body(of: new, in: newFolder) { newData in
                guard let oldText = BodyComparison.text(oldData, redactor: old.redactor),
                      let newText = BodyComparison.text(newData, redactor: new.redactor) else {
                    let limit = ByteCount.text(BodyComparison.limit)
                    return inbox.post(.report("not compared: bodies past \(limit) are too large to compare line by line"))
                }
                inbox.post(.compared(DiffView(title: title, old: oldText, new: newText)))
            }
        }
    }

    /// Writes the body of `snapshot` to `path`, piece by piece from where it lies (a spooled body
    /// is a mapped file), to a temporary file renamed into place.
    func saveBody(_ id: String, _ snapshot: ResponseSnapshot, path: String, overwrite: Bool) {
        guard let folder = folder(of: id, snapshot) else { return }
        let target = BodySaver.resolve(path, processEnvironment: settings.processEnvironment)
        let inbox = self.inbox
        history.body(of: snapshot, in: folder) { data in
            guard let data else { return inbox.post(.report("nothing saved: History did not keep that body")) }
            switch BodySaver.save(data, to: target, overwrite: overwrite) {
            case .saved(let bytes): inbox.post(.report("saved \(ByteCount.text(bytes)) to \(target.path)"))
            case .exists: inbox.post(.bodyFileExists(id: id, snapshot, path: path))
            case .failed(let sentence): inbox.post(.report("nothing saved: \(sentence)"))
            }
        }
    }

    /// The state folder a response's History entry is in (the current environment's for one
    /// not yet written).
    private func folder(of id: String, _ snapshot: ResponseSnapshot) -> StateFolder? {
        guard let request = tree.request(id: id) else {
            apply(.report("\(id) is not in the collections any more"))
            return nil
        }
        let environment = snapshot.stored.map(\.environment) ?? state.environment
        return backend.stateFolder(of: request, environment: environment)
    }
}

/// What a body looks like in a comparison: pretty JSON, or the text as received, secrets masked.
enum BodyComparison {
    /// Bodies past this are not compared: their line table would not fit in memory.
    static let limit = 8_000_000

    /// The text to compare; nil when the body is too large.
    static func text(_ data: Data?, redactor: SecretRedactor) -> String? {
        guard let data else { return "" }
        guard data.count <= limit else { return nil }
        let pretty = (try? JSONFormatter.pretty(data)) ?? data
        return redactor.redact(String(decoding: pretty, as: UTF8.self))
    }
}
