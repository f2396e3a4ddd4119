import Foundation

/// Something that changed below the collections directory, as a watch reports it. A rename is
/// reported as the old path removed and the new one added.
public struct StoreChange: Sendable, Hashable, CustomStringConvertible {
    /// What happened to the path.
    public enum Kind: String, Sendable, Hashable {
        case added, changed, removed
    }

    /// What happened.
    public let kind: Kind
    /// The path below the collections directory (`Demo/users/get-user.yaml`).
    public let path: String
    /// Whether the path is (or was) a folder.
    public let isFolder: Bool

    /// A change of `path`.
    public init(_ kind: Kind, _ path: String, isFolder: Bool = false) {
        self.kind = kind
        self.path = path
        self.isFolder = isFolder
    }

    /// Changes were lost (the kernel's event queue overflowed): anything below the directory may
    /// have changed, so the consumer re-reads everything. A `changed` folder change whose path is
    /// "" (the collections directory itself).
    public static let rescan = StoreChange(.changed, "", isFolder: true)

    /// The id of the request file the change is about (`Demo/users/get-user`), or nil for folders,
    /// `collection.yaml`, environments and other files.
    public var requestID: String? {
        let name = (path as NSString).lastPathComponent
        guard !isFolder, CollectionLoader.isRequestFile(name),
              !path.split(separator: "/").contains(Substring(CollectionLoader.environmentsFolder)) else { return nil }
        return (path as NSString).deletingPathExtension
    }

    /// `changed Demo/users/get-user.yaml`.
    public var description: String { "\(kind.rawValue) \(path)\(isFolder ? "/" : "")" }
}

/// A running watch; it stops when `cancel()` is called or the value is released.
public final class StoreWatch: Sendable {
    private let stop: @Sendable () -> Void

    /// A watch that runs `stop` when cancelled.
    public init(stop: @escaping @Sendable () -> Void) { self.stop = stop }

    /// Stops reporting changes; safe to call more than once.
    public func cancel() { stop() }

    deinit { stop() }
}
