import NIOCore

/// `/hostile/deep-json`: JSON a hostile server could send to crash a viewer.
enum HostileJSONRoutes {
    /// How far the deep body is padded: past the 4 MiB above which the explorer shows a body's
    /// first screen before the whole is indexed, so that quick unvalidated index reads it.
    static let paddedLength = (4 << 20) + 4096

    /// `/hostile/deep-json?depth=N`: N unclosed `[` (65,536 unless asked, one past what a 16-bit
    /// depth holds), then spaces up to `paddedLength` bytes, sent as `application/json`.
    static func deepJSON(_ request: DemoRequest) -> DemoResponse {
        guard let depth = Int(request.query("depth") ?? "65536"), (1...paddedLength).contains(depth) else {
            return .error(.badRequest, code: "invalid_depth", message: "Use /hostile/deep-json?depth=N with N from 1 to \(paddedLength)")
        }
        var body = ByteBuffer(repeating: UInt8(ascii: "["), count: depth)
        body.writeRepeatingByte(UInt8(ascii: " "), count: paddedLength - depth)
        return DemoResponse(headers: [("Content-Type", "application/json")], body: .bytes(body))
    }
}
