/// `/auth/api-key`: accepts `DemoCredentials.apiKey` in the `X-API-Key` header or the `api_key` query parameter.
enum ApiKeyRoutes {
    static func respond(to request: DemoRequest) -> DemoResponse {
        let placement: String
        if request.header("X-API-Key") == DemoCredentials.apiKey {
            placement = "header"
        } else if request.query("api_key") == DemoCredentials.apiKey {
            placement = "query"
        } else {
            let given = request.header("X-API-Key") != nil || request.query("api_key") != nil
            return .error(.unauthorized, code: "invalid_api_key",
                          message: given ? "The API key is wrong" : "Send the API key in X-API-Key or ?api_key=")
        }
        return .json(DataEnvelope(data: ["authenticated": "true", "in": placement]))
    }
}
