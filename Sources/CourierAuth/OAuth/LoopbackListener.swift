import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A one-shot HTTP listener on 127.0.0.1 that waits for the browser's redirect after sign-in
/// (RFC 8252 §7.3): it answers the first `GET` of its callback path with a page telling the
/// user to go back to the terminal, and returns the query the redirect carried.
final class LoopbackListener: Sendable {
    /// The port it listens on.
    let port: Int
    /// The path the redirect URI names.
    let path: String
    /// The socket; a file descriptor is a plain number, and `close` happens once, in `deinit`.
    private let socket: Int32
    private let stopped = Atomic<Bool>(false)

    /// `http://127.0.0.1:<port><path>`, what the authorization request names as `redirect_uri`.
    var redirectURI: String { "http://127.0.0.1:\(port)\(path)" }

    /// Listens on 127.0.0.1 at `port` (0 picks a free one).
    /// - Throws: `OAuth2Error.listenerFailed` naming the port when it cannot be bound.
    init(port: Int = 0, path: String = "/callback") throws(OAuth2Error) {
        #if canImport(Glibc)
        let descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw .listenerFailed(reason: String(cString: strerror(errno))) }
        var reuse: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(clamping: port)).bigEndian
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 4) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .listenerFailed(reason: "127.0.0.1:\(port): \(reason)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.socket = descriptor
        self.port = Int(UInt16(bigEndian: address.sin_port))
        self.path = path
    }

    deinit { close(socket) }

    /// Waits for the redirect and returns its query parameters.
    /// - Parameter timeout: How long to wait.
    /// - Throws: `OAuth2Error.redirectRejected` when it does not come in time; `CancellationError`.
    func waitForRedirect(timeout: Duration) async throws -> [String: String] {
        let deadline = ContinuousClock.now + timeout
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                // accept(2) blocks, so it runs on a thread of its own, polling so it can stop.
                Thread.detachNewThread { [self] in
                    continuation.resume(with: Result { try self.acceptRedirect(until: deadline) })
                }
            }
        } onCancel: {
            self.stopped.store(true, ordering: .relaxed)
        }
    }

    private func acceptRedirect(until deadline: ContinuousClock.Instant) throws -> [String: String] {
        while true {
            if stopped.load(ordering: .relaxed) { throw CancellationError() }
            guard ContinuousClock.now < deadline else { throw OAuth2Error.redirectRejected(reason: "no redirect reached \(redirectURI) in time") }
            var waiting = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&waiting, 1, 200) > 0 else { continue }
            let connection = accept(socket, nil, nil)
            guard connection >= 0 else { continue }
            defer { close(connection) }
            guard let target = Self.requestTarget(of: connection),
                  let components = URLComponents(string: "http://127.0.0.1\(target)"), components.path == path else {
                Self.reply(connection, status: "404 Not Found", text: "Not the sign-in callback.")
                continue
            }
            Self.reply(connection, status: "200 OK", text: "Courier received the sign-in. You can close this window and go back to the terminal.")
            var query: [String: String] = [:]
            for item in components.queryItems ?? [] where query[item.name] == nil { query[item.name] = item.value ?? "" }
            return query
        }
    }

    /// The target of the request line (`GET /callback?code=… HTTP/1.1`), read within a second.
    private static func requestTarget(of connection: Int32) -> String? {
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while received.count < 16_384, !received.contains(0x0A) {
            var waiting = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            guard poll(&waiting, 1, 1000) > 0 else { return nil }
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { break }
            received += buffer[..<count]
        }
        let line = String(decoding: received.prefix { $0 != 0x0D && $0 != 0x0A }, as: UTF8.self).split(separator: " ")
        guard line.count == 3, line[0] == "GET" else { return nil }
        return String(line[1])
    }

    private static func reply(_ connection: Int32, status: String, text: String) {
        let body = "<!doctype html><meta charset=utf-8><title>Courier</title><p>\(text)</p>\n"
        let response = "HTTP/1.1 \(status)\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
        let bytes = Array(response.utf8)
        _ = bytes.withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
    }
}
