import Courier
import CourierCollections
import CourierUI
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Turns what a run produced into what the response pane shows; runs off the UI thread, since
/// indexing a large JSON body takes a while. Headers, the failure and the Debug lines are masked
/// by `redactor` (DESIGN.md, "What is secret"); so is History, which keeps these snapshots. The
/// body stays as received, since it is data the key path and converters work on; the snapshot
/// carries the redactor so the body is masked where it is drawn.
enum SnapshotBuilder {
    static func snapshot(_ result: RunResult, sequence: Int, received: Int64, redactor: SecretRedactor) -> ResponseSnapshot {
        let contentType = result.headers.first { $0.0.lowercased() == "content-type" }?.1
        var failure = result.failure.map(redactor.redact)
        if result.failureKind == .cancelled {
            failure = "cancelled after \(TimeText.seconds(result.duration)), \(ByteCount.text(received)) received"
        }
        var snapshot = ResponseSnapshot(
            sequence: sequence, status: result.statusCode, reason: result.statusCode.map(reason) ?? "",
            headers: headers(result, redactor), body: BodyDocument.make(result.body, contentType: contentType),
            duration: result.duration, failure: failure, debugLines: debugLines(result, redactor), finishedAt: clock())
        snapshot.redactor = redactor
        snapshot.events = EventLog.reading(result.body, contentType: contentType, time: clock(milliseconds: true))
        return snapshot
    }

    /// The snapshot of a large JSON response with only its first screen indexed; nil for others.
    static func preview(_ result: RunResult, sequence: Int, redactor: SecretRedactor) -> ResponseSnapshot? {
        let contentType = result.headers.first { $0.0.lowercased() == "content-type" }?.1
        guard result.failure == nil, let body = BodyDocument.preview(result.body, contentType: contentType) else { return nil }
        var snapshot = ResponseSnapshot(
            sequence: sequence, status: result.statusCode, reason: result.statusCode.map(reason) ?? "",
            headers: headers(result, redactor), body: body,
            duration: result.duration, failure: nil, debugLines: debugLines(result, redactor), finishedAt: clock())
        snapshot.redactor = redactor
        return snapshot
    }

    private static func headers(_ result: RunResult, _ redactor: SecretRedactor) -> [(name: String, value: String)] {
        result.headers.map { (name: $0.0, value: redactor.header($0.0, value: $0.1)) }
    }

    /// What the Tests tab shows of an outcome: nil when no response came back to judge.
    static func tests(_ outcome: RequestOutcome) -> ResponseTests? {
        outcome.result?.statusCode == nil ? nil : ResponseTests(outcome)
    }

    /// A request that could not even be built: undefined variable, bad URL, unreadable file.
    static func failure(_ sentence: String, sequence: Int) -> ResponseSnapshot {
        ResponseSnapshot(sequence: sequence, status: nil, reason: "", headers: [], body: BodyDocument.make(Data()),
                         duration: 0, failure: "not sent: \(sentence)", debugLines: ["not sent: \(sentence)"], finishedAt: clock())
    }

    private static func debugLines(_ result: RunResult, _ redactor: SecretRedactor) -> [String] {
        let info = result.debug
        let request = info.request
        var lines = ["request   \(request.httpMethod ?? "GET") \(request.url.map { redactor.url($0.absoluteString) } ?? "(no URL)")"]
        for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key.lowercased() < $1.key.lowercased() }) {
            lines.append("  \(name): \(redactor.header(name, value: value))")
        }
        let sentBody = request.httpBody?.count ?? 0
        lines.append("body      " + (sentBody > 0 ? ByteCount.text(sentBody) : request.httpBodyStream != nil ? "streamed" : "none"))
        lines.append("attempts  \(info.attempts)\(info.attempts > 1 ? " (retried \(info.attempts - 1) times)" : "")")
        lines.append("duration  \(TimeText.seconds(info.requestDuration)) (retries and pauses included)")
        // The deadline Courier applied, not the session timer set past it (Linux truncates fractions).
        lines.append("timeout   " + (info.appliedTimeout.map(TimeText.seconds) ?? "none set (timeout: in the request or collection.yaml sets one)"))
        if let status = info.statusCode { lines.append("status    \(status) \(reason(status))") }
        lines.append("received  \(ByteCount.text(result.body.count))")
        if let error = info.errorResponse { lines.append("error     \(redactor.redact("\(error)"))") }
        // Which certificate and proxy settings applied, so a TLS or proxy failure can be read against them.
        lines += result.connection.map { "connection \(redactor.redact($0))" }
        // A refused Set-Cookie is otherwise only a cookie missing from later requests.
        for rejection in info.rejectedCookies { lines.append("cookie    \(redactor.redact("\(rejection)"))") }
        if let curl = info.cURLCommand?.text(redactedBy: redactor) {
            lines.append("")
            lines.append("cURL, as sent:")
            lines += curl.split(separator: "\n").map { "  " + $0 }
        }
        return lines
    }

    /// The wall-clock time, `14:03:27`, as responses and messages are stamped (`TimeText.clock`).
    static func clock(milliseconds: Bool = false) -> String {
        TimeText.clock(milliseconds: milliseconds)
    }

    /// The reason phrase of a status code.
    static func reason(_ status: Int) -> String {
        let phrases: [Int: String] = [
            100: "Continue", 101: "Switching Protocols", 200: "OK", 201: "Created", 202: "Accepted", 204: "No Content",
            206: "Partial Content", 301: "Moved Permanently", 302: "Found", 303: "See Other", 304: "Not Modified",
            307: "Temporary Redirect", 308: "Permanent Redirect", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden",
            404: "Not Found", 405: "Method Not Allowed", 408: "Request Timeout", 409: "Conflict", 410: "Gone",
            411: "Length Required", 413: "Content Too Large", 415: "Unsupported Media Type", 418: "I'm a teapot",
            422: "Unprocessable Content", 429: "Too Many Requests", 500: "Internal Server Error", 501: "Not Implemented",
            502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout",
        ]
        return phrases[status] ?? ""
    }
}
