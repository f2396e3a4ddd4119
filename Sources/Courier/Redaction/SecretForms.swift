import Foundation

/// The forms a secret value takes in the text of a request: as written, percent-encoded in a URL
/// or form body, and escaped inside a JSON string. Masking only the form as written would leave
/// a token with a `+` or `/` readable in the URL that carries it.
enum SecretForms {
    static func forms(of secret: String) -> [String] {
        var forms = [secret, FormEncoding.escape(secret), jsonEscaped(secret, slashes: false), jsonEscaped(secret, slashes: true)]
        // `+` for spaces, as HTML forms and some servers write them.
        forms.append(FormEncoding.escape(secret).replacingOccurrences(of: "%20", with: "+"))
        var unique: [String] = []
        for form in forms where !form.isEmpty && !unique.contains(form) { unique.append(form) }
        return unique
    }

    /// The inside of a JSON string literal holding `text`; `slashes` writes `/` as `\/`, as some
    /// encoders do.
    private static func jsonEscaped(_ text: String, slashes: Bool) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "/" where slashes: out += "\\/"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
