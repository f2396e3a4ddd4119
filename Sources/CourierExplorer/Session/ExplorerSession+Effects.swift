import CourierCollections
import CourierUI
import Foundation

extension ExplorerSession {
    /// Performs what `update` asked for; what comes of it goes back into the state as actions.
    func perform(_ effects: [Effect]) {
        for effect in effects {
            switch effect {
            case .quit:
                running = false
                // Quitting with unsaved edits means the user discarded them: the draft goes too.
                for (id, entry) in journaled { journal.discard(id: id, in: entry.folder) }
                journaled = [:]
            case .suspend: terminal.suspend()
            case .copy(let text):
                let how = terminal.copy(text)
                // The preview is masked: the copied text may be a body that echoes a token.
                let shown = backend.secrets.redact(text)
                let preview = shown.count > 40 ? String(shown.prefix(40)) + "…" : shown
                state.status = "copied \(preview.replacingOccurrences(of: "\n", with: " ")) (\(how))"
            case .copyCommand(let text, let withSecrets):
                let how = terminal.copy(text)
                state.status = withSecrets ? "copied the cURL command with its secrets (\(how)); keep it private"
                    : "copied the cURL command, secrets masked (\(how))"
            case .copySecret(let text, let what):
                state.status = "copied \(what) (\(terminal.copy(text))); keep it private"
            case .send(let id, let definition, let environment): send(id, definition, environment)
            case .cancelSend: flight?.cancel()
            case .search(let job): searches.start(job)
            case .cancelSearch: searches.cancel()
            case .letGo(let bodies): letGo.release(bodies)
            case .save(let id, let definition): save(id, definition)
            case .preview(let id, let definition, let environment): preview(id, definition, environment)
            case .fetchOAuthToken(let id, let definition, let environment): fetchOAuthToken(id, definition, environment)
            case .editExternally(let text, let fileExtension):
                var result: Result<String, ExternalEditor.EditorFailure> = .failure(.init(description: "the editor did not run"))
                terminal.lend { result = ExternalEditor.edit(text, fileExtension: fileExtension) }
                switch result {
                case .success(let edited): apply(.externallyEdited(edited))
                case .failure(let failure): apply(.report(failure.description))
                }
            case .create(let folder, let name): fileOperation { try store.createRequest(titled: name, in: folder) }
            case .duplicate(let id): fileOperation { try store.duplicateRequest(id) }
            case .rename(let id, let name): fileOperation { try store.renameRequest(id, to: name) }
            case .move(let id, let folder): fileOperation { try store.moveRequest(id, to: folder) }
            case .delete(let id):
                fileOperation {
                    try store.deleteRequest(id)
                    state.status = "deleted \(id)"
                    return nil
                }
            case .listFiles(let id):
                guard let request = tree.request(id: id) else { continue }
                apply(.filesListed(AttachableFiles.near(request)))
            case .browseFiles(let id, let typed):
                guard let request = tree.request(id: id) else { continue }
                let listed = AttachableFiles.listing(typed, relativeTo: request.file.deletingLastPathComponent(), home: settings.processEnvironment["HOME"])
                apply(.folderListed(typed: typed, folder: listed?.folder ?? typed, entries: listed?.entries))
            case .loadEnvironment(let id, let name): loadEnvironment(name, for: id)
            case .saveEnvironment(let draft): saveEnvironment(draft)
            case .clearCaptured(let id, let environment, let name): clearCaptured(name, of: id, environment: environment)
            case .runTests(let folder, let environment): runTests(folder, environment: environment)
            case .cancelTests: testTask?.cancel()
            case .importFile(let format, let source, let into): importFile(format, source: source, into: into)
            case .loadHistory(let id, let environment): loadHistory(id, environment: environment)
            case .loadStoredBody(let id, let snapshot): loadStoredBody(id, snapshot)
            case .compareBodies(let title, let old, let new): compareBodies(title, old: old, new: new, of: state.openRequest ?? "")
            case .saveBody(let id, let snapshot, let path, let overwrite): saveBody(id, snapshot, path: path, overwrite: overwrite)
            case .writeText(let path, let text): writeText(text, to: path)
            case .loadCookies(let id, let environment): changeCookies(of: id, environment: environment) { _ in }
            case .deleteCookie(let id, let environment, let cookie): changeCookies(of: id, environment: environment) { $0.remove { $0.replaces(cookie) } }
            case .clearCookies(let id, let environment): changeCookies(of: id, environment: environment) { $0.removeAll() }
            }
        }
    }
}

extension ExplorerSession {
    /// Writes text that was too large to copy to `path` (relative to the working directory, or
    /// `~/…`), atomically, and says where it went or why it could not.
    func writeText(_ text: String, to path: String) {
        let expanded = NSString(string: path).expandingTildeInPath
        let url = URL(fileURLWithPath: expanded, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        do {
            try Data(text.utf8).write(to: url, options: .atomic)
            state.status = "saved \(ByteCount.text(text.utf8.count)) to \(url.path)"
        } catch {
            apply(.report("could not save to \(url.path): \(error.localizedDescription)"))
        }
    }
}
