import CourierUI
import Dispatch
import Synchronization

/// Frees large values on a background queue rather than the UI thread. They are parked here
/// first, so the UI thread's own references (the effect that carried them) are gone by the time
/// the background drops the last one.
final class LetGo: Sendable {
    private let parked = Mutex<[BodyDocument]>([])

    func release(_ bodies: [BodyDocument]) {
        parked.withLock { $0 += bodies }
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + 0.25) { [self] in
            let dropped = parked.withLock { parked -> [BodyDocument] in
                defer { parked = [] }
                return parked
            }
            _ = dropped.count  // the last references end here, on this queue
        }
    }
}
