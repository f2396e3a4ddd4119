import Foundation

/// One response kept in History, without its body: what a list of past responses shows.
public struct HistoryEntry: Sendable, Equatable, Identifiable {
    /// Where its body is.
    public enum Body: Sendable, Equatable {
        /// In the database.
        case inline
        /// In this file of `history-bodies/`.
        case file(String)
        /// Not kept: larger than History keeps (`history: max-file`, or `max-body` when no file is kept).
        case tooLarge(limit: Int)
        /// Not kept: its file could not be written, for this reason.
        case unwritten(String)
    }

    /// The row's number, unique in its database.
    public let id: Int64
    public let requestID: String
    public let receivedAt: Date
    /// The status, nil when no response arrived.
    public let status: Int?
    public let reason: String
    /// Why no response arrived, secrets masked.
    public let failure: String?
    public let duration: TimeInterval
    /// Response headers in order, credential-bearing values masked.
    public let headers: [HistoryHeader]
    /// How the request went out, secrets masked.
    public let method: String
    public let url: String
    /// The request file's definition as it was sent (YAML), written credentials masked; nil when unknown.
    public let definition: String?
    /// The Debug tab's lines, secrets masked.
    public let debugLines: [String]
    public let contentType: String?
    /// The body's size as received.
    public let bodySize: Int
    public let body: Body
}

/// A header as History keeps it.
public struct HistoryHeader: Sendable, Equatable, Codable {
    public let name: String
    public let value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// A response to keep: what came back and how the request went out, as received; the store masks
/// its secrets before anything is written.
public struct HistoryRecord: Sendable {
    public var requestID: String
    public var receivedAt: Date
    public var status: Int?
    public var reason: String
    public var failure: String?
    public var duration: TimeInterval
    public var headers: [(name: String, value: String)]
    public var method: String
    public var url: String
    public var definition: String?
    public var debugLines: [String]
    public var body: Data

    /// A response of request `requestID` (its id in the collections, `Demo/users/list-users`).
    public init(requestID: String, receivedAt: Date = Date(), status: Int?, reason: String, failure: String? = nil,
                duration: TimeInterval, headers: [(name: String, value: String)], method: String, url: String,
                definition: String? = nil, debugLines: [String] = [], body: Data) {
        self.requestID = requestID
        self.receivedAt = receivedAt
        self.status = status
        self.reason = reason
        self.failure = failure
        self.duration = duration
        self.headers = headers
        self.method = method
        self.url = url
        self.definition = definition
        self.debugLines = debugLines
        self.body = body
    }

    /// The `Content-Type` header's value, if any.
    var contentType: String? { headers.first { $0.name.lowercased() == "content-type" }?.value }
}
