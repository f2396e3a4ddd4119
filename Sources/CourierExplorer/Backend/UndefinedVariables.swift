import CourierCollections

/// Every variable a request uses that nothing defines, for one sentence that names them all:
/// the resolver stops at the first, so each one found gets a stand-in and the request is
/// resolved again, until it resolves or fails for another reason.
struct UndefinedVariables {
    /// The names, in the order the resolver met them.
    var names: [String] = []
    /// Where the first one is used in the saved file.
    var location: SourceLocation?

    /// A value that fits wherever a variable may stand: a base URL, a path, a header, a body.
    private static let standIn = "http://stand-in.invalid"
    /// Enough for any request a person writes; a bound so a resolver that never settles cannot spin.
    private static let limit = 64

    init(of request: LoadedRequest, context: TemplateContext) {
        var context = context
        while names.count < Self.limit {
            do {
                _ = try RequestResolver(context: context).resolution(of: request)
                return
            } catch let error as TemplateError where Self.isUndefined(error, in: context) {
                if names.isEmpty { location = error.location }
                names.append(error.variable)
                context.variables[error.variable] = Self.standIn
            } catch {
                return
            }
        }
    }

    /// Whether `error` is about a plain `{{name}}` that no source defines (not `$env.NAME` or a function).
    private static func isUndefined(_ error: TemplateError, in context: TemplateContext) -> Bool {
        !error.variable.isEmpty && !error.variable.hasPrefix("$") && context.variables[error.variable] == nil
    }

    /// The sentence: every name, and where they are used. A draft with unsaved edits is named as
    /// such, since a line of the saved file may not hold what the draft uses.
    func sentence(requestId: String, edited: Bool) -> String? {
        guard !names.isEmpty else { return nil }
        let quoted = names.map { "'\($0)'" }.joined(separator: ", ")
        let noun = names.count == 1 ? "undefined variable" : "undefined variables"
        let define = names.count == 1 ? "define it" : "define them"
        let how = "(\(define) in the environment, collection.yaml variables or --var NAME=…)"
        if edited { return "\(noun) \(quoted) in the unsaved edit of \(requestId) \(how)" }
        let place = location.map { "\($0.file):\($0.line):\($0.column): " } ?? ""
        return "\(place)error: \(noun) \(quoted) \(how)"
    }
}
