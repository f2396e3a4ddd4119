/// What tests that compare two sends of one request leave out: Digest answers and AWS signatures
/// are made afresh for each send (nonces, times), and a presigned URL carries them in the query.
public enum Signatures {
    /// Whether a header holds a Digest answer or an AWS signature, or is one of AWS's `X-Amz-*`.
    public static func isSignature(name: String, value: String) -> Bool {
        name.lowercased().hasPrefix("x-amz-") || value.hasPrefix("Digest ") || value.hasPrefix("AWS4-HMAC-SHA256 ")
    }

    /// `query` without its `X-Amz-*` parameters; nil when nothing else is left.
    public static func unsigned(_ query: String?) -> String? {
        let rest = (query ?? "").split(separator: "&").filter { !$0.hasPrefix("X-Amz-") }
        return rest.isEmpty ? nil : rest.joined(separator: "&")
    }
}
