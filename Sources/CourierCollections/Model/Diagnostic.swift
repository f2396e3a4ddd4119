/// A problem found in a collection file, with the place it was found.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable {
        case error, warning
    }

    /// The file, relative to the collections directory when it is inside it.
    public let file: String
    public let line: Int
    public let column: Int
    public let severity: Severity
    /// What was expected and what was found.
    public let message: String

    public init(file: String, line: Int, column: Int, severity: Severity, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
    }

    /// `file:line:column: error: message`, the form editors and CI logs link to.
    public var description: String { "\(file):\(line):\(column): \(severity.rawValue): \(message)" }
}

/// Where a value came from, for messages about it.
public struct SourceLocation: Sendable, Equatable, Hashable {
    public let file: String
    public let line: Int
    public let column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }
}
