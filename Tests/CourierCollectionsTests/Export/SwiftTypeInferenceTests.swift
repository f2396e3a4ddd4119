@testable import CourierCollections
import Testing

@Suite("Swift types inferred from JSON examples")
struct SwiftTypeInferenceTests {
    private func declarations(_ json: String, name: String = "Example") throws -> (type: String?, text: String) {
        var writer = SwiftTypeWriter(rootConformances: "Codable, Sendable, ResponseObject", nestedConformances: "Codable, Sendable")
        let type = writer.declare(SwiftTypeInference.shape(of: try JSONValue.parse(json)), name: name)
        return (type?.qualifiedSpelling, writer.lines.joined(separator: "\n"))
    }

    @Test("An object is a struct; keys that are not identifiers get CodingKeys")
    func object() throws {
        let (type, text) = try declarations(#"{"id": 7, "full_name": "Ada", "score": 9.5, "admin": true, "class": "x"}"#)
        #expect(type == "Example")
        #expect(text == """
            struct Example: Codable, Sendable, ResponseObject {
                let id: Int
                let fullName: String
                let score: Double
                let admin: Bool
                let `class`: String

                enum CodingKeys: String, CodingKey {
                    case id
                    case fullName = "full_name"
                    case score
                    case admin
                    case `class`
                }
            }
            """)
    }

    @Test("Array elements merge: missing or null keys are optional, Int and Double make Double")
    func arrays() throws {
        let (type, text) = try declarations(#"[{"id": 1, "price": 2, "tags": ["a"]}, {"id": 2, "price": 2.5, "note": null, "tags": []}, {"id": 3, "price": 1, "note": "x", "tags": []}]"#,
                                            name: "Order")
        #expect(type == "[OrderItem]")
        #expect(text.contains("let id: Int\n"))
        #expect(text.contains("let price: Double\n"))
        #expect(text.contains("let tags: [String]\n"))
        #expect(text.contains("let note: String?\n"))
    }

    @Test("Nested objects are nested structs named after their keys, array elements in the singular")
    func nested() throws {
        let (_, text) = try declarations(#"{"data": {"users": [{"id": 1, "address": {"city": "Paris"}}], "categories": [{"id": 2}]}}"#, name: "Page")
        #expect(text.contains("struct Page: Codable, Sendable, ResponseObject {"))
        #expect(text.contains("    struct Data: Codable, Sendable {"))
        #expect(text.contains("        struct User: Codable, Sendable {"))
        #expect(text.contains("            struct Address: Codable, Sendable {"))
        #expect(text.contains("        let users: [User]"))
        #expect(text.contains("        struct Category: Codable, Sendable {"))
        #expect(text.contains("    let data: Data"))
    }

    @Test("Scalars are the standard types; null or an empty list says nothing")
    func scalars() throws {
        #expect(try declarations("42").type == "Int")
        #expect(try declarations("[1.5, 2]").type == "[Double]")
        #expect(try declarations(#""text""#).type == "String")
        #expect(try declarations("null").type == nil)
        #expect(try declarations("[]").type == nil)
    }

    @Test("A body value is built as an expression of its inferred type, variables interpolated")
    func expression() throws {
        let value = try JSONValue.parse(#"{"name": "{{user}}", "lines": [{"sku": "A", "qty": 2}, {"sku": "B", "qty": 1, "note": "gift"}], "address": null}"#)
        var writer = SwiftTypeWriter(rootConformances: "Encodable, Sendable", nestedConformances: "Encodable, Sendable")
        let declared = writer.declare(SwiftTypeInference.shape(of: value), name: "Body")
        let type = try #require(declared)
        let expression = SwiftTypeWriter.expression(value, as: type) { $0 == "user" ? "user" : nil }
        #expect(expression == #"Body(name: user, lines: [Body.Line(sku: "A", qty: 2, note: nil), Body.Line(sku: "B", qty: 1, note: "gift")], address: nil)"#)
    }

    @Test("Names made from keys and request names are Swift identifiers")
    func names() {
        #expect(SwiftNames.property("access_token") == "accessToken")
        #expect(SwiftNames.property("Content-Type") == "contentType")
        #expect(SwiftNames.property("2fa") == "_2fa")
        #expect(SwiftNames.property("default") == "`default`")
        #expect(SwiftNames.type("List users") == "ListUsers")
        #expect(SwiftNames.singular("categories") == "Category")
        #expect(SwiftNames.singular("addresses") == "Address")
        #expect(SwiftNames.literal("a \"{{x}}\" \\ {{$y}}") { $0 == "x" ? "x" : nil } == #""a \"\(x)\" \\ {{$y}}""#)
    }
}
