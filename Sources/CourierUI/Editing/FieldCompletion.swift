import CourierCollections

// MARK: - Completion in fields: header names, and {{variables}} anywhere

/// Request header names offered when a header's name is typed.
enum HeaderNames {
    static let standard = [
        "Accept", "Accept-Charset", "Accept-Encoding", "Accept-Language", "Authorization", "Cache-Control", "Connection",
        "Content-Disposition", "Content-Encoding", "Content-Language", "Content-Length", "Content-Type", "Cookie", "Date",
        "DNT", "Expect", "Forwarded", "From", "Host", "If-Match", "If-Modified-Since", "If-None-Match", "If-Range",
        "If-Unmodified-Since", "Idempotency-Key", "Max-Forwards", "Origin", "Pragma", "Prefer", "Proxy-Authorization", "Range",
        "Referer", "TE", "Traceparent", "Upgrade", "User-Agent", "Via", "X-API-Key", "X-Correlation-ID", "X-Forwarded-For",
        "X-Forwarded-Host", "X-Forwarded-Proto", "X-Request-ID", "X-Requested-With",
    ]
}

extension RequestEditor {
    /// What the field being edited could complete to at its cursor: a variable after an
    /// unclosed `{{` (from the environment, the collection and the `$` functions), or a standard
    /// header name while a header's name is typed. Nil when nothing fits.
    func completion(for edit: FieldEdit) -> Completion? {
        let typed = String(edit.field.characters[..<edit.field.cursor])
        if let open = typed.range(of: "{{", options: .backwards), !typed[open.upperBound...].contains("}}") {
            let partial = String(typed[open.upperBound...])
            let names = variables.keys.sorted() + TemplateContext.builtInFunctions
            let after = edit.field.characters[edit.field.cursor...]
            let closed = after.starts(with: "}}")
            // A name typed whole is listed first, so Tab closes its braces.
            let items = names.filter { $0 == partial } + names.filter { $0.lowercased().hasPrefix(partial.lowercased()) && $0 != partial }
            guard let completion = Completion(replacing: partial.count, items: items, suffix: closed ? "" : "}}") else { return nil }
            return completion
        }
        // A header name typed whole (Accept) is not completed further: Tab goes on to its value.
        guard case .name(.headers, _) = edit.target, !typed.isEmpty,
              !HeaderNames.standard.contains(where: { $0.lowercased() == typed.lowercased() }) else { return nil }
        let items = HeaderNames.standard.filter { $0.lowercased().hasPrefix(typed.lowercased()) }
        return Completion(replacing: typed.count, items: items)
    }

    /// Offers completion for what was just typed, or closes it when nothing fits.
    mutating func refreshCompletion() {
        completion = edit.flatMap(completion(for:))
    }

    /// A key while the completion list is open: true when the list took it.
    mutating func completionKey(_ key: Key) -> Bool {
        guard var list = completion, var current = edit else { return false }
        switch key {
        case .enter where !list.isChosen:
            return false
        case .tab, .enter:
            var chosen = list.chosen
            // `$env.` wants a name after it, so the variable stays open.
            if chosen.hasSuffix(".}}") { chosen.removeLast(2) }
            for _ in 0..<list.replacing { current.field.handle(.backspace) }
            current.field.insert(chosen)
            edit = current
            completion = nil
            return true
        case .escape:
            completion = nil
            return true
        default:
            guard list.move(key) else { return false }
            completion = list
            return true
        }
    }
}
