import Courier
import Foundation

extension TimeText {
    /// The local wall-clock time now, `14:03:27`, as responses and messages are stamped; with
    /// `milliseconds`, `14:03:27.123`, as stream events are. Read with the C library: it runs
    /// before every action, and a `DateFormatter` per call costs far more.
    public static func clock(milliseconds: Bool = false) -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var parts = tm()
        localtime_r(&now.tv_sec, &parts)
        let seconds = String(format: "%02d:%02d:%02d", parts.tm_hour, parts.tm_min, parts.tm_sec)
        return milliseconds ? seconds + String(format: ".%03d", now.tv_nsec / 1_000_000) : seconds
    }
}
