import Foundation

/// A media type such as `application/json` or `image/png; q=1`, with typed constructors:
/// `.application(.json)`, `.image(.png)`, `.audio(.mp4)`.
public struct MimeType: Sendable, Hashable, CustomStringConvertible {
    /// The top-level type, lower-cased (`image`).
    public let type: String
    /// The subtype, lower-cased (`png`).
    public let subtype: String
    /// Parameters in order (`charset=utf-8`).
    public let parameters: [Parameter]

    public struct Parameter: Sendable, Hashable {
        public let name: String
        public let value: String
    }

    public init(type: String, subtype: String, parameters: [Parameter] = []) {
        self.type = type.lowercased()
        self.subtype = subtype.lowercased()
        self.parameters = parameters
    }

    /// Parses `type/subtype; name=value; name="quoted value"`; nil when there is no `type/subtype`.
    public init?(_ text: String) {
        let pieces = text.split(separator: ";", omittingEmptySubsequences: false)
        let essence = pieces[0].trimmingCharacters(in: .whitespaces).split(separator: "/", omittingEmptySubsequences: false)
        guard essence.count == 2, !essence[0].isEmpty, !essence[1].isEmpty,
              essence.allSatisfy({ $0.allSatisfy(Self.isTokenCharacter) }) else { return nil }
        var parameters: [Parameter] = []
        for piece in pieces.dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            var value = pair[1].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            parameters.append(Parameter(name: pair[0].trimmingCharacters(in: .whitespaces).lowercased(), value: value))
        }
        self.init(type: String(essence[0]), subtype: String(essence[1]), parameters: parameters)
    }

    /// `type/subtype` without parameters.
    public var essence: String { "\(type)/\(subtype)" }

    public var description: String {
        ([essence] + parameters.map { "\($0.name)=\($0.value)" }).joined(separator: "; ")
    }

    /// This type with one more parameter.
    public func with(parameter name: String, value: String) -> MimeType {
        MimeType(type: type, subtype: subtype, parameters: parameters + [Parameter(name: name, value: value)])
    }

    /// The value of a parameter, such as `charset`.
    public func parameter(_ name: String) -> String? { parameters.first { $0.name == name.lowercased() }?.value }

    /// Whether bodies of this type are JSON (`application/json`, `application/problem+json`, …).
    public var isJSON: Bool { subtype == "json" || subtype.hasSuffix("+json") }

    private static func isTokenCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || "!#$&-^_.+".contains(character))
    }
}

// MARK: - Typed constructors

extension MimeType {
    /// A subtype name under one top-level type; the phantom parameter keeps `.image(.json)` from compiling.
    public struct Subtype<Family>: Sendable, Hashable, ExpressibleByStringLiteral {
        public let name: String
        public init(_ name: String) { self.name = name }
        public init(stringLiteral value: String) { self.init(value) }
    }

    public enum ApplicationFamily {}
    public enum ImageFamily {}
    public enum AudioFamily {}
    public enum VideoFamily {}
    public enum TextFamily {}
    public enum MultipartFamily {}

    public static func application(_ subtype: Subtype<ApplicationFamily>) -> MimeType { MimeType(type: "application", subtype: subtype.name) }
    public static func image(_ subtype: Subtype<ImageFamily>) -> MimeType { MimeType(type: "image", subtype: subtype.name) }
    public static func audio(_ subtype: Subtype<AudioFamily>) -> MimeType { MimeType(type: "audio", subtype: subtype.name) }
    public static func video(_ subtype: Subtype<VideoFamily>) -> MimeType { MimeType(type: "video", subtype: subtype.name) }
    public static func text(_ subtype: Subtype<TextFamily>) -> MimeType { MimeType(type: "text", subtype: subtype.name) }
    public static func multipart(_ subtype: Subtype<MultipartFamily>) -> MimeType { MimeType(type: "multipart", subtype: subtype.name) }
}

extension MimeType.Subtype where Family == MimeType.ApplicationFamily {
    public static let json: Self = "json"
    public static let xml: Self = "xml"
    public static let octetStream: Self = "octet-stream"
    public static let pdf: Self = "pdf"
    public static let zip: Self = "zip"
    public static let gzip: Self = "gzip"
    public static let javascript: Self = "javascript"
    public static let formURLEncoded: Self = "x-www-form-urlencoded"
    public static let problemJSON: Self = "problem+json"
}

extension MimeType.Subtype where Family == MimeType.ImageFamily {
    public static let png: Self = "png"
    public static let jpeg: Self = "jpeg"
    public static let gif: Self = "gif"
    public static let webp: Self = "webp"
    public static let svg: Self = "svg+xml"
    public static let heic: Self = "heic"
    public static let bmp: Self = "bmp"
    public static let icon: Self = "x-icon"
}

extension MimeType.Subtype where Family == MimeType.AudioFamily {
    public static let mp4: Self = "mp4"
    public static let mpeg: Self = "mpeg"
    public static let ogg: Self = "ogg"
    public static let wav: Self = "wav"
    public static let aac: Self = "aac"
    public static let flac: Self = "flac"
}

extension MimeType.Subtype where Family == MimeType.VideoFamily {
    public static let mp4: Self = "mp4"
    public static let mpeg: Self = "mpeg"
    public static let webm: Self = "webm"
    public static let quicktime: Self = "quicktime"
}

extension MimeType.Subtype where Family == MimeType.TextFamily {
    public static let plain: Self = "plain"
    public static let html: Self = "html"
    public static let css: Self = "css"
    public static let csv: Self = "csv"
    public static let markdown: Self = "markdown"
    public static let xml: Self = "xml"
}

extension MimeType.Subtype where Family == MimeType.MultipartFamily {
    public static let formData: Self = "form-data"
    public static let mixed: Self = "mixed"
}

// MARK: - File extensions

extension MimeType {
    /// The type usually meant by a file extension (`"png"`, `".JSON"`); nil when unknown.
    public init?(fileExtension: String) {
        let key = fileExtension.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "."))
        guard let type = Self.byExtension[key] else { return nil }
        self = type
    }

    private static let byExtension: [String: MimeType] = [
        "json": .application(.json), "xml": .application(.xml), "pdf": .application(.pdf), "zip": .application(.zip),
        "gz": .application(.gzip), "js": .application(.javascript), "bin": .application(.octetStream),
        "png": .image(.png), "jpg": .image(.jpeg), "jpeg": .image(.jpeg), "gif": .image(.gif), "webp": .image(.webp),
        "svg": .image(.svg), "heic": .image(.heic), "bmp": .image(.bmp), "ico": .image(.icon),
        "m4a": .audio(.mp4), "mp3": .audio(.mpeg), "ogg": .audio(.ogg), "wav": .audio(.wav), "aac": .audio(.aac), "flac": .audio(.flac),
        "mp4": .video(.mp4), "mpeg": .video(.mpeg), "webm": .video(.webm), "mov": .video(.quicktime),
        "txt": .text(.plain), "html": .text(.html), "htm": .text(.html), "css": .text(.css), "csv": .text(.csv), "md": .text(.markdown),
    ]
}
