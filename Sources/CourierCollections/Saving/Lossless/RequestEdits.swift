/// The edit of a request file: each field of the definition that changed, and nothing else.
extension TextEditor {
    mutating func editRequest(_ root: LocatedNode, from old: RequestDefinition, to new: RequestDefinition) throws(Refusal) {
        let order = DocumentParser.requestKeys
        func scalar(_ key: String, _ before: YAMLValue?, _ after: YAMLValue?) throws(Refusal) {
            try setScalar(key, from: before, to: after, in: root, order: order)
        }
        try scalar("name", old.name.map(YAMLValue.text), new.name.map(YAMLValue.text))
        // GET is the default: a file without `method:` says GET, and one is written only for another method.
        if old.method != new.method { try setScalar("method", .raw(new.method), in: root, order: order) }
        try scalar("path", old.path.map(YAMLValue.text), new.path.map(YAMLValue.text))
        try scalar("url", old.url.map(YAMLValue.text), new.url.map(YAMLValue.text))
        try editFields("query", from: old.query, to: new.query, in: root, order: order)
        try editFields("headers", from: old.headers, to: new.headers, in: root, order: order)
        if old.body != new.body { try editBody(root, from: old.body, to: new.body) }
        try editAuth(root, from: old.auth, to: new.auth, order: order)
        try scalar("timeout", old.timeout.map { .raw(YAMLText.number($0)) }, new.timeout.map { .raw(YAMLText.number($0)) })
        try scalar("retries", old.retries.map { .raw(String($0)) }, new.retries.map { .raw(String($0)) })
        try scalar("followRedirects", old.followRedirects.map { .raw(String($0)) }, new.followRedirects.map { .raw(String($0)) })
        try scalar("converter", old.converter.map(YAMLValue.text), new.converter.map(YAMLValue.text))
        try scalar("errorConverter", old.errorConverter.map(YAMLValue.text), new.errorConverter.map(YAMLValue.text))
        try editTesting(root, from: old, to: new)
        if old.examples != new.examples {
            // Examples are written by imports, not edited line by line: a change rewrites the list.
            try setPair("examples", new.examples.isEmpty ? nil : .block(CollectionWriter.exampleLines(new.examples)), in: root, order: order)
        }
    }

    /// The body: within its kind, only the kind's value changes (a JSON body keeps flow style
    /// while it fits on a line); another kind replaces the kind's key and value.
    private mutating func editBody(_ root: LocatedNode, from old: BodyDefinition?, to new: BodyDefinition?) throws(Refusal) {
        let order = DocumentParser.requestKeys
        guard let new else { return try setPair("body", nil, in: root, order: order) }
        guard let pair = root.pair("body"), case .mapping(let kinds, let flow) = pair.value.kind, kinds.count == 1, let old else {
            return try setPair("body", .block(Array(CollectionWriter.bodyLines(new).dropFirst())), in: root, order: order)
        }
        let kind = kinds[0]
        switch (old, new) {
        case (.json, .json(let value)):
            let text = YAMLText.flow(value)
            let onKeyLine = source.lineStart(kind.value.range.lowerBound) == source.lineStart(kind.key.range.lowerBound)
            if flow || (onKeyLine && text.count <= CollectionWriter.flowWidth) || !Self.isCollection(value) {
                return try replaceValue(of: kind, with: .inline(text))
            }
            try replaceValue(of: kind, with: .block(YAMLText.block(value, indent: 2).components(separatedBy: "\n")))
        case (.text, .text(let text)) where Self.isScalar(kind.value):
            setText(kind.value, to: text)
        case (.file, .file(let text)) where Self.isScalar(kind.value):
            set(kind.value, to: .text(text))
        case (.form(let before), .form(let after)):
            try editEntries(kind.value, from: before, to: after)
        case (.multipart(let before), .multipart(let after)):
            try editList(kind.value, from: before.map(\.listItem), to: after.map(\.listItem))
        default:
            replace(kind.key.range, with: Self.kindName(new))
            try replaceValue(of: kind, with: Self.bodyValue(new, flow: flow))
        }
    }

    private static func isScalar(_ node: LocatedNode) -> Bool {
        if case .scalar = node.kind { return true }
        return false
    }

    private static func isCollection(_ value: JSONValue) -> Bool {
        switch value {
        case .object(let pairs): return !pairs.isEmpty
        case .array(let items): return !items.isEmpty
        default: return false
        }
    }

    private static func kindName(_ body: BodyDefinition) -> String {
        switch body {
        case .json: return "json"
        case .text: return "text"
        case .form: return "form"
        case .file: return "file"
        case .multipart: return "multipart"
        }
    }

    /// The value under a body's kind key, as the canonical writer puts it (one line in a flow body).
    private static func bodyValue(_ body: BodyDefinition, flow: Bool) -> Rendered {
        switch body {
        case .form(let fields): return list(fields.map(\.listItem), flow: flow)
        case .multipart(let parts): return list(parts.map(\.listItem), flow: flow)
        case .json(let value) where flow: return .inline(YAMLText.flow(value))
        default:
            let lines = CollectionWriter.bodyLines(body).dropFirst()
            guard let first = lines.first else { return .inline("null") }
            let head = first.drop { $0 == " " }.drop { $0 != ":" }.dropFirst().drop { $0 == " " }
            if !head.isEmpty { return .inline(String(head)) }
            return .block(lines.dropFirst().map { String($0.dropFirst(2)) })
        }
    }

    /// Auth: a changed field of the same kind edited in place (a field added or removed as a key
    /// of the kind's mapping); another kind replaces the kind and its value; `none` is a plain value.
    mutating func editAuth(_ root: LocatedNode, from old: AuthDefinition?, to new: AuthDefinition?, order: [String]) throws(Refusal) {
        guard old != new else { return }
        guard let new else { return try setPair("auth", nil, in: root, order: order) }
        let canonical = CollectionWriter.authLines(new)
        let written: Rendered = canonical.count == 1 ? .inline(String(canonical[0].dropFirst("auth: ".count))) : .block(Array(canonical.dropFirst()))
        guard let old, old.kind != .none, new.kind != .none, let pair = root.pair("auth"),
              case .mapping(let kinds, _) = pair.value.kind, kinds.count == 1 else {
            return try setPair("auth", written, in: root, order: order)
        }
        let kind = kinds[0]
        let fieldOrder = new.kind.fields.map(\.key)
        switch (old.kind == new.kind, new) {
        case (true, .bearer(let token)):
            try setScalar("bearer", .text(token), in: pair.value, order: DocumentParser.authKinds)
        case (true, .oauth2(let after)):
            guard case .oauth2(let before) = old else { return }
            try editOAuth2(kind.value, from: before, to: after)
        case (true, _):
            guard case .mapping = kind.value.kind else { throw Refusal("\(new.kind.rawValue) auth that is not a mapping") }
            for key in fieldOrder where old.value(of: key) != new.value(of: key) {
                try setScalar(key, new.value(of: key).map(YAMLValue.text), in: kind.value, order: fieldOrder)
            }
        case (false, .bearer(let token)):
            replace(kind.key.range, with: "bearer")
            try replaceValue(of: kind, with: .inline(YAMLText.scalar(token)))
        case (false, .oauth2(let definition)):
            // A block cannot go inside `auth: {…}`: the whole value is written anew.
            if case .mapping(_, true) = pair.value.kind { return try setPair("auth", written, in: root, order: order) }
            replace(kind.key.range, with: "oauth2")
            try replaceValue(of: kind, with: .block(CollectionWriter.oauth2Lines(definition, indent: 2)))
        case (false, _):
            replace(kind.key.range, with: new.kind.rawValue)
            try replaceValue(of: kind, with: .inline(CollectionWriter.authFlow(new)))
        }
    }
}
