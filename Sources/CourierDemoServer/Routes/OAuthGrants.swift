import Foundation
import Synchronization

/// The demo OAuth 2.0 server's client, and the device and authorization codes it has handed out.
public enum DemoOAuthClient {
    /// The client id the demo token endpoint knows.
    public static let id = "courier-demo"
    /// Its secret (the demo collection keeps it in `local.secret.yaml`).
    public static let secret = "courier-demo-client-secret"
    /// A refresh token the demo always honours, so the refresh-token grant runs without a first login.
    public static let refreshToken = "courier-demo-refresh-token"
}

/// Device codes waiting for approval and authorization codes waiting for their exchange.
final class OAuthGrants: Sendable {
    struct DeviceCode {
        let userCode: String
        /// Polls answered `authorization_pending` before the demo "user" approves.
        var pendingPolls: Int
        let scope: String?
    }

    struct AuthorizationCode {
        let clientID: String
        let redirectURI: String
        let challenge: String
        let method: String
        let scope: String?
    }

    private struct State {
        var devices: [String: DeviceCode] = [:]
        var codes: [String: AuthorizationCode] = [:]
        var counter = 0
    }

    private let state = Mutex(State())

    /// A new device code that is approved after `pendingPolls` polls.
    func issueDeviceCode(pendingPolls: Int, scope: String?) -> (deviceCode: String, userCode: String) {
        state.withLock { state in
            state.counter += 1
            let device = "dc-\(state.counter)-\(UUID().uuidString.prefix(8).lowercased())"
            let letters = Array("BCDFGHJKLMNPQRSTVWXZ")
            let user = String((0..<8).map { _ in letters.randomElement() ?? "B" })
            let userCode = "\(user.prefix(4))-\(user.suffix(4))"
            state.devices[device] = DeviceCode(userCode: userCode, pendingPolls: pendingPolls, scope: scope)
            return (device, userCode)
        }
    }

    enum Poll { case unknown, pending, approved(scope: String?) }

    /// Counts a poll of `deviceCode`; once approved, the code is used up.
    func poll(_ deviceCode: String) -> Poll {
        state.withLock { state in
            guard var device = state.devices[deviceCode] else { return .unknown }
            if device.pendingPolls > 0 {
                device.pendingPolls -= 1
                state.devices[deviceCode] = device
                return .pending
            }
            state.devices[deviceCode] = nil
            return .approved(scope: device.scope)
        }
    }

    /// A new authorization code bound to the client, redirect URI and PKCE challenge.
    func issueCode(_ code: AuthorizationCode) -> String {
        state.withLock { state in
            state.counter += 1
            let value = "ac-\(state.counter)-\(UUID().uuidString.prefix(8).lowercased())"
            state.codes[value] = code
            return value
        }
    }

    /// The code's record, used up whether the exchange succeeds or not (RFC 6749 §4.1.2: once only).
    func redeem(_ code: String) -> AuthorizationCode? {
        state.withLock { $0.codes.removeValue(forKey: code) }
    }
}
