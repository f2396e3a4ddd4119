import Courier
import CourierCollections

extension RequestDefinition {
    /// The request as it may be shown whole (the conflict dialog's difference): credentials
    /// written in the file are masked by the request pane's rule, templates stay readable.
    func maskedForDisplay() -> RequestDefinition {
        var copy = self
        let redactor = SecretRedactor()
        for index in copy.headers.indices where RequestEditor.isWrittenSecret(copy.headers[index].value) {
            copy.headers[index].value = redactor.header(copy.headers[index].name, value: copy.headers[index].value)
        }
        for index in copy.query.indices
        where SecretRedactor.isCredential(name: copy.query[index].name) && RequestEditor.isWrittenSecret(copy.query[index].value) {
            copy.query[index].value = SecretRedactor.mask
        }
        switch copy.auth {
        case .bearer(let token)? where RequestEditor.isWrittenSecret(token): copy.auth = .bearer(SecretRedactor.mask)
        case .basic(let user, let password)? where !password.isEmpty: copy.auth = .basic(user: user, password: SecretRedactor.mask)
        default: break
        }
        return copy
    }
}
