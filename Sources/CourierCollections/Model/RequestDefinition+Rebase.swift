extension RequestDefinition {
    /// The edits made from `base` to `mine`, applied on top of `theirs`: a field the user changed
    /// takes their value, every other field takes the version on disk, and in `headers` and
    /// `query` each entry is merged on its own (added, changed or removed by name), so keeping
    /// one's edits after someone else changed the file does not revert what the other side did.
    /// - Parameters:
    ///   - mine: The edited draft.
    ///   - base: The version the draft was made from.
    ///   - theirs: The version now on disk.
    public static func rebasing(_ mine: RequestDefinition, from base: RequestDefinition, onto theirs: RequestDefinition) -> RequestDefinition {
        var result = theirs
        func take<Value: Equatable>(_ field: WritableKeyPath<RequestDefinition, Value>) {
            if mine[keyPath: field] != base[keyPath: field] { result[keyPath: field] = mine[keyPath: field] }
        }
        take(\.name)
        take(\.method)
        take(\.path)
        take(\.url)
        result.query = Field.rebasing(mine.query, from: base.query, onto: theirs.query)
        result.headers = Field.rebasing(mine.headers, from: base.headers, onto: theirs.headers)
        take(\.body)
        take(\.auth)
        take(\.timeout)
        take(\.retries)
        take(\.followRedirects)
        take(\.trustRedirects)
        take(\.transport)
        take(\.connection)
        take(\.converter)
        take(\.errorConverter)
        take(\.requires)
        take(\.captures)
        take(\.expectations)
        take(\.skip)
        return result
    }
}

extension Field {
    /// A list's entries merged three ways: each entry is known by its name and how many of that
    /// name come before it; entries I added or changed are put in (replacing theirs), entries I
    /// removed are taken out, and everything else stays as they have it, in their order.
    static func rebasing(_ mine: [Field], from base: [Field], onto theirs: [Field]) -> [Field] {
        if mine == base { return theirs }
        if theirs == base { return mine }
        struct Key: Hashable { let name: String; let occurrence: Int }
        func keyed(_ fields: [Field]) -> [(key: Key, field: Field)] {
            var seen: [String: Int] = [:]
            return fields.map { field in
                defer { seen[field.name, default: 0] += 1 }
                return (Key(name: field.name, occurrence: seen[field.name, default: 0]), field)
            }
        }
        let baseByKey = Dictionary(keyed(base).map { ($0.key, $0.field) }, uniquingKeysWith: { first, _ in first })
        let mineKeyed = keyed(mine)
        let mineKeys = Set(mineKeyed.map(\.key))
        var result = keyed(theirs).filter { baseByKey[$0.key] == nil || mineKeys.contains($0.key) }
        for (key, field) in mineKeyed where baseByKey[key] != field {
            if let index = result.firstIndex(where: { $0.key == key }) {
                result[index].field = field
            } else {
                result.append((key, field))
            }
        }
        return result.map(\.field)
    }
}
