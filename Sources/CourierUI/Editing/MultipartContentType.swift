import Courier
import CourierCollections
import Foundation

// MARK: - A multipart file part's content type: shown under the part, editable, defaulted from the extension

extension RequestEditor {
    /// Multipart part `index`, if there is one.
    func part(_ index: Int) -> MultipartField? {
        guard case .multipart(let parts)? = draft.body, parts.indices.contains(index) else { return nil }
        return parts[index]
    }

    /// The extension of a path, lower-cased; nil for none.
    static func fileExtension(of path: String?) -> String? {
        guard let path, !path.isEmpty else { return nil }
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        return ext.isEmpty ? nil : ext
    }

    /// The content type a file part goes out with when `mime:` does not say: the one of its
    /// extension, or `application/octet-stream` (as the resolver sends it).
    static func defaultContentType(of path: String) -> String {
        (MimeType(fileExtension: URL(fileURLWithPath: path).pathExtension) ?? .application(.octetStream)).description
    }

    /// The multipart rows with a `type` row under each file part, saying what it goes out as.
    func withContentTypes(_ rows: [FormRow]) -> [FormRow] {
        rows.flatMap { row -> [FormRow] in
            guard case .entry(.multipart, let index) = row.kind, let part = part(index), let file = part.file else { return [row] }
            let shown = part.mime ?? "\(Self.defaultContentType(of: file))  (from the file name; ⏎ changes it)"
            return [row, FormRow(kind: .value(.partMime(index)), label: "  type", value: shown, enabled: row.enabled)]
        }
    }

    /// Takes a typed content type for part `index`: empty goes back to the extension's default.
    mutating func commitPartMime(_ index: Int, _ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.isEmpty || MimeType(trimmed) != nil else {
            return "'\(text)' is not a content type such as text/plain or image/png; kept \(part(index)?.mime ?? "the default")"
        }
        guard case .multipart(var parts)? = draft.body, parts.indices.contains(index) else { return nil }
        parts[index].mime = trimmed.isEmpty ? nil : trimmed
        draft.body = .multipart(parts)
        return nil
    }
}
