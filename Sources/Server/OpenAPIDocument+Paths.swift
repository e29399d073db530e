extension OpenAPIDocument {
    /// The document's `paths` members, kept by concern in `OpenAPIDocument+*Paths.swift`,
    /// one path with all its operations per line.
    static let paths = [
        agentProtocolPaths,
        agentsPaths,
        repositoriesPaths,
        buildsPaths,
        checksPaths,
        findingsPaths,
        metricsPaths,
        releasesPaths,
        serverPaths,
    ].joined(separator: ",\n")
}
