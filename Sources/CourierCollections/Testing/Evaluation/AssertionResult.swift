/// The outcome of one assertion against one response.
public struct AssertionResult: Sendable, Equatable {
    /// The assertion evaluated.
    public let assertion: Assertion
    /// Whether it held (after `not`).
    public let passed: Bool
    /// What was expected, values filled in: `== 200`, `not contains "nginx"`, `count >= 1`.
    public let expected: String
    /// What the response had: `404`, `"text/html"`, `missing: no header X-Id`.
    public let actual: String
}

/// A value taken from a response into a variable, or why none could be.
public struct CaptureResult: Sendable, Equatable {
    /// The capture taken.
    public let capture: CaptureDefinition
    /// The captured text: a string as it is, any other JSON value as compact JSON.
    public let value: String?
    /// Why nothing was captured.
    public let problem: String?

    /// Whether the value is masked wherever it is shown.
    public var isSecret: Bool { capture.isSecret }
}
