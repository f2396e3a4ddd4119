import Foundation

/// The forms a secret value takes in the text of a request: as written, percent-encoded in a URL
/// or form body, and escaped inside a JSON string. Masking only the form as written would leave
/// a token with a `+` or `/` readable in the URL that carries it.
enum SecretForms {
    static func forms(of secret: String) -> [String] {
        let encoded = FormEncoding.escape(secret)
        let forms = [secret, encoded, encoded.replacingOccurrences(of: "%20", with: "+"),
                     jsonEscaped(secret, options: [.withoutEscapingSlashes]), jsonEscaped(secret, options: [])]
        var unique: [String] = []
        for case let form? in forms where !form.isEmpty && !unique.contains(form) { unique.append(form) }
        return unique
    }

    /// The inside of a JSON string literal holding `text`, as Foundation writes it (with
    /// `options`, `/` may be written `\/`, as some encoders do).
    private static func jsonEscaped(_ text: String, options: JSONSerialization.WritingOptions) -> String? {
        guard let data = try? JSONSerialization.data(withJSONObject: [text], options: options) else { return nil }
        // `["…"]`: drop the brackets and quotes around the string.
        let literal = String(decoding: data, as: UTF8.self)
        guard literal.count >= 4 else { return nil }
        return String(literal.dropFirst(2).dropLast(2))
    }
}
