import CourierJSON

/// What of a response an assertion or a capture reads.
public enum ResponseSubject: Sendable, Equatable, CustomStringConvertible {
    /// The status code, a number.
    case status
    /// A response header's value, by name (case-insensitive).
    case header(String)
    /// The value of a cookie the response sets (`Set-Cookie`).
    case cookie(String)
    /// The whole body as text.
    case body
    /// The JSON value at a key path of the body (the converter syntax: keys and indices).
    case bodyPath(JSONKeyPath)
    /// The time from sending to the complete response, in milliseconds.
    case duration
    /// The body's size in bytes.
    case size

    /// The subject as written: `header Content-Type`, `body data/id`.
    public var description: String {
        switch self {
        case .status: return "status"
        case .header(let name): return "header \(name)"
        case .cookie(let name): return "cookie \(name)"
        case .body: return "body"
        case .bodyPath(let path): return "body \(path)"
        case .duration: return "duration"
        case .size: return "size"
        }
    }
}

/// A comparison of an assertion: `==`, `!=`, `<`, `<=`, `>`, `>=`.
public enum ComparisonOperator: String, Sendable, CaseIterable {
    case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="

    /// Whether the operator orders numbers (as opposed to testing equality).
    var orders: Bool { self != .equal && self != .notEqual }
}

/// A JSON type an `is` predicate names.
public enum JSONType: String, Sendable, CaseIterable {
    case string, number, bool, null, array, object
}

/// The value an assertion compares with: a JSON literal, or a `{{template}}` filled in when the
/// assertion is evaluated (templates inside a literal's strings are filled in too).
public enum ExpectedValue: Sendable, Equatable, CustomStringConvertible {
    case literal(JSONValue)
    /// A bare `{{name}}`; the filled-in text is read as JSON when it is JSON, as text otherwise.
    case template(String)

    /// The value as written.
    public var description: String {
        switch self {
        case .literal(let value): return value.compactText
        case .template(let text): return text
        }
    }
}

/// What an assertion checks about its subject.
public enum Predicate: Sendable, Equatable {
    case compare(ComparisonOperator, ExpectedValue)
    case contains(ExpectedValue)
    case startsWith(ExpectedValue)
    case endsWith(ExpectedValue)
    /// A regular expression the text must match somewhere (anchor it with `^…$` for all of it).
    case matches(ExpectedValue)
    case exists
    case isType(JSONType)
    /// The number of elements of an array, keys of an object or characters of a string, compared.
    case count(ComparisonOperator, ExpectedValue)
}

/// One line of `expect:`, such as `body data/user/roles count >= 1`.
public struct Assertion: Sendable, Equatable, CustomStringConvertible {
    /// What of the response it reads.
    public var subject: ResponseSubject
    /// `not` before the predicate: the assertion holds when the predicate does not.
    public var negated: Bool
    /// What it checks.
    public var predicate: Predicate
    /// The line as written, which is what a file saves and a report shows.
    public var text: String
    /// Where the line was written.
    public var location: SourceLocation?

    /// An assertion; `text` is the line as written.
    public init(subject: ResponseSubject, negated: Bool = false, predicate: Predicate, text: String, location: SourceLocation? = nil) {
        self.subject = subject
        self.negated = negated
        self.predicate = predicate
        self.text = text
        self.location = location
    }

    /// The line as written.
    public var description: String { text }

    /// Two assertions are the same when they are written the same way.
    public static func == (lhs: Assertion, rhs: Assertion) -> Bool { lhs.text == rhs.text }
}
