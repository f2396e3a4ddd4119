import CourierCollections

// MARK: - Questions, and what their answers do

extension ExplorerState {
    /// Puts a question on screen.
    mutating func ask(_ dialog: Dialog, _ purpose: DialogPurpose) {
        modal = .question(dialog, purpose)
    }

    mutating func requestQuit() -> [Effect] {
        unsavedRequests.isEmpty ? [.quit] : askAboutUnsaved(then: .quit)
    }

    /// A key while a question or the difference overlay is on screen.
    mutating func modalKey(_ key: Key) -> [Effect] {
        switch modal {
        case .difference(var view, let dialog, let purpose)?:
            let inside = DiffView.frame(width: width, height: height).inset(by: 1)
            if view.scroll(keyMap.command(for: key), height: inside.height) {
                modal = .difference(view, over: dialog, purpose)
            } else if key == .escape || key == .enter || key == .character("q") {
                modal = .question(dialog, purpose)
            }
            return []
        case .comparison(var view)?:
            let inside = DiffView.frame(width: width, height: height).inset(by: 1)
            if view.scroll(keyMap.command(for: key), height: inside.height) {
                modal = .comparison(view)
            } else if [.escape, .enter, .character("q"), .ctrl("c")].contains(key) {
                modal = nil
            }
            return []
        case .message(var view)?:
            if view.scroll(keyMap.command(for: key), in: Layout(state: self).testRun) {
                modal = .message(view)
            } else if [.escape, .enter, .character("q"), .ctrl("c")].contains(key) {
                modal = nil
            }
            return []
        case .question(var dialog, let purpose)?:
            let outcome = dialog.handle(key)
            modal = .question(dialog, purpose)
            switch outcome {
            case .pending: return []
            case .cancelled:
                modal = nil
                // A conflict must be settled: Esc keeps the draft, the one answer that loses nothing.
                if case .conflict(let conflict) = purpose { return resolve(conflict, button: 0) }
                return []
            case .chose(let button):
                modal = nil
                if case .conflict(let conflict) = purpose, button == 2, let theirs = conflict.theirs, let editor {
                    // What Keep mine would write: my edits on top of their version, secrets masked.
                    let kept = RequestDefinition.rebasing(editor.draft, from: editor.original, onto: theirs)
                    modal = .difference(DiffView(title: "\(conflict.id): − on disk, + after Keep mine",
                                                 old: CollectionWriter.text(of: theirs.maskedForDisplay()),
                                                 new: CollectionWriter.text(of: kept.maskedForDisplay())), over: dialog, purpose)
                    return []
                }
                return answer(purpose, button: button)
            }
        case nil: return []
        }
    }

    private mutating func answer(_ purpose: DialogPurpose, button: Int) -> [Effect] {
        switch (purpose, button) {
        case (.unsaved(let intent), 0):
            afterSave = intent
            return saveAll()
        case (.unsaved(let intent), 1):
            discardAll()
            return proceed(intent)
        case (.unsavedEnvironment, 0):
            variablesEditor?.closesWhenSaved = true
            return saveVariables()
        case (.unsavedEnvironment, 1):
            variablesEditor = nil
            return []
        case (.delete(let id), 0):
            if openRequest == id { requestPane = .empty }
            return [.delete(id: id)]
        case (.conflict(let conflict), _):
            return resolve(conflict, button: button)
        case (.overwrite(let id, let snapshot, let path), 0):
            return [.saveBody(id: id, snapshot, path: path, overwrite: true)]
        case (.clearCookies, let button):
            return clearCookiesAnswered(button: button)
        case (.tooLargeToCopy(let text), 0):
            askWhereToSave(text)
            return []
        default: return []
        }
    }

    /// Carries out what waited for the unsaved-changes question.
    mutating func proceed(_ intent: PendingIntent) -> [Effect] {
        switch intent {
        case .quit: return [.quit]
        case .open(let id, let focusing): return open(id, focusing: focusing)
        case .openAndSend(let id): return open(id, sending: true)
        }
    }
}
