/// An example of a request's response, kept in the request file's `examples:`: what `courier
/// import openapi` found in the description or made from its schema, for the Swift export to
/// type the response from when History holds no real one.
public struct ResponseExample: Sendable, Equatable {
    /// What the example shows (`every property`, a description's example name); nil when unnamed.
    public var name: String?
    /// The status the example answers with; nil when not said (taken as a success).
    public var status: Int?
    /// The JSON body.
    public var json: JSONValue

    /// An example response.
    /// - Parameters:
    ///   - name: What it shows.
    ///   - status: Its status.
    ///   - json: Its JSON body.
    public init(name: String? = nil, status: Int? = nil, json: JSONValue) {
        self.name = name
        self.status = status
        self.json = json
    }

    /// Whether the example is of a success (a 2xx status, or none said).
    public var isSuccess: Bool { status.map { (200..<300).contains($0) } ?? true }
}
