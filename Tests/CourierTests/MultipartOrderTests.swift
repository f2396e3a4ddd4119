import Courier
import CourierTestSupport
import Foundation
import Testing

/// `parts` sends text and file parts in the order given, each text part with its own type, and
/// the cURL export keeps both.
@Suite("Multipart parts in order")
struct MultipartOrderTests {
    @Test("Interleaved text and file parts arrive in order, through Courier and through the exported curl command")
    func interleaved() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-parts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let photo = directory.appendingPathComponent("photo.png")
        try Data.pattern(count: 5000, seed: 3).write(to: photo)
        let request = DefaultMultipartFormDataRequest<Envelope<UploadSummary>, String>(
            path: "upload", method: .post,
            parts: [
                .text(name: "before", value: "first"),
                .file(DefaultMultipartFile(resource: photo, mime: .image(.png), fileName: "photo.png", fieldName: "photo")),
                .text(name: "meta", value: #"{"a": "x;y"}"#, mime: .application(.json)),
                .text(name: "after", value: "@not-a-file"),
            ])
        let endpoint = try await makeEndpoint()
        let sent = try await request.asyncExecute(on: endpoint).data
        #expect(sent.parts.map(\.name) == ["before", "photo", "meta", "after"])
        #expect(sent.parts.map(\.contentType) == [nil, "image/png", "application/json", nil])
        #expect(sent.parts[2].text == #"{"a": "x;y"}"#)

        let command = try endpoint.cURL(for: request)
        #expect(command.contains(#"-F 'meta="{\"a\": \"x;y\"}";type=application/json'"#), "\(command)")
        let run = try await Processes.shell(command + " --silent --show-error")
        #expect(run.status == 0, "\(run.stderr)\n\(command)")
        let received = try JSONDecoder().decode(Envelope<UploadSummary>.self, from: run.stdout).data
        #expect(received.parts == sent.parts)
    }

    @Test("Without parts, the body's fields come first and then the files, as before")
    func legacyOrder() throws {
        let request = DefaultMultipartFormDataRequest<Data, String>(
            path: "upload", method: .post, body: .form([("z", "1")]),
            files: [DefaultMultipartFile(resource: Data("x".utf8), mime: .text(.plain), fileName: "a.txt", fieldName: "a")])
        let endpoint = Endpoint(baseUrl: try #require(URL(string: "http://127.0.0.1:9")))
        let body = String(decoding: try #require(try endpoint.makeURLRequest(for: request).httpBody), as: UTF8.self)
        let z = try #require(body.range(of: "name=\"z\""))
        let a = try #require(body.range(of: "name=\"a\""))
        #expect(z.lowerBound < a.lowerBound)
    }
}
