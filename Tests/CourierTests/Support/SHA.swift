import CourierDemoServer
import Foundation

/// SHA-256 of `data` as lowercase hex (the demo server's implementation, itself checked against `sha256sum`).
func sha256Hex(_ data: Data) -> String { SHA256Digest.hex(data) }
