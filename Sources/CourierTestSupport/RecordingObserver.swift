import Courier
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Records what an endpoint's observers see: each request as sent, with its attempt, and each
/// execution's debug record.
public final class RecordingObserver: RequestObserver {
    /// The requests as sent, in order.
    public let sent = Recorder<URLRequest>()
    /// The attempt numbers of the requests sent, in order.
    public let attempts = Recorder<Int>()
    /// The debug record of each finished execution.
    public let finished = Recorder<DebugInfo>()

    public init() {}

    public func willSend(_ request: URLRequest, attempt: Int) {
        sent.append(request)
        attempts.append(attempt)
    }

    public func didFinish(_ info: DebugInfo) { finished.append(info) }
}
