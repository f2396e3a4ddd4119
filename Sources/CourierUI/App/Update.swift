import CourierCollections

extension ExplorerState {
    /// Applies `action` and returns the effects to perform. Pure: no IO, no clocks.
    public mutating func update(_ action: Action) -> [Effect] {
        let before = (editor?.id, editor?.draft, environment)
        let searching = response.search?.generation
        let statusBefore = status
        let shownBefore = response.current?.sequence
        var effects = refuseOversizedCopies(apply(action))
        if response.current?.sequence != shownBefore || Self.changesKeptBodies(action) {
            effects += keepBodiesBounded(cameIntoView: response.current?.sequence != shownBefore)
        }
        settleStatus(changedFrom: statusBefore)
        logStatus(changedFrom: statusBefore, by: action)
        // A search that stopped running here (a new response, the raw toggle, Esc, its limit)
        // stops in the background too; a new one replaces it there by itself.
        if searching != nil, response.search?.generation != searching, !effects.contains(where: \.isSearch) {
            effects.append(.cancelSearch)
        }
        // Any change to what the open request resolves to refreshes its cURL and variables.
        if let editor, before.0 != editor.id || before.1 != editor.draft || before.2 != environment {
            effects.insert(.preview(id: editor.id, definition: editor.draft, environment: environment), at: 0)
        }
        // Another request, or another environment's state folder: its History is read.
        if let editor, before.0 != editor.id || before.2 != environment {
            effects.append(.loadHistory(id: editor.id, environment: environment))
        }
        return effects
    }

    private mutating func apply(_ action: Action) -> [Effect] {
        switch action {
        case .event(let event):
            let selected = selectedNode?.id
            let effects = handle(event)
            // Moving through the tree shows the request under the selection, focus staying put.
            return selectedNode?.id == selected ? effects : effects + previewSelection()
        case .progress(let transfer):
            if sending != nil { response.transfer = transfer }
        case .streamStarted, .streamed:
            receiveStream(action)
        case .finished(let id, let finished):
            let snapshot = keepingLiveEvents(finished, of: id)
            if sending == id {
                sending = nil
                response.transfer = nil
            }
            if response.live?.id == id { response.live = nil }
            var entries = history[id, default: []]
            entries.append(snapshot)
            history[id] = Array(entries.suffix(Self.historyLimit))
            if editor?.id == id {
                response.show(snapshot)
                response.outcome = snapshot.failure
                response.historySelection = max(0, (history[id]?.count ?? 1) - 1)
            }
            status = editor?.id == id ? snapshot.summary : "\(id): \(snapshot.summary)"
            var effects: [Effect] = []
            // A value captured just now may fill the open request's variables.
            if let editor, snapshot.tests?.captures.contains(where: { $0.value != nil }) == true {
                effects.append(.preview(id: editor.id, definition: editor.draft, environment: environment))
            }
            return effects
        case .bodyIndexed(let id, let sequence, let body):
            if let index = history[id]?.firstIndex(where: { $0.sequence == sequence }) {
                history[id]?[index].body = body
                history[id]?[index].releasedBodySize = nil
            }
            if response.current?.sequence == sequence {
                response.current?.releasedBodySize = nil
                // A cursor sent to the end of the first screen (G while indexing) goes to the real end.
                let wasAtEnd = response.lineCount > 1 && response.cursor >= response.lineCount - 1
                response.current?.body = body
                response.cursor = min(response.cursor, max(0, body.lineCount - 1))
                if wasAtEnd && !response.raw {
                    response.moveCursor(to: body.lineCount - 1, height: response.bodyViewportHeight(Layout(state: self).responseBody.height))
                }
                response.refreshKeyPath()
                // A search of the first screen goes on over the whole body.
                if response.search != nil || !response.matches.isEmpty, let job = response.startSearch(response.searchQuery) {
                    return startedSearch(job)
                }
            }
        case .searchFound(let generation, let lines, let scanned, let finished):
            let height = response.bodyViewportHeight(Layout(state: self).responseBody.height)
            if let text = response.receiveSearch(generation: generation, lines: lines, scanned: scanned, finished: finished, height: height) {
                status = text
            }
        case .previewed(let id, let preview):
            guard editor?.id == id else { break }
            if editor?.oauthToken != .fetching { editor?.oauthToken = preview.oauthToken }
            editor?.baseURL = preview.baseURL
            editor?.inheritedAuth = preview.inheritedAuth
            editor?.resolvedURL = preview.resolvedURL
            editor?.variables = preview.variables
            editor?.inheritedHeaders = preview.inheritedHeaders
            response.curl = preview.curl
            response.curlWithSecrets = preview.curlWithSecrets
            environments = preview.environments
            captured = preview.captured
        case .saved(let id, let definition):
            definitions[id] = definition
            if editor?.id == id {
                editor?.original = definition
                editor?.fileMissing = false
            }
            retitle(id, definition)
            savedWaiting(id, definition)
            status = "saved \(id)"
            // What waited for the saves goes on once nothing is left unsaved.
            if let intent = afterSave, unsavedRequests.isEmpty {
                afterSave = nil
                return proceed(intent)
            }
        case .report(let text):
            status = text
            afterSave = nil
        case .oauthTokenRead(let id, let token, let note):
            guard editor?.id == id else { break }
            editor?.oauthToken = token
            if let note { status = note }
        case .reloaded(let tree, let definitions, let problems, let select):
            return reload(tree: tree, definitions: definitions, problems: problems, select: select)
        case .fileChanged(let id, let theirs, let problems):
            return fileChanged(id, theirs: theirs, problems: problems)
        case .saveConflict(let id, let theirs):
            return saveConflict(id, theirs: theirs)
        case .renamedOnDisk(let old, let new):
            return renamedOnDisk(old, to: new)
        case .filesListed(let files): filesListed(files)
        case .folderListed(let typed, let folder, let entries): folderListed(typed: typed, folder: folder, entries: entries)
        case .environmentLoaded(let draft):
            variablesEditor = VariablesEditor(draft)
        case .environmentSaved(let draft):
            variablesEditor?.original = draft
            if variablesEditor?.closesWhenSaved == true { variablesEditor = nil }
            status = "saved environment \(draft.name)"
            if let editor { return [.preview(id: editor.id, definition: editor.draft, environment: environment)] }
        case .draftsFound(let drafts): return draftsFound(drafts)
        case .testStarted(let id): testStarted(id)
        case .testRecorded(let row): return testRecorded(row)
        case .testsFinished(let cancelled): testsFinished(cancelled: cancelled)
        case .cookiesLoaded(let id, let environment, let cookies): cookiesLoaded(requestId: id, environment: environment, cookies)
        case .imported(let outcome): return imported(outcome)
        case .historyLoaded(let id, let environment, let stored): historyLoaded(id, environment: environment, stored)
        case .historyRecorded(let id, let sequence, let stored, let pruned): historyRecorded(id, sequence: sequence, stored, pruned: pruned)
        case .historyUnavailable(let sentence):
            historyProblem = sentence
            status = sentence
        case .compared(let view):
            modal = .comparison(view)
            status = view.changedCount == 0 ? "the bodies are the same" : "\(view.changedCount) lines differ"
        case .bodyFileExists(let id, let snapshot, let path):
            ask(Dialog(title: "Replace file?", message: "\(path) exists. Replace it with this \(ByteCount.text(snapshot.bodySize)) body?",
                       buttons: ["Replace", "Cancel"]), .overwrite(id: id, snapshot, path: path))
        case .externallyEdited(let text):
            guard let text else { break }
            editor?.bodyEditor = nil
            editor?.commitBody(text)
            status = editor?.bodyProblem ?? "took the body from $EDITOR"
        }
        return []
    }

    private mutating func handle(_ event: TerminalEvent) -> [Effect] {
        switch event {
        case .resize(let width, let height):
            self.width = width
            self.height = height
            keepSelectionVisible()
            return []
        case .mouse(let mouse):
            return click(mouse)
        case .paste(let text):
            if var prompt {
                prompt.field.insert(text)
                self.prompt = prompt
            } else if palette != nil {
                palette?.paste(text)
            } else if variablesEditor?.edit != nil {
                variablesEditor?.edit?.field.insert(text)
            } else if filter != nil {
                filter?.insert(text)
            } else if editor?.isTyping == true {
                editor?.paste(text)
            } else if response.isTyping {
                response.paste(text)
            }
            return []
        case .key(let key):
            return press(key)
        }
    }

    private mutating func press(_ key: Key) -> [Effect] {
        if modal != nil { return modalKey(key) }
        if prompt != nil { return promptKey(key) }
        if palette != nil { return paletteKey(key) }
        if variablesEditor != nil { return variablesKey(key) }
        if cookiesView != nil { return cookiesKey(key) }
        if showingHelp {
            switch keyMap.command(for: key) {
            case .moveDown?: helpScroll += 1
            case .moveUp?: helpScroll = max(0, helpScroll - 1)
            case .pageDown?: helpScroll += 10
            case .pageUp?: helpScroll = max(0, helpScroll - 10)
            case .quit? where key == .ctrl("c"): return requestQuit()
            default: showingHelp = false
            }
            return []
        }
        if testRun != nil { return testRunKey(key) }
        if filter != nil && key != .enter && key != .up && key != .down {
            if key == .escape {
                leaveFilter()
                return []
            } else if filter?.handle(key) == false, key == .ctrl("c") {
                return requestQuit()
            }
            filterChanged()
            return []
        }
        let command = keyMap.command(for: key)
        if editor?.isTyping == true {
            // Saving and sending work from inside a field: the edit is committed first, and
            // typing goes on in the same field or body afterwards, as in any editor.
            if let command, command == .save || command == .send {
                return keepTyping { $0.perform(command) }
            }
            if key == .ctrl("c") {
                finishTyping()
            } else {
                let outcome = editor?.typingKey(key) ?? .unhandled
                return editorOutcome(outcome)
            }
        }
        if response.isTyping {
            if key == .ctrl("c") { return requestQuit() }
            return responseTyping(key)
        }
        guard let command else { return [] }
        return perform(command)
    }

    /// Commits the field or body being edited, runs `command`, and reopens the same field or
    /// body where it was, unless the command moved elsewhere (another request, a dialog).
    private mutating func keepTyping(_ command: (inout ExplorerState) -> [Effect]) -> [Effect] {
        let id = editor?.id
        let (edit, bodyEditor) = (editor?.edit, editor?.bodyEditor)
        finishTyping()
        let effects = command(&self)
        if editor?.id == id, editor?.isTyping == false, modal == nil, prompt == nil, palette == nil {
            editor?.edit = edit
            editor?.bodyEditor = bodyEditor
        }
        return effects
    }

    /// Commits whatever field or body is being edited.
    mutating func finishTyping() {
        if let edit = editor?.edit {
            editor?.edit = nil
            if let problem = editor?.commit(edit) { status = problem }
        }
        if let text = editor?.bodyEditor?.text {
            editor?.bodyEditor = nil
            editor?.commitBody(text)
        }
    }

    mutating func perform(_ command: Command) -> [Effect] {
        switch command {
        case .quit: return requestQuit()
        case .suspend: return [.suspend]
        case .help:
            showingHelp = true
            helpScroll = 0
        case .palette:
            openCommandPalette()
        case .problems: showProblems()
        case .cookies: return showCookies()
        case .messages: showMessages()
        case .environment:
            guard editor != nil else {
                status = "open a request first: environments belong to its collection"
                break
            }
            palettePurpose = .environment
            palette = Palette(candidates: ["(no environment)"] + environments, title: "Environment")
        case .variables:
            guard let editor else {
                status = "open a request first: environments belong to its collection"
                break
            }
            guard let environment else {
                // Values captured with no environment selected are shown (and cleared) on their own.
                if !captured.isEmpty {
                    variablesEditor = VariablesEditor(capturedOnly: captured, requestId: editor.id)
                    break
                }
                prompt = Prompt(title: "New environment for \(editor.id.split(separator: "/").first.map(String.init) ?? "")",
                                field: TextField(), purpose: .newEnvironment)
                break
            }
            return [.loadEnvironment(requestId: editor.id, name: environment)]
        case .send: return focus == .collections ? sendSelected() : sendOpen()
        case .runTests: return runTests()
        case .save: return saveOpen()
        case .saveAll: return saveAll()
        case .cancel:
            if focus == .response, let text = response.stopSearch() {
                status = text
                break
            }
            if sending != nil { return [.cancelSend] }
            if focus == .response, !response.matches.isEmpty { response.matches = [] }
        case .narrower: collectionsRatio = max(0.15, collectionsRatio - 0.05)
        case .wider: collectionsRatio = min(0.6, collectionsRatio + 0.05)
        case .shorter: requestRatio = max(0.2, requestRatio - 0.05)
        case .taller: requestRatio = min(0.8, requestRatio + 0.05)
        case .saveBody: return askToSaveBody()
        case .history: return openHistory()
        case .copyWithSecrets:
            guard editor != nil, !response.curlWithSecrets.isEmpty else {
                status = "no cURL command to copy: open a request that resolves in this environment"
                return []
            }
            return [.copyCommand(response.curlWithSecrets, withSecrets: true)]
        case .nextPane: focus = Pane(rawValue: (focus.rawValue + 1) % Pane.allCases.count) ?? .collections
        case .previousPane: focus = Pane(rawValue: (focus.rawValue + Pane.allCases.count - 1) % Pane.allCases.count) ?? .collections
        default:
            switch focus {
            case .collections: return collectionsCommand(command)
            case .request: return requestCommand(command)
            case .response: return responseCommand(command)
            }
        }
        return []
    }

    private mutating func requestCommand(_ command: Command) -> [Effect] {
        guard editor != nil else {
            status = notOpenSentence
            return []
        }
        if command == .copy { return response.curl.isEmpty ? [] : [.copyCommand(response.curl, withSecrets: false)] }
        return editorOutcome(editor?.perform(command) ?? .unhandled)
    }

    private mutating func editorOutcome(_ outcome: EditorOutcome) -> [Effect] {
        switch outcome {
        case .handled, .unhandled: return []
        case .status(let text): status = text
        case .pickMethod:
            palettePurpose = .method
            palette = Self.methodPicker
        case .editExternally(let text, let fileExtension): return [.editExternally(text, fileExtension: fileExtension)]
        case .chooseFile(let part):
            guard let id = editor?.id else { return [] }
            palettePurpose = .file(part: part)
            return [.listFiles(requestId: id)]
        case .fetchOAuthToken: return fetchOAuthToken()
        }
        return []
    }
}
