import Courier
import Foundation
import NIOSSL

/// Turns `TLSSettings` (paths, as written in files and flags) into SwiftNIO's configuration,
/// reading the PEM files once, so a missing or broken file is a sentence before anything is sent.
enum TLSLoading {
    /// The client configuration for `settings`; nil for the standard one (system authorities,
    /// no client certificate).
    /// - Throws: `TLSSettingsError` naming the file that cannot be read and why.
    static func configuration(for settings: TLSSettings) throws(TLSSettingsError) -> TLSConfiguration? {
        guard !settings.isStandard else { return nil }
        var configuration = TLSConfiguration.makeClientConfiguration()
        if settings.insecure { configuration.certificateVerification = .none }
        if let path = settings.caCertificatePath {
            let authorities = try read("CA bundle", path) { try NIOSSLCertificate.fromPEMFile($0) }
            guard !authorities.isEmpty else { throw TLSSettingsError(description: "the CA bundle \(path) holds no PEM certificate") }
            configuration.trustRoots = .certificates(authorities)
        }
        if let path = settings.clientCertificatePath {
            let chain = try read("client certificate", path) { try NIOSSLCertificate.fromPEMFile($0) }
            guard !chain.isEmpty else { throw TLSSettingsError(description: "the client certificate \(path) holds no PEM certificate") }
            configuration.certificateChain = chain.map { .certificate($0) }
            // curl's rule: without --key the key is looked for in the certificate's own file.
            let keyPath = settings.clientKeyPath ?? path
            configuration.privateKey = .privateKey(try read("client key", keyPath) { try NIOSSLPrivateKey(file: $0, format: .pem) })
        } else if let path = settings.clientKeyPath {
            throw TLSSettingsError(description: "the client key \(path) is set without a client certificate to go with it")
        }
        return configuration
    }

    private static func read<T>(_ what: String, _ path: String, _ load: (String) throws -> T) throws(TLSSettingsError) -> T {
        guard FileManager.default.isReadableFile(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot be read" : "does not exist"
            throw TLSSettingsError(description: "the \(what) \(path) \(reason)")
        }
        do {
            return try load(path)
        } catch {
            throw TLSSettingsError(description: "the \(what) \(path) is not a PEM file courier can use (\(error))")
        }
    }
}

/// Why a TLS setting cannot be used, as a sentence naming the file.
public struct TLSSettingsError: Error, Sendable, CustomStringConvertible {
    public let description: String
}
