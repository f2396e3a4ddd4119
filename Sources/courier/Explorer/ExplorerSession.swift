import Courier
import CourierCollections
import CourierTerminal
import CourierUI
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs the explorer on its own thread: draws the state, feeds it keys and the results of
/// background work, and performs the effects it asks for. Only this thread touches the terminal,
/// the state and the collection files; requests and previews run as tasks that post actions back.
final class ExplorerSession: @unchecked Sendable {  // Unchecked: one thread at a time uses it, created by the command and then handed whole to the UI thread, which alone touches it until `run` returns.
    private let terminal: Terminal
    private let settings: ExplorerSettings
    private var state: ExplorerState
    private var tree: CollectionTree
    private let inbox = Inbox()
    private lazy var searches = SearchRunner(inbox: inbox)
    private let letGo = LetGo()
    private let backend: ExplorerBackend
    private var flight: Flight?
    private var sequence = 0
    private var running = true

    init(terminal: Terminal, settings: ExplorerSettings, tree: CollectionTree) {
        self.terminal = terminal
        self.settings = settings
        self.tree = tree
        backend = ExplorerBackend(spooling: settings.responseSpooling)
        state = ExplorerState(width: terminal.width, height: terminal.height, tree: Self.nodes(tree.entries),
                              definitions: Self.definitions(tree), keyMap: settings.keyMap)
        state.collectionEnvironments = Self.environments(tree)
        if let problem = settings.problems.first {
            state.status = "\(problem) (ignored)"
        } else if !tree.errors.isEmpty {
            state.status = "\(tree.errors.count) collection file problem(s); `courier check` lists them"
        }
    }

    /// The loop: until the state asks to quit.
    func run() {
        let parent = getppid()
        // When set, the time from reading each key to its frame being written goes to this file.
        let frameLog = ProcessInfo.processInfo.environment["COURIER_FRAME_LOG"].flatMap { FrameLog(path: $0) }
        var keyRead: ContinuousClock.Instant?
        while running {
            // The shell or terminal that started the explorer is gone (a closed tmux pane, say):
            // there is nobody to draw for, so stop instead of lingering.
            if getppid() != parent { break }
            for action in inbox.drain() { perform(state.update(action)) }
            if let flight, state.sending == flight.id { perform(state.update(.progress(flight.status))) }
            terminal.draw(state.render(theme: settings.theme))
            if let started = keyRead {
                frameLog?.record(ContinuousClock.now - started)
                keyRead = nil
            }
            // Faster while a transfer or a search runs, so progress refreshes more than ten times a second.
            let timeout: Int32 = state.sending != nil || state.response.search != nil ? 50 : 100
            guard let event = terminal.nextEvent(timeout: timeout) else {
                // Nobody can type or see any more (a closed window whose shell lingers, say).
                if terminal.isGone { break }
                continue
            }
            if case .key = event, frameLog != nil { keyRead = .now }
            perform(state.update(.event(event)))
        }
        flight?.cancel()
        searches.cancel()
        let backend = self.backend
        let done = DispatchSemaphore(value: 0)
        Task {
            await backend.shutdown()
            done.signal()
        }
        done.wait()
    }

    private func perform(_ effects: [Effect]) {
        for effect in effects {
            switch effect {
            case .quit: running = false
            case .suspend: terminal.suspend()
            case .copy(let text):
                let how = Clipboard.copy(text)
                // The preview is masked: the copied text may be a body that echoes a token.
                let shown = backend.secrets.redact(text)
                let preview = shown.count > 40 ? String(shown.prefix(40)) + "…" : shown
                state.status = "copied \(preview.replacingOccurrences(of: "\n", with: " ")) (\(how))"
            case .copyCommand(let text, let withSecrets):
                let how = Clipboard.copy(text)
                state.status = withSecrets ? "copied the cURL command with its secrets (\(how)); keep it private"
                    : "copied the cURL command, secrets masked (\(how))"
            case .send(let id, let definition, let environment): send(id, definition, environment)
            case .cancelSend: flight?.cancel()
            case .search(let job): searches.start(job)
            case .cancelSearch: searches.cancel()
            case .letGo(let bodies): letGo.release(bodies)
            case .save(let id, let definition):
                guard let request = tree.request(id: id) else {
                    perform(state.update(.report("could not save \(id): its file is gone")))
                    continue
                }
                do {
                    try CollectionFiles.save(definition, of: request)
                    reload(select: nil)
                    perform(state.update(.saved(id: id, definition)))
                } catch {
                    perform(state.update(.report(error.description)))
                }
            case .preview(let id, let definition, let environment): preview(id, definition, environment)
            case .editExternally(let text, let fileExtension):
                var result: Result<String, ExternalEditor.EditorFailure> = .failure(.init(description: "the editor did not run"))
                terminal.lend { result = ExternalEditor.edit(text, fileExtension: fileExtension) }
                switch result {
                case .success(let edited): perform(state.update(.externallyEdited(edited)))
                case .failure(let failure): perform(state.update(.report(failure.description)))
                }
            case .create(let folder, let name): fileOperation { try CollectionFiles.create(named: name, in: folder, tree: tree) }
            case .duplicate(let id): fileOperation { try CollectionFiles.duplicate(try loaded(id), tree: tree) }
            case .rename(let id, let name): fileOperation { try CollectionFiles.rename(try loaded(id), to: name, tree: tree) }
            case .move(let id, let folder): fileOperation { try CollectionFiles.move(try loaded(id), to: folder, tree: tree) }
            case .listFiles(let id):
                guard let request = tree.request(id: id) else { continue }
                perform(state.update(.filesListed(Self.attachableFiles(near: request))))
            case .loadEnvironment(let id, let name):
                guard let request = tree.request(id: id) else { continue }
                perform(state.update(.environmentLoaded(EnvironmentFiles.load(name, of: request))))
            case .saveEnvironment(let draft):
                guard let request = tree.request(id: draft.requestId) else { continue }
                do {
                    try EnvironmentFiles.save(draft, of: request)
                    state.collectionEnvironments = Self.environments(tree)
                    state.environments = EnvironmentValues.names(in: request.collectionRoot)
                    perform(state.update(.environmentSaved(draft)))
                } catch {
                    perform(state.update(.report("\(error)")))
                }
            case .delete(let id):
                fileOperation {
                    try CollectionFiles.remove(try loaded(id), tree: tree)
                    state.status = "deleted \(id)"
                    return nil
                }
            }
        }
    }

    private func loaded(_ id: String) throws(CollectionFiles.Failure) -> LoadedRequest {
        guard let request = tree.request(id: id) else { throw CollectionFiles.Failure(description: "\(id) is not in the collections any more") }
        return request
    }

    /// Runs a file operation, reloads the tree and selects the request it produced.
    private func fileOperation(_ work: () throws -> String?) {
        do {
            let id = try work()
            reload(select: id)
            if let id { state.status = "wrote \(id)" }
        } catch {
            perform(state.update(.report("\(error)")))
        }
    }

    private func reload(select: String?) {
        tree = CollectionLoader.load(tree.directory)
        state.collectionEnvironments = Self.environments(tree)
        perform(state.update(.reloaded(tree: Self.nodes(tree.entries), definitions: Self.definitions(tree), select: select)))
    }

    private func send(_ id: String, _ definition: RequestDefinition, _ environment: String?) {
        sequence += 1
        let number = sequence
        guard var request = tree.request(id: id) else {
            perform(state.update(.finished(id: id, SnapshotBuilder.failure("\(id) is not in the collections any more", sequence: number))))
            return
        }
        request.definition = definition
        let flight = Flight(id: id)
        self.flight = flight
        let inbox = self.inbox
        let backend = self.backend
        flight.start(Task {
            let snapshot: ResponseSnapshot
            do {
                let resolution = try await backend.resolve(request, environment: environment)
                let redactor = resolution.redactor
                let result = await RequestRunner.run(resolution.request) { flight.report($0) }
                flight.markPreparing()
                // A large body shows its first screen at once; the whole index follows.
                if let preview = SnapshotBuilder.preview(result, sequence: number, redactor: redactor) {
                    inbox.post(.finished(id: id, preview))
                    let full = SnapshotBuilder.snapshot(result, sequence: number, received: flight.status.received, redactor: redactor)
                    inbox.post(.bodyIndexed(id: id, sequence: number, full.body))
                    return
                }
                snapshot = SnapshotBuilder.snapshot(result, sequence: number, received: flight.status.received, redactor: redactor)
            } catch {
                snapshot = SnapshotBuilder.failure("\(error)", sequence: number)
            }
            inbox.post(.finished(id: id, snapshot))
        })
    }

    private func preview(_ id: String, _ definition: RequestDefinition, _ environment: String?) {
        guard var request = tree.request(id: id) else { return }
        request.definition = definition
        // Previews race each other; only the latest one may report.
        let generation = inbox.nextPreview()
        let inbox = self.inbox
        let backend = self.backend
        Task {
            let preview = await backend.preview(request, environment: environment)
            if inbox.isLatestPreview(generation) { inbox.post(.previewed(id: id, preview)) }
        }
    }

    /// The collections tree as the UI's nodes.
    static func nodes(_ entries: [TreeEntry]) -> [TreeNode] {
        entries.map { entry in
            switch entry {
            case .folder(let folder): return TreeNode(id: folder.id, title: folder.name, children: nodes(folder.children))
            case .request(let request): return TreeNode(id: request.id, title: request.name, method: request.method)
            }
        }
    }

    /// Files under the request's collection that are not collection files, relative to the
    /// request's folder (as `file:` paths are written), nearest first; at most 500.
    static func attachableFiles(near request: LoadedRequest) -> [String] {
        let folder = request.file.deletingLastPathComponent().standardizedFileURL
        let root = request.collectionRoot.standardizedFileURL
        var found: [String] = []
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey],
                                                        options: [.skipsHiddenFiles])
        while let url = enumerator?.nextObject() as? URL, found.count < 500 {
            let url = url.standardizedFileURL
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true,
                  url.pathExtension != "yaml", !url.path.contains("/\(CollectionLoader.environmentsFolder)/") else { continue }
            found.append(relativePath(of: url, from: folder))
        }
        return found.sorted { ($0.components(separatedBy: "../").count, $0) < ($1.components(separatedBy: "../").count, $1) }
    }

    /// `./avatar.png`, `../files/avatar.png`.
    static func relativePath(of file: URL, from folder: URL) -> String {
        let target = file.pathComponents
        let base = folder.pathComponents
        var common = 0
        while common < min(target.count, base.count), target[common] == base[common] { common += 1 }
        let ups = Array(repeating: "..", count: base.count - common)
        let path = (ups + target[common...]).joined(separator: "/")
        return ups.isEmpty ? "./" + path : path
    }

    /// Environment names of each top-level collection.
    static func environments(_ tree: CollectionTree) -> [String: [String]] {
        var names: [String: [String]] = [:]
        for case .folder(let folder) in tree.entries {
            names[folder.id] = EnvironmentValues.names(in: tree.directory.appendingPathComponent(folder.id))
        }
        return names
    }

    static func definitions(_ tree: CollectionTree) -> [String: RequestDefinition] {
        tree.requests.mapValues(\.definition)
    }
}
