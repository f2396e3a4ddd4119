import Courier
import CourierCollections

/// One environment's variables as files hold them: `NAME.yaml` and the git-ignored `NAME.secret.yaml`.
public struct EnvironmentDraft: Sendable, Equatable {
    /// The request whose collection the environment belongs to (it locates the files).
    public var requestId: String
    public var name: String
    public var variables: [Field]
    public var secrets: [Field]
    /// The collection's own defaults, shown for reference.
    public var defaults: [Field]
    /// Variables captured from responses in this environment (the state folder's, not the
    /// files'): shown marked as captured, secret ones masked, and cleared with `d`.
    public var captured: [CapturedEntry]

    public init(requestId: String, name: String, variables: [Field], secrets: [Field], defaults: [Field], captured: [CapturedEntry] = []) {
        self.requestId = requestId
        self.name = name
        self.variables = variables
        self.secrets = secrets
        self.defaults = defaults
        self.captured = captured
    }
}

/// A variable captured from a response, as the variables editor lists it.
public struct CapturedEntry: Sendable, Equatable {
    /// The variable's name.
    public var name: String
    /// Its value, `••••••` when it is secret.
    public var shown: String
    /// Whether it is secret.
    public var secret: Bool

    /// A captured variable; pass the value masked when it is secret.
    public init(name: String, shown: String, secret: Bool) {
        self.name = name
        self.shown = shown
        self.secret = secret
    }
}

/// The overlay that edits an environment's variables; secret values stay masked.
public struct VariablesEditor: Sendable, Equatable {
    public var original: EnvironmentDraft
    public var draft: EnvironmentDraft
    public var row = 0
    /// The row being edited, which column, and the text.
    public var edit: (row: Int, value: Bool, field: TextField)?
    /// Close once the save that the unsaved-changes question asked for is done.
    public var closesWhenSaved = false
    /// Only the values captured with no environment selected: there are no files to edit.
    public var capturedOnly = false

    public init(_ draft: EnvironmentDraft) {
        original = draft
        self.draft = draft
    }

    /// The values captured with no environment selected (the `none` scope), to look at and clear.
    public init(capturedOnly captured: [CapturedEntry], requestId: String) {
        self.init(EnvironmentDraft(requestId: requestId, name: "", variables: [], secrets: [], defaults: [], captured: captured))
        capturedOnly = true
    }

    public static func == (lhs: VariablesEditor, rhs: VariablesEditor) -> Bool {
        lhs.original == rhs.original && lhs.draft == rhs.draft && lhs.row == rhs.row
            && lhs.edit?.row == rhs.edit?.row && lhs.edit?.value == rhs.edit?.value && lhs.edit?.field == rhs.edit?.field
    }

    public var isDirty: Bool { draft != original }

    /// Plain variables first, then secrets: (field, is secret).
    var rows: [(field: Field, secret: Bool)] {
        draft.variables.map { ($0, false) } + draft.secrets.map { ($0, true) }
    }

    /// What a key did.
    enum Outcome: Equatable {
        case handled, close, save
        case status(String)
        /// Forget this captured variable.
        case clearCaptured(String)
    }

    /// The captured variable on row `index`, below the files' variables.
    private func captured(at index: Int) -> CapturedEntry? {
        let offset = index - rows.count
        return draft.captured.indices.contains(offset) ? draft.captured[offset] : nil
    }

    mutating func handle(_ key: Key, command: Command?) -> Outcome {
        if var current = edit {
            switch key {
            case .enter, .escape:
                commit(current)
                edit = nil
            case .tab, .backTab:
                commit(current)
                current.value.toggle()
                current.field = TextField(text(row: current.row, value: current.value))
                current.field.handle(.end)
                edit = current
            default:
                current.field.handle(key)
                edit = current
            }
            return .handled
        }
        let count = rows.count + draft.captured.count
        if let entry = captured(at: row) {
            switch command {
            case .remove?:
                draft.captured.removeAll { $0.name == entry.name }
                original.captured.removeAll { $0.name == entry.name }
                row = max(0, min(row, count - 2))
                return .clearCaptured(entry.name)
            case .open?, .edit?, .toggle?:
                return .status("\(entry.name) was captured from a response; a request capturing it again changes it, d clears it")
            default: break
            }
        }
        if capturedOnly, command != .moveDown, command != .moveUp, command != .cancel, command != .quit, key != .escape {
            return .status("these were captured with no environment selected; v selects one whose variables ctrl-e edits")
        }
        switch command {
        case .moveDown?: row = min(max(0, count - 1), row + 1)
        case .moveUp?: row = max(0, row - 1)
        case .open?, .edit?:
            guard count > 0 else { return .handled }
            startEdit(row: row, value: true)
        case .add?:
            draft.variables.append(Field(name: "", value: ""))
            row = draft.variables.count - 1
            startEdit(row: row, value: false)
        case .remove?:
            guard rows.indices.contains(row) else { return .handled }
            set(row: row, nil)
            row = max(0, min(row, rows.count - 1))
        case .toggle?:
            // Space moves a variable between the plain file and the secret file.
            guard rows.indices.contains(row) else { return .handled }
            let entry = rows[row]
            set(row: row, nil)
            if entry.secret {
                draft.variables.append(entry.field)
                row = draft.variables.count - 1
            } else {
                draft.secrets.append(entry.field)
                row = rows.count - 1
            }
            return .status("\(entry.field.name) is \(entry.secret ? "no longer secret" : "secret: kept in \(draft.name).secret.yaml, masked")")
        case .save?: return .save
        case .cancel?, .quit?: return .close
        default:
            if key == .escape { return .close }
        }
        return .handled
    }

    private mutating func startEdit(row: Int, value: Bool) {
        var field = TextField(text(row: row, value: value))
        field.handle(.end)
        edit = (row, value, field)
    }

    private func text(row: Int, value: Bool) -> String {
        guard rows.indices.contains(row) else { return "" }
        return value ? rows[row].field.value : rows[row].field.name
    }

    private mutating func commit(_ edit: (row: Int, value: Bool, field: TextField)) {
        guard rows.indices.contains(edit.row) else { return }
        var field = rows[edit.row].field
        if edit.value { field.value = edit.field.text } else { field.name = edit.field.text }
        set(row: edit.row, field)
    }

    /// Replaces (or with nil removes) row `index`.
    private mutating func set(row index: Int, _ field: Field?) {
        if index < draft.variables.count {
            if let field { draft.variables[index] = field } else { draft.variables.remove(at: index) }
        } else {
            let secret = index - draft.variables.count
            guard draft.secrets.indices.contains(secret) else { return }
            if let field { draft.secrets[secret] = field } else { draft.secrets.remove(at: secret) }
        }
    }

    /// Names used twice, which the files could not hold apart.
    var duplicateNames: [String] {
        var seen: Set<String> = []
        var duplicates: [String] = []
        for entry in rows where !entry.field.name.isEmpty {
            if !seen.insert(entry.field.name).inserted { duplicates.append(entry.field.name) }
        }
        return duplicates
    }

    func render(on screen: inout Screen, theme: Theme) {
        let width = min(screen.width - 4, 90)
        let height = min(screen.height - 2, max(8, rows.count + draft.captured.count + draft.defaults.count + 6))
        let rect = Rect(x: (screen.width - width) / 2, y: (screen.height - height) / 2, width: width, height: height)
        screen.fill(rect, style: theme.style(.overlay))
        let title = capturedOnly ? "Captured with no environment" : "Environment \(draft.name)" + (isDirty ? " ●" : "")
        let badge = capturedOnly ? "d clears · esc close" : "⏎ edit · a add · d delete · space secret · ctrl-s save · esc close"
        let inside = Box(title: title, badge: badge, focused: true)
            .draw(in: rect, on: &screen, border: theme.border(focused: true), titleStyle: theme.style(.title))
        let names = rows.map(\.field.name) + draft.captured.map(\.name)
        let nameWidth = min(24, max(8, names.map { DisplayWidth.of($0) }.max() ?? 0))
        let base = theme.style(.overlay)
        var y = inside.y
        for (index, entry) in rows.enumerated() where y < inside.maxY - 1 {
            let style = index == row ? base.patched(with: theme.style(.selectionUnfocused)) : base
            screen.fill(Rect(x: inside.x, y: y, width: inside.width, height: 1), style: style)
            var x = inside.x + 1
            if let edit, edit.row == index, !edit.value {
                var field = edit.field
                field.render(on: &screen, row: y, column: x, width: nameWidth, style: theme.style(.selection), focused: true)
            } else {
                screen.put(entry.field.name, row: y, column: x, style: style.patched(with: theme.style(named: "variable")), limit: nameWidth)
            }
            x += nameWidth + 2
            if let edit, edit.row == index, edit.value {
                var field = edit.field
                field.render(on: &screen, row: y, column: x, width: inside.maxX - x - 10, style: theme.style(.selection), focused: true)
            } else if entry.secret {
                screen.put("••••••", row: y, column: x, style: style.patched(with: theme.style(named: "secret")), limit: inside.maxX - x)
            } else {
                screen.put(entry.field.value, row: y, column: x, style: style, limit: inside.maxX - x - 10)
            }
            if entry.secret { screen.put("secret", row: y, column: inside.maxX - 7, style: style.patched(with: theme.style(.dim))) }
            y += 1
        }
        for (offset, entry) in draft.captured.enumerated() where y < inside.maxY - 1 {
            let style = rows.count + offset == row ? base.patched(with: theme.style(.selectionUnfocused)) : base
            screen.fill(Rect(x: inside.x, y: y, width: inside.width, height: 1), style: style)
            screen.put(entry.name, row: y, column: inside.x + 1, style: style.patched(with: theme.style(named: "variable")), limit: nameWidth)
            let x = inside.x + nameWidth + 3
            screen.put(entry.shown, row: y, column: x, style: entry.secret ? style.patched(with: theme.style(named: "secret")) : style,
                       limit: inside.maxX - x - 10)
            screen.put("captured", row: y, column: inside.maxX - 9, style: style.patched(with: theme.style(.dim)))
            y += 1
        }
        if rows.isEmpty && draft.captured.isEmpty && !capturedOnly {
            screen.put("no variables yet · a adds one", row: y, column: inside.x + 1, style: base.patched(with: theme.style(.dim)), limit: inside.width - 1)
            y += 1
        }
        // A default named like a credential (token, password, …) is shown as secret, as everywhere else.
        let defaults = draft.defaults.map { field in
            "\(field.name)=\(SecretRedactor.isCredential(name: field.name) || field.name.lowercased().contains("key") ? SecretRedactor.mask : field.value)"
        }.joined(separator: "  ")
        if !defaults.isEmpty, y < inside.maxY {
            screen.put("collection defaults: " + defaults, row: inside.maxY - 1, column: inside.x + 1,
                       style: base.patched(with: theme.style(.dim)), limit: inside.width - 1)
        }
    }
}

extension ExplorerState {
    mutating func variablesKey(_ key: Key) -> [Effect] {
        guard var variables = variablesEditor else { return [] }
        let outcome = variables.handle(key, command: keyMap.command(for: key))
        variablesEditor = variables
        switch outcome {
        case .handled: break
        case .status(let text): status = text
        case .save: return saveVariables()
        case .clearCaptured(let name):
            let environment = variables.capturedOnly ? nil : variables.draft.name
            status = "cleared the captured \(name) of \(environment ?? "no environment")"
            captured.removeAll { $0.name == name }
            return [.clearCaptured(requestId: variables.draft.requestId, environment: environment, name: name)]
        case .close:
            if variables.isDirty {
                ask(Dialog(title: "Unsaved variables", message: "Environment \(variables.draft.name) has unsaved changes.",
                           buttons: ["Save", "Discard", "Cancel"]), .unsavedEnvironment)
            } else {
                variablesEditor = nil
            }
        }
        return []
    }

    mutating func saveVariables() -> [Effect] {
        guard let variables = variablesEditor else { return [] }
        if let name = variables.duplicateNames.first {
            status = "not saved: \(name) is defined twice"
            return []
        }
        if variables.rows.contains(where: { $0.field.name.isEmpty }) {
            status = "not saved: a variable has no name"
            return []
        }
        return [.saveEnvironment(variables.draft)]
    }
}
