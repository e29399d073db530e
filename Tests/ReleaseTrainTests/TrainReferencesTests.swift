import ReleaseTrain
import Testing
import YAMLReading

/// A train names a repository and a pipeline the server must know; each unknown one is
/// reported at its value, like any other problem in the file.
@Suite("Train references checked against the server")
struct TrainReferencesTests {
    static let yaml = """
        name: android
        repository: acme/nope
        platforms: [android]
        rc_pipeline: release-candidat
        """

    @Test("an unregistered repository and an unknown rc_pipeline are reported at their values, with the fix")
    func unknownReferences() throws {
        let definition = try TrainParser.parse(yaml: Self.yaml, file: "trains/android.yml").get()
        let known = TrainReferences(repositoryRegistered: false, pipelines: ["release-candidate", "app-ci"])
        let problems = TrainParser.unknownReferences(in: Self.yaml, file: "trains/android.yml", definition: definition, known: known)
        #expect(problems.map(\.description) == [
            "trains/android.yml:2:13: repository acme/nope is not registered on this server; add it with `mobile-ops repos add acme/nope --provider … --clone-url …`",
            "trains/android.yml:4:14: rc_pipeline: no pipeline 'release-candidat' is loaded; did you mean 'release-candidate'? loaded: app-ci, release-candidate",
        ])
    }

    @Test("known references are no problem; JSON bodies are positioned too")
    func knownReferences() throws {
        let definition = try TrainParser.parse(yaml: Self.yaml, file: "request body").get()
        #expect(TrainParser.unknownReferences(
            in: Self.yaml, file: "request body", definition: definition, known: TrainReferences(repositoryRegistered: true, pipelines: ["release-candidat"])
        ).isEmpty)
        let json = #"{"name": "android", "repository": "acme/nope", "platforms": ["android"], "rc_pipeline": "rc"}"#
        let fromJSON = try TrainParser.parse(yaml: json, file: "request body").get()
        let problems = TrainParser.unknownReferences(in: json, file: "request body", definition: fromJSON, known: TrainReferences(repositoryRegistered: true, pipelines: []))
        #expect(problems.map(\.description) == ["request body:1:89: rc_pipeline: no pipeline 'rc' is loaded; no pipelines are loaded"])
    }
}
