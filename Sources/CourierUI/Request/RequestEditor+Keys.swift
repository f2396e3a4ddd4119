import CourierCollections

/// What a key did in the request pane, for the explorer to act on.
enum EditorOutcome: Equatable {
    case handled
    case unhandled
    /// A sentence for the status line.
    case status(String)
    /// Open the method picker.
    case pickMethod
    /// Choose a file for the multipart part at this index, or for the file body when nil.
    case chooseFile(part: Int?)
    /// Open the body in `$EDITOR`, with this file extension.
    case editExternally(String, fileExtension: String)
    /// Fetch a new OAuth 2.0 token for the open request.
    case fetchOAuthToken
}

extension RequestEditor {
    /// A key while a field or the body editor has focus.
    mutating func typingKey(_ key: Key) -> EditorOutcome {
        if var editor = bodyEditor {
            if key == .escape {
                commitBody(editor.text)
                bodyEditor = nil
                return bodyProblem.map(EditorOutcome.status) ?? .handled
            }
            editor.handle(key)
            bodyEditor = editor
            return .handled
        }
        if completionKey(key) { return .handled }
        guard var current = edit else { return .unhandled }
        switch key {
        case .enter, .escape:
            edit = nil
            guard let problem = commit(current) else { return .handled }
            // A refused expect: line or capture stays open to be fixed; esc leaves it as it was.
            if current.target.isTest {
                if key == .enter { edit = current }
                return .status(problem + (key == .enter ? keepOrLeave : "; left as it was"))
            }
            return .status(problem)
        case .tab, .backTab:
            // Tab moves between a list entry's name and value.
            let problem = commit(current)
            if let problem, current.target.isTest { return .status(problem + keepOrLeave) }
            switch current.target {
            case .name(let list, let index): startEdit(.value(list, index))
            case .value(let list, let index): startEdit(.name(list, index))
            case .captureName(let index): startEdit(.captureSource(index))
            case .captureSource(let index): startEdit(.captureName(index))
            default: edit = nil
            }
            return problem.map(EditorOutcome.status) ?? .handled
        default:
            current.field.handle(key)
            edit = current
            refreshCompletion()
            return .handled
        }
    }

    /// Pasted text goes to whatever is being edited.
    mutating func paste(_ text: String) {
        if bodyEditor != nil {
            bodyEditor?.insert(text)
        } else {
            edit?.field.insert(text)
        }
    }

    mutating func startEdit(_ target: EditTarget) {
        var field = TextField(text(of: target))
        field.handle(.end)
        edit = FieldEdit(target: target, field: field)
    }

    /// Opens the body editor on the body text.
    mutating func startBodyEdit() {
        bodyEditor = TextEditor(bodyText)
    }

    /// A command while nothing is being typed.
    mutating func perform(_ command: Command) -> EditorOutcome {
        let rows = self.rows
        switch command {
        case .add where tab == .tests: addTestRow()
        case .remove where tab == .tests: return removeTestRow()
        case .toggle where tab == .tests: return toggleTestRow()
        case .moveUp: row = max(Self.nameRow, row - 1)
        case .moveDown: row = min(rows.count - 1, row + 1)
        case .top: row = Self.nameRow
        case .bottom: row = rows.count - 1
        case .nextTab, .previousTab:
            let tabs = RequestTab.allCases
            let step = command == .nextTab ? 1 : tabs.count - 1
            tab = tabs[(tab.rawValue + step) % tabs.count]
            row = 0
        case .open, .edit:
            if row == Self.nameRow {
                startEdit(.title)
            } else if row == Self.urlRow {
                startEdit(.url)
            } else if showsBodyText {
                startBodyEdit()
            } else if rows.indices.contains(row) {
                return activate(rows[row])
            }
        case .toggle:
            guard rows.indices.contains(row) else { return .unhandled }
            switch rows[row].kind {
            case .entry(let list, let index): update(list, index) { $0.enabled.toggle() }
            case .bodyKind: cycleBodyKind()
            case .authKind: cycleAuth()
            case .value(.auth(let key)) where draft.auth?.kind.choices(of: key) != nil: cycleAuthChoice(key)
            case .followRedirects: draft.followRedirects = draft.followRedirects == false ? nil : false
            default: return .unhandled
            }
        case .add:
            guard let list = currentList else { return .status("this tab has no list to add to") }
            var entries = fields(list)
            entries.append(Field(name: "", value: ""))
            set(list, entries)
            row = self.rows.firstIndex { $0.kind == .entry(list, entries.count - 1) } ?? row
            startEdit(.name(list, entries.count - 1))
        case .remove:
            guard rows.indices.contains(row), case .entry(let list, let index) = rows[row].kind else { return .unhandled }
            var entries = fields(list)
            entries.remove(at: index)
            set(list, entries)
            row = min(row, max(0, self.rows.count - 1))
        case .bodyKind:
            guard tab == .body else { return .unhandled }
            cycleBodyKind()
        case .format:
            return formatBody().map(EditorOutcome.status) ?? .status("formatted the JSON body")
        case .editExternal:
            guard tab == .body, bodyKind == .json || bodyKind == .text else { return .status("$EDITOR edits JSON and text bodies; choose one with b") }
            return .editExternally(bodyText, fileExtension: bodyKind == .json ? "json" : "txt")
        case .method: return .pickMethod
        case .chooseFile:
            guard tab == .body else { return .unhandled }
            if bodyKind == .file { return .chooseFile(part: nil) }
            guard bodyKind == .multipart else { return .status("files go into multipart and file bodies; b changes the kind") }
            if rows.indices.contains(row), case .entry(.multipart, let index) = rows[row].kind { return .chooseFile(part: index) }
            return .status("select a part first, or a adds one")
        case .showVariables: showsResolvedURL.toggle()
        default: return .unhandled
        }
        return .handled
    }

    /// Enter on a row: edit it or cycle it.
    private mutating func activate(_ row: FormRow) -> EditorOutcome {
        switch row.kind {
        case .entry(let list, let index):
            startEdit(fields(list)[index].name.isEmpty ? .name(list, index) : .value(list, index))
        case .value(let target): startEdit(target)
        case .capture(let index): startEdit(.captureSource(index))
        case .bodyKind, .authKind, .followRedirects: return .status("space changes it")
        case .oauthToken: return .fetchOAuthToken
        case .inheritedHeader(let index): overrideInherited(index)
        case .note: return .unhandled
        case .inherited: return .status("inherited: edit it in the collection.yaml named above, or space gives this request its own auth")
        }
        return .handled
    }
}
