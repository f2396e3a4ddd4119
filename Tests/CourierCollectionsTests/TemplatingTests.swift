import Courier
import CourierCollections
import CourierTestSupport
import Foundation
import Testing

@Suite("Templating and resolution")
struct TemplatingTests {
    private func load(_ files: [String: String]) throws -> (TemporaryDirectory, CollectionTree) {
        let directory = try TemporaryDirectory()
        for (path, text) in files { try directory.write(path, text) }
        return (directory, CollectionLoader.load(directory.url))
    }

    @Test("Only a request that uses {{$demo}} needs the demo server; an absolute url ignores the collection's base")
    func demoServerNeed() throws {
        let (_, tree) = try load([
            "Demo/collection.yaml": "baseUrl: \"{{$demo}}\"\n",
            "Demo/relative.yaml": "path: users\n",
            "Demo/absolute.yaml": "url: http://127.0.0.1:18098/users\n",
        ])
        #expect(try RequestResolver.needsDemoServer(#require(tree.request(id: "Demo/relative"))))
        #expect(try !RequestResolver.needsDemoServer(#require(tree.request(id: "Demo/absolute"))))
    }

    @Test("{{$demo.https}} and its kin are needed only where used, in the URL or a connection key of the request or a collection.yaml above it, and fill in from the site")
    func secureDemoNeed() throws {
        let (_, tree) = try load([
            "Demo/collection.yaml": "baseUrl: \"{{$demo}}\"\n",
            "Demo/tls/collection.yaml": "caCert: \"{{$demo.ca}}\"\n",
            "Demo/tls/inherited.yaml": "path: users\n",
            "Demo/https.yaml": "url: \"{{$demo.https}}/users\"\n",
            "Demo/proxied.yaml": "path: users\nproxy: \"{{$demo.proxy}}\"\n",
            "Demo/plain.yaml": "path: users\n",
        ])
        let https = try #require(tree.request(id: "Demo/https"))
        #expect(RequestResolver.needsSecureDemo(https) && !RequestResolver.needsDemoServer(https))
        let proxied = try #require(tree.request(id: "Demo/proxied"))
        #expect(RequestResolver.needsSecureDemo(proxied) && RequestResolver.needsDemoServer(proxied))
        #expect(try RequestResolver.needsSecureDemo(#require(tree.request(id: "Demo/tls/inherited"))))
        #expect(try !RequestResolver.needsSecureDemo(#require(tree.request(id: "Demo/plain"))))

        let site = DemoSecureSite(https: "https://127.0.0.1:1", mutualTLS: "https://127.0.0.1:2", proxy: "http://127.0.0.1:3",
                                  authority: "/tmp/ca.pem", clientCertificate: "/tmp/client.pem", clientKey: "/tmp/client-key.pem")
        var context = TemplateContext()
        context.demoSecure = site
        #expect(try context.render("{{$demo.https}} {{$demo.mtls}} {{$demo.proxy}} {{$demo.ca}} {{$demo.clientCert}} {{$demo.clientKey}}", at: nil)
                == "https://127.0.0.1:1 https://127.0.0.1:2 http://127.0.0.1:3 /tmp/ca.pem /tmp/client.pem /tmp/client-key.pem")
        let error = #expect(throws: TemplateError.self) { try TemplateContext().render("{{$demo.mtls}}/users", at: nil) }
        #expect(error?.reason == "{{$demo.mtls}} needs the built-in demo server's HTTPS listeners and proxy, which are not running")
    }

    @Test("Collection variables < environment < secret file < --var")
    func precedence() throws {
        let (directory, tree) = try load([
            "API/collection.yaml": "baseUrl: http://localhost:1\nvariables:\n  - {name: a, value: collection}\n  - {name: b, value: collection}\n  - {name: c, value: collection}\n",
            "API/environments/dev.yaml": "b: environment\nc: environment\nd: environment\n",
            "API/environments/dev.secret.yaml": "c: secret\n",
            "API/r.yaml": "path: \"x/{{a}}/{{b}}/{{c}}/{{d}}\"\n",
        ])
        _ = directory
        let request = try #require(tree.request(id: "API/r"))
        let environment = EnvironmentValues.load("dev", collectionRoot: request.collectionRoot)
        let context = RequestResolver.context(for: request, environment: environment, overrides: ["d": "override"],
                                              processEnvironment: [:], demoURL: nil)
        let url = try RequestResolver(context: context).resolve(request).urlRequest().url
        #expect(url?.path == "/x/collection/environment/secret/override")
        #expect(context.redactor.redact("token secret here") == "token •••••• here")
    }

    @Test("An undefined variable names the variable, the file and the line")
    func undefinedVariable() throws {
        let (directory, tree) = try load([
            "API/collection.yaml": "baseUrl: http://localhost:1\nvariables:\n  - {name: token, value: t}\n",
            "API/r.yaml": "path: users\nheaders:\n  - {name: X-Id, value: \"{{tokne}}\"}\n",
        ])
        _ = directory
        let request = try #require(tree.request(id: "API/r"))
        let context = RequestResolver.context(for: request, environment: .empty, overrides: [:], processEnvironment: [:], demoURL: nil)
        #expect {
            _ = try RequestResolver(context: context).resolve(request)
        } throws: { error in
            let text = "\(error)"
            return text.contains("API/r.yaml:3:") && text.contains("undefined variable 'tokne'; did you mean 'token'?")
        }
    }

    @Test("Built-in functions and process environment variables")
    func functions() throws {
        let context = TemplateContext(processEnvironment: ["HOME_DIR": "/home/ada"], demoURL: "http://127.0.0.1:9")
        #expect(try context.render("{{$env.HOME_DIR}}", at: nil) == "/home/ada")
        #expect(try context.render("{{ $demo }}/users", at: nil) == "http://127.0.0.1:9/users")
        #expect(try context.render("{{$uuid}}", at: nil).count == 36)
        #expect(Int(try context.render("{{$timestamp}}", at: nil)) ?? 0 > 1_700_000_000)
        #expect(throws: TemplateError.self) { try context.render("{{$env.NOPE_NOT_SET}}", at: nil) }
        #expect(throws: TemplateError.self) { try context.render("{{$nope}}", at: nil) }
        #expect(throws: TemplateError.self) { try context.render("{{open", at: nil) }
        #expect(throws: TemplateError.self) { try TemplateContext().render("{{$demo}}", at: nil) }
    }

    @Test("A request file maps onto Courier's request: method, query, headers, JSON body, auth, converters")
    func resolution() throws {
        let (directory, tree) = try load([
            "API/collection.yaml": "baseUrl: http://localhost:1/v1\nheaders:\n  - {name: Accept, value: application/json}\n  - {name: X-App, value: courier}\ntimeout: 12\nretries: 2\n",
            "API/r.yaml": """
            method: post
            path: users
            query:
              - {name: q, value: "a b"}
              - {name: off, value: x, enabled: false}
            headers:
              - {name: X-App, value: override}
            body:
              json: {name: Ada, age: 36, admin: true, tags: [x, "2"], none: null}
            auth: {bearer: abc}
            converter: data
            errorConverter: error

            """,
        ])
        _ = directory
        let request = try #require(tree.request(id: "API/r"))
        let resolved = try RequestResolver(context: TemplateContext()).resolve(request)
        let built = try resolved.urlRequest()
        #expect(built.httpMethod == "POST")
        #expect(built.url?.absoluteString == "http://localhost:1/v1/users?q=a%20b")
        #expect(built.value(forHTTPHeaderField: "X-App") == "override")
        #expect(built.value(forHTTPHeaderField: "Authorization") == "Bearer abc")
        #expect(built.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(built.httpBody.map { String(decoding: $0, as: UTF8.self) } == #"{"name":"Ada","age":36,"admin":true,"tags":["x","2"],"none":null}"#)
        #expect(resolved.converterPath() == "data" && resolved.converterPath(forError: true) == "error")
        #expect(resolved.endpoint.retryingCount == 2)
    }
}

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
