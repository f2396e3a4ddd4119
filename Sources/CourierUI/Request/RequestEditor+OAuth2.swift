import Courier
import CourierCollections
import Foundation

/// What the explorer knows of an OAuth 2.0 request's token (read from the state folder by the runtime).
public enum OAuthTokenStatus: Sendable, Equatable {
    /// Not read yet.
    case unknown
    /// No token is cached.
    case none
    /// A token is cached; `secondsLeft` until it expires when the server said (negative: expired).
    case cached(secondsLeft: Int?)
    /// A token is being fetched.
    case fetching
    /// The last fetch failed, with the sentence saying why.
    case failed(String)

    /// The Auth tab's line for it.
    var text: String {
        switch self {
        case .unknown: return "not read yet · enter fetches one"
        case .none: return "none cached · a send fetches one; enter fetches one now"
        case .cached(nil): return "cached, no expiry given · enter fetches a new one"
        case .cached(let seconds?) where seconds <= 0: return "cached, expired · the next send refreshes it; enter fetches a new one"
        case .cached(let seconds?): return "cached, expires in \(TimeText.duration(seconds)) · enter fetches a new one"
        case .fetching: return "fetching… (a device code or sign-in URL shows below)"
        case .failed(let reason): return "fetch failed: \(reason)"
        }
    }
}

extension RequestEditor {
    /// The Auth tab's rows for an `oauth2:` block: the grant, the endpoints and client it needs,
    /// the credentials masked when written as they are, and the token's status.
    func oauth2Rows(_ oauth: OAuth2Definition) -> [FormRow] {
        var rows = [FormRow(kind: .value(.oauth2("grant")), label: "grant", value: oauth.grant.rawValue)]
        for key in Self.oauth2Keys(for: oauth.grant) {
            let value = oauth.texts.first { $0.key == key }?.value ?? ""
            let masked = OAuth2Definition.secretKeys.contains(key) && Self.isWrittenSecret(value)
            rows.append(FormRow(kind: .value(.oauth2(key)), label: key, value: value, masked: masked))
        }
        if oauth.grant == .authorizationCode {
            rows.append(FormRow(kind: .value(.oauth2("redirectPort")), label: "redirectPort", value: oauth.redirectPort.map(String.init) ?? "any free port"))
        }
        rows.append(FormRow(kind: .oauthToken, label: "token", value: oauthToken.text))
        return rows
    }

    /// The keys a grant shows, in the file's order.
    static func oauth2Keys(for grant: OAuth2Definition.Grant) -> [String] {
        var keys = ["tokenUrl"]
        switch grant {
        case .authorizationCode: keys.append("authorizationUrl")
        case .deviceCode: keys.append("deviceAuthorizationUrl")
        case .clientCredentials, .password, .refreshToken: break
        }
        keys += ["clientId", "clientSecret", "scope"]
        switch grant {
        case .password: keys += ["username", "password"]
        case .refreshToken: keys.append("refreshToken")
        case .clientCredentials, .deviceCode, .authorizationCode: break
        }
        return keys
    }

    /// The text an `oauth2` key holds before editing.
    func oauth2Text(_ key: String) -> String {
        guard case .oauth2(let oauth)? = draft.auth else { return "" }
        switch key {
        case "grant": return oauth.grant.rawValue
        case "redirectPort": return oauth.redirectPort.map(String.init) ?? ""
        default: return oauth.texts.first { $0.key == key }?.value ?? ""
        }
    }

    /// Applies an edit of an `oauth2` key; a grant or port that is not one is refused with a sentence.
    mutating func commitOAuth2(_ key: String, _ text: String) -> String? {
        guard case .oauth2(var oauth)? = draft.auth else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        switch key {
        case "grant":
            guard let grant = OAuth2Definition.Grant(rawValue: trimmed) else {
                let names = OAuth2Definition.Grant.allCases.map(\.rawValue).joined(separator: ", ")
                return "the grant is one of \(names), not '\(text)'; kept \(oauth.grant.rawValue)"
            }
            oauth.grant = grant
        case "redirectPort":
            if trimmed.isEmpty {
                oauth.redirectPort = nil
            } else if let port = Int(trimmed), (1...65_535).contains(port) {
                oauth.redirectPort = port
            } else {
                return "the redirect port is a number from 1 to 65535, not '\(text)'"
            }
        case "tokenUrl", "clientId": oauth.setText(key, text)
        default: oauth.setText(key, text.isEmpty ? nil : text)
        }
        draft.auth = .oauth2(oauth)
        return nil
    }
}

extension ExplorerState {
    /// Enter on the Auth tab's token row, of its own or an inherited `oauth2`: mark the token as
    /// being fetched and ask the runtime for one.
    mutating func fetchOAuthToken() -> [Effect] {
        guard let editor, case .oauth2? = editor.draft.auth ?? editor.inheritedAuth?.auth else { return [] }
        self.editor?.oauthToken = .fetching
        status = "fetching an OAuth 2.0 token for \(editor.id)…"
        return [.fetchOAuthToken(id: editor.id, definition: editor.draft, environment: environment)]
    }
}
