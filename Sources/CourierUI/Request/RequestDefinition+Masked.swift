import Courier
import CourierCollections

extension RequestDefinition {
    /// The request as it may be shown whole (the conflict dialog's difference) or kept (History):
    /// credentials written in the file are masked by the request pane's rule, templates stay readable.
    public func maskedForDisplay() -> RequestDefinition {
        var copy = self
        let redactor = SecretRedactor()
        for index in copy.headers.indices where RequestEditor.isWrittenSecret(copy.headers[index].value) {
            copy.headers[index].value = redactor.header(copy.headers[index].name, value: copy.headers[index].value)
        }
        for index in copy.query.indices
        where SecretRedactor.isCredential(name: copy.query[index].name) && RequestEditor.isWrittenSecret(copy.query[index].value) {
            copy.query[index].value = SecretRedactor.mask
        }
        copy.url = copy.url.map(Self.maskingWrittenSecrets(inURL:))
        copy.path = copy.path.map(Self.maskingWrittenSecrets(inURL:))
        copy.auth = copy.auth?.maskedForDisplay()
        copy.connection.proxy = copy.connection.proxy.map(Self.maskingWrittenSecrets(inURL:))
        return copy
    }
}

extension RequestDefinition {
    /// A URL or path as the request pane shows it: a password in it, and the values of
    /// credential-bearing query parameters written as is, masked; `{{templates}}` stay readable.
    static func maskingWrittenSecrets(inURL text: String) -> String {
        guard let mark = text.firstIndex(of: "?") else { return SecretRedactor().url(text) }
        let head = SecretRedactor().url(String(text[..<mark]))
        let query = text[text.index(after: mark)...].split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
            let name = String(pair[..<equals]), value = String(pair[pair.index(after: equals)...])
            let secret = SecretRedactor.isCredential(name: name) && RequestEditor.isWrittenSecret(value)
            return secret ? "\(name)=\(SecretRedactor.mask)" : String(pair)
        }
        return head + "?" + query.joined(separator: "&")
    }
}
