import Foundation
import Logging

/// Logs the errors of data transfers: network failures and bodies that did not decode.
public protocol DataTransferErrorLogger: Sendable {
    func log(error: Error)
}

/// Writes each error to swift-log at `.error`, as the sentence it describes itself with.
public final class DefaultDataTransferErrorLogger: DataTransferErrorLogger {
    /// Where the lines go.
    public let logger: Logger

    /// Creates a logger writing to `logger`.
    public init(logger: Logger = Logger(label: "CourierSONetworking")) {
        self.logger = logger
    }

    public func log(error: Error) {
        logger.error("\(error)")
    }
}
