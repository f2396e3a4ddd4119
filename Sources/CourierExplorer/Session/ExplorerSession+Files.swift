import CourierCollections
import CourierUI
import Foundation

// MARK: - Files on disk are the truth

extension ExplorerSession {
    /// Watches the collections for changes made anywhere (git, another editor, a second
    /// courier); the loop reloads once per batch. Without a watch the explorer still works, and
    /// saves still refuse to overwrite a version it has not seen.
    func startWatching() {
        let inbox = self.inbox
        do {
            watch = try store.watch { _ in inbox.noteFilesChanged() }
        } catch {
            state.status = "changes on disk will not show until a restart: \(error)"
        }
    }

    /// Re-reads the collections after a change on disk: the tree follows, and the open request
    /// hears about its own file when that changed (reloading in place, or asking which version wins).
    func followDisk() {
        let before = tree
        let view = reread()
        let open = state.openRequest
        // A clean open request whose file was renamed (`git mv`, a file manager) follows its file.
        if let open, state.editor?.isDirty != true, let renamed = Self.renamed(open, from: before, to: tree) {
            perform(state.update(.reloaded(tree: view.nodes, definitions: view.definitions, problems: view.problems, select: renamed)))
            state.status = "\(open) was renamed on disk to \(renamed)"
            return
        }
        perform(state.update(.reloaded(tree: view.nodes, definitions: view.definitions, problems: view.problems, select: nil)))
        guard let id = open else { return }
        let now = tree.request(id: id)
        guard before.request(id: id)?.contentHash != now?.contentHash else { return }
        perform(state.update(.fileChanged(id: id, view.definitions[id], problems: view.problems(of: id))))
    }

    /// The new id of request `id` when its file is gone and exactly one new file has its bytes.
    private static func renamed(_ id: String, from before: CollectionTree, to after: CollectionTree) -> String? {
        guard after.request(id: id) == nil, let hash = before.request(id: id)?.contentHash else { return nil }
        let candidates = after.requests.values.filter { before.request(id: $0.id) == nil && $0.contentHash == hash }
        return candidates.count == 1 ? candidates.first?.id : nil
    }

    /// Reads the collections again and publishes them, selecting `select` when given.
    func reload(select: String?) {
        let view = reread()
        perform(state.update(.reloaded(tree: view.nodes, definitions: view.definitions, problems: view.problems, select: select)))
    }

    private func reread() -> TreeView {
        tree = store.load()
        let view = TreeView(tree)
        state.collectionEnvironments = view.environments
        return view
    }

    /// Saves the draft over the version of the file the explorer read, changing only the text of
    /// what was edited. A file changed since then is not touched: the state asks which version wins.
    func save(_ id: String, _ definition: RequestDefinition) {
        // A kept draft whose file was deleted on disk writes it again.
        guard let request = tree.request(id: id) else {
            do {
                try store.write(Data(CollectionWriter.text(of: definition).utf8), to: tree.directory.appendingPathComponent(id + ".yaml"), secret: false)
                reload(select: nil)
                perform(state.update(.saved(id: id, definition)))
            } catch {
                perform(state.update(.report("not saved: \(error)")))
            }
            return
        }
        do {
            try store.saveRequest(id, definition, expecting: request.contentHash)
            reload(select: nil)
            perform(state.update(.saved(id: id, definition)))
        } catch .conflict {
            // What is on disk now becomes the version seen; the dialog decides what the next save writes.
            let view = reread()
            perform(state.update(.reloaded(tree: view.nodes, definitions: view.definitions, problems: view.problems, select: nil)))
            perform(state.update(.saveConflict(id: id, theirs: view.definitions[id])))
        } catch {
            perform(state.update(.report("not saved: \(error)")))
        }
    }

    /// Runs a file operation, reloads the tree and selects the request it produced.
    func fileOperation(_ work: () throws -> String?) {
        do {
            let id = try work()
            reload(select: id)
            if let id { state.status = "wrote \(id)" }
        } catch {
            perform(state.update(.report("\(error)")))
        }
    }

    /// Opens environment `name` of the request's collection in the variables editor.
    func loadEnvironment(_ name: String, for id: String) {
        guard let request = tree.request(id: id) else { return }
        let content = store.loadEnvironment(name, in: request.collectionRoot)
        environmentsRead[Self.environmentKey(name, request)] = content
        perform(state.update(.environmentLoaded(EnvironmentDraft(requestId: id, name: name, variables: content.variables,
                                                                 secrets: content.secrets, defaults: request.settings.first?.variables ?? []))))
    }

    /// Writes the variables editor's draft over the versions of the files it read.
    func saveEnvironment(_ draft: EnvironmentDraft) {
        guard let request = tree.request(id: draft.requestId) else { return }
        let key = Self.environmentKey(draft.name, request)
        let read = environmentsRead[key] ?? store.loadEnvironment(draft.name, in: request.collectionRoot)
        do {
            let notes = try store.saveEnvironment(draft.name, in: request.collectionRoot,
                                                  EnvironmentContent(variables: draft.variables, secrets: draft.secrets), over: read)
            environmentsRead[key] = store.loadEnvironment(draft.name, in: request.collectionRoot)
            reload(select: nil)
            state.environments = EnvironmentValues.names(in: request.collectionRoot)
            perform(state.update(.environmentSaved(draft)))
            if let note = notes.first { state.status = note }
        } catch {
            perform(state.update(.report("not saved: \(error)")))
        }
    }

    private static func environmentKey(_ name: String, _ request: LoadedRequest) -> String {
        request.collectionRoot.path + "\u{0}" + name
    }
}
