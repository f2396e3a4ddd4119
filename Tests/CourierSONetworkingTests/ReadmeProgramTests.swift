import CourierSONetworking
import CourierTestSupport
import Foundation
import Testing

// A program laid out as SONetworking's README lays out "Data": a service configuration, endpoints
// built from `Endpoint<R>`, a data transfer service over the default network service, and a
// repository on top, written against the seed's API with only the import changed.

// MARK: - Data/ServiceConfig

/// Where the app's configuration would come from a plist; here from the test's server.
struct AppConfiguration {
    let apiBaseURL: URL
    let apiKey = "demo-key"
}

// MARK: - Data/Endpoint

struct UsersRequestDTO: Encodable {
    let page: Int
    let per_page: Int
}

struct UsersResponseDTO: Decodable {
    struct Meta: Decodable {
        let page: Int
        let total: Int
    }
    let data: [DemoUser]
    let meta: Meta
}

struct UserResponseDTO: Decodable {
    let data: DemoUser
}

struct NewUserDTO: Encodable {
    let name: String
    let email: String
}

enum APIEndpoints {
    static func getUsers(with request: UsersRequestDTO) -> Endpoint<UsersResponseDTO> {
        Endpoint(path: "users", method: .get, queryParametersEncodable: request)
    }

    static func getUser(id: Int) -> Endpoint<UserResponseDTO> {
        Endpoint(path: "users/\(id)", method: .get)
    }

    static func createUser(_ user: NewUserDTO) -> Endpoint<UserResponseDTO> {
        Endpoint(path: "users", method: .post, bodyParamatersEncodable: user, bodyEncoding: .stringEncodingAscii)
    }

    static func deleteUser(id: Int) -> Endpoint<Void> {
        Endpoint(path: "users/\(id)", method: .delete)
    }

    static func slow() -> Endpoint<Void> {
        Endpoint(path: "delay/20", method: .get)
    }
}

// MARK: - Domain and repository

enum UsersRepositoryError: Error {
    case notFound
    case failed(DataTransferError)
}

final class DefaultUsersRepository: Sendable {
    private let dataTransferService: DataTransferService

    init(dataTransferService: DataTransferService) {
        self.dataTransferService = dataTransferService
    }

    func fetchUsers(page: Int, completion: @escaping @Sendable (Result<[DemoUser], UsersRepositoryError>) -> Void) -> NetworkCancellable? {
        dataTransferService.request(with: APIEndpoints.getUsers(with: UsersRequestDTO(page: page, per_page: 2))) { result in
            completion(result.map(\.data).mapError(Self.repositoryError))
        }
    }

    func user(id: Int, completion: @escaping @Sendable (Result<DemoUser, UsersRepositoryError>) -> Void) {
        dataTransferService.request(with: APIEndpoints.getUser(id: id)) { result in
            completion(result.map(\.data).mapError(Self.repositoryError))
        }
    }

    func create(_ user: NewUserDTO, completion: @escaping @Sendable (Result<DemoUser, UsersRepositoryError>) -> Void) {
        dataTransferService.request(with: APIEndpoints.createUser(user)) { result in
            completion(result.map(\.data).mapError(Self.repositoryError))
        }
    }

    func delete(id: Int, completion: @escaping @Sendable (Result<Void, UsersRepositoryError>) -> Void) {
        dataTransferService.request(with: APIEndpoints.deleteUser(id: id)) { result in
            completion(result.mapError(Self.repositoryError))
        }
    }

    func waitForSlowThing(completion: @escaping @Sendable (Result<Void, UsersRepositoryError>) -> Void) -> NetworkCancellable? {
        dataTransferService.request(with: APIEndpoints.slow()) { result in
            completion(result.mapError(Self.repositoryError))
        }
    }

    private static func repositoryError(_ error: DataTransferError) -> UsersRepositoryError {
        if case .networkFailure(let network) = error, network.isNotFoundError { return .notFound }
        return .failed(error)
    }
}

// MARK: - Composition

final class AppDIContainer {
    let appConfiguration: AppConfiguration

    init(appConfiguration: AppConfiguration) {
        self.appConfiguration = appConfiguration
    }

    lazy var apiDataTransferService: DataTransferService = {
        let config = ApiDataNetworkConfig(baseURL: appConfiguration.apiBaseURL,
                                          headers: ["X-App": "readme-program"],
                                          queryParameters: ["api_key": appConfiguration.apiKey])
        let apiDataNetwork = DefaultNetworkService(config: config)
        return DefaultDataTransferService(with: apiDataNetwork)
    }()

    func makeUsersRepository() -> DefaultUsersRepository {
        DefaultUsersRepository(dataTransferService: apiDataTransferService)
    }
}

@Suite("Seed 001: a program written from the README")
struct ReadmeProgramTests {
    @Test("List, create (form-encoded), read, delete, a missing user, and a cancelled slow call")
    func program() async throws {
        let container = AppDIContainer(appConfiguration: AppConfiguration(apiBaseURL: try await TestServer.url()))
        let repository = container.makeUsersRepository()

        let firstPage = try await completion { _ = repository.fetchUsers(page: 1, completion: $0) }.get()
        #expect(firstPage.map(\.name).prefix(2) == ["Ada Lovelace", "Alan Turing"])

        let created = try await completion { repository.create(NewUserDTO(name: "Readme Program", email: "readme@seed.test"), completion: $0) }.get()
        let read = try await completion { repository.user(id: created.id, completion: $0) }.get()
        #expect(read == created)
        try await completion { repository.delete(id: created.id, completion: $0) }.get()

        let gone = await completion { repository.user(id: created.id, completion: $0) }
        guard case .failure(.notFound) = gone else {
            Issue.record("a deleted user is not found, got \(gone)")
            return
        }

        let slow: Result<Void, UsersRepositoryError> = await completion { done in
            let cancellable = repository.waitForSlowThing(completion: done)
            Task {
                try await Task.sleep(for: .milliseconds(200))
                cancellable?.cancel()
            }
        }
        guard case .failure(.failed(.networkFailure(.cancelled))) = slow else {
            Issue.record("expected a cancelled call, got \(slow)")
            return
        }
    }
}
