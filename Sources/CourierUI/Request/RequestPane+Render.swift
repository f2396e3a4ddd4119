import CourierCollections
extension ExplorerState {
    func drawRequest(in rect: Rect, on screen: inout Screen, theme: Theme) {
        let focused = focus == .request
        if case .unreadable(let id) = requestPane {
            drawUnreadable(id, in: rect, on: &screen, theme: theme, focused: focused)
            return
        }
        guard var editor else {
            let inside = Box(title: "Request", focused: focused)
                .draw(in: rect, on: &screen, border: theme.border(focused: focused), titleStyle: theme.style(.title))
            let hint = "Select a request to see it here · \(keyMap.openKey) opens it · \(keyMap.key(for: .send)) sends it"
            screen.put(hint, row: inside.y, column: inside.x + 1, style: theme.style(.dim), limit: inside.width - 1)
            return
        }
        let badge = editor.isDirty ? "● unsaved · \(keyMap.key(for: .save)) saves" : "\(keyMap.key(for: .send)) send"
        let inside = Box(title: "\(shownMethod(of: editor)) \(editor.id)", badge: badge, focused: focused)
            .draw(in: rect, on: &screen, border: theme.border(focused: focused), titleStyle: theme.style(.title))
        guard inside.height > 0 else { return }
        // Problems first, but never more than a third of the pane: the request stays in view.
        var y = drawProblems(problems(of: editor.id), in: inside, lines: max(1, inside.height / 3), on: &screen, theme: theme)
        guard y < inside.maxY else { return }
        drawName(&editor, row: y, in: inside, on: &screen, theme: theme, focused: focused)
        y += 1
        guard y < inside.maxY else { return }
        drawURL(&editor, row: y, in: inside, on: &screen, theme: theme, focused: focused)
        y += 1
        if editor.showsResolvedURL, y < inside.maxY {
            // A long URL, or the sentence that says why there is none, wraps over a few rows rather than being cut.
            let resolved = "→ " + (editor.resolvedURL ?? "resolving…")
            for line in DisplayWidth.wrap(resolved, width: max(1, inside.width - 1)).prefix(Self.resolvedRows) where y < inside.maxY {
                screen.put(line, row: y, column: inside.x + 1, style: theme.style(.dim), limit: inside.width - 1)
                y += 1
            }
        }
        guard y < inside.maxY else { return }
        let tabs = TabBar(titles: RequestTab.allCases.map { tabTitle($0, of: editor) }, selected: editor.tab.rawValue)
            .render(row: y, column: inside.x, width: inside.width, on: &screen, normal: theme.style(.dim),
                    active: focused ? theme.style(.selection) : theme.style(.selectionUnfocused))
        screen.clickTargets += ClickTarget.tabs(row: y, ranges: tabs) { .requestTab(RequestTab.allCases[$0]) }
        y += 1
        let content = Rect(x: inside.x, y: y, width: inside.width, height: inside.maxY - y)
        drawRows(&editor, in: content, on: &screen, theme: theme, focused: focused)
        // Over everything below the field it belongs to, so it is drawn last.
        if let completion = editor.completion, let anchor = screen.cursor {
            completion.render(on: &screen, at: anchor, text: theme.style(.overlay), selected: theme.style(.selection))
        }
    }

    /// The most rows `V`'s resolved URL (or why there is none) takes, so the tabs stay in view.
    static let resolvedRows = 3

    /// The method as the pane shows it: `?` while a file with errors never said one for certain
    /// (`methd: POST`), as the tree does, rather than the GET it would otherwise seem to be.
    func shownMethod(of editor: RequestEditor) -> String {
        let unsaid = editor.original.locations["method"] == nil && editor.draft.method == editor.original.method
        return unsaid && problems(of: editor.id).contains(where: \.isError) ? "?" : editor.draft.method
    }

    /// A request whose file could not be read: every problem, and how to go on.
    private func drawUnreadable(_ id: String, in rect: Rect, on screen: inout Screen, theme: Theme, focused: Bool) {
        let inside = Box(title: "✗ \(id)", badge: "read-only", focused: focused)
            .draw(in: rect, on: &screen, border: theme.border(focused: focused), titleStyle: theme.style(.title))
        let y = drawProblems(problems(of: id), in: inside, lines: inside.height - 1, on: &screen, theme: theme)
        guard y < inside.maxY else { return }
        screen.put("its file could not be read; fix it in an editor and it reloads here", row: y, column: inside.x + 1,
                   style: theme.style(.dim), limit: inside.width - 1)
    }

    /// Lists `problems` from the top of `inside`, each wrapped to the width so its message is
    /// read whole, in at most `lines` rows (the last one says how many more there are when not
    /// all fit); returns the row under them.
    private func drawProblems(_ problems: [Problem], in inside: Rect, lines: Int, on screen: inout Screen, theme: Theme) -> Int {
        guard !problems.isEmpty, lines > 0 else { return inside.y }
        let end = min(inside.maxY, inside.y + lines)
        let wrapped = problems.map { DisplayWidth.wrap($0.located, width: max(1, inside.width - 3)) }
        var y = inside.y
        for (index, problem) in problems.enumerated() {
            // The last row is kept for "… more" unless this problem is the last one.
            let room = end - y - (index == problems.count - 1 ? 0 : 1)
            if index > 0, wrapped[index].count > room {
                guard y < end else { return y }
                screen.put("… \(problems.count - index) more · \(keyMap.key(for: .problems)) lists every problem", row: y,
                           column: inside.x + 1, style: theme.style(.dim), limit: inside.width - 1)
                return y + 1
            }
            let style = theme.problem(isError: problem.isError)
            screen.put(problem.marker, row: y, column: inside.x + 1, style: style, limit: inside.width - 1)
            for text in wrapped[index].prefix(max(1, room)) where y < end {
                screen.put(text, row: y, column: inside.x + 3, style: style, limit: inside.maxX - inside.x - 3)
                y += 1
            }
        }
        return y
    }

    /// The title row: `name:` of the file, edited with Enter like any field.
    private func drawName(_ editor: inout RequestEditor, row: Int, in inside: Rect, on screen: inout Screen, theme: Theme, focused: Bool) {
        let selected = focused && editor.row == RequestEditor.nameRow && editor.edit == nil
        let base = selected ? theme.style(.selectionUnfocused) : Style.plain
        screen.fill(Rect(x: inside.x, y: row, width: inside.width, height: 1), style: base)
        var x = inside.x + 1
        x += screen.put("Name ", row: row, column: x, style: base.patched(with: theme.style(.dim)), limit: inside.maxX - x)
        if var edit = editor.edit, edit.target == .title {
            edit.field.render(on: &screen, row: row, column: x, width: inside.maxX - x, style: theme.style(.selectionUnfocused), focused: true)
            editor.edit = edit
        } else if let name = editor.draft.name {
            screen.put(name, row: row, column: x, style: base.patched(with: theme.style(.title)), limit: inside.maxX - x)
        } else {
            screen.put("none: lists show the file name", row: row, column: x, style: base.patched(with: theme.style(.dim)), limit: inside.maxX - x)
        }
    }

    /// A tab's title with what it holds: `Headers 2`, `Body json`.
    private func tabTitle(_ tab: RequestTab, of editor: RequestEditor) -> String {
        let draft = editor.draft
        switch tab {
        case .params:
            let count = editor.fields(.query).count
            return count == 0 ? tab.title : "\(tab.title) \(count)"
        case .headers: return draft.headers.isEmpty ? tab.title : "\(tab.title) \(draft.headers.count)"
        case .body: return editor.bodyKind == .none ? tab.title : "\(tab.title) \(editor.bodyKind.rawValue)"
        case .auth:
            return draft.auth.map { "\(tab.title) \($0.kind.rawValue)" } ?? editor.inheritedAuth.map { "\(tab.title) \($0.auth.kind.rawValue)↑" } ?? tab.title
        case .converter, .options: return tab.title
        case .tests:
            let count = draft.expectations.count + draft.captures.count
            return count == 0 ? tab.title : "\(tab.title) \(count)"
        }
    }

    private func drawURL(_ editor: inout RequestEditor, row: Int, in inside: Rect, on screen: inout Screen, theme: Theme, focused: Bool) {
        let selected = focused && editor.row == RequestEditor.urlRow && editor.edit == nil
        let base = selected ? theme.style(.selectionUnfocused) : Style.plain
        screen.fill(Rect(x: inside.x, y: row, width: inside.width, height: 1), style: base)
        var x = inside.x + 1
        let method = shownMethod(of: editor)
        x += screen.put(method + " ", row: row, column: x, style: base.patched(with: theme.method(method)), limit: inside.maxX - x)
        if editor.draft.url == nil, let base = editor.baseURL {
            x += screen.put(base + "/", row: row, column: x, style: theme.style(.dim), limit: inside.maxX - x)
        }
        if var edit = editor.edit, edit.target == .url {
            edit.field.render(on: &screen, row: row, column: x, width: inside.maxX - x, style: theme.style(.selectionUnfocused), focused: true)
            editor.edit = edit
            return
        }
        drawTemplate(RequestDefinition.maskingWrittenSecrets(inURL: editor.urlLine), variables: editor.variables, known: editor.resolvedURL != nil, row: row, column: x,
                     limit: inside.maxX - x, base: base, on: &screen, theme: theme)
    }

    /// Text with `{{variables}}` coloured: known ones as variables, unknown ones as missing.
    func drawTemplate(_ text: String, variables: [String: String], known: Bool, row: Int, column: Int, limit: Int, base: Style,
                      on screen: inout Screen, theme: Theme) {
        var x = column
        var rest = Substring(text)
        while !rest.isEmpty, x < column + limit {
            guard let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") else {
                x += screen.put(String(rest), row: row, column: x, style: base, limit: column + limit - x)
                break
            }
            x += screen.put(String(rest[..<open.lowerBound]), row: row, column: x, style: base, limit: column + limit - x)
            let name = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            let defined = !known || name.hasPrefix("$") || variables[name] != nil
            let style = base.patched(with: theme.style(named: defined ? "variable" : "variable.missing"))
            x += screen.put(String(rest[open.lowerBound..<close.upperBound]), row: row, column: x, style: style, limit: column + limit - x)
            rest = rest[close.upperBound...]
        }
    }

    private func drawRows(_ editor: inout RequestEditor, in rect: Rect, on screen: inout Screen, theme: Theme, focused: Bool) {
        guard rect.height > 0 else { return }
        let rows = editor.rows
        let labelWidth = min(max(8, rows.map { DisplayWidth.of($0.label) }.max() ?? 0), max(8, rect.width / 3))
        // Rows scroll so the selected one shows.
        let visibleRows = editor.showsBodyText ? 1 : rect.height
        let first = max(0, editor.row - visibleRows + 1)
        for (offset, row) in rows.dropFirst(first).prefix(visibleRows).enumerated() {
            let index = first + offset
            let y = rect.y + offset
            let selected = focused && index == editor.row
            var base = row.enabled ? Style.plain : theme.style(.dim)
            if selected { base = base.patched(with: theme.style(.selectionUnfocused)) }
            screen.fill(Rect(x: rect.x, y: y, width: rect.width, height: 1), style: base)
            var x = rect.x + 1
            if case .note = row.kind {
                screen.put(row.value, row: y, column: x, style: base.patched(with: theme.style(.dim)), limit: rect.maxX - x)
                continue
            }
            if case .entry = row.kind {
                x += screen.put(row.enabled ? "[x] " : "[ ] ", row: y, column: x, style: base, limit: rect.maxX - x)
            } else if case .inheritedHeader = row.kind {
                // Under the request's own headers, lined up with them; the note says where it comes from.
                x += screen.put(" ↑  ", row: y, column: x, style: base, limit: rect.maxX - x)
            }
            let nameTarget: EditTarget? = switch row.kind {
            case .entry(let list, let i): .name(list, i)
            case .capture(let i): .captureName(i)
            default: nil
            }
            let valueTarget: EditTarget? = switch row.kind {
            case .entry(let list, let i): .value(list, i)
            case .capture(let i): .captureSource(i)
            case .value(let target): target
            default: nil
            }
            if var edit = editor.edit, edit.target == nameTarget {
                edit.field.render(on: &screen, row: y, column: x, width: labelWidth, style: theme.style(.selectionUnfocused), focused: true)
                editor.edit = edit
            } else {
                screen.put(row.label, row: y, column: x, style: base.patched(with: theme.style(.title)), limit: min(labelWidth, rect.maxX - x))
            }
            x += labelWidth + 2
            guard x < rect.maxX else { continue }
            if var edit = editor.edit, let valueTarget, edit.target == valueTarget {
                edit.field.render(on: &screen, row: y, column: x, width: rect.maxX - x, style: theme.style(.selectionUnfocused), focused: true)
                editor.edit = edit
            } else if row.masked, !row.value.isEmpty {
                x += screen.put("••••••", row: y, column: x, style: base.patched(with: theme.style(named: "secret")), limit: rect.maxX - x)
            } else {
                drawTemplate(row.value, variables: editor.variables, known: editor.resolvedURL != nil, row: y, column: x,
                             limit: rect.maxX - x, base: base, on: &screen, theme: theme)
                x += DisplayWidth.of(row.value)
            }
            if let note = row.note, x + 2 < rect.maxX {
                screen.put(note, row: y, column: x + 2, style: base.patched(with: theme.style(.dim)), limit: rect.maxX - x - 2)
            }
        }
        guard editor.showsBodyText, rect.height > 1 else { return }
        var area = Rect(x: rect.x + 1, y: rect.y + 1, width: rect.width - 1, height: rect.height - 1)
        if let problem = editor.bodyProblem, area.height > 1 {
            screen.put(problem, row: area.maxY - 1, column: area.x, style: theme.style(.warning), limit: area.width)
            area = Rect(x: area.x, y: area.y, width: area.width, height: area.height - 1)
        }
        if var bodyEditor = editor.bodyEditor {
            bodyEditor.render(in: area, on: &screen, style: .plain, selectionStyle: theme.style(.selection), focused: true)
            editor.bodyEditor = bodyEditor
        } else {
            let lines = editor.bodyText.split(separator: "\n", omittingEmptySubsequences: false)
            for (offset, line) in lines.prefix(area.height).enumerated() {
                if editor.bodyKind == .json {
                    _ = drawJSONLine(String(line), row: area.y + offset, column: area.x, limit: area.width, base: .plain, on: &screen, theme: theme)
                } else {
                    screen.put(String(line), row: area.y + offset, column: area.x, style: .plain, limit: area.width)
                }
            }
            if lines.count > area.height {
                screen.put("… \(lines.count - area.height) more lines · e edits · E opens $EDITOR", row: area.maxY - 1, column: area.x,
                           style: theme.style(.dim), limit: area.width)
            }
        }
    }
}
