import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Reading a final response: the value, the server's error, and the debug record.
extension RequestPipeline {
    var decoder: JSONDecoder { options().decoder ?? request.decoder ?? endpoint.decoder ?? SharedDecoder.plain }

    func decode(_ response: TransportResponse) -> Result<R.ResponseObjectType, Failure> {
        do {
            let body = try request.responseConverter.map { try $0.convertedData(from: response.data) } ?? response.data
            return .success(try R.ResponseObjectType.mapped(from: body, decoder: decoder))
        } catch {
            // Named only on failure, not on every response: printing a type name is not free.
            let typeName = String(describing: R.ResponseObjectType.self)
            return .failure(.decoding(DecodingFailure(error, typeName: typeName, statusCode: response.response.statusCode, body: response.data)))
        }
    }

    func serverFailure(_ response: TransportResponse) -> Failure {
        let status = response.response.statusCode
        do {
            let body = try request.errorConverter.map { try $0.convertedData(from: response.data) } ?? response.data
            return .server(try R.ErrorType.mapped(from: body, decoder: decoder), statusCode: status)
        } catch {
            let failure = DecodingFailure(error, typeName: String(describing: R.ErrorType.self), statusCode: status, body: response.data)
            let reason = failure.path.map { "\($0): \(failure.reason)" } ?? failure.reason
            return .unexpectedStatus(statusCode: status, body: response.data, reason: reason)
        }
    }

    func debugInfo(request: URLRequest, prepared: PreparedRequest?, response: TransportResponse?, error: (any Error)?,
                           started: ContinuousClock.Instant, attempts: Int) -> DebugInfo {
        let elapsed = ContinuousClock.now - started
        // The record outlives the execution; a spooled upload's temporary file must not.
        var prepared = prepared
        prepared?.spooled = nil
        return DebugInfo(
            sessionConfiguration: endpoint.sessionConfiguration,
            request: request,
            dataResponse: response?.data,
            urlResponse: response?.response,
            errorResponse: error,
            requestDuration: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
            prepared: prepared,
            attempts: attempts,
            behaviour: endpoint.transport.behaviour
        )
    }
}

/// Decoding does not mutate a `JSONDecoder`, so one plain decoder serves every request.
enum SharedDecoder {
    static let plain = JSONDecoder()
}

