/// Collection files as users write them by hand, for tests of what courier keeps when it saves.
public enum SampleFiles {
    /// A request with a comment, an unknown key, a commented header and a one-line JSON body.
    public static let createUser = """
        # Creates a user; the demo server answers 201.
        name: Create a user
        method: POST
        path: users
        x-owner: team-a
        headers:
          - {name: X-Request-Id, value: "{{$uuid}}"}  # traced
        body:
          json: {name: Ada Lovelace, email: ada@example.com, role: admin}
        converter: data

        """
}
