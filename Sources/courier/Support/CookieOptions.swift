import ArgumentParser

/// `--no-cookies`, shared by the commands that send requests.
struct CookieOptions: ParsableArguments {
    @Flag(name: .long, help: "Neither send the collection's saved cookies nor save the ones responses set (courier cookies shows the jar).")
    var noCookies = false
}
