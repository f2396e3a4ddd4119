import Crypto
import Foundation
import NIOSSL
import SwiftASN1
import X509

/// A certificate authority made at start-up, a server certificate it signed for `127.0.0.1` and
/// `localhost`, and a client certificate it signed: what the demo server's TLS listeners show
/// and accept. Nothing is kept between runs, so no private key is ever checked in.
public struct DemoCertificates: Sendable {
    /// The authority's certificate, PEM: what `caCert:` / `--cacert` trusts.
    public let authorityPEM: String
    /// The server's certificate, PEM.
    public let serverCertificatePEM: String
    /// The server's private key, PEM (PKCS#8).
    public let serverKeyPEM: String
    /// A client certificate the client-certificate listener accepts, PEM.
    public let clientCertificatePEM: String
    /// Its private key, PEM (PKCS#8).
    public let clientKeyPEM: String

    /// Makes a fresh authority and the two certificates it signs, valid from an hour ago for a day.
    /// - Throws: When a certificate cannot be built or encoded.
    public static func make() throws -> DemoCertificates {
        let now = Date()
        let (notBefore, notAfter) = (now.addingTimeInterval(-3600), now.addingTimeInterval(86_400))
        let authorityKey = P256.Signing.PrivateKey()
        let authorityName = try DistinguishedName {
            OrganizationName("Courier demo")
            CommonName("Courier demo certificate authority")
        }
        let authority = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: .init(authorityKey.publicKey),
            notValidBefore: notBefore, notValidAfter: notAfter, issuer: authorityName, subject: authorityName,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
            },
            issuerPrivateKey: .init(authorityKey))

        func leaf(_ name: String, usage: ExtendedKeyUsage.Usage, key: P256.Signing.PrivateKey) throws -> Certificate {
            try Certificate(
                version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: .init(key.publicKey),
                notValidBefore: notBefore, notValidAfter: notAfter, issuer: authorityName,
                subject: try DistinguishedName { CommonName(name) },
                signatureAlgorithm: .ecdsaWithSHA256,
                extensions: try Certificate.Extensions {
                    Critical(BasicConstraints.notCertificateAuthority)
                    Critical(KeyUsage(digitalSignature: true))
                    try ExtendedKeyUsage([usage])
                    SubjectAlternativeNames([.dnsName("localhost"), .ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1]))])
                },
                issuerPrivateKey: .init(authorityKey))
        }
        let serverKey = P256.Signing.PrivateKey()
        let clientKey = P256.Signing.PrivateKey()
        return DemoCertificates(
            authorityPEM: try authority.serializeAsPEM().pemString,
            serverCertificatePEM: try leaf("127.0.0.1", usage: .serverAuth, key: serverKey).serializeAsPEM().pemString,
            serverKeyPEM: serverKey.pemRepresentation,
            clientCertificatePEM: try leaf("courier-demo-client", usage: .clientAuth, key: clientKey).serializeAsPEM().pemString,
            clientKeyPEM: clientKey.pemRepresentation)
    }

    /// Writes the files a client needs (`ca.pem`, `client.pem`, `client-key.pem`) into `folder`,
    /// the key readable by its owner only.
    /// - Returns: Their paths.
    public func writeClientFiles(to folder: URL) throws -> DemoCertificateFiles {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let files = DemoCertificateFiles(authority: folder.appendingPathComponent("ca.pem").path,
                                         clientCertificate: folder.appendingPathComponent("client.pem").path,
                                         clientKey: folder.appendingPathComponent("client-key.pem").path)
        for (path, text) in [(files.authority, authorityPEM), (files.clientCertificate, clientCertificatePEM), (files.clientKey, clientKeyPEM)] {
            guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]) else {
                throw DemoTLSError(description: "\(path) could not be written")
            }
        }
        return files
    }

    /// The server's side of TLS: its certificate and key, and, with `requiringClientCertificate`,
    /// the demand for a client certificate signed by the authority.
    func serverConfiguration(requiringClientCertificate: Bool) throws -> TLSConfiguration {
        let chain = try NIOSSLCertificate.fromPEMBytes(Array(serverCertificatePEM.utf8)).map { NIOSSLCertificateSource.certificate($0) }
        let key = try NIOSSLPrivateKey(bytes: Array(serverKeyPEM.utf8), format: .pem)
        var configuration = TLSConfiguration.makeServerConfiguration(certificateChain: chain, privateKey: .privateKey(key))
        if requiringClientCertificate {
            configuration.certificateVerification = .noHostnameVerification
            configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMBytes(Array(authorityPEM.utf8)))
        }
        return configuration
    }
}

/// Where `DemoCertificates.writeClientFiles(to:)` put the client's files.
public struct DemoCertificateFiles: Sendable {
    /// The authority's certificate: `caCert:` / `--cacert`.
    public let authority: String
    /// The client certificate: `clientCert:` / `--cert`.
    public let clientCertificate: String
    /// Its key: `clientKey:` / `--key`.
    public let clientKey: String
}

/// Why the demo server's TLS could not be set up.
public struct DemoTLSError: Error, Sendable, CustomStringConvertible {
    public let description: String
}
