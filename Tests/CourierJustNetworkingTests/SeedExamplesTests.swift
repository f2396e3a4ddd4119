import CourierDemoServer
import CourierJustNetworking
import CourierTestSupport
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Every Swift block of JustNetworking's README (seed 004), as the README writes it, against the
// loopback demo server. Changed: the import, the URLs (the demo server), obvious typos (a
// non-optional `baseURL` with `!`), and the requester example written on Courier instead of Alamofire.

/// "Implementing Router Protocol"
enum UserRouter: Router {
    case user(id: String)

    var route: Route {
        switch self {
            case .user(let id):
                return Route(path: "user\(id)", method: .get)
            }
      }
}

/// "if you don't want use the global url you could change implementing baseURL property"
enum OtherUserRouter: Router {
    case user(id: String)

        var route: Route {
            switch self {
            case .user(let id):
            return Route(path: "user/\(id)", method: .get)
            }
  }

var baseURL: URL {
    return Demo.other                                  // README: URL(string:"https://www.anotherapi.com")
    }
}

/// "Example using Alamofire", written on Courier: the same shape, Courier's `responseData(for:queue:)`
/// where the README calls Alamofire's.
struct ExampleRequester: Requester {
    let client = DefaultRequester()

public func execute<T: Request>(_ request: T, response: @escaping Response<T.Response>)  {

    let urlRequest = request.urlRequest
    client.responseData(for: urlRequest, queue: request.responseQueue) {
                switch $0 {
                 case .success(let data):
                do {
                    response(.success(try request.requestParser(data)))          // README: request.parser
                } catch {
                    response(.failure(error))
                }
                  case .failure(let error):
                     response(.failure(error))
                  }
             }
        }
}

/// The global base URL is process-wide, so every test that sets or reads it runs in this one
/// serialized suite.
@Suite("JustNetworking README blocks (seed 004)", .serialized)
struct SeedExamplesTests {
    @Test("Router: the global URL, Route(path:method:), CustomStringConvertible; a router's own baseURL wins")
    func routers() async throws {
        let base = try await Demo.start()
        NetworkConfiguration.setCurrentURL(base.appendingPathComponent("echo"))   // README: URL(string:"https://www.myApi.com")!
        #expect(UserRouter.user(id: "12").description == "GET \(base.absoluteString)/echo/user12")
        #expect(OtherUserRouter.user(id: "12").description == "GET \(Demo.other.absoluteString)/user/12")

        let requester = DefaultRequester()
        let echo = try await requester.execute(RequestType<Echo>(requestFactory: RequestFactory(router: UserRouter.user(id: "12"))))
        #expect(echo.path == "/echo/user12")
        let other = try await requester.execute(RequestType<Echo>(requestFactory: RequestFactory(router: OtherUserRouter.user(id: "12"))))
        #expect(other.path == "/echo/another/user/12")
    }

    @Test("RequestType's three initialisers: parser, Decodable with a decoder, Void; the callback runs on responseQueue")
    func requestTypes() async throws {
        let base = try await Demo.start()
        NetworkConfiguration.setCurrentURL(base.appendingPathComponent("echo"))
        let factory = RequestFactory(router: UserRouter.user(id: "7"))
        let queue = DispatchQueue(label: "just.response")
        let key = DispatchSpecificKey<Bool>()
        queue.setSpecific(key: key, value: true)

        let parsed = RequestType<Int>(responseQueue: queue, requestFactory: factory) { data in data.count }
        let decoded = RequestType<Echo>(requestFactory: factory, decoder: JSONDecoder())
        let void = RequestType<Void>(requestFactory: factory)
        #expect(parsed.urlRequest.url == base.appendingPathComponent("echo/user7"))

        let requester: any Requester = ExampleRequester()
        let (count, onQueue) = await withCheckedContinuation { continuation in
            requester.execute(parsed) { result in continuation.resume(returning: (result, DispatchQueue.getSpecific(key: key) == true)) }
        }
        #expect(try count.get() > 0)
        #expect(onQueue, "the callback runs on the request's responseQueue")
        let echo = await withCheckedContinuation { continuation in requester.execute(decoded) { continuation.resume(returning: $0) } }
        #expect(try echo.get().method == "GET")
        let nothing = await withCheckedContinuation { continuation in requester.execute(void) { continuation.resume(returning: $0) } }
        #expect(throws: Never.self) { try nothing.get() }
    }

    @Test("compose and set build the URLRequest; the builders' settings reach the wire")
    func builders() async throws {
        let base = try await Demo.start()
        NetworkConfiguration.setCurrentURL(base.appendingPathComponent("echo"))

        let requestBuilder = compose(addURLParams(["years": "2015"]), addHeaders(["Authorization":"Bearer...."]))
        let factory = RequestFactory(router: UserRouter.user(id: "12"), requestBuilder: requestBuilder)
        #expect(factory.urlRequest.url?.query == "years=2015")

        let settings = compose(set(to: \.cachePolicy, .reloadIgnoringCacheData), set(to: \.networkServiceType, .background))
        let built = settings(factory.urlRequest)
        #expect(built.cachePolicy == .reloadIgnoringCacheData && built.networkServiceType == .background)
        #expect(set(to: \.timeoutInterval, 12.5)(built).timeoutInterval == 12.5)

        let echo = try await DefaultRequester().execute(RequestType<Echo>(requestFactory: factory))
        #expect(echo.query == "years=2015")
        #expect(echo.header("Authorization") == "Bearer....")
    }
}
