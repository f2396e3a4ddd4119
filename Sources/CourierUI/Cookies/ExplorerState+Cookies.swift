import Courier

extension ExplorerState {
    /// Opens the cookie jar of the selected or open request's collection in the current environment.
    mutating func showCookies() -> [Effect] {
        let id = focus == .collections ? selectedNode?.id ?? openRequest : openRequest ?? selectedNode?.id
        guard let id else {
            status = "select a request first: cookie jars belong to its collection"
            return []
        }
        cookiesView = CookiesView(requestId: id, environment: environment)
        return [.loadCookies(requestId: id, environment: environment)]
    }

    /// The jar's cookies, read or changed: shown when the view still shows that jar.
    mutating func cookiesLoaded(requestId: String, environment: String?, _ cookies: [Cookie]) {
        guard cookiesView?.requestId == requestId, cookiesView?.environment == environment else { return }
        cookiesView?.show(cookies)
    }

    mutating func cookiesKey(_ key: Key) -> [Effect] {
        guard var view = cookiesView else { return [] }
        let outcome = view.handle(key, command: keyMap.command(for: key))
        cookiesView = view
        switch outcome {
        case .handled: return []
        case .close:
            cookiesView = nil
            return []
        case .delete(let cookie):
            status = "deleted the cookie \(cookie.name) of \(cookie.domain) from \(view.place)"
            return [.deleteCookie(requestId: view.requestId, environment: view.environment, cookie)]
        case .copyValue(let cookie):
            return [.copySecret(cookie.value, what: "the value of the cookie \(cookie.name)")]
        case .clearAll:
            let count = view.cookies?.count ?? 0
            ask(Dialog(title: "Clear cookies", message: "Remove all \(count) cookie\(count == 1 ? "" : "s") kept for \(view.place)?",
                       buttons: ["Remove all", "Keep"]), .clearCookies)
            return []
        }
    }

    /// The answer to "Clear cookies": the first button empties the jar.
    mutating func clearCookiesAnswered(button: Int) -> [Effect] {
        guard button == 0, let view = cookiesView else { return [] }
        status = "cleared the cookies of \(view.place)"
        return [.clearCookies(requestId: view.requestId, environment: view.environment)]
    }
}
