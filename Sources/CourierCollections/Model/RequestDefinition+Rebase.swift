extension RequestDefinition {
    /// The edits made from `base` to `mine`, applied on top of `theirs`: a field the user changed
    /// takes their value, every other field takes the version on disk. Keeping one's edits after
    /// someone else changed the file so keeps both, instead of reverting what the other side did.
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
        take(\.query)
        take(\.headers)
        take(\.body)
        take(\.auth)
        take(\.timeout)
        take(\.retries)
        take(\.followRedirects)
        take(\.converter)
        take(\.errorConverter)
        take(\.requires)
        take(\.captures)
        take(\.expectations)
        take(\.skip)
        return result
    }
}
